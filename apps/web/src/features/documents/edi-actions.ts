/** A job's EDI documents, and Copy and Download with the spec's file-name rule and error texts (used by the review screen's EDI panel). */
import type { EdiDocument, Job } from '../../api/jobs.ts';
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
