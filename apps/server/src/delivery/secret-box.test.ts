import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.ts';

const server = { secret: new TextEncoder().encode('s'.repeat(40)) };
const rotated = { secret: new TextEncoder().encode('t'.repeat(40)), previous: server.secret };

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

  it('reads secrets sealed under the previous server secret during a rotation', () => {
    expect(openSecret(rotated, sealSecret(server, 'whsec_abc123'))).toBe('whsec_abc123');
  });

  it('says what to do when the server secret changed', () => {
    const sealed = sealSecret(server, 'whsec_abc123');
    expect(() => openSecret({ secret: rotated.secret }, sealed)).toThrow(/JWT_SECRET\) changed\. Set JWT_SECRET_PREVIOUS/);
  });
});
