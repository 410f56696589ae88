import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../test/render.tsx';
import { dismissToast, getToasts } from '../../lib/toast-store.ts';
import { ProfilePage } from './ProfilePage.tsx';

afterEach(() => { vi.unstubAllGlobals(); dismissToast(); });

const PROFILE = { id: 'u1', name: 'Dana Diaz', email: 'dana@example.com', role: 'User', tenantId: 't1', createdAt: '2026-11-01T00:00:00Z' };

function serve(putStatus: number) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
    if (method === 'PUT') {
      return putStatus === 200
        ? new Response(JSON.stringify({ success: true, data: { name: 'Dana D. Diaz' }, message: 'Profile updated' }))
        : new Response(JSON.stringify({ success: false, data: null, message: 'Name is required' }), { status: putStatus });
    }
    return new Response(JSON.stringify({ success: true, data: PROFILE, message: null }));
  }));
  return calls;
}

it('saves the display name with PUT /user/profile and confirms it', async () => {
  const calls = serve(200);
  renderWithProviders(<ProfilePage />);
  const name = await screen.findByLabelText('Full name');
  fireEvent.change(name, { target: { value: 'Dana D. Diaz' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Profile Updated' }));
  expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: expect.stringContaining('/api/user/profile'), body: { name: 'Dana D. Diaz' } });
});

it('says "Failed to update profile" with the server\'s reason when the save is refused', async () => {
  serve(400);
  renderWithProviders(<ProfilePage />);
  await screen.findByLabelText('Full name');
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Failed to update profile', description: 'Name is required' }));
});

it('signs out everywhere only after the app\'s own confirmation, and says so when the server refuses', async () => {
  serve(200);
  const logoutEverywhere = vi.fn(async () => { throw new Error('The server is unavailable.'); });
  renderWithProviders(<ProfilePage />, { auth: signedIn({ logoutEverywhere }) });
  fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
  expect(logoutEverywhere).not.toHaveBeenCalled();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(logoutEverywhere).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }));
  await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Could not sign out everywhere' }));
  expect(logoutEverywhere).toHaveBeenCalledTimes(1);
});
