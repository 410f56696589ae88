/** E-mail and password sign-in / account creation, the stored-token alternative to the hosted login. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Field, Input } from '../../components/ui/Field.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { cx } from '../../components/ui/cx.ts';
import { useAuth } from './auth-context.ts';

export function PasswordSignInDialog({ open, onOpenChange, initialMode = 'signin', returnTo }: {
  open: boolean; onOpenChange: (o: boolean) => void; initialMode?: 'signin' | 'signup'; returnTo?: string;
}) {
  const auth = useAuth();
  const [mode, setMode] = useState(initialMode);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === 'signup') await auth.signupWithPassword(name.trim(), email.trim(), password, returnTo);
      else await auth.loginWithPassword(email.trim(), password, returnTo);
      onOpenChange(false);
    } catch (err) {
      console.error('Password sign-in failed', err);
      setError(err instanceof Error && err.message ? err.message : 'Sign-in failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} size="sm" title={mode === 'signup' ? 'Create your account' : 'Sign in with e-mail'}
      description={mode === 'signup' ? 'Your first 50 bills are free.' : 'Use the e-mail and password of your account.'}>
      <div role="tablist" aria-label="Sign in or create an account" className="mb-5 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium">
        {(['signin', 'signup'] as const).map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} onClick={() => { setMode(m); setError(null); }}
            className={cx('rounded-md py-1.5', mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-700')}>
            {m === 'signin' ? 'Sign in' : 'Create account'}
          </button>
        ))}
      </div>
      <form onSubmit={submit} className="space-y-4">
        {mode === 'signup' && (
          <Field label="Full name">{(id) => <Input id={id} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />}</Field>
        )}
        <Field label="E-mail">{(id) => <Input id={id} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />}</Field>
        <Field label="Password" hint={mode === 'signup' ? 'At least 10 characters, not a common password.' : undefined}>
          {(id) => <Input id={id} type="password" required minLength={mode === 'signup' ? 10 : undefined} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete={mode === 'signup' ? 'new-password' : 'current-password'} />}
        </Field>
        {error && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>}
        <Button type="submit" className="w-full" loading={busy}>{mode === 'signup' ? 'Create account' : 'Sign in'}</Button>
      </form>
      {auth.hostedLogin && (
        <div className="mt-5 border-t border-slate-100 pt-4 text-center text-sm text-slate-500">
          Prefer single sign-on?{' '}
          <button type="button" className="font-medium text-brand-600 hover:text-brand-700" onClick={() => void auth.loginWithRedirect({ returnTo, signup: mode === 'signup' })}>
            Continue with hosted sign-in
          </button>
        </div>
      )}
    </Modal>
  );
}
