/** Account security: a password section that toggles open and closed, and signing out every session. */
import { ChevronDown, Lock, LogOut } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { changePassword } from '../../api/account.ts';
import { messageOf } from '../../api/http.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { cx } from '../../components/ui/cx.ts';
import { toast, toastError } from '../../lib/toast-store.ts';
import { useAuth } from '../auth/auth-context.ts';
import { checkPasswordChange } from './password-rules.ts';

export function SecurityCard({ canChangePassword }: { canChangePassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkPasswordChange(current, next, confirm);
    if (problem) { toastError('Error', problem); return; }
    setBusy(true);
    try {
      await changePassword(current, next);
      toast({ title: 'Password Updated', description: 'Your password has been changed.', variant: 'success' });
      setCurrent(''); setNext(''); setConfirm(''); setOpen(false);
    } catch (err) {
      toastError('Failed to change password', messageOf(err, ''));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader icon={<Lock className="h-5 w-5" />} title="Account security" description="Keep your account safe with a strong password." />
      <CardBody>
        <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between rounded-lg border border-slate-200 px-4 py-3 text-left hover:bg-slate-50">
          <span>
            <span className="block text-sm font-medium text-slate-900">Password</span>
            <span className="block text-xs text-slate-500">{canChangePassword ? 'Change the password you sign in with.' : 'You sign in through single sign-on; your password is managed there.'}</span>
          </span>
          <ChevronDown className={cx('h-5 w-5 text-slate-400 transition-transform', open && 'rotate-180')} />
        </button>
        {open && (
          <form onSubmit={submit} className="mt-4 grid gap-4 sm:max-w-md">
            <Field label="Current password">{(id) => <Input id={id} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />}</Field>
            <Field label="New password" hint="At least 10 characters, not a common password. Other sessions are signed out.">{(id) => <Input id={id} type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />}</Field>
            <Field label="Confirm new password">{(id) => <Input id={id} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />}</Field>
            <div className="flex gap-2">
              <Button type="submit" disabled={!current || !next || !confirm} loading={busy}>Update Password</Button>
              <Button variant="ghost" onClick={() => setOpen(false)}>Cancel</Button>
            </div>
          </form>
        )}
        <SignOutEverywhere />
      </CardBody>
    </Card>
  );
}

/** Ends every session of the account (a lost laptop, a shared computer), after the app's own confirmation. */
function SignOutEverywhere() {
  const auth = useAuth();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await auth.logoutEverywhere();
    } catch (err) {
      toastError('Could not sign out everywhere', messageOf(err, ''));
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3">
      <span>
        <span className="block text-sm font-medium text-slate-900">Signed-in sessions</span>
        <span className="block text-xs text-slate-500">Signed in somewhere you no longer use? End every session of your account at once.</span>
      </span>
      <Button variant="outline" onClick={() => setAsking(true)}><LogOut className="h-4 w-4" aria-hidden />Sign out everywhere</Button>
      <ConfirmDialog open={asking} title="Sign out everywhere?" confirmLabel="Sign out everywhere" danger busy={busy}
        onConfirm={() => void confirm()} onCancel={() => setAsking(false)}>
        <p>Every session of your account ends: this browser, other browsers and devices, and apps signed in as you. You will sign in again here.</p>
        <p>API keys and SFTP logins keep working; revoke those on the Settings page.</p>
      </ConfirmDialog>
    </div>
  );
}
