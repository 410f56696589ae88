/** Saved sender and receiver interchange IDs: add (label + ID, max 15), delete; sorted by label then ID. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IdCard, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { addSavedId, deleteSavedId, getSavedIds, type SavedIds } from '../../api/account.ts';
import { messageOf } from '../../api/http.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Input } from '../../components/ui/Field.tsx';
import { toastError } from '../../lib/toast-store.ts';
import { cleanInterchangeId, DEFAULT_INTERCHANGE_ID, INTERCHANGE_ID_MAX } from '../../lib/upload-rules.ts';

type Kind = 'sender' | 'receiver';

function IdList({ kind, data }: { kind: Kind; data: SavedIds | undefined }) {
  const qc = useQueryClient();
  const [label, setLabel] = useState('');
  const [value, setValue] = useState('');
  const list = (kind === 'sender' ? data?.savedSenderIds : data?.savedReceiverIds) ?? [];
  const title = kind === 'sender' ? 'Sender IDs' : 'Receiver IDs';
  const onDone = (d: SavedIds) => qc.setQueryData(['interchange-ids'], d);

  const add = useMutation({
    mutationFn: () => addSavedId(kind, label.trim(), value),
    onSuccess: (d) => { onDone(d); setLabel(''); setValue(''); },
    onError: (err) => toastError(`Failed to add ${kind} ID`, messageOf(err, '')),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteSavedId(kind, id),
    onSuccess: onDone,
    onError: () => toastError('Error', `Failed to delete ${kind} ID`),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim() || !value.trim()) { toastError('Error', 'Label and ID are required'); return; }
    add.mutate();
  };

  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <p className="text-xs text-slate-500">The first one is preselected on the Upload page{list.length === 0 ? `; until you add one, ${DEFAULT_INTERCHANGE_ID} is used` : ''}.</p>
      <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
        {list.length === 0 && <li className="px-4 py-4 text-center text-sm text-slate-400">None saved</li>}
        {list.map((s) => (
          <li key={s.id || s.interchangeId} className="flex items-center gap-3 px-4 py-2.5">
            <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{s.label}</span>
            <span className="font-mono text-xs text-slate-600">{s.interchangeId}</span>
            <button type="button" aria-label={`Delete ${s.label}`} className="rounded-md p-1 text-slate-400 hover:bg-red-50 hover:text-red-600 disabled:opacity-40"
              disabled={remove.isPending} onClick={() => remove.mutate(s.id)}><Trash2 className="h-4 w-4" /></button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="mt-3 flex gap-2">
        <Input aria-label={`${title} label`} placeholder="Label" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={100} />
        <Input aria-label={`${title} ID`} placeholder="ID" className="w-44 font-mono uppercase" value={value} maxLength={INTERCHANGE_ID_MAX}
          onChange={(e) => setValue(cleanInterchangeId(e.target.value))} />
        <Button type="submit" variant="outline" loading={add.isPending}>Add</Button>
      </form>
    </div>
  );
}

export function SavedIdsSection() {
  const q = useQuery({ queryKey: ['interchange-ids'], queryFn: getSavedIds });
  return (
    <Card id="interchange-ids">
      <CardHeader icon={<IdCard className="h-5 w-5" />} title="Saved Interchange IDs" description={`ISA sender and receiver IDs you use often, at most ${INTERCHANGE_ID_MAX} characters each.`} />
      <CardBody>
        {q.isError && <p className="mb-4 text-sm text-red-600">Could not load your saved IDs.</p>}
        <div className="grid gap-8 md:grid-cols-2">
          <IdList kind="sender" data={q.data} />
          <IdList kind="receiver" data={q.data} />
        </div>
      </CardBody>
    </Card>
  );
}
