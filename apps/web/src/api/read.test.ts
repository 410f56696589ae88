import { describe, expect, it } from 'vitest';
import { readSavedIds, sortSavedIds } from './account.ts';
import { readJob, readJobPage } from './jobs.ts';

describe('saved interchange IDs', () => {
  it('sort case-insensitively by label, then by ID, with labels trimmed', () => {
    const r = readSavedIds({
      savedSenderIds: [
        { id: '1', label: 'zeta', interchangeId: 'Z1' },
        { id: '2', label: ' Acme ', interchangeId: 'B2' },
        { id: '3', label: 'acme', interchangeId: 'A1' },
      ],
      SavedReceiverIds: [{ Id: '9', Label: 'Port', InterchangeId: 'PORT' }],
    });
    expect(r.savedSenderIds.map((s) => `${s.label}/${s.interchangeId}`)).toEqual(['acme/A1', 'Acme/B2', 'zeta/Z1']);
    expect(r.savedReceiverIds).toEqual([{ id: '9', label: 'Port', interchangeId: 'PORT' }]);
    expect(sortSavedIds([])).toEqual([]);
  });
});

describe('job reader', () => {
  it('applies the spec defaults and accepts camelCase', () => {
    const j = readJob({ jobId: 'j1' }, () => new Date('2026-01-02T03:04:05Z'));
    expect(j).toMatchObject({ jobId: 'j1', fileName: 'Unknown File', status: 'Unknown', statusIcon: 'InProgress', createdAt: '2026-01-02T03:04:05.000Z', imageUrls: [], thumbnailUrls: [] });
  });
  it('reads data.jobs with total, or a plain array', () => {
    expect(readJobPage({ jobs: [{ JobId: 'a' }], total: 41 }).total).toBe(41);
    expect(readJobPage([{ JobId: 'a' }, { JobId: 'b' }]).jobs.map((j) => j.jobId)).toEqual(['a', 'b']);
    expect(() => readJobPage({ nope: true })).toThrow();
  });
});
