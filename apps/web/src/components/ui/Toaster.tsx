/** Renders the toast queue with Radix Toast: 5 s default, swipe threshold 50, F8 jumps to the viewport. */
import * as RToast from '@radix-ui/react-toast';
import { AlertCircle, CheckCircle2, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, TOAST_DEFAULT_DURATION } from '../../lib/toast-store.ts';
import { cx } from './cx.ts';

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <RToast.Provider duration={TOAST_DEFAULT_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <RToast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => { if (!open) dismissToast(t.id); }}
          className={cx(
            'lw-toast pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            t.variant === 'destructive' ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          {t.variant === 'destructive' ? <AlertCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-600" /> : t.variant === 'success' ? <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" /> : null}
          <div className="min-w-0 flex-1">
            {t.title && <RToast.Title className="text-sm font-semibold">{t.title}</RToast.Title>}
            {t.description && <RToast.Description className="mt-1 text-sm opacity-90">{t.description}</RToast.Description>}
            {t.action && <div className="mt-3 flex flex-wrap gap-2">{t.action}</div>}
          </div>
          <RToast.Close aria-label="Close" className="absolute right-2 top-2 rounded-md p-1 opacity-60 hover:bg-black/5 hover:opacity-100">
            <X className="h-4 w-4" />
          </RToast.Close>
        </RToast.Root>
      ))}
      <RToast.Viewport hotkey={['F8']} className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]" />
    </RToast.Provider>
  );
}
