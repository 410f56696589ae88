/**
 * "Processed Bills of Lading": paged list (20), 5 s refresh while something is InProgress, an
 * "All / Needs review" filter, the image viewer; a document's details open its review screen.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Inbox, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { listJobs, type Job } from '../../api/jobs.ts';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { PageHeader } from '../../components/ui/Card.tsx';
import { LoadingScreen } from '../../components/ui/Spinner.tsx';
import { pageCount, pageLabel } from '../../lib/format.ts';
import { toastError } from '../../lib/toast-store.ts';
import { useDisplayTimeZone } from '../../lib/use-display-time-zone.ts';
import { ImageViewer } from './ImageViewer.tsx';
import { cx } from '../../components/ui/cx.ts';
import { JobCards, JobsTable } from './JobsList.tsx';
import { thumbnailUrls } from './Thumbnails.tsx';

export const PAGE_SIZE = 20;
export const REFRESH_MS = 5000;
export const EMPTY_TEXT = 'No processed documents found. Upload some bills of lading to get started.';
export const EMPTY_REVIEW_TEXT = 'Nothing is waiting for review.';

/** The list filters: everything, or only documents held for a person. */
const FILTERS = [{ key: null, label: 'All' }, { key: 'NeedsReview', label: 'Needs review' }] as const;

/** The review screen of one document. */
export const reviewPath = (jobId: string) => `/app/documents/${encodeURIComponent(jobId)}`;

/** Whether the list should keep refreshing: only while some listed job is InProgress. */
export function shouldRefresh(jobs: readonly Job[] | undefined): boolean {
  return Boolean(jobs?.some((j) => j.status === 'InProgress'));
}

export function DocumentsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const status = params.get('status') === 'NeedsReview' ? 'NeedsReview' : null;
  const [viewer, setViewer] = useState<{ job: Job; index: number } | null>(null);
  const timeZone = useDisplayTimeZone();

  const q = useQuery({
    queryKey: ['jobs', page, status],
    queryFn: ({ signal }) => listJobs(page, PAGE_SIZE, signal, status ?? undefined),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) => (shouldRefresh(query.state.data?.jobs) ? REFRESH_MS : false),
  });

  useEffect(() => {
    if (q.isError) toastError('Error', 'Failed to load documents.');
  }, [q.isError, q.errorUpdatedAt]);

  // Older deep links (?jobId=...&showDetails=1) open the review screen.
  useEffect(() => {
    const id = params.get('jobId');
    if (id && params.get('showDetails') === '1') navigate(reviewPath(id), { replace: true });
  }, [params, navigate]);

  const setFilter = (key: string | null) => {
    const next = new URLSearchParams(params);
    if (key) next.set('status', key);
    else next.delete('status');
    setPage(1);
    setParams(next, { replace: true });
  };

  const jobs = q.isError ? [] : q.data?.jobs ?? [];
  const total = q.isError ? 0 : q.data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);
  const listProps = { jobs, timeZone, onDetails: (j: Job) => navigate(reviewPath(j.jobId)), onImages: (j: Job, index: number) => setViewer({ job: j, index }) };

  return (
    <>
      <title>Documents · Ladingwise</title>
      <PageHeader title="Processed Bills of Lading" description="Review extracted data, correct it, and download the EDI."
        action={<Link to="/app/upload" className={buttonClass('primary', 'md')}><Upload className="h-4 w-4" />Upload</Link>} />
      <div className="mb-4 flex gap-1" role="tablist" aria-label="Filter documents">
        {FILTERS.map((f) => (
          <button key={f.label} type="button" role="tab" aria-selected={status === f.key} onClick={() => setFilter(f.key)}
            className={cx('rounded-lg px-3 py-1.5 text-sm font-medium', status === f.key ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:bg-slate-100',
              f.key === 'NeedsReview' && status === f.key && 'text-amber-800 ring-amber-300')}>
            {f.label}
          </button>
        ))}
      </div>
      {q.isPending ? (
        <LoadingScreen text="Loading documents..." />
      ) : jobs.length === 0 ? (
        <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-20 text-center">
          <Inbox className="h-10 w-10 text-slate-300" />
          <p className="mt-4 max-w-md text-sm text-slate-600">{status ? EMPTY_REVIEW_TEXT : EMPTY_TEXT}</p>
          <Link to="/app/upload" className={buttonClass('primary', 'md', 'mt-6')}>Upload documents</Link>
        </div>
      ) : (
        <>
          <JobsTable {...listProps} />
          <JobCards {...listProps} />
        </>
      )}
      {!q.isPending && (
        <nav className="mt-6 flex flex-wrap items-center justify-between gap-3" aria-label="Pagination">
          <p className="text-sm text-slate-500">{total.toLocaleString('en-US')} document{total === 1 ? '' : 's'}</p>
          <div className="flex items-center gap-3">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}><ChevronLeft className="h-4 w-4" />Prev</Button>
            <span className="text-sm font-medium text-slate-700">{pageLabel(page, total, PAGE_SIZE)}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => Math.min(pages, p + 1))}>Next<ChevronRight className="h-4 w-4" /></Button>
          </div>
        </nav>
      )}
      {viewer && (
        <ImageViewer title={viewer.job.fileName} start={viewer.index} pageSizes={viewer.job.extractedData?.PageSizes ?? []}
          urls={viewer.job.displayUrls.length ? viewer.job.displayUrls : viewer.job.imageUrls.length ? viewer.job.imageUrls : thumbnailUrls(viewer.job)}
          onClose={() => setViewer(null)} />
      )}
    </>
  );
}
