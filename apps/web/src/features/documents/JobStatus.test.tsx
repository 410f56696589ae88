import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../components/ui/Tooltip.tsx';
import { JobStatus, statusLabel } from './JobStatus.tsx';
import { splitThumbnails, turnStyle } from './Thumbnails.tsx';
import { shouldRefresh } from './DocumentsPage.tsx';
import { readJob } from '../../api/jobs.ts';

const job = (Status: string, ErrorMessage: string | null = null) => readJob({ JobId: 'j', Status, StatusIcon: Status, ErrorMessage });

describe('job status', () => {
  it('labels failed jobs "<Status> [No charge]" and keeps the error for the tooltip', () => {
    render(<TooltipProvider><JobStatus job={job('Failed', 'Image is blank')} /></TooltipProvider>);
    expect(screen.getByText('Failed [No charge]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Why it failed' })).toBeTruthy();
  });
  it('shows Completed, a processing spinner, and other statuses as text', () => {
    expect(statusLabel(job('Completed'))).toBe('Completed');
    expect(statusLabel(job('InProgress'))).toBe('Processing');
    expect(statusLabel(readJob({ JobId: 'q', Status: 'InProgress', Stage: 'queued' }))).toBe('Queued');
    expect(statusLabel(readJob({ JobId: 'p', Status: 'InProgress', Stage: 'processing' }))).toBe('Processing');
    expect(statusLabel(job('NeedsReview'))).toBe('Needs review');
    expect(statusLabel(job('Cancelled'))).toBe('Cancelled');
    expect(statusLabel(readJob({ JobId: 'x' }))).toBe('Unknown');
  });
});

describe('documents list', () => {
  it('shows 3 or 4 thumbnails and counts the rest as +N', () => {
    const urls = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(splitThumbnails(urls, 3)).toEqual({ shown: ['a', 'b', 'c'], more: 3 });
    expect(splitThumbnails(urls, 4)).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
    expect(splitThumbnails(['a'], 3)).toEqual({ shown: ['a'], more: 0 });
  });
  it('turns a thumbnail the way the extractor read its page, and leaves upright pages alone', () => {
    const turned = readJob({ JobId: 'j', Status: 'Completed', ExtractedData: { PageSizes: [{ width: 1700, height: 2200 }, { width: 1700, height: 2200, turn: 270 }] } });
    expect(turnStyle(turned, 0)).toBeUndefined();
    expect(turnStyle(turned, 1)).toEqual({ transform: 'rotate(270deg)' });
    expect(turnStyle(job('InProgress'), 0)).toBeUndefined();
  });
  it('refreshes only while some listed job is InProgress', () => {
    expect(shouldRefresh([job('Completed'), job('InProgress')])).toBe(true);
    expect(shouldRefresh([job('Completed'), job('Failed')])).toBe(false);
    expect(shouldRefresh(undefined)).toBe(false);
  });
});
