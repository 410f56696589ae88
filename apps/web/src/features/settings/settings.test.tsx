import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { dismissToast, getToasts } from '../../lib/toast-store.ts';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import { SftpSection } from './SftpSection.tsx';

afterEach(() => { vi.unstubAllGlobals(); dismissToast(); });

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const key = Object.keys(routes).find((k) => url.includes(k));
    return new Response(JSON.stringify({ success: true, data: key ? routes[key] : null, message: null }));
  }));
}

it('offers Create SFTP Account when there is no account', async () => {
  serve({ '/sftp/credentials': null });
  renderWithProviders(<SftpSection />);
  expect(await screen.findByRole('button', { name: 'Create SFTP Account' })).toBeTruthy();
});

it('enables the SFTP password update only from 10 characters', async () => {
  serve({ '/sftp/credentials': { username: 'acme', server: 'sftp.example.com', port: 2222, isActive: true } });
  renderWithProviders(<SftpSection />);
  const button = (await screen.findByRole('button', { name: 'Update Password' })) as HTMLButtonElement;
  expect(screen.getByText('Active')).toBeTruthy();
  expect(button.disabled).toBe(true);
  const field = screen.getByLabelText('New SFTP password');
  fireEvent.change(field, { target: { value: 'Short1234' } });
  expect(button.disabled).toBe(true);
  fireEvent.change(field, { target: { value: 'LongEnough1' } });
  expect(button.disabled).toBe(false);
  expect(screen.getByText(/At least 10 characters/)).toBeTruthy();
});

it('requires an API key name and allows Rotate only for active keys', async () => {
  serve({ '/apikeys': [
    { id: 'k1', name: 'TMS', prefix: 'lw_live_abcd', createdAt: '2026-11-01T00:00:00Z', isActive: true, lastUsedAt: null },
    { id: 'k2', name: 'Old', prefix: 'lw_live_efgh', createdAt: '2026-10-01T00:00:00Z', isActive: false, lastUsedAt: null },
  ] });
  renderWithProviders(<ApiKeysSection />);
  await screen.findByText('TMS');
  const rotate = screen.getAllByRole('button', { name: 'Rotate' }) as HTMLButtonElement[];
  expect(rotate.map((b) => b.disabled)).toEqual([false, true]);
  fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
  expect(getToasts()[0]).toMatchObject({ description: 'Key name is required' });
});

it('asks in the app, not the browser, before rotating, and says the old key stops working', async () => {
  const confirmSpy = vi.spyOn(window, 'confirm');
  serve({ '/apikeys': [{ id: 'k1', name: 'TMS', prefix: 'lw_live_abcd', createdAt: '2026-11-01T00:00:00Z', isActive: true, lastUsedAt: null }] });
  renderWithProviders(<ApiKeysSection />);
  fireEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rotate "TMS"?' });
  expect(dialog.textContent).toContain('The old key (lw_live_abcd…) stops working at once');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
  expect((await screen.findByRole('dialog', { name: 'Revoke "TMS"?' })).textContent).toContain('cannot be turned back on');
  expect(confirmSpy).not.toHaveBeenCalled();
});
