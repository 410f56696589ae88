/** Centered card layout shared by the marketplace screens. */
import type { ReactNode } from 'react';
import { Brand } from '../shell/Brand.tsx';

export function MarketplaceFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-slate-50 to-brand-50/40">
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center px-4"><Brand /></header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">{children}</div>
      </main>
    </div>
  );
}
