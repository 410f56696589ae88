/**
 * Starts `node bin/ladingwise.mjs <command>` as a real child process with its own DATA_DIR and
 * random ports, and waits for its "Ladingwise is running" log line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Running {
  child: ChildProcess;
  url: string;
  sftpPort: number | null;
  dataDir: string;
  logs: string[];
  stop(): Promise<void>;
}

export async function spawnLadingwise(command: 'serve' | 'worker', env: Record<string, string> = {}, timeoutMs = 60_000): Promise<Running> {
  return spawnUntilRunning(process.execPath, [join(ROOT, 'bin/ladingwise.mjs'), command], command, env, timeoutMs);
}

/** `npm start` as a user runs it (builds the web app when stale, then serves); the returned child is npm itself. */
export async function spawnNpmStart(env: Record<string, string> = {}, timeoutMs = 120_000): Promise<Running> {
  return spawnUntilRunning('npm', ['start', '--silent'], 'serve', env, timeoutMs);
}

async function spawnUntilRunning(file: string, args: string[], command: string, env: Record<string, string>, timeoutMs: number): Promise<Running> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lw-e2e-'));
  const child = spawn(file, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', SFTP_PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const ready = new Promise<{ url: string; sftpPort: number | null }>((resolveReady, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM'); // never leave a half-started product behind
      reject(new Error(`ladingwise ${command} did not start in ${timeoutMs} ms:\n${logs.join('\n')}`));
    }, timeoutMs);
    const onLine = (line: string) => {
      logs.push(line);
      if (!line.includes('Ladingwise')) return;
      try {
        const entry = JSON.parse(line) as { msg?: string; address?: string; sftpPort?: number | null };
        if (entry.msg === 'Ladingwise is running' || entry.msg === 'Ladingwise worker is running') {
          clearTimeout(timer);
          resolveReady({ url: (entry.address ?? '').replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'), sftpPort: entry.sftpPort ?? null });
        }
      } catch { /* not a JSON log line */ }
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', (l) => logs.push(l));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`ladingwise ${command} exited with ${code}:\n${logs.join('\n')}`));
    });
  });
  const { url, sftpPort } = await ready;
  return {
    child,
    url,
    sftpPort,
    dataDir,
    logs,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
