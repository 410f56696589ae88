/** The commodity lines: each line's fields edited like any other field (flags, Enter, live EDI preview), lines added and removed. */
import type { ExtractedData } from '@ladingwise/shared';
import { Plus, Trash2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { lineFieldDefs } from './line-items.ts';
import { ReviewField } from './ReviewField.tsx';
import type { FieldDef } from './review-fields.ts';

export function LineItemsEditor({ data, fieldProps, shownAbove, disabled, onAdd, onRemove }: {
  data: ExtractedData;
  /** Fields already shown in "Check these first": each field has one input on the screen. */
  shownAbove: ReadonlySet<string>;
  fieldProps: (def: FieldDef) => ComponentProps<typeof ReviewField>;
  disabled: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const lines = data.LineItems ?? [];
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm" aria-label="Commodity lines">
      <legend className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Commodity lines</legend>
      {lines.length === 0 && (
        <p className="px-2 pb-2 text-sm text-slate-500">No separate lines: the EDI describes the shipment from its totals above.</p>
      )}
      <ol className="space-y-3">
        {lines.map((_, i) => (
          <li key={i} className="rounded-lg border border-slate-100 bg-slate-50/60 p-2" aria-label={`Line ${i + 1}`}>
            <div className="flex items-center justify-between px-2">
              <span className="text-xs font-semibold text-slate-600">Line {i + 1}</span>
              <Button size="sm" variant="dangerGhost" onClick={() => onRemove(i)} disabled={disabled} aria-label={`Remove line ${i + 1}`}>
                <Trash2 className="h-3.5 w-3.5" />Remove
              </Button>
            </div>
            <div className="grid gap-1 sm:grid-cols-3">
              {lineFieldDefs(i).filter((def) => !shownAbove.has(def.path)).map((def) => (
                <div key={def.path} className={def.path.endsWith('.Commodity') ? 'sm:col-span-3' : undefined}>
                  <ReviewField {...fieldProps(def)} />
                </div>
              ))}
            </div>
          </li>
        ))}
      </ol>
      <Button size="sm" variant="outline" className="mt-2" onClick={onAdd} disabled={disabled}><Plus className="h-4 w-4" />Add line</Button>
    </fieldset>
  );
}
