import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthContext, useAuth } from './auth-context.ts';
import { AuthProvider } from './AuthProvider.tsx';
import { parseAuthConfig } from './auth-config.ts';
import { isAdminUser, readAuthUser, displayName } from './auth-user.ts';
import { ACCESS_DENIED, RequireAuth } from './RequireAuth.tsx';
import { signedIn } from '../../test/render.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('startup configuration', () => {
  it('requires domain, clientId and audience', () => {
    expect(() => parseAuthConfig({ domain: 'id.example.com', clientId: '', audience: null }))
      .toThrow('Missing required environment variables: clientId (OIDC_CLIENT_ID), audience (OIDC_AUDIENCE)');
    expect(parseAuthConfig({ domain: 'id.example.com', clientId: 'web', audience: 'api' }).authority).toBe('https://id.example.com');
  });

  it('shows the Configuration Error screen with a Reload Page button', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: { domain: null, clientId: null, audience: null }, message: null }))));
    render(<MemoryRouter><AuthProvider><p>app</p></AuthProvider></MemoryRouter>);
    expect(screen.getByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Configuration Error')).toBeTruthy());
    expect(screen.getByText(/Missing required environment variables: domain \(OIDC_ISSUER\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
  });

  it('starts with password login only when the server has no OIDC provider and offers passwords', async () => {
    const cfg = parseAuthConfig({ domain: null, clientId: null, audience: null, passwordLogin: true });
    expect(cfg).toMatchObject({ hostedLogin: false, passwordLogin: true });
    expect(() => parseAuthConfig({ domain: 'id.example.com', clientId: null, audience: null, passwordLogin: true })).toThrow('clientId (OIDC_CLIENT_ID)');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: { domain: null, clientId: null, audience: null, passwordLogin: true }, message: null }))));
    const SignIn = () => {
      const auth = useAuth();
      return <button type="button" onClick={() => void auth.loginWithRedirect({ signup: true })}>Sign Up</button>;
    };
    render(<MemoryRouter><AuthProvider><SignIn /></AuthProvider></MemoryRouter>);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeTruthy();
    expect(screen.queryByText('Continue with hosted sign-in')).toBeNull();
  });
});

describe('guards', () => {
  const tree = (auth: ReturnType<typeof signedIn>, admin = false) => render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={['/app/upload']}>
        <Routes>
          <Route path="/" element={<p>landing</p>} />
          <Route path="/app/upload" element={<RequireAuth requireAdmin={admin}><p>upload</p></RequireAuth>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );

  it('sends signed-out visitors to /', () => {
    tree(signedIn({ isAuthenticated: false, user: null }));
    expect(screen.getByText('landing')).toBeTruthy();
  });
  it('shows Loading... while auth loads', () => {
    tree(signedIn({ isLoading: true }));
    expect(screen.getByText('Loading...')).toBeTruthy();
  });
  it('blocks non-admins from admin pages', () => {
    tree(signedIn(), true);
    expect(screen.getByText(ACCESS_DENIED)).toBeTruthy();
    expect(ACCESS_DENIED).toBe('Access denied. Admin privileges required.');
  });
});

describe('user identity', () => {
  it('recognises admins from role, roles list or a namespaced roles claim', () => {
    expect(isAdminUser(readAuthUser({ role: 'Admin' }))).toBe(true);
    expect(isAdminUser(readAuthUser({ roles: ['admin'] }))).toBe(true);
    expect(isAdminUser(readAuthUser({ 'https://ladingwise.com/roles': ['Admin'] }))).toBe(true);
    expect(isAdminUser(readAuthUser({ role: 'User', roles: ['viewer'] }))).toBe(false);
  });
  it('shows the display name, or the e-mail when there is no name', () => {
    expect(displayName(readAuthUser({ name: 'Dana', email: 'd@x.com' }))).toBe('Dana');
    expect(displayName(readAuthUser({ name: '', email: 'd@x.com' }))).toBe('d@x.com');
  });
});
