/** Billing & Credits: balance and the welcome offer, pricing, purchase (card billing only), transactions, marketplace notice. */
import { useQuery } from '@tanstack/react-query';
import { Cloud, ExternalLink, Gift, Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { getBillingInfo } from '../../api/billing.ts';
import { Badge } from '../../components/ui/Badge.tsx';
import { Card, CardBody, CardHeader, PageHeader } from '../../components/ui/Card.tsx';
import { MARKETPLACE } from '../../config.ts';
import { formatCredits, MISSING } from '../../lib/format.ts';
import { toastError } from '../../lib/toast-store.ts';
import { useDisplayTimeZone } from '../../lib/use-display-time-zone.ts';
import { PLANS, WELCOME_OFFER, WELCOME_OFFER_DETAIL } from '../landing/plans.ts';
import { isMarketplaceBilling } from './checkout.ts';
import { useCheckoutReturn } from './checkout-return.ts';
import { PurchaseCard } from './PurchaseCard.tsx';
import { TransactionHistory } from './TransactionHistory.tsx';

export { TRANSACTIONS_SHOWN } from './TransactionHistory.tsx';

export function BillingPage() {
  const info = useQuery({ queryKey: ['billing-info'], queryFn: getBillingInfo });
  const tz = useDisplayTimeZone();
  useCheckoutReturn();

  useEffect(() => {
    if (info.isError) toastError('Error', 'Failed to load billing information');
  }, [info.isError]);

  const marketplace = isMarketplaceBilling(info.data?.billingMode);
  const credits = { 'good-as-a-human': info.data?.goodAsHumanCredits, 'better-than-a-human': info.data?.betterThanHumanCredits } as const;
  return (
    <>
      <title>Billing & Credits · Ladingwise</title>
      <PageHeader title="Billing & Credits" description={`Prepaid credits pay for processed documents. ${WELCOME_OFFER}, and failed documents are never charged.`} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardBody>
            <div className="flex items-center gap-2 text-sm font-medium text-slate-500"><Wallet className="h-4 w-4" />Current balance</div>
            <p className="mt-3 text-4xl font-semibold tracking-tight text-slate-900" data-testid="balance">
              {info.isPending || info.isError ? MISSING : formatCredits(info.data?.balance ?? 0)} <span className="text-base font-normal text-slate-500">credits</span>
            </p>
            {marketplace ? <Badge tone="blue" className="mt-3"><Cloud className="h-3 w-3" />Billed through your cloud marketplace</Badge> : (
              <div className="mt-4 flex gap-2 rounded-lg bg-emerald-50 p-3 text-emerald-900" data-testid="welcome-offer">
                <Gift className="mt-0.5 h-4 w-4 shrink-0" />
                <p className="text-xs leading-5"><span className="font-semibold">Welcome offer: {WELCOME_OFFER.toLowerCase()}.</span> {WELCOME_OFFER_DETAIL}</p>
              </div>
            )}
          </CardBody>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader title="Pricing" description="What one processed bill costs on each plan, at 40 credits per dollar." />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            {PLANS.map((p) => (
              <div key={p.id} className="rounded-xl bg-slate-50 p-4" data-testid={`price-${p.id}`}>
                <p className="text-sm font-medium text-slate-700">{p.name}</p>
                <p className="mt-1 text-2xl font-semibold text-slate-900">{credits[p.id] ?? p.credits} <span className="text-sm font-normal text-slate-500">credits / document</span></p>
                <p className="text-xs text-slate-500">{p.priceCents} cents USD per bill</p>
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

        <TransactionHistory timeZone={tz} />

        {!info.isPending && !marketplace && (
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
        )}
      </div>
    </>
  );
}
