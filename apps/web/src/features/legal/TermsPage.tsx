/** Terms and Conditions (spec section 2 sections; facts from spec section 1). */
import { Link } from 'react-router';
import { COMPANY, mailbox } from '../../config.ts';
import { LegalLayout, type LegalSection } from './LegalLayout.tsx';

const SECTIONS: LegalSection[] = [
  { id: 'agreement', title: 'Agreement to Terms', body: (
    <p>These Terms and Conditions ("Terms") are an agreement between you (and the organization you act for) and {COMPANY.legalName}, a corporation incorporated in {COMPANY.jurisdiction} ("{COMPANY.product}", "we", "us"), governing your use of our website, web application, API, SFTP service and related services (the "Service").</p>
  ) },
  { id: 'agreement-through-use', title: 'Agreement Through Use', body: (
    <p>Any use of the Service, including browsing, uploading documents, calling the API or connecting by SFTP, means you have read and agree to these Terms and to our <Link to="/privacy">Privacy Policy</Link>. If you do not agree, do not use the Service.</p>
  ) },
  { id: 'abuse', title: 'System Abuse and Termination', body: (<>
    <p>You must not abuse the Service: this includes attempting to gain unauthorized access, probing or overloading our systems, uploading malicious or unlawful content, reverse engineering the Service, or sharing credentials or API keys.</p>
    <p>Abuse leads to immediate termination of your access, without notice and with no appeal.</p>
  </>) },
  { id: 'service-description', title: 'Service Description', body: (<>
    <p>The Service uses AI extraction to read bills of lading (typed and handwritten text, barcodes and QR codes, in English, Spanish and French) and generate EDI X12 204 and 211 documents, delivered through the web app, SFTP, a REST API and webhooks.</p>
    <p>Pricing is usage-based: 15 cents USD (6 credits) per bill on "Good as a Human" and 20 cents USD (8 credits) per bill on "Better than a Human". Your first 50 bills are free: new accounts receive a one-time $10 welcome credit (400 credits at 40 credits per dollar) that pays for them, and failed documents are not charged. Further credits are bought à la carte; marketplace subscriptions are billed through the cloud subscription at the end of each billing cycle, each processed document counting as one usage unit.</p>
  </>) },
  { id: 'data-validation', title: 'Data Validation and User Responsibility', body: (
    <p>AI extraction can be wrong. Accuracy figures are estimates, not guarantees. You are solely responsible for reviewing and validating all extracted data and generated EDI before relying on it or sending it to any downstream system, trading partner or carrier.</p>
  ) },
  { id: 'data-liability', title: 'Complete Data Liability Indemnification', body: (
    <p>You are responsible for the documents and data you submit and for how you use the output. You will indemnify and hold harmless {COMPANY.product}, its directors, officers, employees and agents from any claim, loss or expense arising from the data you submit, the output you use, or any error in either.</p>
  ) },
  { id: 'indemnification', title: 'Complete Indemnification and Liability Release', body: (
    <p>To the fullest extent permitted by law, you release {COMPANY.product} from, and will indemnify it against, all claims, damages, losses, liabilities, costs and expenses (including legal fees) arising from your use of the Service, your breach of these Terms, or your violation of any law or third-party right.</p>
  ) },
  { id: 'disclaimers', title: 'Disclaimers and Warranties', body: (
    <p>The Service is provided "as is" and "as available", without warranties of any kind, express or implied, including merchantability, fitness for a particular purpose, accuracy and non-infringement. We do not warrant that the Service will be uninterrupted, error-free or secure.</p>
  ) },
  { id: 'arbitration', title: 'Mandatory Arbitration', body: (<ul>
    <li>Any dispute arising from these Terms or the Service will be resolved by binding arbitration in Ontario, Canada, before a single arbitrator, conducted in English.</li>
    <li>The maximum award the arbitrator may grant is 1,000 CAD.</li>
    <li>Claims may be brought only individually. Class actions, class arbitrations and representative proceedings are waived.</li>
  </ul>) },
  { id: 'jurisdiction', title: 'Jurisdiction and Governing Law', body: (
    <p>These Terms are governed by the laws of the Province of Ontario and the federal laws of Canada applicable there, without regard to conflict-of-law rules.</p>
  ) },
  { id: 'limitations', title: 'Service Limitations and Exclusions', body: (
    <p>We may change, suspend or limit features, file sizes, volumes or availability at any time. To the fullest extent permitted by law, we are not liable for indirect, incidental, special, consequential or punitive damages, lost profits or lost data. Any award is further limited as set out under Mandatory Arbitration.</p>
  ) },
  { id: 'user-obligations', title: 'User Obligations and Responsibilities', body: (<ul>
    <li>Provide accurate account information and keep your credentials, SFTP passwords and API keys secure.</li>
    <li>Have the right to upload every document you submit, and comply with applicable laws, including privacy laws.</li>
    <li>Validate generated data downstream before use.</li>
    <li>Pay all fees for your usage.</li>
  </ul>) },
  { id: 'termination', title: 'Termination and Survival', body: (
    <p>You may stop using the Service at any time. We may suspend or terminate your access for breach of these Terms or abuse. Sections on indemnification, disclaimers, limitations, arbitration and governing law survive termination. Data you delete is permanently deleted 90 days later. You agree that data may be used to train models and that scrubbed, anonymized data may be shared with partners, as described in our Privacy Policy.</p>
  ) },
  { id: 'contact', title: 'Contact Information', body: (
    <p>{COMPANY.legalName}, {COMPANY.jurisdiction}. Legal: <a href={`mailto:${mailbox('legal')}`}>{mailbox('legal')}</a>. Support: <a href={`mailto:${mailbox('support')}`}>{mailbox('support')}</a>.</p>
  ) },
  { id: 'final-acknowledgment', title: 'Final Acknowledgment', body: (
    <p>By using the Service you acknowledge that you have read and understood these Terms, that you agree to be bound by them, and that you accept the arbitration, liability and indemnification provisions above.</p>
  ) },
];

export function TermsPage() {
  return <LegalLayout title="Terms and Conditions" sections={SECTIONS}
    intro={<p>Please read these terms carefully. They include binding arbitration and limits on liability.</p>} />;
}
