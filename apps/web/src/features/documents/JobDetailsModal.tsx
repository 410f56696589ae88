/** "Details for <file>": pages, the reviewer's editor, issues, EDI and the job actions. */
import type { ExtractedData } from '@ladingwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Save, Trash2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cancelJob, deleteJob, fetchJob, generateEdi, reprocessJob, saveJobData, type Job } from '../../api/jobs.ts';
import { messageOf } from '../../api/http.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { toast, toastError } from '../../lib/toast-store.ts';
import { displayTimeZone } from '../../lib/user-settings-cache.ts';
import { EdiPanel, ediDocumentsOf } from './EdiPanel.tsx';
import { DataIssues, ExtractedDataEditor } from './ExtractedDataEditor.tsx';
import { JobStatus } from './JobStatus.tsx';
import { Thumbnails } from './Thumbnails.tsx';

/** Shown when the server has no such job for this account (deleted, or another tenant's link). */
export const NOT_FOUND_TEXT = 'This document was not found. It may have been deleted, or it belongs to another account.';

export function JobDetailsModal({ jobId, initial, onClose, onOpenImages }: {
  jobId: string; initial?: Job; onClose: () => void; onOpenImages: (job: Job, index: number) => void;
}) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['job', jobId],
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    placeholderData: initial,
    refetchInterval: (query) => (query.state.data?.status === 'InProgress' ? 5000 : false),
  });
  const job = q.data ?? initial ?? null;
  const [draft, setDraft] = useState<ExtractedData | null>(job?.extractedData ?? null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) setDraft(job?.extractedData ?? null);
  }, [job?.extractedData, dirty]);

  const refresh = async (updated?: Job) => {
    if (updated) qc.setQueryData(['job', jobId], updated);
    await qc.invalidateQueries({ queryKey: ['jobs'] });
  };

  const act = async (name: string, fn: () => Promise<void>) => {
    setBusy(name);
    try { await fn(); } finally { setBusy(null); }
  };

  const saveAndRegenerate = () => act('save', async () => {
    if (!job || !draft) return;
    try {
      let updated = await saveJobData(job.jobId, draft);
      const types = ediDocumentsOf(job).map((d) => d.type).filter((t): t is '204' | '211' => t === '204' || t === '211');
      for (const t of types.length ? types : [(job.processingType === '211' ? '211' : '204') as '204' | '211']) updated = await generateEdi(job.jobId, t);
      setDirty(false);
      await refresh(updated);
      toast({ title: 'Corrections saved', description: 'The EDI was regenerated from your corrections.', variant: 'success' });
    } catch (err) {
      toastError('Error', messageOf(err, 'Could not save the corrections.'));
    }
  });

  const reprocess = () => act('reprocess', async () => {
    try {
      await reprocessJob(jobId);
      await refresh();
      await q.refetch();
      toast({ title: 'Requeued', description: 'The document is being processed again.' });
    } catch {
      toastError('Reprocess failed', 'Could not requeue the job.');
    }
  });

  const cancel = () => act('cancel', async () => {
    try { await cancelJob(jobId); await refresh(); await q.refetch(); } catch (err) { toastError('Error', messageOf(err, 'Could not cancel the job.')); }
  });

  const remove = () => act('delete', async () => {
    if (!window.confirm('Delete this document? It disappears at once and is purged after 90 days.')) return;
    try { await deleteJob(jobId); await refresh(); onClose(); toast({ title: 'Document deleted' }); } catch (err) { toastError('Error', messageOf(err, 'Could not delete the document.')); }
  });

  const fileName = job?.fileName ?? 'Unknown File';
  return (
    <Modal open onOpenChange={(o) => { if (!o) onClose(); }} size="xl" title={`Details for ${fileName}`}
      description={job ? `Uploaded ${formatTimestamp(job.createdAt, displayTimeZone())} · Sender ${job.senderId ?? '—'} → Receiver ${job.receiverId ?? '—'}` : undefined}
      footer={job && (
        <>
          <Button variant="dangerGhost" className="mr-auto" onClick={() => void remove()} loading={busy === 'delete'}><Trash2 className="h-4 w-4" />Delete</Button>
          {job.status === 'InProgress' && <Button variant="outline" onClick={() => void cancel()} loading={busy === 'cancel'}><XCircle className="h-4 w-4" />Cancel processing</Button>}
          {(job.status === 'Failed' || job.status === 'Cancelled') && <Button variant="outline" onClick={() => void reprocess()} loading={busy === 'reprocess'}><RotateCcw className="h-4 w-4" />Reprocess</Button>}
          {(job.extractedData || job.status === 'Completed') && <Button onClick={() => void saveAndRegenerate()} disabled={!dirty || !draft} loading={busy === 'save'}><Save className="h-4 w-4" />Save & regenerate EDI</Button>}
        </>
      )}>
      {!job ? (
        <p className="py-10 text-center text-sm text-slate-500">
          {q.isError ? 'Could not load this document.' : q.isSuccess ? NOT_FOUND_TEXT : 'Loading...'}
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_1fr]">
          <div className="space-y-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <JobStatus job={job} />
              <Thumbnails job={job} max={6} onOpen={(i) => onOpenImages(job, i)} size="h-16 w-12" />
            </div>
            {job.status === 'Failed' && job.errorMessage && <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">{job.errorMessage}</p>}
            <DataIssues data={job.extractedData} />
            {job.extractedData || job.status === 'Completed' ? (
              <ExtractedDataEditor data={draft} original={job.extractedData} disabled={busy !== null}
                onChange={(d) => { setDraft(d); setDirty(true); }} />
            ) : (
              <p className="rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-500">Extracted data appears here once processing finishes.</p>
            )}
          </div>
          <div className="min-h-0 lg:sticky lg:top-0 lg:self-start"><EdiPanel key={`${job.jobId}-${job.isaControlNumber}`} job={job} /></div>
        </div>
      )}
    </Modal>
  );
}
