/** The full-screen first-time setup overlay: runs the setup machine and shows its state. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AlertTriangle, Check, Loader2, PartyPopper } from 'lucide-react';
import { initializeUser, isInitialized } from '../../api/account.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cx } from '../../components/ui/cx.ts';
import { runFirstTimeSetup, SETUP_CHECKLIST, SETUP_HEADINGS, sleep, type SetupDeps, type SetupView } from './setup-machine.ts';

export interface SetupOverlayProps {
  onDone: () => void;
  /** Injected in tests; defaults to the real API and timers. */
  deps?: Partial<Omit<SetupDeps, 'onView'>>;
}

export function SetupOverlay({ onDone, deps }: SetupOverlayProps) {
  const [view, setView] = useState<SetupView>({ phase: 'checking', message: 'Checking your account...', attempts: 1 });
  const [run, setRun] = useState(0);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const depsRef = useRef(deps);

  useEffect(() => {
    let live = true;
    void runFirstTimeSetup({
      isInitialized: depsRef.current?.isInitialized ?? isInitialized,
      initialize: depsRef.current?.initialize ?? initializeUser,
      sleep: depsRef.current?.sleep ?? sleep,
      onView: (v) => { if (live) setView(v); },
    }).then((r) => { if (live && r === 'done') doneRef.current(); });
    return () => { live = false; };
  }, [run]);

  const retry = useCallback(() => setRun((n) => n + 1), []);
  const { phase } = view;

  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/70 p-4 backdrop-blur-sm" role="dialog" aria-modal="true" aria-labelledby="setup-heading">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <div className={cx('mx-auto mb-5 flex h-14 w-14 items-center justify-center rounded-full',
          phase === 'error' ? 'bg-red-50 text-red-600' : phase === 'complete' ? 'bg-emerald-50 text-emerald-600' : 'bg-brand-50 text-brand-600')}>
          {phase === 'error' ? <AlertTriangle className="h-7 w-7" /> : phase === 'complete' ? <PartyPopper className="h-7 w-7" /> : <Loader2 className="h-7 w-7 animate-spin" />}
        </div>
        <h2 id="setup-heading" className="text-center text-xl font-semibold text-slate-900">{SETUP_HEADINGS[phase]}</h2>
        <p className="mt-2 text-center text-sm text-slate-600" role="status">{view.message}</p>
        {phase !== 'error' && (
          <ul className="mt-6 space-y-2.5">
            {SETUP_CHECKLIST.map((item, i) => (
              <li key={item} className="flex items-center gap-3 text-sm">
                <span className={cx('flex h-6 w-6 shrink-0 items-center justify-center rounded-full',
                  phase === 'complete' ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-100 text-slate-400')}>
                  {phase === 'complete' ? <Check className="h-3.5 w-3.5" /> : phase === 'initializing'
                    ? <Loader2 className="h-3.5 w-3.5 animate-spin" style={{ animationDelay: `${i * 120}ms` }} /> : <span className="h-1.5 w-1.5 rounded-full bg-slate-300" />}
                </span>
                <span className={cx('first-letter:uppercase', phase === 'complete' ? 'text-slate-900' : 'text-slate-600')}>{item}</span>
              </li>
            ))}
          </ul>
        )}
        {phase === 'error' && (
          <div className="mt-6 text-center">
            <p className="text-xs text-slate-500">Attempted {view.attempts} time(s)</p>
            <div className="mt-4 flex justify-center gap-2">
              <Button variant="outline" onClick={retry}>Try again</Button>
              <Button onClick={() => window.location.reload()}>Reload Page</Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
