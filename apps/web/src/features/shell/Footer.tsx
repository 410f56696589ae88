/** The public footer: Product, Company, Legal columns and the copyright/tagline column. */
import { Link } from 'react-router';
import { COMPANY } from '../../config.ts';
import { Brand } from './Brand.tsx';

const COLUMNS = [
  { title: 'Product', links: [{ to: '/docs', label: 'Documentation' }] },
  { title: 'Company', links: [{ to: '/careers', label: 'Careers' }, { to: '/contact', label: 'Contact' }] },
  { title: 'Legal', links: [{ to: '/privacy', label: 'Privacy Policy' }, { to: '/terms', label: 'Terms and Conditions' }] },
] as const;

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        {COLUMNS.map((c) => (
          <div key={c.title}>
            <h3 className="text-sm font-semibold text-slate-900">{c.title}</h3>
            <ul className="mt-3 space-y-2">
              {c.links.map((l) => (
                <li key={l.to}><Link to={l.to} className="text-sm text-slate-600 hover:text-brand-600">{l.label}</Link></li>
              ))}
            </ul>
          </div>
        ))}
        <div className="col-span-2 md:col-span-1">
          <Brand />
          <p className="mt-3 text-sm text-slate-600">{COMPANY.tagline}</p>
          <p className="mt-3 text-xs text-slate-500">© {year} {COMPANY.legalName.replace(/\.$/, '')}. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
