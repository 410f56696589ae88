import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { SetupOverlay } from './SetupOverlay.tsx';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

it('walks through First Time Setup to Ready! and calls onDone after 1.5 s', async () => {
  const onDone = vi.fn();
  let finishInit!: (v: { success: boolean; message: string | null }) => void;
  render(<SetupOverlay onDone={onDone} deps={{ isInitialized: async () => false, initialize: () => new Promise((r) => { finishInit = r; }) }} />);
  await act(async () => { await vi.advanceTimersByTimeAsync(0); });
  expect(screen.getByText('First Time Setup')).toBeTruthy();
  expect(screen.getByText('Setting up your environment for the first time...')).toBeTruthy();
  expect(screen.getByText('adding $10 credit to get you started')).toBeTruthy();
  await act(async () => { finishInit({ success: true, message: null }); await vi.advanceTimersByTimeAsync(0); });
  expect(screen.getByText('Ready!')).toBeTruthy();
  expect(screen.getByText('Environment setup complete!')).toBeTruthy();
  await act(async () => { await vi.advanceTimersByTimeAsync(1500); });
  expect(onDone).toHaveBeenCalledOnce();
});

it('shows Setup Error with the attempt count after three failures', async () => {
  render(<SetupOverlay onDone={() => {}} deps={{ isInitialized: async () => { throw new ApiError('down', 503); } }} />);
  await act(async () => { await vi.advanceTimersByTimeAsync(4000); });
  expect(screen.getByText('Setup Error')).toBeTruthy();
  expect(screen.getByText('Setup failed after multiple attempts. Please refresh the page.')).toBeTruthy();
  expect(screen.getByText('Attempted 3 time(s)')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
});
