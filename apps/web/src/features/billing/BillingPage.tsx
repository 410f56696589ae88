/** Billing & Credits: balance, pricing, purchase (hidden for marketplace billing), transactions, marketplace notice. */
import { useQuery } from '@tanstack/react-query';
import { Cloud, ExternalLink, Receipt, Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getBillingInfo, getTransactions } from '../../api/billing.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Card, CardBody, CardHeader, PageHeader } from '../../components/ui/Card.tsx';
import { MARKETPLACE } from '../../config.ts';
import { formatCredits, formatTimestamp } from '../../lib/format.ts';
import { toast, toastError } from '../../lib/toast-store.ts';
import { displayTimeZone } from '../../lib/user-settings-cache.ts';
import { FREE_BILLS } from '../landing/plans.ts';
import { isMarketplaceBilling } from './checkout.ts';
import { PurchaseCard } from './PurchaseCard.tsx';

export const TRANSACTIONS_SHOWN = 10;

const TYPE_TONE = { Deposit: 'green', Charge: 'gray', Refund: 'blue' } as const;

export function BillingPage() {
  const [params, setParams] = useSearchParams();
  const info = useQuery({ queryKey: ['billing-info'], queryFn: getBillingInfo });
  const tx = useQuery({ queryKey: ['transactions', TRANSACTIONS_SHOWN], queryFn: () => getTransactions(TRANSACTIONS_SHOWN, 0) });
  const tz = displayTimeZone();

  // Return from checkout: show the notice once, then clear the query.
  useEffect(() => {
    const success = params.get('success') === 'true';
    const cancelled = params.get('cancelled') === 'true';
    if (!success && !cancelled) return;
    if (success) toast({ title: 'Payment Successful', description: 'Your credits have been added to your account.', variant: 'success' });
    else toast({ title: 'Payment Cancelled', description: 'Your payment was cancelled.' });
    const next = new URLSearchParams(params);
    next.delete('success');
    next.delete('cancelled');
    next.delete('session_id');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (info.isError) toastError('Error', 'Failed to load billing information');
  }, [info.isError]);

  const marketplace = isMarketplaceBilling(info.data?.billingMode);
  return (
    <>
      <title>Billing & Credits · Ladingwise</title>
      <PageHeader title="Billing & Credits" description={`Prepaid credits pay for processed documents. The first ${FREE_BILLS} bills are free and failed documents are never charged.`} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardBody>
            <div className="flex items-center gap-2 text-sm font-medium text-slate-500"><Wallet className="h-4 w-4" />Current balance</div>
            <p className="mt-3 text-4xl font-semibold tracking-tight text-slate-900" data-testid="balance">
              {info.isPending || info.isError ? '—' : formatCredits(info.data?.balance ?? 0)} <span className="text-base font-normal text-slate-500">credits</span>
            </p>
            {marketplace && <Badge tone="blue" className="mt-3"><Cloud className="h-3 w-3" />Billed through your cloud marketplace</Badge>}
          </CardBody>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader title="Pricing" description="Credits used per processed document, by plan." />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            {[
              { name: 'Good as a Human', credits: info.data?.goodAsHumanCredits ?? 8 },
              { name: 'Better than a Human', credits: info.data?.betterThanHumanCredits ?? 10 },
            ].map((p) => (
              <div key={p.name} className="rounded-xl bg-slate-50 p-4">
                <p className="text-sm font-medium text-slate-700">{p.name}</p>
                <p className="mt-1 text-2xl font-semibold text-slate-900">{p.credits} <span className="text-sm font-normal text-slate-500">credits / document</span></p>
              </div>
            ))}
          </CardBody>
        </Card>
      </div>

      <div className="mt-6 space-y-6">
        {!info.isPending && !marketplace && <PurchaseCard />}
        {marketplace && (
          <Card>
            <CardBody className="flex flex-wrap items-center justify-between gap-4">
              <p className="text-sm text-slate-600">Your usage is billed through your cloud marketplace subscription, so credits are not purchased here.</p>
              <a href={MARKETPLACE.billingPortalUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:text-brand-700">
                Open cloud billing portal <ExternalLink className="h-4 w-4" />
              </a>
            </CardBody>
          </Card>
        )}

        <Card>
          <CardHeader icon={<Receipt className="h-5 w-5" />} title="Transaction history" description={`Your latest ${TRANSACTIONS_SHOWN} transactions.`} />
          <CardBody className="p-0 sm:p-0">
            {tx.isPending ? <p className="px-6 py-6 text-sm text-slate-500">Loading...</p> : tx.isError ? (
              <p className="px-6 py-6 text-sm text-red-600">Could not load transactions.</p>
            ) : tx.data.length === 0 ? (
              <p className="px-6 py-8 text-center text-sm text-slate-500">No transactions yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {tx.data.map((t) => (
                  <li key={t.id} className="flex items-center gap-4 px-6 py-3">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm text-slate-900">{t.description || t.transactionType}</p>
                      <p className="text-xs text-slate-500">{formatTimestamp(t.createdAt, tz)}{t.source ? ` · ${t.source}` : ''}</p>
                    </div>
                    <Badge tone={TYPE_TONE[t.transactionType as keyof typeof TYPE_TONE] ?? 'gray'}>{t.transactionType}</Badge>
                    <span className={`w-28 text-right text-sm font-semibold tabular-nums ${t.transactionType === 'Charge' ? 'text-slate-700' : 'text-emerald-700'}`}>
                      {t.transactionType === 'Charge' ? '−' : '+'}{Math.abs(t.amount).toLocaleString('en-US')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardBody>
        </Card>

        <Card>
          <CardBody className="flex items-start gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-600"><Cloud className="h-5 w-5" /></span>
            <div>
              <h2 className="text-sm font-semibold text-slate-900">Prefer to pay through your cloud provider?</h2>
              <p className="mt-1 text-sm text-slate-600">
                Subscribe to Ladingwise in your cloud marketplace and usage is billed with your cloud subscription at the end of each billing cycle.
                Each processed document counts as one usage unit, and you can monitor usage in your cloud provider's portal.
              </p>
            </div>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
