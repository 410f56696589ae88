/** The jobs as a table (large screens: 3 thumbnails) and as cards below the lg breakpoint (4 thumbnails). */
import type { Job } from '../../api/jobs.ts';
import { Button } from '../../components/ui/Button.tsx';
import { formatTimestamp, MISSING } from '../../lib/format.ts';
import { JobStatus } from './JobStatus.tsx';
import { Thumbnails } from './Thumbnails.tsx';

export interface JobsListProps {
  jobs: Job[];
  timeZone: string;
  onDetails: (job: Job) => void;
  onImages: (job: Job, index: number) => void;
}

const shipperOf = (j: Job) => j.extractedData?.Shipper?.Name || MISSING;
const ediTypeOf = (j: Job) => {
  const types = j.ediDocuments.map((d) => d.type);
  return types.length ? types.join(' / ') : j.processingType ?? MISSING;
};

const COLUMNS = ['Timestamp', 'Thumbnails', 'Shipper Name', 'Sender ID', 'Receiver ID', 'EDI Type', 'ISA', 'Details', 'Status'] as const;

export function JobsTable({ jobs, timeZone, onDetails, onImages }: JobsListProps) {
  return (
    <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm lg:block">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>{COLUMNS.map((c) => <th key={c} scope="col" className="px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">{c}</th>)}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {jobs.map((j) => (
            <tr key={j.jobId} className="hover:bg-slate-50/60">
              <td className="whitespace-nowrap px-4 py-3 text-sm text-slate-600">{formatTimestamp(j.createdAt, timeZone)}</td>
              <td className="px-4 py-3"><Thumbnails job={j} max={3} onOpen={(i) => onImages(j, i)} /></td>
              <td className="max-w-[14rem] px-4 py-3 text-sm font-medium text-slate-900"><span className="line-clamp-2">{shipperOf(j)}</span><span className="block truncate text-xs font-normal text-slate-400">{j.fileName}</span></td>
              <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-slate-600">{j.senderId || MISSING}</td>
              <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-slate-600">{j.receiverId || MISSING}</td>
              <td className="whitespace-nowrap px-4 py-3 text-sm text-slate-600">{ediTypeOf(j)}</td>
              <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-slate-600">{j.isaControlNumber || MISSING}</td>
              <td className="px-4 py-3"><Button size="sm" variant={j.status === 'NeedsReview' ? 'primary' : 'outline'} onClick={() => onDetails(j)}>{j.status === 'NeedsReview' ? 'Review' : 'View'}</Button></td>
              <td className="whitespace-nowrap px-4 py-3"><JobStatus job={j} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function JobCards({ jobs, timeZone, onDetails, onImages }: JobsListProps) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:hidden">
      {jobs.map((j) => (
        <li key={j.jobId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{shipperOf(j)}</p>
              <p className="truncate text-xs text-slate-500">{j.fileName}</p>
            </div>
            <JobStatus job={j} />
          </div>
          <div className="mt-3"><Thumbnails job={j} max={4} onOpen={(i) => onImages(j, i)} /></div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-xs">
            <dt className="text-slate-500">Timestamp</dt><dd className="text-right text-slate-700">{formatTimestamp(j.createdAt, timeZone)}</dd>
            <dt className="text-slate-500">Sender ID</dt><dd className="text-right font-mono text-slate-700">{j.senderId || MISSING}</dd>
            <dt className="text-slate-500">Receiver ID</dt><dd className="text-right font-mono text-slate-700">{j.receiverId || MISSING}</dd>
            <dt className="text-slate-500">EDI Type</dt><dd className="text-right text-slate-700">{ediTypeOf(j)}</dd>
            <dt className="text-slate-500">ISA</dt><dd className="text-right font-mono text-slate-700">{j.isaControlNumber || MISSING}</dd>
          </dl>
          <Button size="sm" variant="outline" className="mt-4 w-full" onClick={() => onDetails(j)}>{j.status === 'NeedsReview' ? 'Review' : 'Details'}</Button>
        </li>
      ))}
    </ul>
  );
}
