/**
 * `ladingwise edi`: writes a 204/211 interchange from an ExtractedData JSON file, or checks an
 * X12 file. Exit codes: 0 done, 1 the checked file is invalid, 2 bad arguments or unreadable input.
 */
import { emptyExtractedData, toPascalKeys, type ExtractedData } from '@ladingwise/shared';
import { checkInterchange } from './check-interchange.ts';
import { X12WriteError } from './errors.ts';
import { DEFAULT_SENDER_ID } from './envelope.ts';
import { writeInterchange } from './write-interchange.ts';
import { TYPES, VERSIONS, type TransactionType, type X12Version } from './versions.ts';

/** Where the CLI reads files and writes text (injected so tests run in memory). */
export interface EdiCliIo {
  readFile(p: string): Promise<string>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Interchange date and time; the current time when absent. */
  now?: () => Date;
}

export const EDI_HELP = `Usage:
  ladingwise edi --type 204|211 --x12 4010|5010|7010 [--sender ID] [--receiver ID] [--control N] [--test] [--change] EXTRACTED.json
  ladingwise edi --check FILE.x12
  ladingwise edi --help

Writes one X12 interchange (ISA..IEA) holding a 204 load tender or a 211 bill of lading built from
EXTRACTED.json (an ExtractedData object or {"extractedData": {...}}, PascalCase or camelCase keys)
and prints it. Missing required fields are listed on stderr. --sender defaults to ${DEFAULT_SENDER_ID},
--receiver to RECEIVER, --control (ISA13) to 1; --test writes usage indicator T; --change writes
B2A01 04 (a change to a tender already sent) instead of 00 (original).

--check validates an interchange (envelope, counts, control numbers, 204/211 segments) and prints
"OK <type> <version> ISA <control>" or the problems found; it exits 1 when the file is invalid.
`;

class UsageError extends Error {}

interface Args {
  type?: string;
  version?: string;
  sender?: string;
  receiver?: string;
  control?: string;
  check?: string;
  test: boolean;
  change: boolean;
  help: boolean;
  files: string[];
}

function parseArgs(argv: string[]): Args {
  const a: Args = { test: false, change: false, help: false, files: [] };
  const valued: Record<string, keyof Args> = { '--type': 'type', '--x12': 'version', '--sender': 'sender', '--receiver': 'receiver', '--control': 'control', '--check': 'check' };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]!;
    const eq = raw.indexOf('=');
    const flag = raw.startsWith('--') && eq > 0 ? raw.slice(0, eq) : raw;
    if (flag === '--help' || flag === '-h') a.help = true;
    else if (flag === '--test') a.test = true;
    else if (flag === '--change') a.change = true;
    else if (valued[flag]) {
      const value = eq > 0 && raw.startsWith('--') ? raw.slice(eq + 1) : argv[++i];
      if (value === undefined || value === '') throw new UsageError(`${flag} needs a value.`);
      (a as unknown as Record<string, string>)[valued[flag]!] = value;
    } else if (raw.startsWith('-')) throw new UsageError(`Unknown option ${raw}.`);
    else a.files.push(raw);
  }
  return a;
}

function write(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Reads ExtractedData from JSON text: the object itself or `{extractedData: ...}`, any key case. */
export function readExtractedData(json: string): ExtractedData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    throw new UsageError(`The input is not JSON: ${(e as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError('The input must be a JSON object.');
  const pascal = toPascalKeys(parsed) as Record<string, unknown>;
  const inner = pascal.ExtractedData ?? pascal;
  if (inner === null || typeof inner !== 'object') throw new UsageError('extractedData must be an object.');
  const base = emptyExtractedData();
  const data = inner as Partial<ExtractedData>;
  return {
    ...base,
    ...data,
    ShipmentDetails: { ...base.ShipmentDetails, ...(data.ShipmentDetails ?? {}) },
    Dates: { ...base.Dates, ...(data.Dates ?? {}) },
    References: { ...base.References, ...(data.References ?? {}) },
  };
}

/** Runs `ladingwise edi ARGS`; resolves to the exit code. */
export async function runEdiCli(argv: string[], io: EdiCliIo): Promise<number> {
  try {
    const a = parseArgs(argv);
    if (a.help) {
      write(io.stdout, EDI_HELP);
      return 0;
    }
    if (a.check !== undefined) {
      if (a.type || a.version || a.files.length > 0) throw new UsageError('--check takes only the file to check.');
      const text = await read(io, a.check);
      const r = checkInterchange(text);
      if (r.ok) {
        write(io.stdout, `OK ${r.type ?? '?'} ${r.version ?? '?'} ISA ${String(r.controlNumber ?? '?')}`);
        return 0;
      }
      write(io.stdout, `INVALID ${r.type ?? '?'} ${r.version ?? '?'} ISA ${String(r.controlNumber ?? '?')}`);
      for (const i of r.issues) write(io.stdout, `  ${i.code} ${i.path}: ${i.message}`);
      return 1;
    }
    if (!a.type || !TYPES.includes(a.type as TransactionType)) throw new UsageError('--type must be 204 or 211.');
    if (!a.version || !VERSIONS.includes(a.version as X12Version)) throw new UsageError('--x12 must be 4010, 5010 or 7010.');
    if (a.files.length !== 1) throw new UsageError('Give exactly one EXTRACTED.json file.');
    let control = 1;
    if (a.control !== undefined) {
      if (!/^\d{1,9}$/.test(a.control) || Number(a.control) < 1) throw new UsageError('--control must be a number from 1 to 999999999.');
      control = Number(a.control);
    }
    const data = readExtractedData(await read(io, a.files[0]!));
    const r = writeInterchange({
      type: a.type as TransactionType, version: a.version as X12Version, data,
      senderId: a.sender ?? DEFAULT_SENDER_ID, receiverId: a.receiver ?? 'RECEIVER',
      controlNumber: control, now: io.now?.() ?? new Date(), usage: a.test ? 'T' : 'P',
      purpose: a.change ? 'change' : 'original',
    });
    io.stdout.write(r.content);
    if (r.missingRequired.length > 0) write(io.stderr, `Missing for the ${a.type}: ${r.missingRequired.join(', ')}`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof X12WriteError) {
      write(io.stderr, `ladingwise edi: ${e.message}\nRun "ladingwise edi --help" for usage.`);
      return 2;
    }
    throw e;
  }
}

async function read(io: EdiCliIo, path: string): Promise<string> {
  try {
    return await io.readFile(path);
  } catch (e) {
    throw new UsageError(`Cannot read ${path}: ${(e as Error).message}`);
  }
}
