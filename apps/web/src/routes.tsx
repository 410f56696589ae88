/** The route table (spec section 2); every page is loaded lazily to keep the first bundle small. */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { MARKETPLACE_ROUTE } from './config.ts';
import { LoadingScreen } from './components/ui/Spinner.tsx';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { AppLayout } from './features/shell/AppLayout.tsx';

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LandingPage = page(() => import('./features/landing/LandingPage.tsx'), 'LandingPage');
const DocsPage = page(() => import('./features/docs/DocsPage.tsx'), 'DocsPage');
const CareersPage = page(() => import('./features/careers/CareersPage.tsx'), 'CareersPage');
const ContactPage = page(() => import('./features/contact/ContactPage.tsx'), 'ContactPage');
const PrivacyPage = page(() => import('./features/legal/PrivacyPage.tsx'), 'PrivacyPage');
const TermsPage = page(() => import('./features/legal/TermsPage.tsx'), 'TermsPage');
const MarketplaceLanding = page(() => import('./features/marketplace/MarketplaceLanding.tsx'), 'MarketplaceLanding');
const MarketplaceSuccess = page(() => import('./features/marketplace/MarketplaceSuccess.tsx'), 'MarketplaceSuccess');
const UploadPage = page(() => import('./features/upload/UploadPage.tsx'), 'UploadPage');
const DocumentsPage = page(() => import('./features/documents/DocumentsPage.tsx'), 'DocumentsPage');
const ReviewPage = page(() => import('./features/review/ReviewPage.tsx'), 'ReviewPage');
const SettingsPage = page(() => import('./features/settings/SettingsPage.tsx'), 'SettingsPage');
const BillingPage = page(() => import('./features/billing/BillingPage.tsx'), 'BillingPage');
const ProfilePage = page(() => import('./features/profile/ProfilePage.tsx'), 'ProfilePage');

const lazyEl = (el: ReactNode) => <Suspense fallback={<LoadingScreen />}>{el}</Suspense>;

/** /documents keeps its job-detail query and moves to /app/documents. */
function DocumentsAlias() {
  const { search } = useLocation();
  return <Navigate to={`/app/documents${search}`} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={lazyEl(<LandingPage />)} />
      <Route path="/docs" element={lazyEl(<DocsPage />)} />
      <Route path="/careers" element={lazyEl(<CareersPage />)} />
      <Route path="/contact" element={lazyEl(<ContactPage />)} />
      <Route path="/privacy" element={lazyEl(<PrivacyPage />)} />
      <Route path="/terms" element={lazyEl(<TermsPage />)} />
      <Route path={MARKETPLACE_ROUTE} element={lazyEl(<MarketplaceLanding />)} />
      <Route path={`${MARKETPLACE_ROUTE}/landing`} element={lazyEl(<MarketplaceLanding />)} />
      <Route path={`${MARKETPLACE_ROUTE}/link`} element={lazyEl(<MarketplaceLanding />)} />
      <Route path={`${MARKETPLACE_ROUTE}/success`} element={lazyEl(<MarketplaceSuccess />)} />
      <Route path="/documents" element={<DocumentsAlias />} />
      <Route path="/app" element={<RequireAuth><AppLayout /></RequireAuth>}>
        <Route index element={<Navigate to="/app/upload" replace />} />
        <Route path="upload" element={lazyEl(<UploadPage />)} />
        <Route path="documents" element={lazyEl(<DocumentsPage />)} />
        <Route path="documents/:jobId" element={lazyEl(<ReviewPage />)} />
        <Route path="settings" element={lazyEl(<SettingsPage />)} />
        <Route path="billing" element={lazyEl(<BillingPage />)} />
        <Route path="profile" element={lazyEl(<ProfilePage />)} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
