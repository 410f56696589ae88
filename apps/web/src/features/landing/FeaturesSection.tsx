/** Landing claims strip and the three feature cards. */
import { Globe2, ScanBarcode, Send, ShieldCheck, Clock, Target } from 'lucide-react';

const CLAIMS = [
  { icon: Target, label: 'Up to 99.9% accuracy' },
  { icon: Clock, label: '24/7 processing' },
  { icon: ShieldCheck, label: 'SOC 2 compliance' },
  { icon: Globe2, label: 'English, Spanish, French' },
] as const;

export function ClaimsStrip() {
  return (
    <ul className="mx-auto mt-14 grid max-w-3xl grid-cols-2 gap-4 text-sm text-slate-300 sm:grid-cols-4">
      {CLAIMS.map(({ icon: Icon, label }) => (
        <li key={label} className="flex flex-col items-center gap-2">
          <Icon className="h-5 w-5 text-brand-200" />{label}
        </li>
      ))}
    </ul>
  );
}

const FEATURES = [
  {
    icon: ScanBarcode,
    title: 'Reads what people write',
    text: 'Typed and handwritten text, barcodes and QR codes, in English, Spanish and French. Low-confidence fields are flagged for a quick human check.',
  },
  {
    icon: ShieldCheck,
    title: 'Human-in-the-loop or fully automatic',
    text: 'Review and correct documents in the web app, or send images straight through the REST API with an API key. Failed documents are never charged.',
  },
  {
    icon: Send,
    title: 'Delivered where you need it',
    text: 'Download EDI X12 204 and 211 from the web app, pick them up by SFTP, fetch them over REST, or receive them by webhook.',
  },
] as const;

export function FeaturesSection() {
  return (
    <section id="features" className="scroll-mt-8 bg-white py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Features</p>
          <h2 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">Built for freight paperwork</h2>
          <p className="mt-4 text-slate-600">Process thousands of bills a day without re-keying a single field.</p>
        </div>
        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition hover:shadow-md">
              <div className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600"><Icon className="h-6 w-6" /></div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
