/** API keys: create (name required), show the full key once with Copy, revoke, rotate (active keys only). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, RefreshCw, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey, type ApiKey } from '../../api/keys-and-sftp.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { toast, toastError } from '../../lib/toast-store.ts';
import { useDisplayTimeZone } from '../../lib/use-display-time-zone.ts';

export function ApiKeysSection() {
  const qc = useQueryClient();
  const keys = useQuery({ queryKey: ['apikeys'], queryFn: listApiKeys });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [fullKey, setFullKey] = useState<string | null>(null);
  // The key waiting for the user to confirm a revoke or a rotate.
  const [pending, setPending] = useState<{ action: 'revoke' | 'rotate'; key: ApiKey } | null>(null);
  const tz = useDisplayTimeZone();
  const reload = () => qc.invalidateQueries({ queryKey: ['apikeys'] });

  const create = useMutation({
    mutationFn: () => createApiKey(name.trim(), description.trim()),
    onSuccess: (k) => { setFullKey(k); setName(''); setDescription(''); void reload(); },
    onError: () => toastError('Error', 'Failed to create API key'),
  });
  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => { setPending(null); toast({ title: 'Key revoked' }); void reload(); },
    onError: () => toastError('Error', 'Failed to revoke key'),
  });
  const rotate = useMutation({
    mutationFn: rotateApiKey,
    onSuccess: (k) => { setPending(null); setFullKey(k); void reload(); },
    onError: () => toastError('Error', 'Failed to rotate key'),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) { toastError('Error', 'Key name is required'); return; }
    create.mutate();
  };

  const copyKey = async () => {
    if (!fullKey) return;
    if (await copyText(fullKey)) { toast({ title: 'Copied', description: 'Copied to clipboard', variant: 'success' }); setFullKey(null); }
    else toastError('Error', 'Unable to copy to clipboard');
  };

  return (
    <Card id="api-keys">
      <CardHeader icon={<KeyRound className="h-5 w-5" />} title="API Keys" description="Send images and fetch EDI from your own systems. Pass the key as X-API-Key or a bearer token." />
      <CardBody className="space-y-5">
        {fullKey && (
          <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4" role="status">
            <p className="text-sm font-semibold text-emerald-900">Your new API key</p>
            <p className="mt-0.5 text-xs text-emerald-800">Copy it now. For your security it will not be shown again.</p>
            <div className="mt-3 flex gap-2">
              <code className="min-w-0 flex-1 truncate rounded-lg bg-white px-3 py-2 font-mono text-sm text-slate-800 ring-1 ring-emerald-200">{fullKey}</code>
              <Button onClick={() => void copyKey()}><Copy className="h-4 w-4" />Copy</Button>
            </div>
          </div>
        )}
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1.5fr_auto] sm:items-end">
          <Field label="Key name">{(id) => <Input id={id} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. TMS integration" maxLength={100} />}</Field>
          <Field label="Description (optional)">{(id) => <Input id={id} value={description} onChange={(e) => setDescription(e.target.value)} placeholder="What uses this key" maxLength={500} />}</Field>
          <Button type="submit" loading={create.isPending}>Create key</Button>
        </form>
        {keys.isPending ? <p className="text-sm text-slate-500">Loading...</p> : keys.isError ? (
          <p className="text-sm text-red-600">Could not load your API keys.</p>
        ) : keys.data.length === 0 ? (
          <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-500">No API keys yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {keys.data.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 text-sm font-medium text-slate-900">{k.name}<Badge tone={k.isActive ? 'green' : 'gray'}>{k.isActive ? 'Active' : 'Revoked'}</Badge></p>
                  <p className="mt-0.5 text-xs text-slate-500">
                    <span className="font-mono">{k.keyPrefix}…</span> · Created {formatTimestamp(k.createdAt, tz)} · {k.lastUsedAt ? `Last used ${formatTimestamp(k.lastUsedAt, tz)}` : 'Never used'}
                  </p>
                  {k.description && <p className="mt-0.5 text-xs text-slate-400">{k.description}</p>}
                </div>
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" disabled={!k.isActive} onClick={() => setPending({ action: 'rotate', key: k })}><RefreshCw className="h-3.5 w-3.5" />Rotate</Button>
                  <Button size="sm" variant="dangerGhost" disabled={!k.isActive} onClick={() => setPending({ action: 'revoke', key: k })}>
                    <Trash2 className="h-3.5 w-3.5" />Revoke
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      <ConfirmDialog open={pending?.action === 'rotate'} title={`Rotate "${pending?.key.name ?? ''}"?`} confirmLabel="Rotate key"
        busy={rotate.isPending} onCancel={() => setPending(null)} onConfirm={() => { if (pending) rotate.mutate(pending.key.id); }}>
        <p>A new key replaces this one. <strong>The old key ({pending?.key.keyPrefix}…) stops working at once</strong>: requests that use it are refused from now on.</p>
        <p>The new key is shown once, next. Put it in every system that used the old key.</p>
      </ConfirmDialog>
      <ConfirmDialog open={pending?.action === 'revoke'} title={`Revoke "${pending?.key.name ?? ''}"?`} confirmLabel="Revoke key" danger
        busy={revoke.isPending} onCancel={() => setPending(null)} onConfirm={() => { if (pending) revoke.mutate(pending.key.id); }}>
        <p><strong>The key ({pending?.key.keyPrefix}…) stops working at once</strong> and cannot be turned back on: systems that use it are refused from now on.</p>
        <p>It stays in the list as Revoked. Create a new key if a system still needs access.</p>
      </ConfirmDialog>
    </Card>
  );
}
