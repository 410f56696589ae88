/**
 * The toast queue: at most one visible, a new toast replaces the older one, dismissed toasts
 * are removed after TOAST_REMOVE_DELAY (spec section 4). Framework-free so tests can read it.
 */
import type { ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DEFAULT_DURATION = 5000;

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive' | 'success';
  /** Milliseconds; Infinity keeps it until dismissed. */
  duration?: number;
  action?: ReactNode;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: ToastItem[]) => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const l of listeners) l(toasts);
}

/** Shows a toast; returns its id. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/** Closes one toast (or all); it is removed from memory later. */
export function dismissToast(id?: string): void {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  for (const t of toasts) {
    if (!t.open && !removeTimers.has(t.id)) {
      removeTimers.set(t.id, setTimeout(() => {
        removeTimers.delete(t.id);
        toasts = toasts.filter((x) => x.id !== t.id);
        emit();
      }, TOAST_REMOVE_DELAY));
    }
  }
  emit();
}

/** Current toasts (newest first). */
export function getToasts(): ToastItem[] {
  return toasts;
}

/** Subscribes to changes; returns the unsubscribe function. */
export function subscribeToasts(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Shorthand for the destructive variant. */
export function toastError(title: string, description?: ReactNode, persistent = false): string {
  return toast({ title, description, variant: 'destructive', duration: persistent ? Infinity : undefined });
}
