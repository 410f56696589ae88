import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, spawnLadingwise, spawnNpmStart, type Running } from './support/spawn-ladingwise.ts';

const run = promisify(execFile);

describe('ladingwise command', () => {
  it('lists its subcommands with one line each', async () => {
    const { stdout } = await run(process.execPath, [join(ROOT, 'bin/ladingwise.mjs'), '--help'], { cwd: ROOT });
    for (const cmd of ['serve', 'worker', 'extract', 'edi']) expect(stdout).toMatch(new RegExp(`^  ${cmd}\\s+\\S`, 'm'));
  });

  it('rejects an unknown subcommand with exit code 2', async () => {
    await expect(run(process.execPath, [join(ROOT, 'bin/ladingwise.mjs'), 'frobnicate'], { cwd: ROOT })).rejects.toMatchObject({ code: 2 });
  });
});

describe('ladingwise serve on embedded defaults', () => {
  const running: Running[] = [];
  afterAll(async () => { await Promise.all(running.map((r) => r.stop())); });

  it('runs two instances side by side, each answering health from its own data folder', async () => {
    const [a, b] = await Promise.all([spawnLadingwise('serve'), spawnLadingwise('serve')]);
    running.push(a!, b!);
    expect(a!.url).not.toBe(b!.url);
    for (const r of [a!, b!]) {
      const res = await fetch(`${r.url}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, data: { status: 'ok', database: 'pglite' } });
      expect(existsSync(join(r.dataDir, 'db'))).toBe(true);
    }
  });

  it('refuses to start with an invalid setting and names it', async () => {
    await expect(spawnLadingwise('serve', { PORT: 'eighty' }, 20_000)).rejects.toThrow(/PORT/);
  });

  it('stops with the reason when a part fails after the web server is up, instead of running half-started', async () => {
    await expect(spawnLadingwise('serve', { SFTP_HOST_KEY: 'not a key' }, 30_000)).rejects.toThrow(/exited with 1[\s\S]*SFTP_HOST_KEY/);
  });
});

describe('npm start', () => {
  it('stops the whole product on one SIGTERM to npm: no server left behind', async () => {
    const app = await spawnNpmStart({ HOST: '127.0.0.1' });
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    const exited = new Promise((r) => app.child.once('exit', r));
    app.child.kill('SIGTERM');
    await exited;
    // npm returns once its child is gone; the port must now refuse connections.
    await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();
    await app.stop();
  });
});
