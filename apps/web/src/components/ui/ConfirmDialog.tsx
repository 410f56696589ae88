/**
 * The app's own confirmation for actions that cannot be undone (revoking or rotating a key, deleting
 * a document): says what happens, names the action on its button, and never uses the browser's confirm().
 */
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What happens, in plain words (e.g. to the old key). */
  children: ReactNode;
  /** The button that does it: "Revoke key", "Rotate key". */
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, danger = false, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={(o) => { if (!o && !busy) onCancel(); }} title={title} size="sm"
      footer={<>
        <Button variant="outline" onClick={onCancel} disabled={busy}>Cancel</Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>{confirmLabel}</Button>
      </>}>
      <div className="space-y-2 text-sm leading-6 text-slate-600">{children}</div>
    </Modal>
  );
}
