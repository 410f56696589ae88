/** Layout of the legal pages: title, effective date (today), table of contents and the sections. */
import type { ReactNode } from 'react';
import { PublicLayout } from '../shell/PublicLayout.tsx';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Today as "November 22, 2026": the pages show the current date as the effective date. */
export function effectiveDate(now = new Date()): string {
  return now.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export function LegalLayout({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <PublicLayout>
      <title>{`${title} · Ladingwise`}</title>
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-500">Effective date: {effectiveDate()}</p>
          <div className="mt-4 max-w-3xl text-slate-600">{intro}</div>
        </div>
      </div>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_1fr] lg:px-8">
        <nav aria-label="Contents" className="hidden lg:block">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-400">Contents</p>
          <ol className="sticky top-24 mt-3 space-y-1.5 text-sm">
            {sections.map((s, i) => <li key={s.id}><a href={`#${s.id}`} className="text-slate-600 hover:text-brand-600">{i + 1}. {s.title}</a></li>)}
          </ol>
        </nav>
        <article className="prose-legal min-w-0">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id}>
              <h2>{i + 1}. {s.title}</h2>
              {s.body}
            </section>
          ))}
        </article>
      </div>
    </PublicLayout>
  );
}
