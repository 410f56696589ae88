/** The selected files with sizes and remove buttons. */
import { FileImage, X } from 'lucide-react';
import { formatBytes } from '../../lib/format.ts';

export function FileList({ files, onRemove, disabled }: { files: File[]; onRemove: (index: number) => void; disabled: boolean }) {
  if (files.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Selected files">
      {files.map((f, i) => (
        <li key={`${f.name}-${f.size}-${f.lastModified}-${i}`} className="flex items-center gap-3 px-4 py-2.5">
          <FileImage className="h-5 w-5 shrink-0 text-slate-400" />
          <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{f.name}</span>
          <span className="shrink-0 text-xs tabular-nums text-slate-500">{formatBytes(f.size)}</span>
          <button type="button" disabled={disabled} onClick={() => onRemove(i)} aria-label={`Remove ${f.name}`}
            className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-red-600 disabled:opacity-40">
            <X className="h-4 w-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
