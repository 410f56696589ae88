/** Runs the signed-in gate once per signed-in user and says whether the setup overlay is needed. */
import { useEffect, useState } from 'react';
import { isInitialized } from '../../api/account.ts';
import { useAuth } from '../auth/auth-context.ts';
import { runSignedInGate, sleep } from './setup-machine.ts';

export type GateState = 'pending' | 'ready' | 'setup';

export function useSignedInGate(): [GateState, (s: GateState) => void] {
  const { isAuthenticated, user, getAccessToken } = useAuth();
  const [state, setState] = useState<GateState>('pending');
  const who = isAuthenticated ? `${user?.id}|${user?.email}` : null;

  useEffect(() => {
    // Signing out (or switching user) resets the gate.
    setState('pending');
    if (!who) return;
    let live = true;
    void runSignedInGate({ getToken: getAccessToken, isInitialized, sleep }).then((r) => { if (live) setState(r); });
    return () => { live = false; };
  }, [who, getAccessToken]);

  return [state, setState];
}
