import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../test/render.tsx';
import { dismissToast, getToasts } from '../../lib/toast-store.ts';
import { BillingPage } from './BillingPage.tsx';

afterEach(() => { vi.unstubAllGlobals(); dismissToast(); });

function serve(info: unknown, verify: { status: number; data: unknown; message: string | null } = { status: 200, data: { credited: true }, message: null }) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.includes('/billing/verify-checkout')) return new Response(JSON.stringify({ success: verify.status < 400, ...verify }), { status: verify.status });
    const data = url.includes('/billing/info') ? info : url.includes('/billing/transactions') ? [] : null;
    return new Response(JSON.stringify({ success: true, data, message: null }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

it('announces a payment only after the server confirmed its checkout session, then clears the query', async () => {
  const fetchMock = serve({ balance: 1234.9, pricing: {}, billingMode: null });
  renderWithProviders(<><BillingPage /><Where /></>, { route: '/app/billing?success=true&session_id=cs_test_1' });
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/app/billing'));
  await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Payment Successful', description: 'Your credits have been added to your account.' }));
  const verify = fetchMock.mock.calls.find(([u]) => String(u).includes('/billing/verify-checkout')) as unknown as [string, RequestInit];
  expect(JSON.parse(String(verify[1].body))).toEqual({ sessionId: 'cs_test_1' });
  await waitFor(() => expect(screen.getByTestId('balance').textContent).toContain('1,234'));
  expect(screen.getByTestId('price-good-as-a-human').textContent).toContain('6 credits / document');
  expect(screen.getByTestId('price-better-than-a-human').textContent).toContain('8 credits / document');
  expect(screen.getByTestId('welcome-offer').textContent).toContain('your first 50 bills free');
  expect(screen.getByText('~2,000 credits')).toBeTruthy();
});

it('does not claim credits were added for a bare ?success=true', async () => {
  const fetchMock = serve({ balance: 400, pricing: {}, billingMode: null });
  renderWithProviders(<><BillingPage /><Where /></>, { route: '/app/billing?success=true' });
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/app/billing'));
  expect(getToasts()[0]).toMatchObject({ title: 'Payment not confirmed', description: 'No completed purchase was found to confirm, so no credits were added.' });
  expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/billing/verify-checkout'))).toBe(false);
});

it('says a payment is not completed when the provider has not been paid', async () => {
  serve({ balance: 400, pricing: {}, billingMode: null }, { status: 409, data: null, message: 'This payment has not been completed, so no credits were added.' });
  renderWithProviders(<BillingPage />, { route: '/app/billing?success=true&session_id=cs_test_2' });
  await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Payment not completed', description: 'This payment has not been completed, so no credits were added.' }));
});

it('announces a cancelled payment', async () => {
  serve({ balance: 0, pricing: {}, billingMode: null });
  renderWithProviders(<><BillingPage /><Where /></>, { route: '/app/billing?cancelled=true' });
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/app/billing'));
  expect(getToasts()[0]).toMatchObject({ title: 'Payment Cancelled', description: 'Your payment was cancelled.' });
});

it('hides purchasing for marketplace billing and links the cloud portal in a new tab', async () => {
  serve({ balance: 10, pricing: { goodAsHumanCredits: 6, betterThanHumanCredits: 9 }, billingMode: 'AzureMarketplace' });
  renderWithProviders(<BillingPage />);
  const link = await screen.findByRole('link', { name: /cloud billing portal/ });
  expect(link.getAttribute('target')).toBe('_blank');
  expect(screen.queryByText('Buy credits')).toBeNull();
  expect(screen.getByTestId('price-better-than-a-human').textContent).toContain('9 credits / document');
  expect(screen.queryByText('Prefer to pay through your cloud provider?')).toBeNull();
});

it('checks the custom amount before checkout', async () => {
  serve({ balance: 0, pricing: {}, billingMode: null });
  renderWithProviders(<BillingPage />);
  const input = await screen.findByLabelText('Custom amount (USD)');
  expect(input.getAttribute('min')).toBe('5');
  expect(input.getAttribute('step')).toBe('0.01');
  fireEvent.change(input, { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: 'Buy credits' }));
  expect(getToasts()[0]).toMatchObject({ title: 'Minimum Amount', description: 'Minimum purchase amount is $5.00' });
});
