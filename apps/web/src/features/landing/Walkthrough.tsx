/** An animated three-step product walkthrough (upload, extract, EDI) used as the demo "video". */
import { useEffect, useState } from 'react';
import { CheckCircle2, FileImage, FileText, ScanLine } from 'lucide-react';
import { cx } from '../../components/ui/cx.ts';

const STEPS = [
  { icon: FileImage, title: 'Upload the bill of lading', text: 'Drop scans or photos: JPEG, PNG, BMP, TIFF or WebP.' },
  { icon: ScanLine, title: 'AI reads every field', text: 'Shipper, consignee, weights, pieces, dates and references, typed or handwritten.' },
  { icon: FileText, title: 'Download X12 204 / 211', text: 'Ready for your TMS or ERP by web, SFTP, REST or webhook.' },
] as const;

const EDI = ['ISA*00*          *00*          *ZZ*LADINGWISE     *ZZ*ACMEFREIGHT    *...~', 'GS*SM*LADINGWISE*ACMEFREIGHT*20261122*1730*1*X*005010~', 'ST*204*0001~', 'B2**ACME**BOL778120*PP~', 'N1*SH*NORTHWIND SUPPLY CO~', 'L3*12450*G***8*PLT~', 'SE*6*0001~'];

export function Walkthrough({ autoplay = false }: { autoplay?: boolean }) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!autoplay) return;
    const t = setInterval(() => setStep((s) => (s + 1) % STEPS.length), 2600);
    return () => clearInterval(t);
  }, [autoplay]);
  return (
    <div className="grid aspect-video w-full grid-cols-1 gap-0 text-white md:grid-cols-[1fr_1.3fr]">
      <div className="flex flex-col justify-center gap-3 p-6 sm:p-8">
        {STEPS.map((s, i) => (
          <button key={s.title} type="button" onClick={() => setStep(i)}
            className={cx('flex items-start gap-3 rounded-xl p-3 text-left transition', i === step ? 'bg-white/10 ring-1 ring-white/20' : 'opacity-60 hover:opacity-90')}>
            <s.icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-200" />
            <span>
              <span className="block text-sm font-semibold">{i + 1}. {s.title}</span>
              <span className="block text-xs text-slate-300">{s.text}</span>
            </span>
          </button>
        ))}
      </div>
      <div className="hidden items-center justify-center bg-gradient-to-br from-brand-900 to-slate-900 p-6 md:flex">
        {step === 0 && (
          <div className="w-64 rotate-[-2deg] rounded-lg bg-white p-4 text-slate-800 shadow-2xl">
            <div className="mb-2 text-center text-xs font-bold tracking-widest">STRAIGHT BILL OF LADING</div>
            {['Shipper', 'Consignee', 'Carrier', 'Weight'].map((l) => (
              <div key={l} className="mb-1.5 flex gap-2 text-[10px]"><span className="w-16 font-semibold">{l}</span><span className="h-2 flex-1 self-center rounded bg-slate-200" /></div>
            ))}
            <div className="mt-3 h-8 rounded bg-[repeating-linear-gradient(90deg,#0f172a_0_2px,transparent_2px_4px)]" />
          </div>
        )}
        {step === 1 && (
          <div className="w-72 space-y-2 rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
            {[['Shipper', 'Northwind Supply Co'], ['Consignee', 'Acme Retail DC 4'], ['Weight', '12,450 lb'], ['Pieces', '8 PLT'], ['BOL #', 'BOL778120']].map(([k, v]) => (
              <div key={k} className="flex items-center justify-between rounded-lg bg-white/5 px-3 py-2 text-xs">
                <span className="text-slate-300">{k}</span>
                <span className="flex items-center gap-1.5 font-medium">{v}<CheckCircle2 className="h-3.5 w-3.5 text-emerald-400" /></span>
              </div>
            ))}
          </div>
        )}
        {step === 2 && (
          <pre className="w-full overflow-hidden rounded-xl bg-black/40 p-4 font-mono text-[10px] leading-relaxed text-emerald-300 ring-1 ring-white/10">{EDI.join('\n')}</pre>
        )}
      </div>
    </div>
  );
}
