/** Cloud-marketplace landing: stash the subscription, then link it once signed in, or offer sign-in / sign-up. */
import { AlertTriangle, Cloud, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { MARKETPLACE_ROUTE } from '../../config.ts';
import { toast } from '../../lib/toast-store.ts';
import { useAuth } from '../auth/auth-context.ts';
import { clearStash, linkStashed, MARKETPLACE_ERRORS, readStash, stashFromUrl } from './marketplace-flow.ts';
import { MarketplaceFrame } from './MarketplaceFrame.tsx';

export function MarketplaceLanding() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  // Whether there is anything to link: a token or subscription id in the URL, or one stashed before sign-in.
  const [hasData, setHasData] = useState<boolean | null>(null);
  useEffect(() => { stashFromUrl(location.search); setHasData(readStash() !== null); }, [location.search]);

  useEffect(() => {
    if (auth.isLoading || !auth.isAuthenticated || started.current) return;
    started.current = true;
    void linkStashed(readStash()).then((r) => {
      if (!r.ok) { setError(r.error); return; }
      clearStash();
      toast({ title: 'Subscription Activated', description: 'Your cloud marketplace subscription has been successfully linked.', variant: 'success' });
      navigate(`${MARKETPLACE_ROUTE}/success?subscriptionId=${encodeURIComponent(r.subscriptionId)}`, { replace: true });
    });
  }, [auth.isLoading, auth.isAuthenticated, navigate]);

  const returnTo = `${location.pathname}${location.search}`;

  // Signed out with nothing to link: say so rather than offer to link a subscription that does not exist.
  const shown = error ?? (!auth.isLoading && !auth.isAuthenticated && hasData === false ? MARKETPLACE_ERRORS.noData : null);
  if (shown) {
    return (
      <MarketplaceFrame>
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600"><AlertTriangle className="h-6 w-6" /></div>
        <h1 className="text-xl font-semibold text-slate-900">Subscription Error</h1>
        <p className="mt-3 text-sm text-slate-600">{shown}</p>
        <div className="mt-6 flex justify-center gap-2">
          <Button variant="outline" onClick={() => navigate('/')}>Go to Home</Button>
          <Button onClick={() => window.location.reload()}>Try Again</Button>
        </div>
      </MarketplaceFrame>
    );
  }
  if (auth.isLoading || auth.isAuthenticated || hasData === null) {
    return (
      <MarketplaceFrame>
        <Loader2 className="mx-auto h-10 w-10 animate-spin text-brand-600" />
        <h1 className="mt-5 text-xl font-semibold text-slate-900">{auth.isLoading ? 'Checking authentication...' : 'Processing Subscription'}</h1>
        {!auth.isLoading && <p className="mt-3 text-sm text-slate-600">Your subscription is being activated. You will be redirected shortly...</p>}
        {!auth.isLoading && <p className="mt-2 text-xs text-slate-400">Linking your subscription...</p>}
      </MarketplaceFrame>
    );
  }
  return (
    <MarketplaceFrame>
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-sky-50 text-sky-600"><Cloud className="h-6 w-6" /></div>
      <p className="text-sm font-medium text-sky-700">Cloud Marketplace Subscription</p>
      <h1 className="mt-1 text-2xl font-semibold text-slate-900">Subscription Ready</h1>
      <p className="mt-3 text-sm text-slate-600">Sign in to link this subscription to your Ladingwise account, or create a new account. Usage will be billed through your cloud subscription.</p>
      <div className="mt-7 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={() => void auth.loginWithRedirect({ returnTo })}>Sign In to Existing Account</Button>
        <Button variant="outline" onClick={() => void auth.loginWithRedirect({ returnTo, signup: true })}>Create New Account</Button>
      </div>
    </MarketplaceFrame>
  );
}
