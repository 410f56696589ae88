import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { oidcSettings } from './oidc-settings.ts';

const settings = (env: Record<string, string>) => oidcSettings(loadConfig({ DATA_DIR: '/tmp/lw-oidc-settings', ...env }));

describe('bundled provider redirect URIs', () => {
  it('accepts every loopback name of the configured port out of the box', () => {
    const s = settings({ PORT: '3000' });
    expect(s.issuer).toBe('http://localhost:3000/oidc');
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect(s.redirectUris).toContain(origin);
      expect(s.redirectUris).toContain(`${origin}/`);
    }
    expect(s.redirectUris.some((u) => u.includes(':3001'))).toBe(false);
  });

  it('treats a loopback PUBLIC_URL the same way', () => {
    expect(settings({ PORT: '4000', PUBLIC_URL: 'http://127.0.0.1:4000' }).redirectUris).toContain('http://localhost:4000');
  });

  it('adds no loopback names to a real host name', () => {
    const s = settings({ PORT: '3000', PUBLIC_URL: 'https://bol.example.com' });
    expect(s.redirectUris).toEqual(['https://bol.example.com', 'https://bol.example.com/']);
  });
});
