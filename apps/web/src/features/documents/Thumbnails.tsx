/** Up to `max` page thumbnails and a "+N" tile for the rest; clicking opens the image viewer. */
import { FileImage } from 'lucide-react';
import type { Job } from '../../api/jobs.ts';
import { AuthImage } from '../../components/AuthImage.tsx';
import { normaliseTurn } from '../review/page-turn.ts';

/** The thumbnails shown and how many are left for the "+N" tile. */
export function splitThumbnails(urls: string[], max: number): { shown: string[]; more: number } {
  return { shown: urls.slice(0, max), more: Math.max(0, urls.length - max) };
}

/** Thumbnail URLs, falling back to the display or original images. */
export function thumbnailUrls(job: Job): string[] {
  return job.thumbnailUrls.length ? job.thumbnailUrls : job.displayUrls.length ? job.displayUrls : job.imageUrls;
}

export function Thumbnails({ job, max, onOpen, size = 'h-12 w-10' }: { job: Job; max: number; onOpen: (index: number) => void; size?: string }) {
  const { shown, more } = splitThumbnails(thumbnailUrls(job), max);
  if (shown.length === 0) return <span className="flex h-12 w-10 items-center justify-center rounded bg-slate-100 text-slate-300"><FileImage className="h-4 w-4" /></span>;
  return (
    <div className="flex items-center gap-1.5">
      {shown.map((url, i) => (
        <button key={url} type="button" onClick={() => onOpen(i)} className="overflow-hidden rounded-md ring-1 ring-slate-200 hover:ring-2 hover:ring-brand-500" aria-label={`View page ${i + 1} of ${job.fileName}`}>
          <AuthImage src={url} alt={`${job.fileName} page ${i + 1}`} className={`${size} object-cover`} style={turnStyle(job, i)} />
        </button>
      ))}
      {more > 0 && (
        <button type="button" onClick={() => onOpen(shown.length)} className={`${size} flex items-center justify-center rounded-md bg-slate-100 text-xs font-semibold text-slate-600 ring-1 ring-slate-200 hover:bg-slate-200`}>
          +{more}
        </button>
      )}
    </div>
  );
}

/** A page the extractor read turned is shown turned the same way, as on the review screen. */
export function turnStyle(job: Job, page: number): { transform: string } | undefined {
  const turn = normaliseTurn(job.extractedData?.PageSizes?.[page]?.turn);
  return turn ? { transform: `rotate(${turn}deg)` } : undefined;
}
