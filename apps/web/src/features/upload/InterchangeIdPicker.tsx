/** An interchange ID field (max 15, upper-case) with a menu of the saved IDs. */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import type { SavedId } from '../../api/account.ts';
import { inputClass } from '../../components/ui/Field.tsx';
import { cx } from '../../components/ui/cx.ts';
import { cleanInterchangeId, INTERCHANGE_ID_MAX } from '../../lib/upload-rules.ts';

export function InterchangeIdPicker({ label, value, onChange, saved, disabled }: {
  label: string; value: string; onChange: (v: string) => void; saved: SavedId[]; disabled?: boolean;
}) {
  const id = useId();
  const match = saved.find((s) => s.interchangeId === value);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 flex items-center justify-between text-sm font-medium text-slate-700">
        <span>{label}</span>
        <span className="text-xs font-normal text-slate-400">{value.length}/{INTERCHANGE_ID_MAX}</span>
      </label>
      <div className="flex">
        <input id={id} value={value} maxLength={INTERCHANGE_ID_MAX} disabled={disabled} spellCheck={false} autoComplete="off"
          onChange={(e) => onChange(cleanInterchangeId(e.target.value))}
          className={cx(inputClass, 'rounded-r-none font-mono uppercase tracking-wide')} />
        <Menu.Root>
          <Menu.Trigger disabled={disabled || saved.length === 0} aria-label={`Saved ${label.toLowerCase()}s`}
            className="inline-flex items-center rounded-r-lg border border-l-0 border-slate-300 bg-slate-50 px-2.5 text-slate-500 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50">
            <ChevronDown className="h-4 w-4" />
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content align="end" sideOffset={4} className="z-50 max-h-72 min-w-[16rem] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
              <Menu.Label className="px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-slate-400">Saved IDs</Menu.Label>
              {saved.map((s) => (
                <Menu.Item key={s.id || s.interchangeId} onSelect={() => onChange(s.interchangeId)}
                  className="flex cursor-pointer items-center justify-between gap-4 rounded-md px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-slate-100">
                  <span className="truncate text-slate-700">{s.label}</span>
                  <span className="font-mono text-xs text-slate-500">{s.interchangeId}</span>
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
      </div>
      <p className="mt-1.5 h-4 text-xs text-slate-500">{match ? match.label : saved.length === 0 ? 'Save IDs in Settings to pick them here.' : 'Custom ID'}</p>
    </div>
  );
}
