/**
 * Full-screen "Watch Demo": a screen recording of the product (upload, reading, review, billing),
 * muted so it may start by itself. Closes on the X, a click on the backdrop or Escape.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { DEMO_VIDEO_URL } from '../../config.ts';

export function DemoModal({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="lw-overlay fixed inset-0 z-50 bg-slate-950/95" />
        <Dialog.Content className="fixed inset-0 z-50 flex items-center justify-center p-3 outline-none sm:p-8"
          onClick={(e) => { if (e.target === e.currentTarget) onOpenChange(false); }}>
          <Dialog.Title className="sr-only">Product demo</Dialog.Title>
          <Dialog.Description className="sr-only">A screen recording: a bill of lading uploaded, read, reviewed and turned into EDI.</Dialog.Description>
          <Dialog.Close className="absolute right-3 top-3 z-10 rounded-full bg-white/10 p-2 text-white hover:bg-white/20 sm:right-5 sm:top-5" aria-label="Close demo">
            <X className="h-6 w-6" />
          </Dialog.Close>
          <video src={DEMO_VIDEO_URL} controls autoPlay muted playsInline
            className="max-h-full w-full max-w-6xl rounded-xl bg-black shadow-2xl ring-1 ring-white/10" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
