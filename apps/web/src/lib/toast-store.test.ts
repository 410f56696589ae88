import { expect, it } from 'vitest';
import { dismissToast, getToasts, toast, TOAST_DEFAULT_DURATION, TOAST_LIMIT } from './toast-store.ts';

it('keeps one toast visible: a new one replaces the older', () => {
  expect(TOAST_LIMIT).toBe(1);
  expect(TOAST_DEFAULT_DURATION).toBe(5000);
  toast({ title: 'First' });
  toast({ title: 'Second' });
  expect(getToasts().map((t) => t.title)).toEqual(['Second']);
  dismissToast();
  expect(getToasts()[0]?.open).toBe(false);
});
