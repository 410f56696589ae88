/** What stops or weakens the EDI, in plain words; a message about a field selects that field. */
import { CircleAlert, Info } from 'lucide-react';
import { plainMessage, pathsIn } from './plain-words.ts';

export function ProblemList({ validation, warnings, onSelect }: { validation: readonly string[]; warnings: readonly string[]; onSelect: (path: string) => void }) {
  if (!validation.length && !warnings.length) return null;
  const item = (m: string) => {
    const path = pathsIn(m)[0];
    const text = plainMessage(m);
    return (
      <li key={m}>
        {path ? <button type="button" className="text-left hover:underline" onClick={() => onSelect(path)}>{text}</button> : text}
      </li>
    );
  };
  return (
    <div className="space-y-2" aria-label="Problems">
      {validation.length > 0 && (
        <div className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="status">
          <p className="flex items-center gap-1.5 font-semibold"><CircleAlert className="h-4 w-4" />To fix before the EDI is complete</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-6">{validation.map(item)}</ul>
        </div>
      )}
      {warnings.length > 0 && (
        <div className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="flex items-center gap-1.5 font-semibold"><Info className="h-4 w-4" />Worth a look</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-6">{warnings.map(item)}</ul>
        </div>
      )}
    </div>
  );
}
