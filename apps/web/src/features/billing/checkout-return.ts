/**
 * The return from card checkout (/app/billing?success=true&session_id=...): credits are announced
 * only after the server has confirmed that session with the payment provider, never from the URL alone.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { verifyCheckout } from '../../api/billing.ts';
import { ApiError } from '../../api/http.ts';
import { toast, toastError } from '../../lib/toast-store.ts';

export const PAYMENT_ADDED = 'Your credits have been added to your account.';
export const PAYMENT_NOT_FOUND = 'No completed purchase was found to confirm, so no credits were added.';

/** Confirms a returned checkout once, tells the user what happened, then clears the query. */
export function useCheckoutReturn(): void {
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const success = params.get('success') === 'true';
    const cancelled = params.get('cancelled') === 'true';
    if (!success && !cancelled) return;
    const sessionId = params.get('session_id') ?? '';
    const key = params.toString();
    if (handled.current === key) return;
    handled.current = key;
    const next = new URLSearchParams(params);
    for (const k of ['success', 'cancelled', 'session_id']) next.delete(k);
    setParams(next, { replace: true });

    if (cancelled) {
      toast({ title: 'Payment Cancelled', description: 'Your payment was cancelled.' });
      return;
    }
    if (!sessionId) {
      toastError('Payment not confirmed', PAYMENT_NOT_FOUND);
      return;
    }
    verifyCheckout(sessionId).then(
      () => {
        toast({ title: 'Payment Successful', description: PAYMENT_ADDED, variant: 'success' });
        void qc.invalidateQueries({ queryKey: ['billing-info'] });
        void qc.invalidateQueries({ queryKey: ['transactions'] });
      },
      (err: unknown) => {
        const status = err instanceof ApiError ? err.status : 0;
        if (status === 409) toastError('Payment not completed', err instanceof Error ? err.message : PAYMENT_NOT_FOUND);
        else toastError('Payment not confirmed', status === 404 ? PAYMENT_NOT_FOUND : 'We could not confirm your payment right now. Your balance updates as soon as the payment provider confirms it.');
      },
    );
  }, [params, setParams, qc]);
}
