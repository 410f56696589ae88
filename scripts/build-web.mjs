#!/usr/bin/env node
// Builds the web app when its bundle is missing or older than its sources, so `npm start`
// always serves the current screens without a separate build step.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = join(import.meta.dirname, '..', 'apps', 'web');
const bundle = join(web, 'dist', 'index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(web, p));

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const force = process.argv.includes('--force');
if (force || !existsSync(bundle) || Math.max(...sources.map(newest)) > statSync(bundle).mtimeMs) {
  process.stdout.write('Building the web app (apps/web)...\n');
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], { stdio: 'inherit', cwd: join(web, '..', '..') });
}
