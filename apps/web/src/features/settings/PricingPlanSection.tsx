/** The pricing plan choice: good-as-a-human or better-than-a-human. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Gauge } from 'lucide-react';
import { getPricingPlan, setPricingPlan, type PricingPlan } from '../../api/billing.ts';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { cx } from '../../components/ui/cx.ts';
import { toast, toastError } from '../../lib/toast-store.ts';
import { PLANS } from '../landing/plans.ts';

export function PricingPlanSection() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['pricing-plan'], queryFn: getPricingPlan });
  const m = useMutation({
    mutationFn: setPricingPlan,
    onSuccess: (_d, plan) => { qc.setQueryData(['pricing-plan'], plan); toast({ title: 'Pricing plan updated successfully', variant: 'success' }); },
    onError: () => toastError('Error', 'Failed to update pricing plan'),
  });
  const current: PricingPlan | undefined = m.isPending ? m.variables : q.data;
  return (
    <Card id="pricing-plan">
      <CardHeader icon={<Gauge className="h-5 w-5" />} title="Pricing Plan" description="Usage-based: you pay per processed bill. Failed documents are not charged." />
      <CardBody>
        {q.isError && <p className="mb-3 text-sm text-red-600">Could not load your pricing plan.</p>}
        <div className="grid gap-4 md:grid-cols-2" role="radiogroup" aria-label="Pricing plan">
          {PLANS.map((p) => {
            const selected = current === p.id;
            return (
              <button key={p.id} type="button" role="radio" aria-checked={selected} disabled={m.isPending || q.isPending}
                onClick={() => { if (!selected) m.mutate(p.id); }}
                className={cx('flex flex-col justify-start rounded-xl border p-5 text-left transition', selected ? 'border-brand-600 bg-brand-50/50 ring-1 ring-brand-600' : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50')}>
                <div className="flex items-center justify-between">
                  <span className="text-sm font-semibold text-slate-900">{p.name}</span>
                  {selected && (m.isPending ? <Spinner className="h-4 w-4 text-brand-600" /> : <span className="flex h-5 w-5 items-center justify-center rounded-full bg-brand-600 text-white"><Check className="h-3 w-3" /></span>)}
                </div>
                <p className="mt-2 text-2xl font-semibold text-slate-900">{p.priceCents}¢ <span className="text-sm font-normal text-slate-500">per bill · {p.credits} credits</span></p>
                <ul className="mt-3 space-y-1">{p.features.map((f) => <li key={f} className="text-xs text-slate-600">· {f}</li>)}</ul>
              </button>
            );
          })}
        </div>
      </CardBody>
    </Card>
  );
}
