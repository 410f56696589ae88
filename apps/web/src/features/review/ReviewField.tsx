/** One editable field with its flag: red when the EDI cannot be built without it, amber when unsure; a tick confirms it. */
import type { ExtractedData } from '@ladingwise/shared';
import { AlertTriangle, Check, CircleAlert, MapPin } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { inputClassFor } from '../../components/ui/Field.tsx';
import { cx } from '../../components/ui/cx.ts';
import type { Flag } from './review-flags.ts';
import { getField, type FieldDef } from './review-fields.ts';

/** The input's DOM id, so a box on the page can focus its field. */
export const fieldInputId = (path: string) => `review-field-${path.replace(/\./g, '-')}`;

const TONE: Record<Flag | 'none', string> = {
  invalid: 'border-red-400 bg-red-50 focus:border-red-500 focus:ring-red-500/20',
  unsure: '',
  none: '',
};

export function ReviewField({ def, data, flag, score, hasBox, selected, reviewed, sent, disabled, onChange, onConfirm, onFocus, onEnter, showGroup }: {
  def: FieldDef;
  data: ExtractedData | null;
  flag: Flag | null;
  score: number | undefined;
  hasBox: boolean;
  selected: boolean;
  /** A person edited or confirmed it in this session. */
  reviewed: boolean;
  /** The document went out: an unsure field still flagged was sent without a person confirming it. */
  sent?: boolean;
  disabled: boolean;
  onChange: (text: string) => void;
  onConfirm: () => void;
  onFocus: () => void;
  onEnter: () => void;
  /** Prefix the group ("Consignee") when the field is shown outside its group. */
  showGroup?: string;
}) {
  const id = fieldInputId(def.path);
  const value = getField(data, def.path);
  const label = showGroup ? `${showGroup} ${def.label.charAt(0).toLowerCase()}${def.label.slice(1)}` : def.label;
  const inputClass = cx(flag === 'invalid' ? `${inputClassFor('normal')} ${TONE.invalid}` : inputClassFor(flag === 'unsure' ? 'warn' : 'normal'), 'py-1.5',
    selected && 'ring-2 ring-brand-500/40');
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      e.preventDefault();
      onEnter();
    }
  };
  const common = {
    id, disabled, onFocus, onKeyDown, 'data-flag': flag ?? undefined, 'aria-invalid': flag === 'invalid' || undefined,
    'aria-describedby': flag ? `${id}-flag` : undefined, className: inputClass,
  };
  return (
    <div data-field={def.path} className={cx('rounded-lg px-2 py-1.5', selected && 'bg-brand-50/70')}>
      <div className="mb-1 flex items-center justify-between gap-2 text-xs font-medium text-slate-600">
        <span className="inline-flex items-center gap-1">
          <label htmlFor={id}>{label}</label>
          {hasBox && <MapPin className="h-3 w-3 text-slate-400" aria-hidden="true" />}
        </span>
        {flag === 'invalid' && <span id={`${id}-flag`} className="inline-flex items-center gap-1 text-red-700"><CircleAlert className="h-3 w-3" aria-hidden="true" />Needed for the EDI</span>}
        {flag === 'unsure' && <span id={`${id}-flag`} className="inline-flex items-center gap-1 text-amber-700"><AlertTriangle className="h-3 w-3" aria-hidden="true" />{sent ? 'Unchecked' : 'Check'} · {value === '' ? 'may be on the bill' : `${Math.round((score ?? 0) * 100)}% sure`}</span>}
        {!flag && reviewed && <span className="inline-flex items-center gap-1 text-emerald-700"><Check className="h-3 w-3" aria-hidden="true" />Reviewed</span>}
      </div>
      <div className="flex gap-1.5">
        {def.kind === 'select' ? (
          <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
            {def.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        ) : (
          <input {...common} type={def.kind === 'date' ? 'date' : 'text'} inputMode={def.kind === 'number' ? 'decimal' : undefined}
            placeholder={def.placeholder} value={value} autoComplete="off" spellCheck={false}
            onChange={(e) => onChange(def.upper ? e.target.value.toUpperCase() : e.target.value)} />
        )}
        {flag === 'unsure' && (
          <button type="button" onClick={onConfirm} disabled={disabled} aria-label={`Confirm ${def.title}`} title="Looks right (Enter)"
            className="shrink-0 rounded-lg border border-amber-300 bg-white px-2 text-amber-700 hover:bg-amber-50">
            <Check className="h-4 w-4" />
          </button>
        )}
      </div>
    </div>
  );
}
