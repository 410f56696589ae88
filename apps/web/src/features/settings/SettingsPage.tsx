/** Settings: API keys, SFTP, EDI documents, human review, saved interchange IDs, pricing plan and webhooks. */
import { PageHeader } from '../../components/ui/Card.tsx';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import { EdiSettingsSection } from './EdiSettingsSection.tsx';
import { PricingPlanSection } from './PricingPlanSection.tsx';
import { ReviewSettingsSection } from './ReviewSettingsSection.tsx';
import { SavedIdsSection } from './SavedIdsSection.tsx';
import { SftpSection } from './SftpSection.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

const SECTIONS = [
  { id: 'api-keys', label: 'API Keys' },
  { id: 'sftp', label: 'SFTP Login Credentials' },
  { id: 'edi-settings', label: 'EDI Document Settings' },
  { id: 'review-settings', label: 'Human Review' },
  { id: 'interchange-ids', label: 'Saved Interchange IDs' },
  { id: 'pricing-plan', label: 'Pricing Plan' },
  { id: 'webhooks', label: 'Webhooks' },
] as const;

export function SettingsPage() {
  return (
    <>
      <title>Settings · Ladingwise</title>
      <PageHeader title="Settings" description="Integrations, EDI output and your plan." />
      <div className="grid gap-8 lg:grid-cols-[13rem_1fr]">
        <nav className="hidden lg:block" aria-label="Settings sections">
          <ul className="sticky top-24 space-y-1">
            {SECTIONS.map((s) => (
              <li key={s.id}><a href={`#${s.id}`} className="block rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-white hover:text-slate-900">{s.label}</a></li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-6 [&>section]:scroll-mt-24">
          <ApiKeysSection />
          <SftpSection />
          <EdiSettingsSection />
          <ReviewSettingsSection />
          <SavedIdsSection />
          <PricingPlanSection />
          <WebhooksSection />
        </div>
      </div>
    </>
  );
}
