import { describe, expect, it } from 'vitest';
import { errors } from './catalogue.ts';
import { DomainError } from './domain-error.ts';
import { HTTP_STATUS } from '../http/error-status.ts';

/** Arguments for the entries that take numbers; every other parameter is a text. */
const NUMBER_ARGS: Record<string, unknown[]> = {
  maximumAmount: [10_000], tooManyFiles: [20], fileTooLarge: ['scan.jpg', 25 * 1024 * 1024], uploadTooLarge: [200 * 1024 * 1024], webhookLimit: [10],
};

const made = Object.entries(errors).map(([name, make]) => {
  const args = NUMBER_ARGS[name] ?? Array.from({ length: make.length }, () => 'a sample text');
  return { name, err: (make as (...a: unknown[]) => DomainError)(...args) };
});

describe('error catalogue', () => {
  it('makes a domain error with a code and a message the user can read from every entry', () => {
    for (const { name, err } of made) {
      expect(err, name).toBeInstanceOf(DomainError);
      expect(err.code, name).toMatch(/^[A-Z][A-Z_]+$/);
      expect(err.message.trim().length, name).toBeGreaterThan(5);
    }
  });

  it('gives every code an HTTP status (4xx or 5xx), and the status table no code the catalogue lacks', () => {
    const codes = new Set(made.map((m) => m.err.code));
    for (const code of codes) {
      const status = (HTTP_STATUS as Record<string, number | undefined>)[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
    expect(Object.keys(HTTP_STATUS).filter((c) => !codes.has(c))).toEqual([]);
  });
});
