import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { dismissToast, getToasts } from '../../lib/toast-store.ts';
import { completedJobDto, heldJobDto } from '../documents/fixtures.ts';
import { fieldInputId } from './ReviewField.tsx';
import { NOT_FOUND_TEXT, ReviewPage } from './ReviewPage.tsx';

afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); dismissToast(); });

interface Call { method: string; url: string; body: unknown }

/** A fake API: the job list answers with `job`; the preview re-validates the draft like the server (SCAC required). */
function serve(job: Record<string, unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const body = init.body && typeof init.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ method: init.method ?? 'GET', url, body });
    if (url.includes('/api/image/')) return new Response('', { status: 404 });
    let data: unknown = job;
    if (url.includes('/processing/jobs')) data = { jobs: [job], total: 1 };
    if (url.endsWith('/edi-preview')) {
      const scac = body?.Carrier?.Scac as string | null;
      data = {
        Documents: [{ Type: '204', ISAControlNumber: null, Content: `ISA*00~B2**${scac ?? ''}**BOL778120**PP~B2A*00*LT~` }],
        ExtractedData: {
          ...body,
          Validation: [
            ...(scac ? [] : ['Carrier.Scac is required for the 204']),
            ...((body?.LineItems ?? []) as { Weight: number | null }[]).flatMap((l, i) => (l.Weight !== null && l.Weight <= 0 ? [`LineItems.${i}.Weight must be a number above 0`] : [])),
          ],
        },
      };
    }
    if (url.endsWith('/confirm')) {
      // Like the server: the confirmed fields' scores become 1, nothing else changes.
      const ed = job.ExtractedData as { ConfidenceScores: Record<string, number> };
      const raised = Object.fromEntries((body.fields as string[]).map((f) => [f, 1]));
      data = { ...job, ExtractedData: { ...ed, ConfidenceScores: { ...ed.ConfidenceScores, ...raised } } };
    }
    if (url.endsWith('/approve')) data = { ...job, Status: 'Completed', StatusIcon: 'Completed', ExtractedData: body, EdiDocuments: [{ Type: '204', ISAControlNumber: '000000200', Content: 'ISA*00~B2A*00*LT~' }] };
    return new Response(JSON.stringify({ success: true, data, message: null }));
  }));
  return calls;
}

function open(jobId: string) {
  return renderWithProviders(<Routes><Route path="/app/documents/:jobId" element={<ReviewPage />} /></Routes>, { route: `/app/documents/${jobId}` });
}

const input = (path: string) => document.getElementById(fieldInputId(path)) as HTMLInputElement;

describe('review screen', () => {
  it('lists the invalid field, then unsure ones, says what is wrong in plain words and draws each field’s box', async () => {
    serve(heldJobDto);
    open('job-2');
    await screen.findByRole('button', { name: /Approve & send EDI/ });
    const flagged = screen.getByRole('region', { name: 'Check these first' });
    const order = [...flagged.querySelectorAll('[data-field]')].map((e) => e.getAttribute('data-field'));
    expect(order).toEqual(['Carrier.Scac', 'Consignee.Zip', 'References.PoNumber']);
    expect(input('Carrier.Scac').dataset.flag).toBe('invalid');
    expect(input('Consignee.Zip').dataset.flag).toBe('unsure');
    expect(screen.getByText('The carrier SCAC is missing (the 204 needs it).')).toBeTruthy();
    expect(screen.queryByText(/Carrier\.Scac/)).toBeNull();
    // Page 1 holds two boxes, placed in percent of the page's pixel size.
    const box = screen.getByRole('button', { name: 'Box: Consignee zip / postal code' });
    expect(box.style.left).toBe(`${(600 / 1700) * 100}%`);
    expect(screen.getByRole('button', { name: 'Box: Shipper name' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });

  it('selects a field from its box and the box from its field, turning to the page it is on', async () => {
    serve(heldJobDto);
    open('job-2');
    await screen.findByRole('button', { name: /Approve & send EDI/ });
    fireEvent.click(screen.getByRole('button', { name: 'Box: Consignee zip / postal code' }));
    expect(document.activeElement).toBe(input('Consignee.Zip'));
    expect(screen.getByRole('button', { name: 'Box: Consignee zip / postal code' }).getAttribute('aria-pressed')).toBe('true');
    act(() => input('References.PoNumber').focus());
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Box: PO number' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('confirms an unsure field with Enter, moves to the next flagged one, and clears the flag', async () => {
    const calls = serve(heldJobDto);
    open('job-2');
    await screen.findByRole('button', { name: /Approve & send EDI/ });
    act(() => input('Consignee.Zip').focus());
    fireEvent.keyDown(input('Consignee.Zip'), { key: 'Enter' });
    expect(input('Consignee.Zip').dataset.flag).toBeUndefined();
    expect(document.activeElement).toBe(input('References.PoNumber'));
    // The confirmation is saved at once, so it holds after a reload and the approval counts it as checked.
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/confirm')).map((c) => c.body)).toEqual([{ fields: ['Consignee.Zip'] }]));
    expect(input('Consignee.Zip').dataset.flag).toBeUndefined();
    // Editing clears a flag too.
    fireEvent.change(input('References.PoNumber'), { target: { value: 'PO-5532' } });
    expect(input('References.PoNumber').dataset.flag).toBeUndefined();
  });

  it('rebuilds the EDI preview from the edit, clears the fixed problem, and approves with Ctrl+Enter sending the reviewed data', async () => {
    const calls = serve(heldJobDto);
    open('job-2');
    await screen.findByRole('button', { name: /Approve & send EDI/ });
    fireEvent.change(input('Carrier.Scac'), { target: { value: 'odfl' } });
    expect(input('Carrier.Scac').value).toBe('ODFL');
    // The preview is rebuilt a moment after typing stops (PREVIEW_DELAY_MS).
    const edi = await screen.findByText(/B2\*\*ODFL\*\*BOL778120/, undefined, { timeout: 5000 });
    expect(edi.closest('pre')?.dataset.ediPreview).toBe('true');
    await waitFor(() => expect(input('Carrier.Scac').dataset.flag).toBeUndefined(), { timeout: 5000 });
    expect(screen.queryByText(/SCAC is missing/)).toBeNull();

    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Approved'), { timeout: 5000 });
    const approve = calls.find((c) => c.url.endsWith('/api/processing/job/job-2/approve'))!;
    expect(approve.method).toBe('POST');
    const sent = approve.body as { Carrier: { Scac: string }; ConfidenceScores: Record<string, number> };
    expect(sent.Carrier.Scac).toBe('ODFL');
    expect(sent.ConfidenceScores['Carrier.Scac']).toBe(1);
    expect(calls.filter((c) => c.url.endsWith('/approve'))).toHaveLength(1);
  });

  it('asks in its own dialog before approving while the EDI still has a problem, and sends only when told to', async () => {
    const calls = serve(heldJobDto);
    const confirmSpy = vi.spyOn(window, 'confirm');
    open('job-2');
    fireEvent.click(await screen.findByRole('button', { name: /Approve & send EDI/ }));
    const ask = await screen.findByRole('dialog', { name: 'Send with problems?' });
    // Its buttons answer from the moment it shows: nothing is in flight while it asks.
    expect((within(ask).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls.some((c) => c.url.endsWith('/approve'))).toBe(false);
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send with problems?' })).toBeNull(), { timeout: 5000 });
    expect(calls.some((c) => c.url.endsWith('/approve'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /Approve & send EDI/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Send with problems?' })).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/approve'))).toHaveLength(1), { timeout: 5000 });
    expect(confirmSpy).not.toHaveBeenCalled();
  }, 15_000);

  it('deletes a document only after its own dialog is confirmed', async () => {
    const calls = serve(heldJobDto);
    open('job-2');
    fireEvent.click(await screen.findByRole('button', { name: /^Delete$/ }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this document?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete document' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1), { timeout: 5000 });
  });

  it('after delivery, sends a correction (save, then rebuild each EDI type) only once something changed', async () => {
    const calls = serve(completedJobDto);
    open('job-1');
    const send = await screen.findByRole('button', { name: /Save & send correction/ }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(within(screen.getByLabelText('EDI')).getByText('ISA 000000123')).toBeTruthy();
    fireEvent.change(input('Consignee.Zip'), { target: { value: '89502' } });
    expect(send.disabled).toBe(false);
    await act(async () => { fireEvent.click(send); });
    await waitFor(() => expect(getToasts()[0]?.title).toBe('Correction sent'), { timeout: 5000 });
    const writes = calls.filter((c) => c.method !== 'GET' && !c.url.endsWith('/edi-preview'));
    expect(writes.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/processing/job/job-1/data',
      'POST /api/processing/job/job-1/generate-edi',
      'POST /api/processing/job/job-1/generate-edi',
    ]);
    expect((writes[0]!.body as { Consignee: { Zip: string } }).Consignee.Zip).toBe('89502');
  });

  it('flags an empty field the extractor doubts is absent as one that may be on the bill', async () => {
    const ed = heldJobDto.ExtractedData as { References: Record<string, unknown>; ConfidenceScores: Record<string, number> };
    serve({ ...heldJobDto, ExtractedData: { ...ed, References: { ...ed.References, PoNumber: null }, ConfidenceScores: { ...ed.ConfidenceScores, 'References.PoNumber': 0.41 } } });
    open('job-2');
    await screen.findByRole('button', { name: /Approve & send EDI/ });
    expect(input('References.PoNumber').dataset.flag).toBe('unsure');
    expect(document.getElementById(`${fieldInputId('References.PoNumber')}-flag`)?.textContent).toMatch(/Check · may be on the bill/);
  });

  it('after delivery, confirming a flagged field saves the confirmation and sends nothing again', async () => {
    const calls = serve(completedJobDto);
    open('job-1');
    const send = await screen.findByRole('button', { name: /Save & send correction/ }) as HTMLButtonElement;
    expect(input('Consignee.Zip').dataset.flag).toBe('unsure');
    // Delivered without anyone confirming it, and the screen says so.
    expect(screen.getByText(/Unchecked · 62% sure/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Consignee zip / postal code' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/job/job-1/confirm'))).toBe(true));
    expect(input('Consignee.Zip').dataset.flag).toBeUndefined();
    expect(send.disabled).toBe(true);
    expect(calls.filter((c) => c.method !== 'GET' && !c.url.endsWith('/edi-preview')).map((c) => c.url)).toEqual(['/api/processing/job/job-1/confirm']);
  });

  it("puts an unsure commodity line field in Check these first, once, and Enter reaches it", async () => {
    const line = { HandlingUnits: 2, PackagingType: 'PLT', Pieces: 40, Weight: 1200, Commodity: 'Paper', FreightClass: '70' };
    const ed = heldJobDto.ExtractedData;
    serve({ ...heldJobDto, ExtractedData: { ...ed, LineItems: [line], ConfidenceScores: { ...ed.ConfidenceScores, 'LineItems.0.Weight': 0.4 } } });
    open('job-2');
    await screen.findByRole('button', { name: /Approve & send EDI/ });
    const flagged = screen.getByRole('region', { name: 'Check these first' });
    const order = [...flagged.querySelectorAll('[data-field]')].map((e) => e.getAttribute('data-field'));
    expect(order).toEqual(['Carrier.Scac', 'LineItems.0.Weight', 'Consignee.Zip', 'References.PoNumber']);
    expect(within(flagged).getByRole('textbox', { name: 'Line 1 weight' })).toBe(input('LineItems.0.Weight'));
    // One input per field: the line's weight is not repeated under the commodity lines.
    expect(document.querySelectorAll(`[id="${fieldInputId('LineItems.0.Weight')}"]`)).toHaveLength(1);
    const lines = within(screen.getByRole('group', { name: 'Commodity lines' }));
    expect(lines.queryByRole('textbox', { name: 'Weight' })).toBeNull();
    expect(lines.getByRole('textbox', { name: 'Pieces' })).toBeTruthy();
    act(() => input('Carrier.Scac').focus());
    fireEvent.keyDown(input('Carrier.Scac'), { key: 'Enter' });
    expect(document.activeElement).toBe(input('LineItems.0.Weight'));
    fireEvent.keyDown(input('LineItems.0.Weight'), { key: 'Enter' });
    expect(input('LineItems.0.Weight').dataset.flag).toBeUndefined();
    expect(document.activeElement).toBe(input('Consignee.Zip'));
  });

  it('edits commodity lines like any field: add a line from the totals, flag a bad value, remove a line, approve with the lines', async () => {
    const calls = serve(heldJobDto);
    open('job-2');
    await screen.findByRole('button', { name: /Approve & send EDI/ });
    const lines = screen.getByRole('group', { name: 'Commodity lines' });
    fireEvent.click(within(lines).getByRole('button', { name: 'Add line' }));
    fireEvent.click(within(lines).getByRole('button', { name: 'Add line' }));
    expect(input('LineItems.0.Weight').value).toBe(String(heldJobDto.ExtractedData.ShipmentDetails.Weight));
    fireEvent.change(input('LineItems.1.Weight'), { target: { value: '0' } });
    fireEvent.change(input('LineItems.1.Commodity'), { target: { value: 'Cat litter' } });
    // The preview re-validates the draft; a message naming a line's field flags that field, in plain words.
    await waitFor(() => expect(input('LineItems.1.Weight').dataset.flag).toBe('invalid'), { timeout: 5000 });
    expect(screen.getByText("Line 2's weight must be a number above 0.")).toBeTruthy();
    fireEvent.click(within(lines).getByRole('button', { name: 'Remove line 1' }));
    expect(input('LineItems.0.Commodity').value).toBe('Cat litter');
    expect(document.getElementById(fieldInputId('LineItems.1.Weight'))).toBeNull();
    fireEvent.change(input('LineItems.0.Weight'), { target: { value: '400' } });
    fireEvent.change(input('Carrier.Scac'), { target: { value: 'ODFL' } });
    await waitFor(() => expect(screen.queryByText(/SCAC is missing|weight must be/)).toBeNull(), { timeout: 5000 });
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/approve'))).toHaveLength(1), { timeout: 5000 });
    const sent = calls.find((c) => c.url.endsWith('/approve'))!.body as { LineItems: { Weight: number; Commodity: string }[] };
    expect(sent.LineItems).toEqual([expect.objectContaining({ Weight: 400, Commodity: 'Cat litter' })]);
  }, 15_000);

  it("says not found for a job the server does not return (another account's link)", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: { jobs: [], total: 0 }, message: null }))));
    open('someone-elses');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeTruthy();
  });
});
