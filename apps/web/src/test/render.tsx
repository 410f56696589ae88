/** Renders a component with the providers pages expect (query client, router, tooltips, a signed-in auth state). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { TooltipProvider } from '../components/ui/Tooltip.tsx';
import { AuthContext, type AuthState } from '../features/auth/auth-context.ts';

export function signedIn(over: Partial<AuthState> = {}): AuthState {
  return {
    isLoading: false, isAuthenticated: true, isAdmin: false, source: 'password', passwordLogin: true, hostedLogin: true,
    user: { id: 'u1', name: 'Dana Diaz', email: 'dana@example.com', role: 'User', roles: [], tenantId: 't1', createdAt: null, lastLoginAt: null },
    loginWithRedirect: async () => {}, loginWithPassword: async () => {}, signupWithPassword: async () => {},
    logout: async () => {}, logoutEverywhere: async () => {}, getAccessToken: async () => 'token',
    ...over,
  };
}

export function renderWithProviders(ui: ReactNode, { route = '/', auth = signedIn() }: { route?: string; auth?: AuthState } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <TooltipProvider>
          <AuthContext.Provider value={auth}>{ui}</AuthContext.Provider>
        </TooltipProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
