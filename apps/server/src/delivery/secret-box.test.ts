import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.ts';

const server = new TextEncoder().encode('s'.repeat(40));

describe('webhook secrets at rest', () => {
  it('stores a secret encrypted, differently each time, and reads it back', () => {
    const a = sealSecret(server, 'whsec_abc123');
    const b = sealSecret(server, 'whsec_abc123');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('whsec_abc123');
    expect(a).not.toBe(b);
    expect(openSecret(server, a)).toBe('whsec_abc123');
  });

  it('still reads secrets stored before encryption', () => {
    expect(openSecret(server, 'whsec_legacy')).toBe('whsec_legacy');
  });

  it('says what to do when the server secret changed', () => {
    const sealed = sealSecret(server, 'whsec_abc123');
    expect(() => openSecret(new TextEncoder().encode('t'.repeat(40)), sealed)).toThrow(/JWT_SECRET\) changed\. Delete and re-add the webhook/);
  });
});
