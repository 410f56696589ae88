/** The signed-in shell: top bar with navigation and "My Account", the page, the footer and the setup overlay. */
import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet, useMatch } from 'react-router';
import { cx } from '../../components/ui/cx.ts';
import { useDisplayTimeZone } from '../../lib/use-display-time-zone.ts';
import { SetupOverlay } from '../setup/SetupOverlay.tsx';
import { useSignedInGate } from '../setup/useSignedInGate.ts';
import { Brand } from './Brand.tsx';
import { Footer } from './Footer.tsx';
import { UserMenu } from './UserMenu.tsx';

const NAV = [
  { to: '/app/upload', label: 'Upload' },
  { to: '/app/documents', label: 'Documents' },
] as const;

export function AppLayout() {
  const [gate, setGate] = useSignedInGate();
  const queryClient = useQueryClient();
  // The review screen uses the whole width: the page image beside the fields.
  const wide = useMatch('/app/documents/:jobId') !== null;
  // Loads the saved settings on every signed-in page, so a fresh browser shows the saved time zone.
  useDisplayTimeZone();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-3 sm:gap-8">
            <Brand compact />
            <nav className="flex items-center gap-1" aria-label="Main">
              {NAV.map((n) => (
                <NavLink key={n.to} to={n.to}
                  className={({ isActive }) => cx('rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900')}>
                  {n.label}
                </NavLink>
              ))}
            </nav>
          </div>
          <UserMenu />
        </div>
      </header>
      <main className={cx('mx-auto w-full flex-1 px-4 sm:px-6 lg:px-8', wide ? 'max-w-[1920px] py-5' : 'max-w-7xl py-8')}>
        <Outlet />
      </main>
      <Footer />
      {gate === 'setup' && (
        <SetupOverlay onDone={() => { setGate('ready'); void queryClient.invalidateQueries(); }} />
      )}
    </div>
  );
}
