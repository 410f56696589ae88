import { describe, expect, it } from 'vitest';
import { checkEdiDownload } from './edi-download.ts';

const ok = { jobSelected: true, content: 'ISA*00~', receiverId: 'ACME', isaControlNumber: '000000123' };

describe('EDI download', () => {
  it('names the file <receiver>_<ISA>.txt', () => {
    expect(checkEdiDownload(ok)).toEqual({ ok: true, fileName: 'ACME_000000123.txt' });
  });
  it('replaces characters that file systems refuse', () => {
    expect(checkEdiDownload({ ...ok, receiverId: 'A/B\\C:D*E?F"G<H>I|J' })).toEqual({ ok: true, fileName: 'A_B_C_D_E_F_G_H_I_J_000000123.txt' });
  });
  it('reports the first missing piece with the spec texts', () => {
    expect(checkEdiDownload({ ...ok, jobSelected: false })).toEqual({ ok: false, error: 'No job selected.' });
    expect(checkEdiDownload({ ...ok, content: '' })).toEqual({ ok: false, error: 'No EDI content available to download.' });
    expect(checkEdiDownload({ ...ok, receiverId: null })).toEqual({ ok: false, error: 'Missing EDI Interchange Receiver ID.' });
    expect(checkEdiDownload({ ...ok, isaControlNumber: undefined })).toEqual({ ok: false, error: 'Missing ISA Control Number.' });
  });
});
