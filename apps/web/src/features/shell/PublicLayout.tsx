/** Shared chrome of the legal, contact, careers and docs pages: brand, Dashboard, Sign In / Sign Out, footer. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass, Button } from '../../components/ui/Button.tsx';
import { useAuth } from '../auth/auth-context.ts';
import { Brand } from './Brand.tsx';
import { Footer } from './Footer.tsx';

export function PublicTopBar() {
  const auth = useAuth();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Brand />
        <div className="flex items-center gap-2">
          <Link to="/app/upload" className={buttonClass('ghost', 'sm')}>Dashboard</Link>
          {auth.isAuthenticated
            ? <Button variant="outline" size="sm" onClick={() => void auth.logout()}>Sign Out</Button>
            : <Button size="sm" onClick={() => void auth.loginWithRedirect()}>Sign In</Button>}
        </div>
      </div>
    </header>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <PublicTopBar />
      <main className="flex-1">{children}</main>
      <Footer />
    </div>
  );
}
