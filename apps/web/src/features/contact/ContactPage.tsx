/** Contact: "Get in Touch" with six cards (five mailboxes and the phone line with business hours). */
import { Briefcase, Headphones, Mail, Phone, Scale, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/Button.tsx';
import { COMPANY, mailbox } from '../../config.ts';
import { PublicLayout } from '../shell/PublicLayout.tsx';

export interface ContactCard {
  id: string;
  title: string;
  value: string;
  href: string;
  description: string;
}

export const BUSINESS_HOURS = '9 AM to 5 PM EST';

/** The six contact cards. */
export function contactCards(): ContactCard[] {
  const mail = (id: string, title: string, local: string, description: string): ContactCard =>
    ({ id, title, value: mailbox(local), href: `mailto:${mailbox(local)}`, description });
  return [
    mail('general', 'General Inquiries', 'hello', 'Questions about Ladingwise, partnerships or press.'),
    mail('support', 'Product Support', 'support', 'Help with uploads, EDI output, SFTP, API keys or billing.'),
    mail('careers', 'Careers', 'careers', 'Interested in joining the team? Send us your résumé.'),
    mail('privacy', 'Privacy', 'privacy', 'Data requests and privacy questions, answered within 30 days.'),
    mail('legal', 'Legal', 'legal', 'Contracts, terms and legal notices.'),
    { id: 'phone', title: 'Phone', value: COMPANY.phone, href: `tel:${COMPANY.phone.replace(/[^+\d]/g, '')}`, description: `Monday to Friday, ${BUSINESS_HOURS}.` },
  ];
}

const ICONS: Record<string, typeof Mail> = { general: Mail, support: Headphones, careers: Briefcase, privacy: ShieldCheck, legal: Scale, phone: Phone };

export function ContactPage() {
  return (
    <PublicLayout>
      <title>Contact · Ladingwise</title>
      <section className="border-b border-slate-200 bg-slate-50 py-16 text-center">
        <h1 className="text-4xl font-semibold tracking-tight text-slate-900">Get in Touch</h1>
        <p className="mx-auto mt-4 max-w-xl text-slate-600">We are here to help with anything from your first upload to a full TMS integration.</p>
        <Link to="/app/upload" className={buttonClass('primary', 'md', 'mt-6')}>Go to Dashboard</Link>
      </section>
      <section className="mx-auto grid max-w-5xl gap-6 px-4 py-16 sm:grid-cols-2 sm:px-6 lg:grid-cols-3 lg:px-8">
        {contactCards().map((c) => {
          const Icon = ICONS[c.id] ?? Mail;
          return (
            <a key={c.id} href={c.href} className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-300 hover:shadow-md">
              <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600"><Icon className="h-5 w-5" /></span>
              <h2 className="mt-4 font-semibold text-slate-900">{c.title}</h2>
              <p className="mt-1 text-sm font-medium text-brand-600 group-hover:underline">{c.value}</p>
              <p className="mt-2 text-sm text-slate-500">{c.description}</p>
            </a>
          );
        })}
      </section>
    </PublicLayout>
  );
}
