/** Webhooks: HTTPS endpoints notified with each finished document's EDI. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../api/http.ts';
import { createWebhook, deleteWebhook, listWebhooks } from '../../api/webhooks.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Input } from '../../components/ui/Field.tsx';
import { toastError } from '../../lib/toast-store.ts';
import { copyWithToast } from '../documents/edi-actions.ts';

export function WebhooksSection() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['webhooks'], queryFn: listWebhooks, retry: false });
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const reload = () => qc.invalidateQueries({ queryKey: ['webhooks'] });
  const add = useMutation({
    mutationFn: () => createWebhook(url.trim()),
    onSuccess: (h) => { setUrl(''); setSecret(h.secret); void reload(); },
    onError: (err) => toastError('Error', messageOf(err, 'Failed to add webhook')),
  });
  const remove = useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => void reload(),
    onError: (err) => toastError('Error', messageOf(err, 'Failed to delete webhook')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^https?:\/\/\S+$/i.test(url.trim())) { toastError('Error', 'Enter a valid http(s) URL'); return; }
    add.mutate();
  };
  return (
    <Card id="webhooks">
      <CardHeader icon={<WebhookIcon className="h-5 w-5" />} title="Webhooks" description="We POST each finished document, with its EDI, to these URLs." />
      <CardBody className="space-y-4">
        {secret && (
          <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
            <p className="text-sm font-semibold text-emerald-900">Signing secret</p>
            <p className="text-xs text-emerald-800">Use it to verify our signatures. It will not be shown again.</p>
            <div className="mt-2 flex gap-2">
              <code className="min-w-0 flex-1 truncate rounded-lg bg-white px-3 py-2 font-mono text-sm ring-1 ring-emerald-200">{secret}</code>
              <Button onClick={() => { void copyWithToast(secret); setSecret(null); }}><Copy className="h-4 w-4" />Copy</Button>
            </div>
          </div>
        )}
        <form onSubmit={submit} className="flex gap-2">
          <Input aria-label="Webhook URL" type="url" placeholder="https://example.com/edi-hook" value={url} onChange={(e) => setUrl(e.target.value)} />
          <Button type="submit" variant="outline" loading={add.isPending}>Add webhook</Button>
        </form>
        {q.isError ? <p className="text-sm text-slate-500">Webhooks are not available on this server yet.</p> : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {(q.data ?? []).length === 0 && <li className="px-4 py-4 text-center text-sm text-slate-400">{q.isPending ? 'Loading...' : 'No webhooks yet'}</li>}
            {(q.data ?? []).map((h) => (
              <li key={h.id} className="flex items-center gap-3 px-4 py-2.5">
                <span className="min-w-0 flex-1 truncate font-mono text-xs text-slate-700">{h.url}</span>
                <Badge tone={h.isActive ? 'green' : 'gray'}>{h.isActive ? 'Active' : 'Paused'}</Badge>
                <button type="button" aria-label={`Delete ${h.url}`} className="rounded-md p-1 text-slate-400 hover:bg-red-50 hover:text-red-600" onClick={() => remove.mutate(h.id)}><Trash2 className="h-4 w-4" /></button>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
