import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, dismissToast } from '../../lib/toast-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { UploadPage } from './UploadPage.tsx';

/** The API answers saved IDs with an empty list, or fails, as the server would. */
function serveSavedIds(status = 200, data: unknown = { savedSenderIds: [], savedReceiverIds: [] }) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: status < 400, data, message: null }), { status, headers: { 'content-type': 'application/json' } })));
}

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

describe('upload page', () => {
  it('defaults both IDs to LADINGWISE and asks for files before uploading', async () => {
    serveSavedIds();
    renderWithProviders(<UploadPage />);
    await waitFor(() => expect((screen.getByLabelText(/Sender ID/) as HTMLInputElement).value).toBe('LADINGWISE'));
    expect((screen.getByLabelText(/Receiver ID/) as HTMLInputElement).value).toBe('LADINGWISE');
    fireEvent.click(screen.getByRole('button', { name: 'Upload & Generate EDI' }));
    expect(getToasts()[0]).toMatchObject({ title: 'No files selected', description: 'Please select at least one file to upload.' });
  });

  it('preselects the first saved IDs', async () => {
    serveSavedIds(200, {
      savedSenderIds: [{ id: '2', label: 'Zed', interchangeId: 'ZED' }, { id: '1', label: 'Acme', interchangeId: 'ACME' }],
      savedReceiverIds: [{ id: '3', label: 'Port', interchangeId: 'PORT01' }],
    });
    renderWithProviders(<UploadPage />);
    await waitFor(() => expect((screen.getByLabelText(/Sender ID/) as HTMLInputElement).value).toBe('ACME'));
    expect((screen.getByLabelText(/Receiver ID/) as HTMLInputElement).value).toBe('PORT01');
  });

  it('falls back to the default when saved IDs cannot be loaded, and requires both IDs', async () => {
    serveSavedIds(500, null);
    renderWithProviders(<UploadPage />);
    const sender = screen.getByLabelText(/Sender ID/) as HTMLInputElement;
    await waitFor(() => expect(sender.value).toBe('LADINGWISE'));
    const input = screen.getByLabelText('Choose bill of lading images');
    await act(async () => { fireEvent.change(input, { target: { files: [new File(['x'], 'bol.png', { type: 'image/png' })] } }); });
    await waitFor(() => expect(screen.getByText('bol.png')).toBeTruthy());
    expect(screen.getByText('1 Bytes')).toBeTruthy();
    fireEvent.change(sender, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload & Generate EDI' }));
    expect(getToasts()[0]).toMatchObject({ title: 'Missing IDs', description: 'Sender and Receiver IDs are required.' });
  });
});

describe('refused files', () => {
  it('names the refused type in words and forgets the note on Clear', async () => {
    serveSavedIds();
    renderWithProviders(<UploadPage />);
    const pdf = new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' });
    await act(async () => { fireEvent.change(screen.getByLabelText('Choose bill of lading images'), { target: { files: [pdf] } }); });
    const notes = await screen.findByRole('list', { name: 'Files not added' });
    expect(notes.textContent).toBe('scan.pdf: This is a PDF document, not a supported image. Use JPEG, PNG, BMP, TIFF or WebP.');
    expect(screen.queryByText(/File type must be|application\/pdf/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('list', { name: 'Files not added' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('grouping', () => {
  it('sends each file as its own bill unless the files are marked as pages of one, and watches every job', async () => {
    const forms: FormData[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.body instanceof FormData) {
        forms.push(init.body);
        const one = init.body.get('Grouping') === 'one-document';
        return new Response(JSON.stringify({ success: true, data: { jobId: 'j1', jobIds: one ? ['j1'] : ['j1', 'j2'] }, message: null }));
      }
      return new Response(JSON.stringify({ success: true, data: url.includes('processing') ? { jobs: [], total: 0 } : { savedSenderIds: [], savedReceiverIds: [] }, message: null }));
    }));
    renderWithProviders(<UploadPage />);
    await waitFor(() => expect((screen.getByLabelText(/Sender ID/) as HTMLInputElement).value).toBe('LADINGWISE'));
    const pick = async () => {
      const files = [new File(['a'], 'p1.png', { type: 'image/png' }), new File(['b'], 'p2.png', { type: 'image/png' })];
      await act(async () => { fireEvent.change(screen.getByLabelText('Choose bill of lading images'), { target: { files } }); });
      await screen.findByText('p2.png');
    };
    await pick();
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Upload & Generate EDI' })); });
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(forms[0]!.get('Grouping')).toBe('per-file');
    await waitFor(() => expect(getToasts().some((t) => t.description === '2 bills of lading are being processed. We will let you know when each is ready.')).toBe(true));

    await pick();
    fireEvent.click(screen.getByLabelText(/These files are the pages of one bill of lading/));
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Upload & Generate EDI' })); });
    await waitFor(() => expect(forms).toHaveLength(2));
    expect(forms[1]!.get('Grouping')).toBe('one-document');
    expect(forms[1]!.getAll('Files')).toHaveLength(2);
  });
});
