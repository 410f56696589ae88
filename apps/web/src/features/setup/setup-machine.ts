/**
 * First-time setup as a small state machine (spec section 4): check, initialize, finish after
 * 1 s / 1.5 s, treat 404 as initialized, retry other failures after 2 s up to 3 attempts.
 */
import { ApiError } from '../../api/http.ts';

export type SetupPhase = 'checking' | 'initializing' | 'complete' | 'error';

export interface SetupView {
  phase: SetupPhase;
  message: string;
  attempts: number;
}

export const SETUP_HEADINGS: Record<SetupPhase, string> = {
  checking: 'Preparing Your Account',
  initializing: 'First Time Setup',
  complete: 'Ready!',
  error: 'Setup Error',
};

export const SETUP_MAX_ATTEMPTS = 3;
export const SETUP_RETRY_DELAY_MS = 2000;
export const SETUP_DONE_DELAY_MS = 1000;
export const SETUP_NEW_DONE_DELAY_MS = 1500;

export const SETUP_CHECKLIST = [
  'creating secure SFTP access',
  'setting up document storage',
  'configuring EDI processing',
  'adding $10 credit to get you started',
] as const;

export interface SetupDeps {
  isInitialized: () => Promise<boolean>;
  initialize: () => Promise<{ success: boolean; message: string | null }>;
  sleep: (ms: number) => Promise<void>;
  onView: (view: SetupView) => void;
}

const is404 = (err: unknown) => err instanceof ApiError && err.status === 404;

/** Runs setup to the end; resolves 'done' once the finish delay passed, or 'error'. */
export async function runFirstTimeSetup(deps: SetupDeps): Promise<'done' | 'error'> {
  const { onView, sleep } = deps;
  for (let attempt = 1; attempt <= SETUP_MAX_ATTEMPTS; attempt++) {
    if (attempt === 1) onView({ phase: 'checking', message: 'Checking your account...', attempts: attempt });
    try {
      if (await deps.isInitialized()) {
        onView({ phase: 'complete', message: 'Welcome back!', attempts: attempt });
        await sleep(SETUP_DONE_DELAY_MS);
        return 'done';
      }
      onView({ phase: 'initializing', message: 'Setting up your environment for the first time...', attempts: attempt });
      const result = await deps.initialize();
      if (result.success) {
        onView({ phase: 'complete', message: 'Environment setup complete!', attempts: attempt });
        await sleep(SETUP_NEW_DONE_DELAY_MS);
        return 'done';
      }
      onView({ phase: 'error', message: result.message || 'Setup failed. Please refresh the page.', attempts: attempt });
      return 'error';
    } catch (err) {
      if (is404(err)) {
        onView({ phase: 'complete', message: 'Welcome!', attempts: attempt });
        await sleep(SETUP_DONE_DELAY_MS);
        return 'done';
      }
      console.warn('Setup attempt failed', err);
      if (attempt < SETUP_MAX_ATTEMPTS) {
        onView({ phase: 'initializing', message: 'Retrying setup...', attempts: attempt });
        await sleep(SETUP_RETRY_DELAY_MS);
        continue;
      }
      onView({ phase: 'error', message: 'Setup failed after multiple attempts. Please refresh the page.', attempts: attempt });
      return 'error';
    }
  }
  return 'error';
}

export const TOKEN_ATTEMPTS = 10;
export const TOKEN_ATTEMPT_DELAY_MS = 200;

/**
 * The signed-in gate: up to 10 tries 200 ms apart for an access token, then the initialization check.
 * 'setup' when the user is not initialized or the check failed with anything but 404.
 */
export async function runSignedInGate(deps: {
  getToken: () => Promise<string | null>;
  isInitialized: () => Promise<boolean>;
  sleep: (ms: number) => Promise<void>;
}): Promise<'ready' | 'setup'> {
  for (let i = 1; i <= TOKEN_ATTEMPTS; i++) {
    const token = await deps.getToken().catch(() => null);
    if (token) break;
    if (i < TOKEN_ATTEMPTS) await deps.sleep(TOKEN_ATTEMPT_DELAY_MS);
  }
  try {
    return (await deps.isInitialized()) ? 'ready' : 'setup';
  } catch (err) {
    return is404(err) ? 'ready' : 'setup';
  }
}

/** setTimeout as a promise. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
