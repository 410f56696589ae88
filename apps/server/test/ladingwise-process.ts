/**
 * Real `node bin/ladingwise.mjs serve|worker` child processes for the multi-process tests and the load
 * benches, as separate machines run them: each gets only the environment it is given (PATH and HOME
 * aside), so what it does depends on the settings the caller names; its output is kept for assertions
 * and error reports; stopping asks politely, then kills after a grace period so a wedged process cannot
 * hold up the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface LadingwiseProcess { name: string; child: ChildProcess; output: string[] }

/** Starts `ladingwise <command>` from the repository root `root`; keeps at most `keepChunks` output chunks. */
export function startLadingwise(root: string, name: string, command: 'serve' | 'worker', env: Record<string, string>, keepChunks = Infinity): LadingwiseProcess {
  const child = spawn(process.execPath, ['bin/ladingwise.mjs', command], {
    cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', OMP_THREAD_LIMIT: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (b: Buffer): void => { output.push(b.toString()); if (output.length > keepChunks) output.shift(); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { name, child, output };
}

/** SIGTERM, then SIGKILL once `graceMs` has passed; resolves when the process has exited. */
export async function stopProcess(p: LadingwiseProcess, graceMs = 20_000): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
  });
}
