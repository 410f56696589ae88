/** Careers: "Join Our Team", the open positions (apply by e-mail) and "Why Join". */
import { Briefcase, Globe2, HeartPulse, Rocket, Truck, Users } from 'lucide-react';
import { mailbox } from '../../config.ts';
import { PublicLayout } from '../shell/PublicLayout.tsx';

export const POSITIONS = [
  { title: 'Senior Machine Learning Engineer, Document AI', team: 'AI', location: 'Toronto or remote (Canada)' },
  { title: 'Computer Vision Engineer, Handwriting Recognition', team: 'AI', location: 'Toronto or remote (Canada)' },
  { title: 'Applied Scientist, Extraction Quality', team: 'AI', location: 'Remote (North America)' },
  { title: 'Senior Backend Engineer, Node.js', team: 'Engineering', location: 'Toronto or remote (Canada)' },
  { title: 'EDI Integration Engineer (X12)', team: 'Engineering', location: 'Remote (North America)' },
  { title: 'Senior Frontend Engineer, React', team: 'Engineering', location: 'Remote (North America)' },
  { title: 'Site Reliability Engineer', team: 'Engineering', location: 'Toronto, ON' },
  { title: 'Security and Compliance Engineer (SOC 2)', team: 'Engineering', location: 'Toronto, ON' },
  { title: 'Product Manager, Logistics Workflows', team: 'Product', location: 'Toronto or remote (Canada)' },
  { title: 'Product Designer', team: 'Product', location: 'Remote (North America)' },
  { title: 'Solutions Engineer, TMS and ERP', team: 'Customer', location: 'Chicago, IL or remote (US)' },
  { title: 'Customer Success Manager, Freight Brokers', team: 'Customer', location: 'Remote (US)' },
  { title: 'Technical Support Specialist (English/Spanish)', team: 'Customer', location: 'Remote (North America)' },
  { title: 'Account Executive, Mid-Market Logistics', team: 'Sales', location: 'Dallas, TX or remote (US)' },
  { title: 'Cloud Marketplace Partnerships Manager', team: 'Sales', location: 'Remote (North America)' },
  { title: 'Data Annotation Lead (French/English)', team: 'Operations', location: 'Montréal, QC' },
] as const;

const WHY = [
  { icon: Truck, title: 'Real-world impact', text: 'Every document we read is a truck that moves sooner. Our work removes hours of re-keying from logistics teams every day.' },
  { icon: Rocket, title: 'Hard, useful problems', text: 'Handwriting, smudged scans, three languages and strict EDI: applied AI where accuracy really matters.' },
  { icon: Globe2, title: 'Remote-friendly', text: 'Work from our Toronto office or remotely across North America, with flexible hours.' },
  { icon: HeartPulse, title: 'Benefits that matter', text: 'Health and dental coverage, a learning budget, and generous paid time off.' },
  { icon: Users, title: 'Small, senior team', text: 'Own meaningful parts of the product from day one, with peers who care about craft.' },
  { icon: Briefcase, title: 'Ownership', text: 'Competitive salary and equity so you share in what we build together.' },
] as const;

export function CareersPage() {
  const careers = mailbox('careers');
  return (
    <PublicLayout>
      <title>Careers · Ladingwise</title>
      <section className="bg-slate-950 py-20 text-center text-white">
        <h1 className="text-4xl font-semibold tracking-tight">Join Our Team</h1>
        <p className="mx-auto mt-4 max-w-2xl text-slate-300">Help logistics run on clean data. We are building the AI agent that turns freight paperwork into EDI.</p>
      </section>
      <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 className="text-2xl font-semibold text-slate-900">Open positions</h2>
        <p className="mt-1 text-sm text-slate-500">{POSITIONS.length} roles · Apply by e-mail with your résumé and a short note.</p>
        <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {POSITIONS.map((p) => (
            <li key={p.title} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <div>
                <p className="font-medium text-slate-900">{p.title}</p>
                <p className="text-sm text-slate-500">{p.team} · {p.location}</p>
              </div>
              <a href={`mailto:${careers}?subject=${encodeURIComponent(`Application: ${p.title}`)}`}
                className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-brand-500 hover:text-brand-600">Apply</a>
            </li>
          ))}
        </ul>
      </section>
      <section className="bg-slate-50 py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <h2 className="text-2xl font-semibold text-slate-900">Why Join Ladingwise</h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {WHY.map(({ icon: Icon, title, text }) => (
              <div key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <Icon className="h-6 w-6 text-brand-600" />
                <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{text}</p>
              </div>
            ))}
          </div>
          <p className="mt-10 text-sm text-slate-600">Don't see your role? Write to <a className="font-medium text-brand-600" href={`mailto:${careers}`}>{careers}</a>.</p>
        </div>
      </section>
    </PublicLayout>
  );
}
