import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { dismissToast, getToasts } from '../../lib/toast-store.ts';
import { ReviewSettingsSection } from './ReviewSettingsSection.tsx';

afterEach(() => { vi.unstubAllGlobals(); dismissToast(); });

it('shows the saved policy and saves only the review settings', async () => {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit = {}) => {
    if (init.method === 'PUT') puts.push(JSON.parse(String(init.body)));
    const data = { ediDocumentTypes: { edi204: true, edi211: false }, x12Version: '4010', timezone: null, reviewPolicy: 'when-unsure', reviewThreshold: 0.9 };
    return new Response(JSON.stringify({ success: true, data, message: null }));
  }));
  renderWithProviders(<ReviewSettingsSection />);
  const unsure = await screen.findByRole('radio', { name: /When unsure/ }) as HTMLInputElement;
  await waitFor(() => expect(unsure.checked).toBe(true));
  fireEvent.click(screen.getByRole('radio', { name: /Always/ }));
  expect((screen.getByLabelText('Confidence needed') as HTMLSelectElement).disabled).toBe(true);
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Save Review Settings' })); });
  await waitFor(() => expect(getToasts()[0]?.title).toBe('Review settings saved'));
  // The EDI settings are not sent, so this section cannot overwrite them.
  expect(puts).toEqual([{ reviewPolicy: 'always', reviewThreshold: 0.9 }]);
});
