/** Privacy Policy (spec section 2 sections; facts from spec section 1). */
import { COMPANY, mailbox } from '../../config.ts';
import { LegalLayout, type LegalSection } from './LegalLayout.tsx';

const SECTIONS: LegalSection[] = [
  { id: 'introduction', title: 'Introduction', body: (<>
    <p>{COMPANY.legalName} ("{COMPANY.product}", "we", "us") is a corporation incorporated in {COMPANY.jurisdiction}. We provide an AI service that reads bills of lading and produces EDI X12 204 and 211 documents.</p>
    <p>This policy explains what information we collect when you use our website, web application, API, SFTP service and related services (together, the "Service"), and how we use, share and protect it. By using the Service you agree to this policy.</p>
  </>) },
  { id: 'information-we-collect', title: 'Information We Collect', body: (<>
    <h3>Information you give us</h3>
    <ul>
      <li>Account details: name, e-mail address, company and sign-in information.</li>
      <li>Documents you upload, such as images of bills of lading, and the data extracted from them (shipper and consignee names and addresses, weights, references and dates).</li>
      <li>Corrections you make to extracted data, and your settings, saved interchange IDs, API keys and webhook URLs.</li>
      <li>Billing information. Card payments are handled by our payment provider; we do not store full card numbers. Marketplace subscriptions are billed by your cloud provider.</li>
    </ul>
    <h3>Information collected automatically</h3>
    <ul>
      <li>Usage data such as the documents processed, features used, SFTP and API access logs, IP addresses, browser type and timestamps.</li>
      <li>Information stored in your browser (local and session storage) to keep you signed in and remember your preferences.</li>
    </ul>
  </>) },
  { id: 'how-we-use', title: 'How We Use Your Information', body: (<ul>
    <li>To provide the Service: extract data, generate EDI, deliver it by web, SFTP, REST API and webhook, and report missing data.</li>
    <li>To bill you, including usage reporting to your cloud marketplace where you subscribed through one.</li>
    <li>To secure the Service, prevent abuse and enforce our Terms.</li>
    <li>To support you and to communicate about your account and the Service.</li>
    <li>To improve the Service. Data you submit may be used to train and evaluate our models.</li>
  </ul>) },
  { id: 'data-sharing', title: 'Data Sharing and Disclosure', body: (<>
    <p>We do not sell your personal information. We share information only:</p>
    <ul>
      <li>With service providers who process it on our behalf (hosting, payments, e-mail), under confidentiality obligations.</li>
      <li>With your cloud marketplace provider, for subscription and usage billing, where you subscribed through one.</li>
      <li>As scrubbed, anonymized data with partners, in a form that does not identify you or your customers.</li>
      <li>When required by law, or to protect our rights, users or the public.</li>
      <li>As part of a merger, acquisition or sale of assets, subject to this policy.</li>
    </ul>
  </>) },
  { id: 'data-retention', title: 'Data Retention and Deletion', body: (<>
    <p>We keep your account data while your account is active. Documents and extracted data are kept until you delete them.</p>
    <p>When you delete data, it is removed from the Service at once and permanently deleted 90 days later. Anonymized data and data already used to train models may be kept.</p>
  </>) },
  { id: 'data-security', title: 'Data Security', body: (
    <p>We protect data with encryption in transit, access controls, hashed credentials and API keys, tenant isolation and audit logging, and we operate controls aligned with SOC 2. No system is perfectly secure; please keep your passwords and API keys confidential and tell us at once about any suspected misuse.</p>
  ) },
  { id: 'your-rights', title: 'Your Rights and Choices', body: (<>
    <p>Subject to applicable law, you may access, correct, export or delete your personal information, and withdraw consent where processing relies on it. You can update much of it in the app, and delete documents yourself.</p>
    <p>To make a request, write to <a href={`mailto:${mailbox('privacy')}`}>{mailbox('privacy')}</a>. We answer privacy enquiries within 30 days.</p>
  </>) },
  { id: 'jurisdiction', title: 'Jurisdiction and Governing Law', body: (
    <p>This policy is governed by the laws of the Province of Ontario and the federal laws of Canada applicable there. Disputes are resolved as set out in our Terms and Conditions, by binding arbitration in Ontario.</p>
  ) },
  { id: 'contact', title: 'Contact Information', body: (
    <p>{COMPANY.legalName}, {COMPANY.jurisdiction}. Privacy: <a href={`mailto:${mailbox('privacy')}`}>{mailbox('privacy')}</a>. Legal: <a href={`mailto:${mailbox('legal')}`}>{mailbox('legal')}</a>.</p>
  ) },
  { id: 'updates', title: 'Updates to This Policy', body: (
    <p>We may update this policy from time to time. The effective date above shows when it last changed. Continuing to use the Service after a change means you accept the updated policy.</p>
  ) },
];

export function PrivacyPage() {
  return <LegalLayout title="Privacy Policy" sections={SECTIONS}
    intro={<p>How {COMPANY.product} collects, uses and protects your information.</p>} />;
}
