/** The two ways to sign up: e-mail with card payments, or a cloud-marketplace subscription. */
import { useState } from 'react';
import { Cloud, CreditCard, KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';
import { Badge } from '../../components/ui/Badge.tsx';
import { isCloudDeployment } from '../../config.ts';
import { useAuth } from '../auth/auth-context.ts';
import { PasswordSignInDialog } from '../auth/PasswordSignInDialog.tsx';
import { WELCOME_OFFER } from './plans.ts';

export function SignupOptions() {
  const auth = useAuth();
  const [pwOpen, setPwOpen] = useState(false);
  return (
    <section id="signup-options" className="scroll-mt-8 bg-white py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">Start in minutes</h2>
          <p className="mt-4 text-slate-600">Choose how you want to be billed. You can process your first bills today.</p>
        </div>
        <div className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          <div className="flex flex-col rounded-2xl border border-slate-200 p-8 shadow-sm">
            <CreditCard className="h-8 w-8 text-brand-600" />
            <h3 className="mt-4 text-lg font-semibold text-slate-900">Sign up with e-mail</h3>
            <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">
              {WELCOME_OFFER}, then buy credits à la carte with a card whenever you need more.
            </p>
            <Button className="mt-6" onClick={() => void auth.loginWithRedirect({ signup: true })}>Create Account</Button>
            {auth.passwordLogin && !auth.isAuthenticated && (
              <button type="button" onClick={() => setPwOpen(true)} className="mt-3 inline-flex items-center justify-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-600">
                <KeyRound className="h-4 w-4" /> Use e-mail and password instead
              </button>
            )}
          </div>
          <div className="flex flex-col rounded-2xl border border-slate-200 p-8 shadow-sm">
            <div className="flex items-center justify-between">
              <Cloud className="h-8 w-8 text-sky-600" />
              {isCloudDeployment() && <Badge tone="blue">Recommended here</Badge>}
            </div>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">Subscribe through your cloud marketplace</h3>
            <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">
              Usage is billed through your cloud subscription at the end of each billing cycle; each processed document counts as one usage unit.
            </p>
            <p className="mt-6 rounded-lg bg-slate-50 px-4 py-3 text-xs text-slate-500">
              Find Ladingwise in your cloud provider's marketplace and choose Subscribe. You will be brought back here to link the subscription.
            </p>
          </div>
        </div>
      </div>
      <PasswordSignInDialog open={pwOpen} onOpenChange={setPwOpen} />
    </section>
  );
}
