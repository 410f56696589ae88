/** In-app documentation with a table of contents and a "Back to App" link. */
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '../shell/Brand.tsx';
import { Footer } from '../shell/Footer.tsx';
import { DOC_SECTIONS } from './docs-content.tsx';

export function DocsPage() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <title>Documentation · Ladingwise</title>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <div className="flex items-center gap-3"><Brand /><span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Docs</span></div>
          <Link to="/app/upload" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:text-brand-700"><ArrowLeft className="h-4 w-4" />Back to App</Link>
        </div>
      </header>
      <div className="mx-auto grid w-full max-w-7xl flex-1 gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_1fr] lg:px-8">
        <nav aria-label="Table of contents">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-400">On this page</p>
          <ul className="mt-3 space-y-1 lg:sticky lg:top-24">
            {DOC_SECTIONS.map((s) => <li key={s.id}><a href={`#${s.id}`} className="block rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-50 hover:text-slate-900">{s.title}</a></li>)}
          </ul>
        </nav>
        <article className="prose-legal max-w-3xl">
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Ladingwise Documentation</h1>
          <p className="mt-2 text-slate-500">Everything you need to go from a scanned bill of lading to EDI.</p>
          {DOC_SECTIONS.map((s) => <section key={s.id} id={s.id}><h2>{s.title}</h2>{s.body}</section>)}
        </article>
      </div>
      <Footer />
    </div>
  );
}
