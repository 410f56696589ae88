/** Buying credits: quick amounts ($50/$250/$1000, ~amount x 40 credits) and a custom amount (min $5, step 0.01). */
import { CreditCard } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Input } from '../../components/ui/Field.tsx';
import { cx } from '../../components/ui/cx.ts';
import { approxCredits, checkCustomAmount, checkoutErrorText, MIN_PURCHASE, QUICK_AMOUNTS } from '../../lib/purchase-rules.ts';
import { toastError } from '../../lib/toast-store.ts';
import { startCheckout } from './checkout.ts';

export function PurchaseCard({ checkout = startCheckout }: { checkout?: (amount: number) => Promise<void> }) {
  const [custom, setCustom] = useState('');
  const [pending, setPending] = useState<number | 'custom' | null>(null);

  const buy = async (amount: number, key: number | 'custom') => {
    setPending(key);
    try {
      await checkout(amount);
    } catch (err) {
      console.error('Checkout failed', err);
      toastError('Payment Error', checkoutErrorText(err));
      setPending(null);
    }
  };

  const submitCustom = (e: FormEvent) => {
    e.preventDefault();
    const check = checkCustomAmount(custom);
    if (!check.ok) { toastError(check.title, check.description); return; }
    void buy(check.amount, 'custom');
  };

  return (
    <Card id="purchase">
      <CardHeader icon={<CreditCard className="h-5 w-5" />} title="Buy credits" description="Secure card payment. Credits never expire." />
      <CardBody className="space-y-6">
        <div className="grid gap-3 sm:grid-cols-3">
          {QUICK_AMOUNTS.map((amount, i) => (
            <button key={amount} type="button" disabled={pending !== null} onClick={() => void buy(amount, amount)}
              className={cx('relative rounded-xl border p-5 text-left transition hover:border-brand-500 hover:shadow-sm disabled:opacity-60',
                i === 1 ? 'border-brand-300 bg-brand-50/40' : 'border-slate-200')}>
              {i === 1 && <span className="absolute right-3 top-3 rounded-full bg-brand-600 px-2 py-0.5 text-[10px] font-semibold uppercase text-white">Popular</span>}
              <span className="block text-2xl font-semibold text-slate-900">${amount.toLocaleString('en-US')}</span>
              <span className="mt-1 block text-sm text-slate-500">{approxCredits(amount)}</span>
              {pending === amount && <span className="mt-2 block text-xs font-medium text-brand-600">Redirecting to checkout…</span>}
            </button>
          ))}
        </div>
        <form onSubmit={submitCustom} className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-5" noValidate>
          <div className="min-w-[12rem] flex-1">
            <label htmlFor="custom-amount" className="mb-1.5 block text-sm font-medium text-slate-700">Custom amount (USD)</label>
            <div className="relative">
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-400">$</span>
              <Input id="custom-amount" type="number" inputMode="decimal" min={MIN_PURCHASE} step={0.01} placeholder="25.00" className="pl-7"
                value={custom} onChange={(e) => setCustom(e.target.value)} />
            </div>
            <p className="mt-1.5 text-xs text-slate-500">Minimum $5.00 (~200 credits){custom && Number(custom) > 0 ? ` · ${approxCredits(Number(custom))}` : ''}</p>
          </div>
          <Button type="submit" loading={pending === 'custom'} disabled={pending !== null}>Buy credits</Button>
        </form>
      </CardBody>
    </Card>
  );
}
