/** Route guard: signed-out visitors go to / (replacing history); the admin option blocks non-admins. */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { LoadingScreen } from '../../components/ui/Spinner.tsx';
import { useAuth } from './auth-context.ts';

export const ACCESS_DENIED = 'Access denied. Admin privileges required.';

export function RequireAuth({ children, requireAdmin = false }: { children: ReactNode; requireAdmin?: boolean }) {
  const { isLoading, isAuthenticated, isAdmin } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) return <Navigate to="/" replace />;
  if (requireAdmin && !isAdmin) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-24 text-center">
        <ShieldAlert className="h-10 w-10 text-red-500" />
        <p className="text-base font-medium text-slate-800">{ACCESS_DENIED}</p>
      </div>
    );
  }
  return <>{children}</>;
}
