/** Full-screen "Watch Demo" modal: the configured video, or an animated walkthrough. Closes on X, backdrop or Escape. */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { DEMO_VIDEO_URL } from '../../config.ts';
import { Walkthrough } from './Walkthrough.tsx';

export function DemoModal({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="lw-overlay fixed inset-0 z-50 bg-slate-950/90" />
        <Dialog.Content className="fixed inset-0 z-50 flex items-center justify-center p-4 sm:p-10" onClick={(e) => { if (e.target === e.currentTarget) onOpenChange(false); }}>
          <Dialog.Title className="sr-only">Product demo</Dialog.Title>
          <Dialog.Description className="sr-only">A short walkthrough from upload to EDI.</Dialog.Description>
          <Dialog.Close className="absolute right-4 top-4 rounded-full bg-white/10 p-2 text-white hover:bg-white/20" aria-label="Close demo">
            <X className="h-6 w-6" />
          </Dialog.Close>
          <div className="w-full max-w-5xl overflow-hidden rounded-2xl bg-slate-900 shadow-2xl ring-1 ring-white/10">
            {DEMO_VIDEO_URL
              ? <video src={DEMO_VIDEO_URL} controls autoPlay className="aspect-video w-full bg-black" />
              : <Walkthrough autoplay />}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
