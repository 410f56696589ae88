/**
 * The tenant's virtual SFTP tree: `/`, `/inbound` (write-only drop box) and `/outbound` (EDI files
 * and status files). Nothing maps to the server's disk, so no path can reach outside it; paths
 * are normalised as if rooted at `/` (".." stops at the root).
 */
import { posix } from 'node:path';

export const INBOUND = '/inbound';
export const OUTBOUND = '/outbound';
export const FOLDERS = ['/', INBOUND, OUTBOUND] as const;

/** A client path made absolute and normalised inside the virtual root. */
export function normalizePath(p: string): string {
  const abs = posix.normalize(`/${p}`);
  return abs.length > 1 && abs.endsWith('/') ? abs.slice(0, -1) : abs;
}

export type Located =
  | { kind: 'folder'; path: string }
  | { kind: 'file'; folder: typeof INBOUND | typeof OUTBOUND; name: string; path: string }
  | { kind: 'none'; path: string };

/** Control characters, separators and names that cannot be a plain file. */
export function validFileName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length > 0 && name.length <= 255 && name !== '.' && name !== '..' && !/[\u0000-\u001f\u007f/\\]/.test(name);
}

/** Where a client path points in the virtual tree. */
export function locate(p: string): Located {
  const path = normalizePath(p);
  if ((FOLDERS as readonly string[]).includes(path)) return { kind: 'folder', path };
  const dir = posix.dirname(path);
  const name = posix.basename(path);
  if ((dir === INBOUND || dir === OUTBOUND) && validFileName(name)) return { kind: 'file', folder: dir, name, path };
  return { kind: 'none', path };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An `ls -l` style line, as SFTP v3 READDIR carries it. */
export function longname(name: string, o: { dir: boolean; writable: boolean; size: number; mtime: Date; owner: string }): string {
  const perms = o.dir ? (o.writable ? 'drwx-wx---' : 'dr-x------') : '-r--------';
  const d = o.mtime;
  const date = `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  const owner = o.owner.slice(0, 16).padEnd(8, ' ');
  return `${perms}    1 ${owner} ${owner} ${String(o.size).padStart(8, ' ')} ${date} ${name}`;
}

/** SFTP attributes for a folder or a file. */
export function attrsOf(o: { dir: boolean; writable: boolean; size: number; mtime: Date }) {
  const seconds = Math.floor(o.mtime.getTime() / 1000);
  const mode = o.dir ? 0o040000 | (o.writable ? 0o730 : 0o500) : 0o100000 | 0o400;
  return { mode, uid: 0, gid: 0, size: o.size, atime: seconds, mtime: seconds };
}
