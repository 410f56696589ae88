/** The `ladingwise` command: serve, worker, extract, edi. */
import { loadConfig } from '../config.ts';

const HELP = `Usage: ladingwise <command> [options]

Commands:
  serve      Run the whole product: web app, API, SFTP and job workers (npm start)
  worker     Run only job workers against a shared PostgreSQL (DATABASE_URL)
  extract    Read bill-of-lading images into extracted data (extract FILES... --format ndjson)
  edi        Write X12 204/211 from extracted data, or check an X12 file (edi --help)
  help       Show this help

Settings come from environment variables; see .env.example.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    // The server is loaded only by the commands that run it, so extract/edi/help start fast and quiet.
    case 'serve': {
      const { ensureWebAppBuilt } = await import('../http/web-app-build.ts');
      ensureWebAppBuilt();
      const { startServer } = await import('../runtime.ts');
      return runUntilSignal(await startServer(loadConfig()));
    }
    case 'worker': {
      const { startWorkerProcess } = await import('../runtime.ts');
      return runUntilSignal(await startWorkerProcess(loadConfig()));
    }
    case 'extract': {
      const { runExtractCli } = await import('@ladingwise/extract/cli');
      return runExtractCli(rest, { stdout: process.stdout, stderr: process.stderr });
    }
    case 'edi': {
      const { runEdiCli } = await import('@ladingwise/x12/cli');
      const { readFile } = await import('node:fs/promises');
      return runEdiCli(rest, { readFile: (p: string) => readFile(p, 'utf8'), stdout: process.stdout, stderr: process.stderr });
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${HELP}\n`);
      return 0;
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${HELP}\n`);
      return 2;
  }
}

/** Keeps a long-running process alive until SIGINT/SIGTERM, then stops it gracefully. */
function runUntilSignal(running: { stop(): Promise<void> }): Promise<number> {
  return new Promise((resolve) => {
    const stop = () => {
      running.stop().then(() => resolve(0), () => resolve(1));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
