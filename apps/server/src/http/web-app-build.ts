/**
 * `ladingwise serve` builds the web app when its bundle is missing, as `npm start` does, so the
 * command the README calls "the same as npm start" serves the same screens. Output goes to stderr so
 * stdout stays the JSON log; a failed build is reported and the server still starts (the browser then
 * gets a page saying how to build it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_DIST } from './web-app.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BUILD_SCRIPT = join(ROOT, 'scripts', 'build-web.mjs');

/** Builds apps/web when dist/index.html is missing; returns what happened. */
export function ensureWebAppBuilt(distDir = WEB_DIST): 'present' | 'built' | 'failed' | 'no-sources' {
  if (existsSync(join(distDir, 'index.html'))) return 'present';
  if (!existsSync(BUILD_SCRIPT) || !existsSync(join(ROOT, 'apps', 'web', 'package.json'))) return 'no-sources';
  process.stderr.write('The web app is not built yet: building it now (apps/web, about a minute on 2 cores)...\n');
  try {
    execFileSync(process.execPath, [BUILD_SCRIPT], { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] });
    return existsSync(join(distDir, 'index.html')) ? 'built' : 'failed';
  } catch (err) {
    process.stderr.write(`Building the web app failed (${err instanceof Error ? err.message : String(err)}); the API still starts. Run \`npm run build:web\` to see why.\n`);
    return 'failed';
  }
}
