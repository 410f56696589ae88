/** Subscription-activated page: what happens next and how usage is billed. */
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getSubscription } from '../../api/marketplace.ts';
import { buttonClass } from '../../components/ui/Button.tsx';
import { useAuth } from '../auth/auth-context.ts';
import { MARKETPLACE_ERRORS } from './marketplace-flow.ts';
import { MarketplaceFrame } from './MarketplaceFrame.tsx';

const NEXT_STEPS = [
  'Upload a bill of lading from the Upload page.',
  'We process it and you download the EDI X12 204/211.',
  'Pay through your cloud subscription; no card needed here.',
] as const;

export function MarketplaceSuccess() {
  const [params] = useSearchParams();
  const { isAuthenticated } = useAuth();
  const subscriptionId = params.get('subscriptionId');
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; error?: string }>({ status: 'loading' });

  useEffect(() => {
    if (!subscriptionId) { setState({ status: 'error', error: MARKETPLACE_ERRORS.noSubscriptionId }); return; }
    if (!isAuthenticated) { setState({ status: 'ready' }); return; }
    getSubscription().then(
      (s) => setState(s ? { status: 'ready' } : { status: 'error', error: MARKETPLACE_ERRORS.detailsMissing }),
      () => setState({ status: 'error', error: MARKETPLACE_ERRORS.loadFailed }),
    );
  }, [subscriptionId, isAuthenticated]);

  if (state.status === 'loading') {
    return <MarketplaceFrame><Loader2 className="mx-auto h-10 w-10 animate-spin text-brand-600" /><p className="mt-4 text-sm text-slate-600">Loading...</p></MarketplaceFrame>;
  }
  if (state.status === 'error') {
    return (
      <MarketplaceFrame>
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600"><AlertTriangle className="h-6 w-6" /></div>
        <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-sm text-slate-600">{state.error}</p>
        <Link to="/app" className={buttonClass('primary', 'md', 'mt-6')}>Go to Dashboard</Link>
      </MarketplaceFrame>
    );
  }
  return (
    <MarketplaceFrame>
      <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600"><CheckCircle2 className="h-8 w-8" /></div>
      <h1 className="text-2xl font-semibold text-slate-900">Your Cloud Marketplace Subscription is Active!</h1>
      <p className="mt-2 font-mono text-xs text-slate-400">Subscription {subscriptionId}</p>
      <div className="mt-7 rounded-xl bg-slate-50 p-5 text-left">
        <h2 className="text-sm font-semibold text-slate-900">What's Next?</h2>
        <ol className="mt-3 space-y-2">
          {NEXT_STEPS.map((s, i) => (
            <li key={s} className="flex gap-3 text-sm text-slate-700"><span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">{i + 1}</span>{s}</li>
          ))}
        </ol>
      </div>
      <p className="mt-5 text-xs leading-5 text-slate-500">
        Usage is billed through your cloud subscription at the end of each billing cycle and can be monitored in your cloud provider's portal.
        Each processed document counts as one usage unit.
      </p>
      <div className="mt-7 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to="/app/upload" className={buttonClass('primary')}>Start Processing Documents</Link>
        <Link to="/app/billing" className={buttonClass('outline')}>View Billing Details</Link>
      </div>
    </MarketplaceFrame>
  );
}
