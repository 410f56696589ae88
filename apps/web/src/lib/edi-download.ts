/** The EDI download rule: checks in the spec's order and the <receiver>_<ISA>.txt file name. */

export interface EdiDownloadInput {
  jobSelected: boolean;
  content: string | null | undefined;
  receiverId: string | null | undefined;
  isaControlNumber: string | null | undefined;
}

export type EdiDownloadCheck = { ok: true; fileName: string } | { ok: false; error: string };

/** Replaces characters that are illegal in file names (\ / : * ? " < > |) by underscores. */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|]/g, '_');
}

/** Validates a download and names the file "<receiver ID>_<ISA control number>.txt". */
export function checkEdiDownload(input: EdiDownloadInput): EdiDownloadCheck {
  if (!input.jobSelected) return { ok: false, error: 'No job selected.' };
  if (!input.content) return { ok: false, error: 'No EDI content available to download.' };
  if (!input.receiverId?.trim()) return { ok: false, error: 'Missing EDI Interchange Receiver ID.' };
  if (!input.isaControlNumber?.trim()) return { ok: false, error: 'Missing ISA Control Number.' };
  return { ok: true, fileName: safeFileName(`${input.receiverId.trim()}_${input.isaControlNumber.trim()}.txt`) };
}

/** Saves text as a file through a temporary object URL. */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
