/** SFTP login: "Create SFTP Account" when none exists, otherwise the credentials and a password form (min 10). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Server } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { createSftpUser, getSftpCredentials, resetSftpPassword, SftpError } from '../../api/keys-and-sftp.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { toast, toastError } from '../../lib/toast-store.ts';
import { useDisplayTimeZone } from '../../lib/use-display-time-zone.ts';
import { copyWithToast } from '../documents/edi-actions.ts';

export const SFTP_PASSWORD_MIN = 10;

const detail = (err: unknown) => (err instanceof SftpError && err.message ? err.message : undefined);

function Row({ label, value, mono = false, copy = false }: { label: string; value: string; mono?: boolean; copy?: boolean }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2 text-right text-sm text-slate-900">
        <span className={mono ? 'break-all font-mono' : 'break-all'}>{value}</span>
        {copy && <button type="button" className="text-slate-400 hover:text-slate-700" aria-label={`Copy ${label}`} onClick={() => void copyWithToast(value)}><Copy className="h-3.5 w-3.5" /></button>}
      </dd>
    </div>
  );
}

export function SftpSection() {
  const qc = useQueryClient();
  const creds = useQuery({ queryKey: ['sftp'], queryFn: getSftpCredentials });
  const [password, setPassword] = useState('');
  const tz = useDisplayTimeZone();

  const create = useMutation({
    mutationFn: () => createSftpUser(),
    onSuccess: () => { toast({ title: 'SFTP user created successfully', variant: 'success' }); void qc.invalidateQueries({ queryKey: ['sftp'] }); },
    onError: (err) => toastError('Failed to create SFTP user', detail(err)),
  });
  const reset = useMutation({
    mutationFn: (pw: string) => resetSftpPassword(pw),
    onSuccess: () => { setPassword(''); toast({ title: 'Password updated successfully', variant: 'success' }); void qc.invalidateQueries({ queryKey: ['sftp'] }); },
    onError: (err) => toastError('Failed to update password', detail(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) { toastError('Error', 'Please enter a new password'); return; }
    if (password.length < SFTP_PASSWORD_MIN) return;
    reset.mutate(password);
  };

  const c = creds.data;
  return (
    <Card id="sftp">
      <CardHeader icon={<Server className="h-5 w-5" />} title="SFTP Login Credentials" description="Collect generated EDI files from your SFTP folder, or drop images there to process them."
        action={c && <Badge tone={c.isActive ? 'green' : 'gray'}>{c.isActive ? 'Active' : 'Inactive'}</Badge>} />
      <CardBody>
        {creds.isPending ? <p className="text-sm text-slate-500">Loading...</p> : creds.isError ? (
          <p className="text-sm text-red-600">Could not load your SFTP account.</p>
        ) : !c ? (
          <div className="flex flex-col items-center rounded-xl bg-slate-50 px-6 py-8 text-center">
            <p className="text-sm text-slate-600">You do not have an SFTP account yet.</p>
            <Button className="mt-4" loading={create.isPending} onClick={() => create.mutate()}>Create SFTP Account</Button>
          </div>
        ) : (
          <div className="grid gap-8 md:grid-cols-2">
            <dl className="divide-y divide-slate-100">
              <Row label="Server" value={c.server} mono copy />
              <Row label="Port" value={String(c.port)} mono />
              <Row label="Username" value={c.username} mono copy />
              {c.password && <Row label="Password" value={c.password} mono copy />}
              <Row label="Created" value={formatTimestamp(c.createdAt, tz)} />
              <Row label="Last login" value={c.lastLogin ? formatTimestamp(c.lastLogin, tz) : 'Never'} />
            </dl>
            <form onSubmit={submit} className="space-y-3">
              <Field label="New SFTP password" hint="At least 10 characters, with uppercase and lowercase letters and numbers.">
                {(id) => <Input id={id} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
              </Field>
              <Button type="submit" disabled={!password || password.length < SFTP_PASSWORD_MIN} loading={reset.isPending}>Update Password</Button>
            </form>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
