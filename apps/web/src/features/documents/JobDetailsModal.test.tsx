import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { dismissToast, getToasts } from '../../lib/toast-store.ts';
import { readJob } from '../../api/jobs.ts';
import { completedJobDto } from './fixtures.ts';
import { JobDetailsModal, NOT_FOUND_TEXT } from './JobDetailsModal.tsx';

afterEach(() => { vi.unstubAllGlobals(); dismissToast(); });

function serve() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', url, body: init.body && typeof init.body === 'string' ? JSON.parse(init.body) : null });
    if (url.includes('/api/image/')) return new Response('', { status: 404 });
    const data = url.includes('/processing/jobs') ? { jobs: [completedJobDto], total: 1 } : completedJobDto;
    return new Response(JSON.stringify({ success: true, data, message: null }));
  }));
  return calls;
}

it('titles the modal, highlights low-confidence and missing fields, and saves then regenerates both EDI types', async () => {
  const calls = serve();
  renderWithProviders(<JobDetailsModal jobId="job-1" initial={readJob(completedJobDto)} onClose={() => {}} onOpenImages={() => {}} />);
  expect(screen.getByText('Details for bol-778120.jpg')).toBeTruthy();
  const zips = screen.getAllByLabelText(/ZIP \/ postal code/) as HTMLInputElement[];
  const consigneeZip = zips[1]!;
  expect(consigneeZip.value).toBe('8950');
  expect(consigneeZip.dataset.lowConfidence).toBe('true');
  expect(zips[0]!.dataset.lowConfidence).toBeUndefined();
  expect(screen.getByText('Not found')).toBeTruthy();

  const save = screen.getByRole('button', { name: /Save & regenerate EDI/ }) as HTMLButtonElement;
  expect(save.disabled).toBe(true);
  fireEvent.change(consigneeZip, { target: { value: '89502' } });
  expect(save.disabled).toBe(false);
  await act(async () => { fireEvent.click(save); });
  await waitFor(() => expect(getToasts()[0]?.title).toBe('Corrections saved'));

  const writes = calls.filter((c) => c.method !== 'GET');
  expect(writes.map((c) => `${c.method} ${c.url}`)).toEqual([
    'PUT /api/processing/job/job-1/data',
    'POST /api/processing/job/job-1/generate-edi',
    'POST /api/processing/job/job-1/generate-edi',
  ]);
  expect((writes[0]!.body as { Consignee: { Zip: string } }).Consignee.Zip).toBe('89502');
  expect(writes.slice(1).map((c) => c.body)).toEqual([{ documentType: '204' }, { documentType: '211' }]);
});

it('shows the EDI of each type with its ISA number', async () => {
  serve();
  renderWithProviders(<JobDetailsModal jobId="job-1" initial={readJob(completedJobDto)} onClose={() => {}} onOpenImages={() => {}} />);
  expect(screen.getByText('ISA 000000123')).toBeTruthy();
  fireEvent.click(screen.getByRole('tab', { name: 'X12 211' }));
  expect(screen.getByText('ISA 000000124')).toBeTruthy();
});

it("says not found for a job the server does not return (another account's link) instead of loading forever", async () => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: { jobs: [], total: 0 }, message: null }))));
  renderWithProviders(<JobDetailsModal jobId="someone-elses" onClose={() => {}} onOpenImages={() => {}} />);
  expect(await screen.findByText(NOT_FOUND_TEXT)).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
});
