/** The job's EDI text with a 204/211 switch, Copy and Download (spec file-name rule and error texts). */
import { Copy, Download, FileText } from 'lucide-react';
import { useState } from 'react';
import type { EdiDocument, Job } from '../../api/jobs.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cx } from '../../components/ui/cx.ts';
import { copyText } from '../../lib/clipboard.ts';
import { checkEdiDownload, saveTextFile } from '../../lib/edi-download.ts';
import { toast, toastError } from '../../lib/toast-store.ts';

/** The job's EDI documents; older answers only carry EDIContent + ISAControlNumber. */
export function ediDocumentsOf(job: Job): EdiDocument[] {
  if (job.ediDocuments.length) return job.ediDocuments;
  if (job.ediContent) return [{ type: job.processingType ?? '204', isaControlNumber: job.isaControlNumber, content: job.ediContent }];
  return [];
}

/** Copies text and reports the outcome with the spec's toasts. */
export async function copyWithToast(text: string): Promise<void> {
  if (await copyText(text)) toast({ title: 'Copied', description: 'Copied to clipboard', variant: 'success' });
  else toastError('Error', 'Unable to copy to clipboard');
}

/** Runs the download checks for one EDI document and saves it, or shows the failing check. */
export function downloadEdi(job: Job | null, doc: EdiDocument | undefined): void {
  const check = checkEdiDownload({
    jobSelected: Boolean(job), content: doc?.content, receiverId: job?.receiverId, isaControlNumber: doc?.isaControlNumber ?? job?.isaControlNumber,
  });
  if (!check.ok) {
    toastError('Error', check.error);
    return;
  }
  saveTextFile(check.fileName, doc!.content);
}

export function EdiPanel({ job }: { job: Job }) {
  const docs = ediDocumentsOf(job);
  const [type, setType] = useState(docs[0]?.type ?? '204');
  const doc = docs.find((d) => d.type === type) ?? docs[0];
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-slate-950">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-white/10 px-3 py-2">
        <div className="flex items-center gap-1" role="tablist" aria-label="EDI document type">
          {docs.length === 0 && <span className="px-2 text-xs font-medium text-slate-400">EDI</span>}
          {docs.map((d) => (
            <button key={d.type} type="button" role="tab" aria-selected={d.type === doc?.type} onClick={() => setType(d.type)}
              className={cx('rounded-md px-2.5 py-1 text-xs font-semibold', d.type === doc?.type ? 'bg-white/15 text-white' : 'text-slate-400 hover:text-white')}>
              X12 {d.type}
            </button>
          ))}
          {doc?.isaControlNumber && <span className="ml-2 font-mono text-[11px] text-slate-500">ISA {doc.isaControlNumber}</span>}
        </div>
        <div className="flex gap-1.5">
          <Button size="sm" variant="darkGhost" disabled={!doc} onClick={() => doc && void copyWithToast(doc.content)}>
            <Copy className="h-3.5 w-3.5" />Copy
          </Button>
          <Button size="sm" variant="darkGhost" onClick={() => downloadEdi(job, doc)}>
            <Download className="h-3.5 w-3.5" />Download
          </Button>
        </div>
      </div>
      {doc ? (
        <pre className="max-h-[28rem] min-h-48 flex-1 overflow-auto whitespace-pre p-4 font-mono text-xs leading-relaxed text-emerald-300">
          {doc.content.replace(/~(?!\n)/g, '~\n')}
        </pre>
      ) : (
        <div className="flex min-h-48 flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-slate-400">
          <FileText className="h-6 w-6" />
          {job.status === 'InProgress' ? 'EDI will appear here when processing finishes.' : 'No EDI content available for this document.'}
        </div>
      )}
    </div>
  );
}
