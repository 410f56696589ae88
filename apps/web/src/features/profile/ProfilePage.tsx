/** Profile Settings: display name (saved), identity fields, role badge, account security. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { getProfile, updateProfile } from '../../api/account.ts';
import { messageOf } from '../../api/http.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader, PageHeader } from '../../components/ui/Card.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { formatTimestamp, MISSING } from '../../lib/format.ts';
import { toast, toastError } from '../../lib/toast-store.ts';
import { useDisplayTimeZone } from '../../lib/use-display-time-zone.ts';
import { useAuth } from '../auth/auth-context.ts';
import { SecurityCard } from './SecurityCard.tsx';

export function ProfilePage() {
  const { user, source } = useAuth();
  const q = useQuery({ queryKey: ['profile'], queryFn: getProfile, retry: false });
  const [name, setName] = useState(user?.name ?? '');
  const queryClient = useQueryClient();
  const saveName = useMutation({
    mutationFn: () => updateProfile(name.trim()),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      toast({ title: 'Profile Updated', description: 'Your profile information has been saved.', variant: 'success' });
    },
    onError: (err) => toastError('Failed to update profile', messageOf(err, '')),
  });
  const tz = useDisplayTimeZone();

  const [edited, setEdited] = useState(false);
  // The stored name fills the field once it loads, unless the user has started typing.
  useEffect(() => { if (q.data?.name && !edited) setName(q.data.name); }, [q.data?.name, edited]);
  useEffect(() => { if (q.isError) toastError('Error', 'Failed to load profile information'); }, [q.isError]);

  const p = {
    id: q.data?.id || user?.id || MISSING,
    email: q.data?.email || user?.email || MISSING,
    role: q.data?.role || user?.role || 'User',
    tenantId: q.data?.tenantId || user?.tenantId || MISSING,
    createdAt: q.data?.createdAt ?? user?.createdAt ?? null,
    lastLoginAt: q.data?.lastLoginAt ?? user?.lastLoginAt ?? null,
  };

  // The spec's Save is simulated; a real product keeps the name, so it is stored (docs/web.md).
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) { toastError('Failed to update profile', 'Name is required'); return; }
    saveName.mutate();
  };

  return (
    <>
      <title>Profile · Ladingwise</title>
      <PageHeader title="Profile Settings" description="Your personal information and sign-in security." />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <Card>
            <CardHeader icon={<UserRound className="h-5 w-5" />} title="Profile information" action={<Badge tone={p.role === 'Admin' ? 'brand' : 'gray'}>{p.role}</Badge>} />
            <CardBody>
              <form onSubmit={save} className="grid gap-4 sm:grid-cols-2">
                <Field label="Full name">{(id) => <Input id={id} value={name} onChange={(e) => { setEdited(true); setName(e.target.value); }} autoComplete="name" />}</Field>
                <Field label="E-mail" hint="Contact support to change your e-mail.">{(id) => <Input id={id} value={p.email} readOnly disabled />}</Field>
                <Field label="Tenant ID" hint="Your organisation's account.">{(id) => <Input id={id} value={p.tenantId} readOnly disabled />}</Field>
                <Field label="Role" hint="Assigned by your administrator.">{(id) => <Input id={id} value={p.role} readOnly disabled />}</Field>
                <div className="flex justify-end sm:col-span-2"><Button type="submit" loading={saveName.isPending}>Save Changes</Button></div>
              </form>
            </CardBody>
          </Card>
          <SecurityCard canChangePassword={source === 'password'} />
        </div>
        <Card className="h-fit">
          <CardBody>
            <h2 className="text-sm font-semibold text-slate-900">Account details</h2>
            <dl className="mt-4 space-y-3 text-sm">
              {[
                ['User ID', p.id, true], ['Tenant ID', p.tenantId, true],
                ['Member since', p.createdAt ? formatTimestamp(p.createdAt, tz) : MISSING, false], ['Last login', p.lastLoginAt ? formatTimestamp(p.lastLoginAt, tz) : MISSING, false],
              ].map(([k, v, mono]) => (
                <div key={k as string}>
                  <dt className="text-xs text-slate-500">{k}</dt>
                  <dd className={`break-all text-slate-800 ${mono ? 'font-mono text-xs' : ''}`}>{v}</dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
