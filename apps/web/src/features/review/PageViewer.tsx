/**
 * The document's pages, large: zoom (buttons, +/- keys, Ctrl+wheel), pan (drag or scroll), every
 * page, and each field's source box drawn on the page. Boxes are placed in percent of the page's
 * pixel size (the space the extractor measured them in), so they stay on their words at any zoom. A page the
 * extractor read turned is shown turned the same way (page-turn.ts), the stored image left as uploaded.
 */
import { ChevronLeft, ChevronRight, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { AuthImage } from '../../components/AuthImage.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { cx } from '../../components/ui/cx.ts';
import { normaliseTurn, placeTurned, turnedImageStyle } from './page-turn.ts';
import type { Flag } from './review-flags.ts';

export interface PageBox {
  path: string;
  label: string;
  page: number;
  bbox: [number, number, number, number];
  flag: Flag | null;
}

export const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;

const BOX_TONE: Record<Flag | 'ok', string> = {
  invalid: 'border-red-500 bg-red-500/10 hover:bg-red-500/20',
  unsure: 'border-amber-500 bg-amber-400/15 hover:bg-amber-400/25',
  ok: 'border-sky-500/70 bg-sky-400/5 hover:bg-sky-400/15',
};

/** Where the scroller must go to centre a box: content offsets clamped to what can scroll. */
export function centreOn(box: PageBox['bbox'], page: { width: number; height: number }, content: { width: number; height: number }, view: { width: number; height: number }): { left: number; top: number } {
  const cx = ((box[0] + box[2]) / 2 / page.width) * content.width;
  const cy = ((box[1] + box[3]) / 2 / page.height) * content.height;
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  return { left: clamp(cx - view.width / 2, content.width - view.width), top: clamp(cy - view.height / 2, content.height - view.height) };
}

export function PageViewer({ title, urls, thumbs, pageSizes, boxes, selected, onSelect }: {
  title: string;
  urls: string[];
  thumbs: string[];
  pageSizes: ({ width: number; height: number; turn?: number } | undefined)[];
  boxes: PageBox[];
  selected: string | null;
  onSelect: (path: string) => void;
}) {
  const [page, setPage] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [natural, setNatural] = useState<Record<number, { width: number; height: number }>>({});
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | null>(null);

  const count = Math.max(1, urls.length);
  const size = pageSizes[page] ?? natural[page];
  // Only a page whose upright size is known can be turned; the area then takes the upright page's shape.
  const turned = pageSizes[page]?.turn ? placeTurned(pageSizes[page]!.turn, pageSizes[page]!) : null;
  const selectedBox = boxes.find((b) => b.path === selected);

  // A selected field on another page brings its page up.
  useEffect(() => {
    if (selectedBox && selectedBox.page !== page && selectedBox.page < count) setPage(selectedBox.page);
  }, [selectedBox?.path, selectedBox?.page]);

  // ...and its box into the middle of the view.
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || !selectedBox || selectedBox.page !== page || !size) return;
    const to = centreOn(selectedBox.bbox, size, { width: inner.offsetWidth, height: inner.offsetHeight }, { width: el.clientWidth, height: el.clientHeight });
    el.scrollTo?.({ ...to, behavior: 'smooth' });
  }, [selectedBox?.path, page, zoom, size?.width, size?.height]);

  const step = (d: 1 | -1) => setZoom((z) => {
    const i = ZOOM_STEPS.findIndex((s) => s >= z);
    return ZOOM_STEPS[Math.max(0, Math.min(ZOOM_STEPS.length - 1, (i < 0 ? ZOOM_STEPS.length - 1 : i) + d))]!;
  });
  const go = (d: number) => setPage((p) => (p + d + count) % count);

  const onPointerDown = (e: ReactPointerEvent) => {
    const el = scroller.current;
    if (!el || (e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop, moved: false };
    el.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    const el = scroller.current;
    if (!d || !el) return;
    d.moved = true;
    el.scrollLeft = d.left - (e.clientX - d.x);
    el.scrollTop = d.top - (e.clientY - d.y);
  };
  const endDrag = () => { drag.current = null; };

  return (
    <section aria-label="Document pages" className="flex h-full min-h-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-white/10 px-3 py-2 text-slate-200">
        <div className="flex items-center gap-1">
          <Button size="sm" variant="darkGhost" onClick={() => go(-1)} disabled={count < 2} aria-label="Previous page"><ChevronLeft className="h-4 w-4" /></Button>
          <span className="min-w-24 text-center text-xs font-medium" aria-live="polite">Page {page + 1} of {count}</span>
          <Button size="sm" variant="darkGhost" onClick={() => go(1)} disabled={count < 2} aria-label="Next page"><ChevronRight className="h-4 w-4" /></Button>
        </div>
        <div className="flex items-center gap-1">
          <Button size="sm" variant="darkGhost" onClick={() => step(-1)} disabled={zoom <= ZOOM_STEPS[0]} aria-label="Zoom out"><ZoomOut className="h-4 w-4" /></Button>
          <span className="w-12 text-center text-xs tabular-nums" aria-label="Zoom level">{Math.round(zoom * 100)}%</span>
          <Button size="sm" variant="darkGhost" onClick={() => step(1)} disabled={zoom >= ZOOM_STEPS[ZOOM_STEPS.length - 1]!} aria-label="Zoom in"><ZoomIn className="h-4 w-4" /></Button>
          <Button size="sm" variant="darkGhost" onClick={() => setZoom(1)} aria-label="Fit to width"><Maximize2 className="h-4 w-4" />Fit</Button>
        </div>
      </div>
      <div ref={scroller} tabIndex={0} aria-label={`${title}, page ${page + 1}: drag to pan, + and - to zoom`}
        className="relative min-h-0 flex-1 cursor-grab overflow-auto p-3 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-400 active:cursor-grabbing"
        onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={endDrag} onPointerCancel={endDrag}
        onWheel={(e) => { if (e.ctrlKey || e.metaKey) { e.preventDefault(); step(e.deltaY < 0 ? 1 : -1); } }}
        onKeyDown={(e) => {
          if (e.key === '+' || e.key === '=') step(1);
          else if (e.key === '-') step(-1);
          else if (e.key === 'PageDown') go(1);
          else if (e.key === 'PageUp') go(-1);
        }}>
        <div ref={content} className="relative mx-auto select-none"
          style={{ width: `${zoom * 100}%`, ...(turned && size ? { aspectRatio: `${size.width} / ${size.height}` } : {}) }}>
          {urls[page] ? (
            <AuthImage key={urls[page]} src={urls[page]} alt={`${title} page ${page + 1}`} draggable={false} data-turn={turned?.rotate}
              className={cx('rounded bg-white shadow-lg', turned ? 'absolute max-w-none' : 'block h-auto min-h-40 w-full')}
              style={turned ? turnedImageStyle(turned) : undefined}
              onLoad={(e) => {
                const img = e.currentTarget;
                setNatural((n) => ({ ...n, [page]: { width: img.naturalWidth, height: img.naturalHeight } }));
              }} />
          ) : (
            <div className="flex h-96 items-center justify-center rounded bg-slate-700 text-sm text-slate-300">No page image</div>
          )}
          {size && boxes.filter((b) => b.page === page).map((b) => (
            <button key={b.path} type="button" data-path={b.path} aria-label={`Box: ${b.label}`} aria-pressed={b.path === selected}
              title={b.label} onClick={() => onSelect(b.path)}
              className={cx('absolute rounded-sm border-2 transition-colors', BOX_TONE[b.flag ?? 'ok'],
                b.path === selected && 'z-10 border-[3px] !border-brand-600 !bg-brand-500/20 ring-4 ring-brand-500/30')}
              style={{
                left: `${(b.bbox[0] / size.width) * 100}%`, top: `${(b.bbox[1] / size.height) * 100}%`,
                width: `${(Math.max(4, b.bbox[2] - b.bbox[0]) / size.width) * 100}%`, height: `${(Math.max(4, b.bbox[3] - b.bbox[1]) / size.height) * 100}%`,
              }} />
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="flex gap-2 overflow-x-auto border-t border-white/10 px-3 py-2" role="tablist" aria-label="Pages">
          {urls.map((u, i) => (
            <button key={u} type="button" role="tab" aria-selected={i === page} aria-label={`Page ${i + 1}`} onClick={() => setPage(i)}
              className={cx('relative shrink-0 overflow-hidden rounded ring-2', i === page ? 'ring-brand-400' : 'ring-transparent opacity-70 hover:opacity-100')}>
              <AuthImage src={thumbs[i] ?? u} alt={`${title} page ${i + 1} thumbnail`} className="h-16 w-12 bg-white object-cover"
                style={normaliseTurn(pageSizes[i]?.turn) ? { transform: `rotate(${normaliseTurn(pageSizes[i]?.turn)}deg)` } : undefined} />
              <span className="absolute bottom-0 right-0 rounded-tl bg-slate-900/80 px-1 text-[10px] text-white">{i + 1}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
