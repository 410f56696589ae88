/** Shown when the startup sign-in configuration is missing or unreadable. */
import { AlertTriangle } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';

export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="w-full max-w-lg rounded-2xl border border-red-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <AlertTriangle className="h-6 w-6" />
        </div>
        <h1 className="text-xl font-semibold text-slate-900">Configuration Error</h1>
        <p className="mt-3 break-words text-sm text-slate-600">{message}</p>
        <p className="mt-2 text-xs text-slate-500">An administrator needs to set these on the server, then restart it.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>Reload Page</Button>
      </div>
    </main>
  );
}
