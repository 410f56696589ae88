import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../test/render.tsx';
import { dismissToast, getToasts } from '../../lib/toast-store.ts';
import { BillingPage } from './BillingPage.tsx';

afterEach(() => { vi.unstubAllGlobals(); dismissToast(); });

function serve(info: unknown) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const data = url.includes('/billing/info') ? info : url.includes('/billing/transactions') ? [] : null;
    return new Response(JSON.stringify({ success: true, data, message: null }));
  }));
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

it('announces a successful payment, then clears the query', async () => {
  serve({ balance: 1234.9, pricing: {}, billingMode: null });
  renderWithProviders(<><BillingPage /><Where /></>, { route: '/app/billing?success=true' });
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/app/billing'));
  expect(getToasts()[0]).toMatchObject({ title: 'Payment Successful', description: 'Your credits have been added to your account.' });
  await waitFor(() => expect(screen.getByTestId('balance').textContent).toContain('1,234'));
  expect(screen.getByText('8')).toBeTruthy();
  expect(screen.getByText('~2,000 credits')).toBeTruthy();
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
  expect(screen.getByText('6')).toBeTruthy();
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
