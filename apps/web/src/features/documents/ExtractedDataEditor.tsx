/** Reviewer form over ExtractedData: low-confidence (< 0.9) and missing fields are highlighted. */
import type { ExtractedData } from '@ladingwise/shared';
import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';
import { inputClassFor } from '../../components/ui/Field.tsx';
import { cx } from '../../components/ui/cx.ts';
import { FIELD_GROUPS, getField, isLowConfidence, isMissing, setField, type FieldDef } from './edit-model.ts';

function FieldInput({ def, data, original, onChange, disabled }: {
  def: FieldDef; data: ExtractedData | null; original: ExtractedData | null; onChange: (d: ExtractedData) => void; disabled: boolean;
}) {
  const id = useId();
  const low = isLowConfidence(original, def.path);
  const missing = isMissing(original, def.path);
  const score = original?.ConfidenceScores?.[def.path];
  return (
    <div>
      <label htmlFor={id} className="mb-1 flex items-center justify-between gap-2 text-xs font-medium text-slate-600">
        <span>{def.label}</span>
        {low && <span className="inline-flex items-center gap-1 text-amber-700" title={`Confidence ${Math.round((score ?? 0) * 100)}%`}><AlertTriangle className="h-3 w-3" />Check · {Math.round((score ?? 0) * 100)}%</span>}
        {!low && missing && <span className="text-amber-700">Not found</span>}
      </label>
      <input id={id} type={def.kind === 'date' ? 'date' : 'text'} inputMode={def.kind === 'number' ? 'decimal' : undefined}
        value={getField(data, def.path)} disabled={disabled} data-low-confidence={low || undefined}
        onChange={(e) => onChange(setField(data, def.path, e.target.value, def.kind))}
        className={cx(inputClassFor(low || missing ? 'warn' : 'normal'), 'py-1.5')} />
    </div>
  );
}

export function ExtractedDataEditor({ data, original, onChange, disabled = false }: {
  data: ExtractedData | null; original: ExtractedData | null; onChange: (d: ExtractedData) => void; disabled?: boolean;
}) {
  return (
    <div className="space-y-5">
      {FIELD_GROUPS.map((g) => (
        <fieldset key={g.title}>
          <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{g.title}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {g.fields.map((f) => <FieldInput key={f.path} def={f} data={data} original={original} onChange={onChange} disabled={disabled} />)}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** Validation problems, warnings and missing fields as short lists. */
export function DataIssues({ data }: { data: ExtractedData | null }) {
  if (!data) return null;
  const groups = [
    { title: 'Validation', items: data.Validation ?? [], tone: 'text-red-700 bg-red-50' },
    { title: 'Warnings', items: data.Warnings ?? [], tone: 'text-amber-800 bg-amber-50' },
    { title: 'Missing fields', items: data.MissingFields ?? [], tone: 'text-slate-700 bg-slate-100' },
  ].filter((g) => g.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className="space-y-3">
      {groups.map((g) => (
        <div key={g.title} className={cx('rounded-lg px-3 py-2 text-xs', g.tone)}>
          <p className="font-semibold">{g.title}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-4">{g.items.map((i) => <li key={i}>{i}</li>)}</ul>
        </div>
      ))}
    </div>
  );
}
