/** The Ladingwise logo mark and word, linking to /. */
import { Link } from 'react-router';
import { COMPANY } from '../../config.ts';

export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M9 9h9l5 5v9a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1z" fill="#fff" />
      <path d="M18 9v5h5" fill="#c7d2fe" />
      <path d="M11 18h9M11 21h6" stroke="#4f46e5" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function Brand({ dark = false, compact = false }: { dark?: boolean; compact?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2.5" aria-label={`${COMPANY.product} home`}>
      <BrandMark />
      <span className={`${compact ? 'hidden sm:inline ' : ''}${dark ? 'text-lg font-semibold tracking-tight text-white' : 'text-lg font-semibold tracking-tight text-slate-900'}`}>{COMPANY.product}</span>
    </Link>
  );
}
