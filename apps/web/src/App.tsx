/** Providers (server state, router, tooltips, auth) around the routes, plus the toaster. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { TooltipProvider } from './components/ui/Tooltip.tsx';
import { Toaster } from './components/ui/Toaster.tsx';
import { AuthProvider } from './features/auth/AuthProvider.tsx';
import { ScrollToTop } from './components/ScrollToTop.tsx';
import { AppRoutes } from './routes.tsx';

/** One query client: no retries on 4xx, no refetch on focus (pages poll where the spec says so). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, err) => {
          const status = (err as unknown as { status?: number }).status ?? 0;
          return count < 1 && (status === 0 || status >= 500);
        },
        staleTime: 10_000,
      },
    },
  });
}

export function App({ queryClient = createQueryClient() }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <TooltipProvider delayDuration={150}>
          <ScrollToTop />
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
          <Toaster />
        </TooltipProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
