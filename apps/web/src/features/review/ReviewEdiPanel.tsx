/**
 * The EDI beside the review: while a document is held or being corrected, a live preview of what
 * approving will send (built from the unsaved edits); otherwise what was sent, with Copy and Download.
 */
import { Copy, Download, FileText } from 'lucide-react';
import { useState } from 'react';
import type { EdiDocument, Job } from '../../api/jobs.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { cx } from '../../components/ui/cx.ts';
import { copyWithToast, downloadEdi, ediDocumentsOf } from '../documents/edi-actions.ts';

const docsCount = (job: Job) => new Set(job.ediHistory.map((h) => h.type)).size;

export function ReviewEdiPanel({ job, preview, previewing, previewFailed = false, mode }: {
  job: Job;
  preview: EdiDocument[] | null;
  previewing: boolean;
  /** The server could not build a preview: show what was sent instead. */
  previewFailed?: boolean;
  /** `approve`: held, nothing sent; `correct`: edits to something already sent; `sent`: showing what was delivered. */
  mode: 'approve' | 'correct' | 'sent';
}) {
  const sent = ediDocumentsOf(job);
  const showPreview = mode !== 'sent' && !(previewFailed && !preview);
  const docs = showPreview ? preview ?? [] : sent;
  const [type, setType] = useState<string | null>(null);
  const doc = docs.find((d) => d.type === type) ?? docs[0];
  const note = !showPreview ? null : mode === 'approve' ? 'Preview · sent when you approve' : 'Preview · sent as a change (B2A 04)';
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-slate-950" aria-label="EDI">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-white/10 px-3 py-2">
        <div className="flex items-center gap-1" role="tablist" aria-label="EDI document type">
          {docs.length === 0 && <span className="px-2 text-xs font-medium text-slate-400">EDI</span>}
          {docs.map((d) => (
            <button key={d.type} type="button" role="tab" aria-selected={d.type === doc?.type} onClick={() => setType(d.type)}
              className={cx('rounded-md px-2.5 py-1 text-xs font-semibold', d.type === doc?.type ? 'bg-white/15 text-white' : 'text-slate-400 hover:text-white')}>
              X12 {d.type}
            </button>
          ))}
          {note && <span className="ml-2 rounded-full bg-amber-400/15 px-2 py-0.5 text-[11px] font-medium text-amber-300">{note}</span>}
          {!note && doc?.isaControlNumber && <span className="ml-2 font-mono text-[11px] text-slate-500">ISA {doc.isaControlNumber}</span>}
          {previewing && <Spinner className="ml-2 h-3.5 w-3.5 text-slate-400" />}
        </div>
        <div className="flex gap-1.5">
          <Button size="sm" variant="darkGhost" disabled={!doc} onClick={() => doc && void copyWithToast(doc.content)}><Copy className="h-3.5 w-3.5" />Copy</Button>
          {!showPreview && <Button size="sm" variant="darkGhost" onClick={() => downloadEdi(job, doc)}><Download className="h-3.5 w-3.5" />Download</Button>}
        </div>
      </div>
      {!showPreview && job.ediHistory.length > docsCount(job) && (
        <ol className="border-b border-white/10 px-3 py-2 text-[11px] text-slate-400" aria-label="EDI history">
          {job.ediHistory.map((h) => (
            <li key={`${h.type}-${h.isaControlNumber}`} className={cx('flex gap-2 font-mono', h.current ? 'text-slate-200' : 'line-through decoration-slate-500')}>
              <span>{h.type}</span><span>ISA {h.isaControlNumber}</span><span className="font-sans">{h.purpose === 'change' ? 'change (B2A 04)' : 'original (B2A 00)'}</span>
              <span className="font-sans">{h.current ? 'current' : 'replaced'}</span>
            </li>
          ))}
        </ol>
      )}
      {doc ? (
        <pre className="max-h-[26rem] min-h-40 flex-1 overflow-auto whitespace-pre p-4 font-mono text-xs leading-relaxed text-emerald-300" data-edi-preview={showPreview || undefined}>
          {doc.content.replace(/~(?!\n)/g, '~\n')}
        </pre>
      ) : (
        <div className="flex min-h-40 flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-slate-400">
          <FileText className="h-6 w-6" />
          {job.status === 'InProgress' ? 'EDI will appear here when processing finishes.' : showPreview ? 'Building the preview...' : 'No EDI content available for this document.'}
        </div>
      )}
    </div>
  );
}
