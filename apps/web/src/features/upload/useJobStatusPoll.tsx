/**
 * Polls an uploaded job every 5 s (spec section 4): "Image processed" for 3 s on Completed,
 * "Needs your review" with a link to the review screen when it is held, and a persistent
 * "Processing failed" with Show Details / Reprocess on Failed. Poll errors are ignored.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { fetchJob, reprocessJob, type Job } from '../../api/jobs.ts';
import { AuthImage } from '../../components/AuthImage.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { dismissToast, toast, toastError } from '../../lib/toast-store.ts';

export const POLL_INTERVAL_MS = 5000;
export const PROCESSED_NOTICE_MS = 3000;

/** Details shown in the "Image processed" notice: shipper name and the BOL number, or the ISA. */
export function processedSummary(job: Job): { shipper: string; reference: string } {
  const d = job.extractedData;
  const shipper = d?.Shipper?.Name || 'Unknown shipper';
  const bol = d?.References?.BolNumber;
  const isa = job.isaControlNumber || d?.ISAControlNumber || d?.References?.ISA;
  return { shipper, reference: bol ? `BOL ${bol}` : isa ? `ISA ${isa}` : '' };
}

export function useJobStatusPoll(fetcher: (id: string) => Promise<Job | null> = fetchJob) {
  const navigate = useNavigate();
  const timers = useRef(new Map<string, ReturnType<typeof setInterval>>());

  const stop = useCallback((jobId: string) => {
    const t = timers.current.get(jobId);
    if (t) clearInterval(t);
    timers.current.delete(jobId);
  }, []);

  const start = useCallback((jobId: string) => {
    stop(jobId);
    const tick = async () => {
      let job: Job | null;
      try {
        job = await fetcher(jobId);
      } catch {
        return; // Spec: polling errors are ignored.
      }
      if (!job || !timers.current.has(jobId)) return;
      if (job.status === 'Completed') {
        stop(jobId);
        const { shipper, reference } = processedSummary(job);
        const thumb = job.thumbnailUrls[0] ?? job.imageUrls[0];
        toast({
          title: 'Image processed',
          variant: 'success',
          duration: PROCESSED_NOTICE_MS,
          description: (
            <span className="flex items-center gap-3">
              {thumb && <AuthImage src={thumb} alt={job.fileName} className="h-12 w-10 rounded object-cover ring-1 ring-slate-200" />}
              <span><span className="block font-medium text-slate-900">{shipper}</span>{reference && <span className="block text-xs text-slate-500">{reference}</span>}</span>
            </span>
          ),
        });
      } else if (job.status === 'NeedsReview') {
        stop(jobId);
        const { shipper, reference } = processedSummary(job);
        toast({
          title: 'Needs your review',
          duration: Infinity,
          description: `${shipper}${reference ? ` · ${reference}` : ''}: a few fields need a look before the EDI is sent.`,
          action: <Button size="sm" onClick={() => { dismissToast(); navigate(`/app/documents/${encodeURIComponent(jobId)}`); }}>Review now</Button>,
        });
      } else if (job.status === 'Failed') {
        stop(jobId);
        const failedJob = job;
        toast({
          title: 'Processing failed',
          variant: 'destructive',
          duration: Infinity,
          description: failedJob.errorMessage || '03 There was a problem processing your image.',
          action: (
            <>
              <Button size="sm" variant="outline" onClick={() => { dismissToast(); navigate(`/app/documents/${encodeURIComponent(jobId)}`); }}>Show Details</Button>
              <Button size="sm" variant="danger" onClick={async () => {
                dismissToast();
                try {
                  await reprocessJob(jobId);
                  start(jobId);
                } catch {
                  toastError('Reprocess failed', 'Could not requeue the job.');
                }
              }}>Reprocess</Button>
            </>
          ),
        });
      }
    };
    timers.current.set(jobId, setInterval(() => void tick(), POLL_INTERVAL_MS));
  }, [fetcher, navigate, stop]);

  useEffect(() => {
    const map = timers.current;
    return () => { for (const t of map.values()) clearInterval(t); map.clear(); };
  }, []);

  return { start, stop };
}
