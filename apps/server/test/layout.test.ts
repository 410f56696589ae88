/**
 * The server's layout rules, checked on the sources so they hold as the code grows: route handlers
 * hold no SQL (statements live in the stores), and every queue is sent to and worked only through
 * the one registry (queue/registry.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('../src/', import.meta.url));

function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [{ path: relative(srcDir, full), text: readFileSync(full, 'utf8') }] : [];
  });
}

const all = sources(srcDir);
/** A statement in a string, or a call that runs one. */
const SQL = /\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+TABLE|ALTER\s+TABLE)\b|\.(query|exec)\s*(<[^>]*>)?\s*\(/;

describe('server layout', () => {
  it('finds the sources it checks', () => {
    expect(all.filter((f) => f.path.endsWith('-routes.ts')).length).toBeGreaterThan(10);
  });

  it('keeps SQL out of every *-routes.ts (statements belong in the stores)', () => {
    const offending = all
      .filter((f) => f.path.endsWith('-routes.ts'))
      .flatMap((f) => f.text.split('\n').map((line, i) => ({ where: `${f.path}:${i + 1}`, line })))
      .filter((l) => SQL.test(l.line))
      .map((l) => `${l.where}: ${l.line.trim()}`);
    expect(offending).toEqual([]);
  });

  it('sends to queues only through enqueue() and works them only through startWorkers()', () => {
    const senders = all.filter((f) => /\bqueue\.send\s*\(/.test(f.text)).map((f) => f.path);
    const workers = all.filter((f) => /\bqueue\.(work|schedule)\s*\(/.test(f.text)).map((f) => f.path);
    expect(senders).toEqual([join('queue', 'enqueue.ts')]);
    expect(workers).toEqual([join('queue', 'workers.ts')]);
  });

  it('keeps HTTP out of the domain: only routes and the app import http/, and the error catalogue lives outside it', () => {
    const importers = all
      .filter((f) => !f.path.startsWith(`http${sep}`) && !f.path.endsWith('-routes.ts') && f.path !== 'app.ts')
      .filter((f) => /from '(\.\.?\/)+http\//.test(f.text))
      .map((f) => f.path);
    expect(importers).toEqual([]);
  });

  it('swallows no error silently: a catch that neither rethrows nor logs says, in a comment, which expected case it handles', () => {
    const silent: string[] = [];
    for (const f of all) {
      const lines = f.text.split('\n');
      lines.forEach((line, i) => {
        // `.catch(() => x)` and a bare `catch {` take no error to log or rethrow: only an expected case may.
        if (!/\.catch\(\(\)\s*=>|\bcatch\s*\{/.test(line)) return;
        if (/\bthrow\b/.test(line) || /^\s*throw\b/.test(lines[i + 1] ?? '')) return; // turned into an error of our own
        const around = [lines[i - 2], lines[i - 1], line, lines[i + 1]].join('\n');
        if (!/\/\/|\/\*|^\s*\*/m.test(around)) silent.push(`${f.path}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(silent).toEqual([]);
  });

  it('runs the pipeline from one folder, in order', () => {
    const steps = ['accept-upload', 'queue-document', 'process-document', 'extract', 'validate', 'build-edi', 'charge', 'deliver'];
    for (const step of steps) expect(all.some((f) => f.path === join('pipeline', `${step}.ts`)), step).toBe(true);
    // The orchestrator calls the steps in the order the product runs them.
    const orchestrator = all.find((f) => f.path === join('pipeline', 'process-document.ts'))!.text;
    const body = orchestrator.slice(orchestrator.indexOf('export async function processDocument'));
    // The review gate may stop a job early (and hand it to delivery for its notice): the last hand-over is the step's own.
    const calls = [...['extract(', 'validateForEdi(', 'reviewReasons(', 'buildEdiDocuments(', 'completeAndCharge('].map((c) => body.indexOf(c)), body.lastIndexOf('handOverToDelivery(')];
    expect(calls.every((at) => at > 0)).toBe(true);
    expect([...calls].sort((a, b) => a - b)).toEqual(calls);
  });
});
