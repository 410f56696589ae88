/** The in-app documentation sections, in table-of-contents order. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_INTERCHANGE_ID, INTERCHANGE_ID_MAX } from '@ladingwise/shared';
import { mailbox } from '../../config.ts';
import { FREE_BILLS, PLANS, WELCOME_OFFER, WELCOME_OFFER_DETAIL, type PlanInfo } from '../landing/plans.ts';

const [GOOD, BETTER] = PLANS as readonly [PlanInfo, PlanInfo];

export interface DocSection {
  id: 'getting-started' | 'upload' | 'documents' | 'settings' | 'billing' | 'profile' | 'troubleshooting';
  title: string;
  body: ReactNode;
}

export const DOC_SECTIONS: DocSection[] = [
  { id: 'getting-started', title: 'Getting Started', body: (<>
    <p>Ladingwise reads images of bills of lading and produces EDI X12 204 (load tender / pickup request) and 211 (motor carrier bill of lading) documents for your TMS or ERP.</p>
    <ol className="list-decimal space-y-1 pl-5">
      <li>Sign up. The first time you sign in we set up your account: secure SFTP access, document storage, EDI processing and the welcome offer: your first {FREE_BILLS} bills free.</li>
      <li>Go to <Link to="/app/upload">Upload</Link>, choose your sender and receiver IDs and drop your images.</li>
      <li>Review the result on <Link to="/app/documents">Documents</Link> and download the EDI, or collect it by SFTP, API or webhook.</li>
    </ol>
    <p>{WELCOME_OFFER}. After that, "{GOOD.name}" costs {GOOD.priceCents} cents USD per bill ({GOOD.credits} credits) and "{BETTER.name}" {BETTER.priceCents} cents USD per bill ({BETTER.credits} credits). Failed documents are never charged. There is no daily limit on the number of bills.</p>
  </>) },
  { id: 'upload', title: 'Uploading Documents', body: (<>
    <p>Supported image formats: JPEG, PNG, BMP, TIFF and WebP. Files of other types are not added. Images selected together are processed as one document (for example the pages of one bill).</p>
    <ul className="list-disc space-y-1 pl-5">
      <li><b>Sender ID</b> and <b>Receiver ID</b> are the ISA interchange IDs written into the EDI, at most {INTERCHANGE_ID_MAX} characters. They default to the first IDs saved in Settings, or to {DEFAULT_INTERCHANGE_ID}.</li>
      <li>Click <b>Upload &amp; Generate EDI</b>. You get a notice when the document is processed, usually within a minute, or if it failed, with options to see details or reprocess.</li>
      <li>For best results use sharp, flat, well-lit images. Typed and handwritten text, barcodes and QR codes in English, Spanish and French are read.</li>
    </ul>
  </>) },
  { id: 'documents', title: 'Reviewing Documents', body: (<>
    <p>The Documents page lists processed bills, newest first, 20 per page. It refreshes by itself while a document is processing.</p>
    <ul className="list-disc space-y-1 pl-5">
      <li>Click a thumbnail to see the pages full size; use the dots or arrow keys to move between pages.</li>
      <li>Open <b>Details</b> to review extracted data. Fields highlighted in amber had low confidence or were not found: check them against the image.</li>
      <li>Correct any field and choose <b>Save &amp; regenerate EDI</b>; the EDI is rebuilt from your corrections.</li>
      <li>Copy the EDI or download it as a text file named <code>&lt;receiver ID&gt;_&lt;ISA control number&gt;.txt</code>.</li>
      <li>Failed documents show "[No charge]"; hover the info icon for the reason, then reprocess or upload a better image.</li>
    </ul>
  </>) },
  { id: 'settings', title: 'Settings', body: (<ul className="list-disc space-y-1 pl-5">
    <li><b>API Keys</b>: create keys for the REST API. The full key is shown once; copy it then. Rotate replaces an active key; Revoke disables it.</li>
    <li><b>SFTP Login Credentials</b>: create your SFTP account and set its password (at least 10 characters, mixing upper- and lowercase letters and numbers).</li>
    <li><b>EDI Document Settings</b>: choose 204, 211 or both, the X12 version (4010, 5010 or 7010; 5010 by default) and the time zone used for timestamps.</li>
    <li><b>Saved Interchange IDs</b>: name the sender and receiver IDs you use so you can pick them when uploading.</li>
    <li><b>Pricing Plan</b>: switch between Good as a Human and Better than a Human.</li>
  </ul>) },
  { id: 'billing', title: 'Billing & Credits', body: (<>
    <p>Processing uses prepaid credits at 40 credits per dollar: a bill costs {GOOD.credits} credits on {GOOD.name} and {BETTER.credits} on {BETTER.name}. New accounts get the welcome offer, {WELCOME_OFFER.toLowerCase()}: {WELCOME_OFFER_DETAIL} Buy more credits on the Billing page with a card: quick amounts of $50, $250 or $1000, or any amount from $5.00.</p>
    <p>If you subscribed through a cloud marketplace, usage is billed with your cloud subscription at the end of each billing cycle, each processed document counting as one usage unit, and credit purchases are hidden.</p>
  </>) },
  { id: 'profile', title: 'Profile', body: (
    <p>The Profile page shows your name, e-mail, role and account identifiers. If you sign in with an e-mail and password you can change your password there (at least 10 characters, not a common password; changing it signs out your other sessions).</p>
  ) },
  { id: 'troubleshooting', title: 'Troubleshooting', body: (<ul className="list-disc space-y-1 pl-5">
    <li><b>A document is stuck in Processing for more than 10 minutes</b>: please report it to <a href={`mailto:${mailbox('support')}`}>{mailbox('support')}</a> with the file name and time of upload.</li>
    <li><b>Fields are wrong or missing</b>: correct them in Details and regenerate the EDI, or upload a clearer image.</li>
    <li><b>Download says an ID or ISA control number is missing</b>: the document has no EDI yet; fix the highlighted fields and regenerate.</li>
    <li><b>You were signed out</b>: your session expired. Sign in again from the home page.</li>
    <li><b>Payment did not go through</b>: nothing was charged; try again or contact support.</li>
  </ul>) },
];
