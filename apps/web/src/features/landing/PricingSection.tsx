/** The two usage-based plans on the landing page. */
import { Check } from 'lucide-react';
import { cx } from '../../components/ui/cx.ts';
import { PLANS, WELCOME_OFFER, WELCOME_OFFER_DETAIL } from './plans.ts';

export function PricingSection() {
  return (
    <section id="pricing" className="scroll-mt-8 bg-slate-50 py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Pricing</p>
          <h2 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">Pay per bill. Nothing else.</h2>
          <p className="mt-4 text-slate-600">{WELCOME_OFFER}, and failed documents are never charged.</p>
          <p className="mt-2 text-sm text-slate-500">{WELCOME_OFFER_DETAIL}</p>
        </div>
        <div className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          {PLANS.map((p, i) => (
            <div key={p.id} className={cx('relative rounded-2xl bg-white p-8 shadow-sm ring-1', i === 1 ? 'ring-2 ring-brand-600' : 'ring-slate-200')}>
              {i === 1 && <span className="absolute -top-3 left-8 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">Most capable</span>}
              <h3 className="text-lg font-semibold text-slate-900">{p.name}</h3>
              <p className="mt-4 flex items-baseline gap-1">
                <span className="text-4xl font-semibold tracking-tight text-slate-900">{p.priceCents}¢</span>
                <span className="text-sm text-slate-500">USD per bill</span>
              </p>
              <p className="mt-1 text-xs text-slate-500">{p.credits} credits per bill at 40 credits per dollar</p>
              <ul className="mt-6 space-y-3">
                {p.features.map((f) => (
                  <li key={f} className="flex gap-3 text-sm text-slate-700"><Check className="h-5 w-5 shrink-0 text-brand-600" />{f}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
