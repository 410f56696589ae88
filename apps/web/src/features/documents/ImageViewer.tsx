/**
 * Full-size page viewer with dot navigation (and arrow keys) for multi-page documents. A page the extractor read
 * turned is shown upright the same way as on the review screen (page-turn.ts): the frame takes the upright page's
 * shape and the stored image, left as uploaded, is placed in it turned.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AuthImage } from '../../components/AuthImage.tsx';
import { cx } from '../../components/ui/cx.ts';
import { placeTurned, turnedImageStyle } from '../review/page-turn.ts';

/** A page's upright pixel size and the extractor's clockwise turn, as stored with the extracted data. */
export type ViewerPageSize = { width: number; height: number; turn?: number } | undefined;

export function ImageViewer({ urls, start, title, pageSizes = [], onClose }: { urls: string[]; start: number; title: string; pageSizes?: ViewerPageSize[]; onClose: () => void }) {
  const [index, setIndex] = useState(Math.min(start, Math.max(0, urls.length - 1)));
  const go = (d: number) => setIndex((i) => (i + d + urls.length) % urls.length);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') go(1);
      if (e.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const url = urls[index];
  const upright = pageSizes[index];
  // Only a page whose upright size is known can be turned: the frame needs the upright page's shape.
  const turned = upright?.turn ? placeTurned(upright.turn, upright) : null;
  return (
    <Dialog.Root open onOpenChange={(o) => { if (!o) onClose(); }}>
      <Dialog.Portal>
        <Dialog.Overlay className="lw-overlay fixed inset-0 z-[55] bg-slate-950/90" />
        <Dialog.Content className="fixed inset-0 z-[56] flex flex-col items-center justify-center p-4 outline-none" onClick={(e) => { if (e.target === e.currentTarget) onClose(); }}>
          <Dialog.Title className="absolute left-5 top-5 max-w-[70vw] truncate text-sm font-medium text-white">{title} · page {index + 1} of {urls.length}</Dialog.Title>
          <Dialog.Description className="sr-only">Full-size page image</Dialog.Description>
          <Dialog.Close className="absolute right-4 top-4 rounded-full bg-white/10 p-2 text-white hover:bg-white/20" aria-label="Close viewer"><X className="h-5 w-5" /></Dialog.Close>
          {url && turned && upright ? (
            <div className="relative" data-testid="turned-page"
              style={{ aspectRatio: `${upright.width} / ${upright.height}`, width: `min(92vw, calc(80vh * ${upright.width / upright.height}))` }}>
              <AuthImage key={url} src={url} alt={`${title} page ${index + 1}`} data-turn={turned.rotate}
                className="absolute max-w-none rounded-lg bg-white object-fill shadow-2xl" style={turnedImageStyle(turned)} />
            </div>
          ) : url && <AuthImage key={url} src={url} alt={`${title} page ${index + 1}`} className="max-h-[80vh] max-w-[92vw] rounded-lg bg-white object-contain shadow-2xl min-h-40 min-w-40" />}
          {urls.length > 1 && (
            <>
              <button type="button" onClick={() => go(-1)} className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-2 text-white hover:bg-white/20" aria-label="Previous page"><ChevronLeft className="h-6 w-6" /></button>
              <button type="button" onClick={() => go(1)} className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-2 text-white hover:bg-white/20" aria-label="Next page"><ChevronRight className="h-6 w-6" /></button>
              <div className="mt-5 flex gap-2" role="tablist" aria-label="Pages">
                {urls.map((u, i) => (
                  <button key={u} type="button" role="tab" aria-selected={i === index} aria-label={`Page ${i + 1}`} onClick={() => setIndex(i)}
                    className={cx('h-2.5 rounded-full transition-all', i === index ? 'w-6 bg-white' : 'w-2.5 bg-white/40 hover:bg-white/70')} />
                ))}
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
