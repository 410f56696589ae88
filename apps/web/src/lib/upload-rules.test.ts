import { describe, expect, it } from 'vitest';
import { checkUpload, cleanInterchangeId, defaultIds, DEFAULT_INTERCHANGE_ID, uploadFailureText } from './upload-rules.ts';

describe('upload checks', () => {
  it('asks for at least one file first', () => {
    expect(checkUpload(0, '', '')).toEqual({ title: 'No files selected', description: 'Please select at least one file to upload.' });
  });
  it('requires both interchange IDs', () => {
    const missing = { title: 'Missing IDs', description: 'Sender and Receiver IDs are required.' };
    expect(checkUpload(1, '', 'ACME')).toEqual(missing);
    expect(checkUpload(1, 'ACME', '  ')).toEqual(missing);
    expect(checkUpload(2, 'ACME', 'NORTHWIND')).toBeNull();
  });
  it('stops files over 200 MB together before sending them, as the server would refuse them', () => {
    expect(checkUpload(9, 'ACME', 'NORTHWIND', 9 * 24 * 1024 * 1024)).toEqual({
      title: 'Upload too large', description: 'These files are 216 MB together; one upload takes at most 200 MB. Upload them in smaller batches.',
    });
    expect(checkUpload(8, 'ACME', 'NORTHWIND', 200 * 1024 * 1024)).toBeNull();
  });
  it('falls back to the numbered generic upload error', () => {
    expect(uploadFailureText(new Error('File too large'))).toBe('File too large');
    expect(uploadFailureText(undefined)).toBe('02 There was a problem uploading your images. Please try again.');
  });
});

describe('interchange ID defaults', () => {
  it('uses the product default when nothing is saved or loading failed', () => {
    expect(DEFAULT_INTERCHANGE_ID).toBe('LADINGWISE');
    expect(defaultIds(null)).toEqual({ sender: 'LADINGWISE', receiver: 'LADINGWISE' });
    expect(defaultIds({ savedSenderIds: [], savedReceiverIds: [] })).toEqual({ sender: 'LADINGWISE', receiver: 'LADINGWISE' });
  });
  it('uses the first saved ID of each list independently', () => {
    const saved = {
      savedSenderIds: [{ id: '1', label: 'Acme', interchangeId: 'ACME01' }, { id: '2', label: 'Beta', interchangeId: 'BETA' }],
      savedReceiverIds: [],
    };
    expect(defaultIds(saved)).toEqual({ sender: 'ACME01', receiver: 'LADINGWISE' });
  });
  it('upper-cases and cuts IDs at 15 characters', () => {
    expect(cleanInterchangeId('acme freight co and more')).toBe('ACME FREIGHT CO');
  });
});
