/**
 * The review screen (/app/documents/:jobId): the pages large with every field's box, every field
 * editable with unsure and invalid ones first, problems in plain words, the EDI preview, and the
 * one action that matters: "Approve & send EDI" for a held document, "Save & send correction"
 * after delivery. Keyboard: Enter confirms a flagged field and moves to the next, Ctrl+Enter sends.
 */
import type { ExtractedData } from '@ladingwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, RotateCcw, Send, Trash2, XCircle } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { approveJob, cancelJob, confirmFields, deleteJob, fetchJob, generateEdi, reprocessJob, saveJobData, type Job } from '../../api/jobs.ts';
import { messageOf } from '../../api/http.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { LoadingScreen } from '../../components/ui/Spinner.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { toast, toastError } from '../../lib/toast-store.ts';
import { displayTimeZone } from '../../lib/user-settings-cache.ts';
import { ediDocumentsOf } from '../documents/edi-actions.ts';
import { JobStatus } from '../documents/JobStatus.tsx';
import { thumbnailUrls } from '../documents/Thumbnails.tsx';
import { PageViewer, type PageBox } from './PageViewer.tsx';
import { ProblemList } from './ProblemList.tsx';
import { ReviewEdiPanel } from './ReviewEdiPanel.tsx';
import { fieldInputId, ReviewField } from './ReviewField.tsx';
import { flaggedFields, flagOf, invalidPaths } from './review-flags.ts';
import { FIELD_GROUPS, markReviewed, setField, type FieldDef } from './review-fields.ts';
import { useEdiPreview } from './useEdiPreview.ts';
import { LineItemsEditor } from './LineItemsEditor.tsx';
import { addLineItem, lineIndexOf, onExistingLine, removeLineItem } from './line-items.ts';

/** Shown when the server has no such job for this account (deleted, or another tenant's link). */
export const NOT_FOUND_TEXT = 'This document was not found. It may have been deleted, or it belongs to another account.';

export function ReviewPage() {
  const { jobId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['job', jobId],
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'InProgress' ? 5000 : false),
  });
  const job = q.data ?? null;
  if (!job) {
    return (
      <div className="py-16 text-center">
        <title>Review · Ladingwise</title>
        {q.isPending ? <LoadingScreen text="Loading the document..." /> : (
          <p className="text-sm text-slate-500">{q.isError ? 'Could not load this document.' : NOT_FOUND_TEXT}</p>
        )}
        {!q.isPending && <Link to="/app/documents" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">Back to documents</Link>}
      </div>
    );
  }
  return <Review key={job.jobId} job={job} onChanged={async (updated) => {
    if (updated) qc.setQueryData(['job', jobId], updated);
    await qc.invalidateQueries({ queryKey: ['jobs'] });
  }} onGone={() => navigate('/app/documents')} refetch={async () => { await q.refetch(); }} />;
}

function Review({ job, onChanged, onGone, refetch }: {
  job: Job; onChanged: (updated?: Job) => Promise<void>; onGone: () => void; refetch: () => Promise<void>;
}) {
  const original = job.extractedData;
  const [draft, setDraft] = useState<ExtractedData | null>(original);
  const [dirty, setDirty] = useState(false);
  const [reviewed, setReviewed] = useState<Set<string>>(new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // What the app's own dialog is asking before an action that cannot be undone.
  const [asking, setAsking] = useState<null | { kind: 'send'; problems: number } | { kind: 'delete' }>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // A refreshed job (approved elsewhere, reprocessed) replaces the draft unless the reviewer is editing.
  useEffect(() => {
    if (!dirty) setDraft(job.extractedData);
  }, [job.extractedData, dirty]);

  const held = job.status === 'NeedsReview';
  const delivered = job.status === 'Completed';
  const editable = Boolean(draft) && (held || delivered);
  const mode: 'approve' | 'correct' | 'sent' = held ? 'approve' : delivered && dirty ? 'correct' : 'sent';
  const preview = useEdiPreview(job.jobId, draft, editable && mode !== 'sent');
  const validation = (mode !== 'sent' && preview.data?.data?.Validation) || draft?.Validation || [];
  const warnings = (mode !== 'sent' && preview.data?.data?.Warnings) || draft?.Warnings || [];
  const invalid = useMemo(() => invalidPaths(validation), [validation]);

  // The flagged list is fixed when the document's data first shows, so a field does not jump away once fixed or
  // confirmed (a confirmation refreshes the job).
  const openedWith = useRef<ExtractedData | null>(null);
  if (!openedWith.current && original) openedWith.current = original;
  const opened = openedWith.current;
  const firstFlagged = useMemo(() => flaggedFields(opened, opened?.Validation ?? []), [opened]);
  const firstPaths = useMemo(() => new Set(firstFlagged.map((f) => f.def.path)), [firstFlagged]);
  const currentFlag = (path: string) => flagOf(draft, invalid, path);
  const pending = firstFlagged.filter((f) => currentFlag(f.def.path)).length;

  const boxes: PageBox[] = useMemo(() => Object.entries(draft?.FieldSources ?? {}).flatMap(([path, src]) => {
    const def = FIELD_GROUPS.flatMap((g) => g.fields).find((f) => f.path === path);
    return def && src && Array.isArray(src.bbox) ? [{ path, label: def.title, page: src.page ?? 0, bbox: src.bbox, flag: flagOf(draft, invalid, path) }] : [];
  }), [draft, invalid]);
  const boxPaths = useMemo(() => new Set(boxes.map((b) => b.path)), [boxes]);

  const edit = (def: FieldDef, text: string) => {
    if (!draft) return;
    setDraft(markReviewed(setField(draft, def.path, text, def.kind), def.path));
    setReviewed((r) => new Set(r).add(def.path));
    setDirty(true);
  };
  /**
   * A person vouches for a flagged field as read: saved at once (audited) so the flag stays cleared after a reload
   * and the approval counts it as checked; a delivered document is not sent again for it, since no value changed.
   */
  const confirm = (path: string) => {
    if (!draft) return;
    setDraft((d) => (d ? markReviewed(d, path) : d));
    setReviewed((r) => new Set(r).add(path));
    confirmFields(job.jobId, [path]).then(
      (updated) => onChanged(updated),
      (err: unknown) => {
        setReviewed((r) => { const n = new Set(r); n.delete(path); return n; });
        setDraft((d) => (d ? { ...d, ConfidenceScores: { ...d.ConfidenceScores, [path]: original?.ConfidenceScores?.[path] ?? 0 } } : d));
        toastError('Error', messageOf(err, 'Could not confirm the field.'));
      },
    );
  };
  const changeLines = (change: (d: ExtractedData) => ExtractedData) => {
    if (!draft) return;
    setDraft(change(draft));
    setDirty(true);
  };
  const focusField = (path: string) => {
    const el = document.getElementById(fieldInputId(path));
    el?.focus();
    el?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };
  /** Enter in a field: vouch for it if it was unsure, then go to the next field still flagged. */
  const next = (path: string) => {
    if (currentFlag(path) === 'unsure') confirm(path);
    const order = firstFlagged.map((f) => f.def.path);
    const after = [...order.slice(order.indexOf(path) + 1), ...order.slice(0, Math.max(0, order.indexOf(path)))];
    const target = after.find((p) => p !== path && currentFlag(p));
    if (target) focusField(target);
    else document.getElementById('review-send')?.focus();
  };

  const act = async (name: string, fn: () => Promise<void>) => {
    setBusy(name);
    try { await fn(); } finally { setBusy(null); }
  };

  const send = useCallback(async (anyway = false) => {
    if (!draft || !editable) return;
    const problems = (preview.data?.data?.Validation ?? draft.Validation ?? []).length;
    // Asked before going busy, so the dialog never opens with its buttons disabled.
    if (problems > 0 && !anyway) { setAsking({ kind: 'send', problems }); return; }
    await act('send', async () => {
      try {
        if (held) {
          const updated = await approveJob(job.jobId, draft);
          setDirty(false);
          await onChanged(updated);
          toast({ title: 'Approved', description: 'The EDI was built from your review and sent.', variant: 'success' });
        } else {
          if (!dirty) return;
          let updated = await saveJobData(job.jobId, draft);
          const types = ediDocumentsOf(job).map((d) => d.type).filter((t): t is '204' | '211' => t === '204' || t === '211');
          for (const t of types.length ? types : ['204' as const]) updated = await generateEdi(job.jobId, t);
          setDirty(false);
          await onChanged(updated);
          toast({ title: 'Correction sent', description: 'The corrected EDI was sent as a change to the first one.', variant: 'success' });
        }
      } catch (err) {
        toastError('Error', messageOf(err, held ? 'Could not approve the document.' : 'Could not send the correction.'));
      }
    });
  }, [draft, editable, held, dirty, job, preview.data, onChanged]);

  // Ctrl+Enter (Cmd+Enter on a Mac) sends from anywhere on the screen.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); if (!busy) void send(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [send, busy]);

  const reprocess = () => act('reprocess', async () => {
    try { await reprocessJob(job.jobId); await onChanged(); await refetch(); toast({ title: 'Requeued', description: 'The document is being processed again.' }); } catch { toastError('Reprocess failed', 'Could not requeue the job.'); }
  });
  const cancel = () => act('cancel', async () => {
    try { await cancelJob(job.jobId); await onChanged(); await refetch(); } catch (err) { toastError('Error', messageOf(err, 'Could not cancel the job.')); }
  });
  const remove = () => act('delete', async () => {
    try { await deleteJob(job.jobId); await onChanged(); toast({ title: 'Document deleted' }); onGone(); } catch (err) { toastError('Error', messageOf(err, 'Could not delete the document.')); }
  });

  const urls = job.displayUrls.length ? job.displayUrls : job.imageUrls;
  const sizes = urls.map((_, i) => draft?.PageSizes?.[i]);
  const fieldProps = (def: FieldDef, showGroup?: string) => ({
    def, data: draft, flag: currentFlag(def.path), score: draft?.ConfidenceScores?.[def.path], hasBox: boxPaths.has(def.path),
    selected: selected === def.path, reviewed: reviewed.has(def.path), sent: delivered, disabled: !editable || busy !== null, showGroup,
    onChange: (t: string) => edit(def, t), onConfirm: () => confirm(def.path), onFocus: () => setSelected(def.path), onEnter: () => next(def.path),
  });
  const sendLabel = held ? 'Approve & send EDI' : 'Save & send correction';

  return (
    <div className="flex flex-col gap-4">
      <title>{`Review ${job.fileName} · Ladingwise`}</title>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to="/app/documents" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-800"><ArrowLeft className="h-4 w-4" />Documents</Link>
          <h1 className="mt-1 truncate text-xl font-semibold text-slate-900">Review {job.fileName}</h1>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
            <JobStatus job={job} />
            <span>Uploaded {formatTimestamp(job.createdAt, displayTimeZone())}</span>
            <span>Sender {job.senderId ?? '—'} → Receiver {job.receiverId ?? '—'}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="dangerGhost" onClick={() => setAsking({ kind: 'delete' })} loading={busy === 'delete'}><Trash2 className="h-4 w-4" />Delete</Button>
          {job.status === 'InProgress' && <Button variant="outline" onClick={() => void cancel()} loading={busy === 'cancel'}><XCircle className="h-4 w-4" />Cancel processing</Button>}
          {(job.status === 'Failed' || job.status === 'Cancelled') && <Button variant="outline" onClick={() => void reprocess()} loading={busy === 'reprocess'}><RotateCcw className="h-4 w-4" />Reprocess</Button>}
          {editable && (
            <Button id="review-send" onClick={() => void send()} disabled={!held && !dirty} loading={busy === 'send'}
              title={`${sendLabel} (Ctrl+Enter)`} aria-keyshortcuts="Control+Enter Meta+Enter">
              <Send className="h-4 w-4" />{sendLabel}
            </Button>
          )}
        </div>
      </header>
      <ConfirmDialog open={asking?.kind === 'send'} title="Send with problems?" confirmLabel="Send anyway" busy={busy === 'send'}
        onCancel={() => setAsking(null)} onConfirm={() => { setAsking(null); void send(true); }}>
        <p>The EDI still has {asking?.kind === 'send' ? asking.problems : 0} problem{asking?.kind === 'send' && asking.problems === 1 ? '' : 's'}, listed at the top. A trading partner may reject a document with missing or invalid fields.</p>
      </ConfirmDialog>
      <ConfirmDialog open={asking?.kind === 'delete'} title="Delete this document?" confirmLabel="Delete document" danger busy={busy === 'delete'}
        onCancel={() => setAsking(null)} onConfirm={() => { setAsking(null); void remove(); }}>
        <p>It disappears from your documents at once and is purged after 90 days.</p>
      </ConfirmDialog>
      {held && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This document is waiting for your review: nothing has been sent or charged yet.
          {pending > 0 ? ` ${pending} field${pending === 1 ? '' : 's'} to check.` : ' Every flagged field is checked.'}
          <span className="text-amber-700"> Enter confirms a field and moves on; Ctrl+Enter approves.</span>
        </p>
      )}
      {job.status === 'Failed' && job.errorMessage && <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">{job.errorMessage}</p>}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
        <div className="lg:sticky lg:top-20 lg:h-[calc(100vh-7rem)] lg:self-start">
          <PageViewer title={job.fileName} urls={urls} thumbs={thumbnailUrls(job)} pageSizes={sizes} boxes={boxes} selected={selected}
            onSelect={(path) => { setSelected(path); focusField(path); }} />
        </div>
        <div ref={listRef} className="min-w-0 space-y-5">
          <ProblemList validation={validation} warnings={warnings} onSelect={(p) => { setSelected(p); focusField(p); }} />
          {draft ? (
            <>
              {firstFlagged.length > 0 && (
                <section aria-labelledby="flagged-heading" className="rounded-xl border border-amber-200 bg-white p-3 shadow-sm">
                  <h2 id="flagged-heading" className="mb-1 px-2 text-sm font-semibold text-slate-900">Check these first</h2>
                  <div className="grid gap-1 sm:grid-cols-2">
                    {firstFlagged.filter((f) => onExistingLine(draft, f.def.path)).map((f) => <ReviewField key={f.def.path} {...fieldProps(f.def, groupTitleOf(f.def.path))} />)}
                  </div>
                </section>
              )}
              {FIELD_GROUPS.map((g) => {
                const fields = g.fields.filter((f) => !firstPaths.has(f.path));
                if (!fields.length) return null;
                return (
                  <fieldset key={g.key} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
                    <legend className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{g.title}</legend>
                    <div className="grid gap-1 sm:grid-cols-2">
                      {fields.map((f) => <ReviewField key={f.path} {...fieldProps(f)} />)}
                    </div>
                  </fieldset>
                );
              })}
              <LineItemsEditor data={draft} fieldProps={(def) => fieldProps(def)} shownAbove={firstPaths} disabled={!editable || busy !== null}
                onAdd={() => changeLines(addLineItem)} onRemove={(i) => changeLines((d) => removeLineItem(d, i))} />
            </>
          ) : (
            <p className="rounded-lg bg-white px-3 py-6 text-center text-sm text-slate-500 ring-1 ring-slate-200">
              {job.status === 'InProgress' ? (job.stage === 'queued' ? 'Queued: extracted data appears here once processing finishes.' : 'Processing: extracted data appears here in a moment.') : 'No extracted data for this document.'}
            </p>
          )}
          <ReviewEdiPanel key={`${job.jobId}-${job.isaControlNumber}-${mode}`} job={job} mode={editable ? mode : 'sent'}
            preview={preview.data?.documents ?? null} previewing={preview.isFetching} previewFailed={preview.isError} />
        </div>
      </div>
    </div>
  );
}

function groupTitleOf(path: string): string | undefined {
  const line = lineIndexOf(path);
  if (line !== null) return `Line ${line + 1}`;
  const g = FIELD_GROUPS.find((x) => x.fields.some((f) => f.path === path));
  return g && !['Dates', 'References', 'ShipmentDetails'].includes(g.key) ? g.title : undefined;
}
