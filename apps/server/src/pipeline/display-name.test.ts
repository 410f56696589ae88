import { describe, expect, it } from 'vitest';
import { displayName } from './display-name.ts';

describe('displayName', () => {
  it('keeps only the last path segment of traversal attempts', () => {
    expect(displayName('../../etc/passwd.png')).toBe('passwd.png');
    expect(displayName('..\\..\\windows\\win.ini.jpg')).toBe('win.ini.jpg');
  });
  it('drops control and bidi-override characters', () => {
    expect(displayName('bol\u0000\r\n\u202egpj.exe')).toBe('bolgpj.exe');
  });
  it('falls back when nothing printable is left, and caps long names', () => {
    expect(displayName('../..')).toBe('Unknown File');
    expect(displayName(undefined, 'file 3')).toBe('file 3');
    expect(displayName(`${'a'.repeat(300)}.png`)).toHaveLength(200);
  });
});
