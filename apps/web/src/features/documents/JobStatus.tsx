/**
 * Job status rendering: green mark, amber "Needs review", grey "Queued" and blue "Processing"
 * spinners, red "<Status> [No charge]" with the error tooltip, grey otherwise.
 */
import { CheckCircle2, Clock, Eye, Info, XCircle } from 'lucide-react';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { Tooltip } from '../../components/ui/Tooltip.tsx';
import type { Job } from '../../api/jobs.ts';

type StatusJob = Pick<Job, 'status' | 'statusIcon'> & { stage?: string | null };

/** Which look a status gets. */
export function statusKind(job: StatusJob): 'completed' | 'failed' | 'needs-review' | 'queued' | 'in-progress' | 'other' {
  if (job.status === 'Completed') return 'completed';
  if (job.status === 'Failed') return 'failed';
  if (job.status === 'NeedsReview') return 'needs-review';
  if (job.status === 'InProgress') return job.stage === 'queued' ? 'queued' : 'in-progress';
  return 'other';
}

/** The text a status shows. */
export function statusLabel(job: StatusJob): string {
  const kind = statusKind(job);
  if (kind === 'failed') return `${job.status} [No charge]`;
  if (kind === 'needs-review') return 'Needs review';
  if (kind === 'queued') return 'Queued';
  if (kind === 'in-progress') return 'Processing';
  return job.status || 'Unknown';
}

export function JobStatus({ job }: { job: StatusJob & Pick<Job, 'errorMessage'> }) {
  const kind = statusKind(job);
  const label = statusLabel(job);
  if (kind === 'completed') {
    return <span className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700"><CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden="true" />{label}</span>;
  }
  if (kind === 'needs-review') {
    return <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2 py-0.5 text-sm font-medium text-amber-800 ring-1 ring-inset ring-amber-600/25"><Eye className="h-4 w-4 text-amber-600" aria-hidden="true" />{label}</span>;
  }
  if (kind === 'queued') {
    return <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600"><Clock className="h-4 w-4 text-slate-500" aria-hidden="true" />{label}</span>;
  }
  if (kind === 'in-progress') {
    return <span className="inline-flex items-center gap-1.5 text-sm font-medium text-sky-700"><Spinner className="h-4 w-4 text-sky-600" />{label}</span>;
  }
  if (kind === 'failed') {
    return (
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-red-700">
        <XCircle className="h-4 w-4 text-red-600" aria-hidden="true" />{label}
        <Tooltip content={job.errorMessage || 'No error details were recorded.'}>
          <button type="button" className="rounded-full text-red-500 hover:text-red-700" aria-label="Why it failed"><Info className="h-4 w-4" /></button>
        </Tooltip>
      </span>
    );
  }
  return <span className="text-sm font-medium text-slate-500">{label}</span>;
}
