import { describe, expect, it } from 'vitest';
import { fileKind, rejectionText } from './rejected-files.ts';

describe('rejected file notes', () => {
  it('names the file type in words, never the MIME type', () => {
    const pdf = rejectionText({ name: 'bol.pdf', type: 'application/pdf', size: 10 }, 'file-invalid-type');
    expect(pdf).toBe('This is a PDF document, not a supported image. Use JPEG, PNG, BMP, TIFF or WebP.');
    expect(pdf).not.toContain('application/');
    expect(fileKind({ name: 'scan.gif', type: 'image/gif' })).toBe('a GIF image');
    expect(fileKind({ name: 'notes.xyz', type: '' })).toBe('a .xyz file');
    expect(rejectionText({ name: 'blob', type: '', size: 1 }, 'file-invalid-type')).toMatch(/^This file is of an unknown type/);
  });

  it('says how large a file is and the limit', () => {
    expect(rejectionText({ name: 'big.jpg', type: 'image/jpeg', size: 30 * 1024 * 1024 }, 'file-too-large')).toBe('It is 30 MB; each image can be at most 25 MB.');
  });
});
