/**
 * One SFTP subsystem session for one signed-in tenant. Files written to /inbound go to a temporary
 * file as the writes arrive (the size limit checked on every write) and through acceptUpload on
 * close, exactly like web and API uploads; a file never closed is never accepted. /outbound lists
 * the tenant's EDI and status files (read and remove only). Every lookup carries the session's
 * tenant id. Open handles and writes in flight are capped per session, so no client can make the
 * server hold more than a bounded amount of its data.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import ssh2 from 'ssh2';
import type { SFTPWrapper } from 'ssh2';
import type { AppContext } from '../context.ts';
import { DomainError } from '../errors/domain-error.ts';
import { acceptUpload } from '../pipeline/accept-upload.ts';
import { StagingArea } from '../pipeline/upload-staging.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { getOutboundFile, listOutboundFiles, logDownload, markOutboundDownloaded, putOutboundFile, removeOutboundFile } from './outbound-store.ts';
import { attrsOf, INBOUND, locate, longname, OUTBOUND } from './virtual-tree.ts';

const { STATUS_CODE, OPEN_MODE } = ssh2.utils.sftp;
const READDIR_PAGE = 100;

export interface SessionUser { tenantId: string; username: string; ip: string }

type Handle =
  | { kind: 'dir'; entries: { filename: string; longname: string; attrs: ReturnType<typeof attrsOf> }[]; done: boolean }
  | { kind: 'read'; content: Buffer; mtime: Date }
  | { kind: 'write'; name: string; path: string; file: FileHandle; size: number; failed: string | null; pending: Set<Promise<void>> };

/** Wires an SFTP channel to the tenant's virtual tree. */
export function serveSftp(ctx: AppContext, sftp: SFTPWrapper, user: SessionUser): void {
  const handles = new Map<string, Handle>();
  const { UPLOAD_MAX_FILE_BYTES: maxBytes, SFTP_MAX_OPEN_HANDLES: maxHandles, SFTP_MAX_WRITES_IN_FLIGHT: maxWrites } = ctx.config;
  let writesInFlight = 0;
  let staging: Promise<StagingArea> | null = null;
  const stagingArea = () => (staging ??= StagingArea.open(ctx.config.dataDir, { maxFileBytes: maxBytes, maxTotalBytes: Number.MAX_SAFE_INTEGER }));
  const actor = `sftp:${user.username}`;
  const log = ctx.logger.child({ tenantId: user.tenantId, sftpUser: user.username });
  const started = new Date();

  const newHandle = (h: Handle): Buffer => {
    const id = randomBytes(8);
    handles.set(id.toString('hex'), h);
    return id;
  };
  const handleOf = (b: Buffer) => handles.get(b.toString('hex'));
  const tooManyHandles = () => handles.size >= maxHandles;
  const handlesRefused = (reqId: number) =>
    status(reqId, STATUS_CODE.FAILURE, `Too many files open at once on this connection (at most ${maxHandles}). Close some first.`);
  const status = (reqId: number, code: number, message?: string) => sftp.status(reqId, code, message);
  const denied = (reqId: number, message: string) => status(reqId, STATUS_CODE.PERMISSION_DENIED, message);
  const noSuch = (reqId: number) => status(reqId, STATUS_CODE.NO_SUCH_FILE, 'No such file or folder');
  const folderAttrs = (path: string) => attrsOf({ dir: true, writable: path === INBOUND, size: 0, mtime: started });
  const answerLate = (reqId: number, code: number, message?: string) => {
    try { status(reqId, code, message); } catch { /* the channel closed meanwhile: nobody is waiting for the answer */ }
  };
  // One failing request must answer the client, never crash the process.
  const guard = (reqId: number, fn: () => Promise<void>) => {
    fn().catch((err: unknown) => {
      log.error({ err }, 'sftp request failed');
      try { status(reqId, STATUS_CODE.FAILURE, 'Internal error'); } catch { /* channel closed */ }
    });
  };

  // OpenSSH's client half-closes the channel when it is done and waits for the server to close it.
  sftp.on('end', () => sftp.end());
  sftp.on('close', () => {
    // Uploads never closed are not accepted: their temporary files go with the session.
    const open = [...handles.values()].filter((h) => h.kind === 'write');
    handles.clear();
    void Promise.allSettled(open.map(async (h) => { await Promise.allSettled(h.pending); await h.file.close(); }))
      .then(async () => { if (staging) await (await staging).discard(); })
      .catch((err: unknown) => log.error({ err }, 'could not remove the temporary files of an SFTP session'));
  });

  sftp.on('REALPATH', (reqId, path) => {
    const where = locate(path);
    sftp.name(reqId, [{ filename: where.path, longname: where.path, attrs: {} as never }]);
  });

  const stat = (reqId: number, path: string) => guard(reqId, async () => {
    const where = locate(path);
    if (where.kind === 'folder') return void sftp.attrs(reqId, folderAttrs(where.path));
    if (where.kind === 'file' && where.folder === OUTBOUND) {
      const f = await getOutboundFile(ctx.db, user.tenantId, where.name);
      if (f) return void sftp.attrs(reqId, attrsOf({ dir: false, writable: false, size: f.size, mtime: f.createdAt }));
    }
    noSuch(reqId);
  });
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);

  sftp.on('FSTAT', (reqId, handle) => {
    const h = handleOf(handle);
    if (!h) return status(reqId, STATUS_CODE.FAILURE, 'Invalid handle');
    if (h.kind === 'read') return sftp.attrs(reqId, attrsOf({ dir: false, writable: false, size: h.content.length, mtime: h.mtime }));
    if (h.kind === 'write') return sftp.attrs(reqId, attrsOf({ dir: false, writable: true, size: h.size, mtime: new Date() }));
    return sftp.attrs(reqId, folderAttrs('/'));
  });

  sftp.on('OPENDIR', (reqId, path) => guard(reqId, async () => {
    const where = locate(path);
    if (where.kind !== 'folder') return noSuch(reqId);
    if (tooManyHandles()) return handlesRefused(reqId);
    const entry = (name: string, dir: boolean, writable: boolean, size: number, mtime: Date) => ({
      filename: name, longname: longname(name, { dir, writable, size, mtime, owner: user.username }), attrs: attrsOf({ dir, writable, size, mtime }),
    });
    const entries = [entry('.', true, where.path === INBOUND, 0, started), entry('..', true, false, 0, started)];
    if (where.path === '/') entries.push(entry('inbound', true, true, 0, started), entry('outbound', true, false, 0, started));
    if (where.path === OUTBOUND) {
      for (const f of await listOutboundFiles(ctx.db, user.tenantId)) entries.push(entry(f.name, false, false, f.size, f.createdAt));
    }
    sftp.handle(reqId, newHandle({ kind: 'dir', entries, done: false }));
  }));

  sftp.on('READDIR', (reqId, handle) => {
    const h = handleOf(handle);
    if (!h || h.kind !== 'dir') return status(reqId, STATUS_CODE.FAILURE, 'Invalid handle');
    if (h.done || h.entries.length === 0) return status(reqId, STATUS_CODE.EOF);
    // Pages of 100: clients refuse SFTP messages over 256 KB, which a long /outbound would exceed in one.
    const page = h.entries.splice(0, READDIR_PAGE);
    h.done = h.entries.length === 0;
    sftp.name(reqId, page as never);
  });

  sftp.on('OPEN', (reqId, path, flags) => guard(reqId, async () => {
    const where = locate(path);
    const writing = (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND | OPEN_MODE.CREAT | OPEN_MODE.TRUNC)) !== 0;
    if (where.kind === 'folder') return status(reqId, STATUS_CODE.FAILURE, `${where.path} is a folder`);
    if (where.kind !== 'file') return denied(reqId, 'Only /inbound (upload images) and /outbound (EDI files) exist');
    if (tooManyHandles()) return handlesRefused(reqId);
    if (where.folder === INBOUND) {
      if (!writing) return denied(reqId, '/inbound is for uploads only; processed files appear in /outbound');
      const path = (await stagingArea()).newPath();
      const file = await open(path, 'wx', 0o600);
      return void sftp.handle(reqId, newHandle({ kind: 'write', name: where.name, path, file, size: 0, failed: null, pending: new Set() }));
    }
    if (writing) return denied(reqId, '/outbound is read-only');
    const f = await getOutboundFile(ctx.db, user.tenantId, where.name);
    if (!f) return noSuch(reqId);
    await markOutboundDownloaded(ctx.db, user.tenantId, f.id, ctx.now());
    await logDownload(ctx.db, { tenantId: user.tenantId, fileName: f.name, jobId: f.jobId, username: user.username, ip: user.ip, bytes: f.size, at: ctx.now() });
    sftp.handle(reqId, newHandle({ kind: 'read', content: Buffer.from(f.content, 'utf8'), mtime: f.createdAt }));
  }));

  sftp.on('READ', (reqId, handle, offset, length) => {
    const h = handleOf(handle);
    if (!h || h.kind !== 'read') return status(reqId, STATUS_CODE.FAILURE, 'Invalid handle');
    if (offset >= h.content.length) return status(reqId, STATUS_CODE.EOF);
    sftp.data(reqId, h.content.subarray(offset, Math.min(h.content.length, offset + length)));
  });

  sftp.on('WRITE', (reqId, handle, offset, data) => {
    const h = handleOf(handle);
    if (!h || h.kind !== 'write') return status(reqId, STATUS_CODE.FAILURE, 'Invalid handle');
    if (h.failed) return status(reqId, STATUS_CODE.FAILURE, h.failed);
    const end = offset + data.length;
    // A refused write leaves a hole, so the whole file is refused: it fails again at close.
    if (end > maxBytes) h.failed = `${h.name} is larger than the upload limit of ${maxBytes} bytes. Nothing was uploaded.`;
    else if (writesInFlight >= maxWrites) h.failed = `Too many writes at once on this connection (at most ${maxWrites}). ${h.name} was not uploaded.`;
    if (h.failed) return status(reqId, STATUS_CODE.FAILURE, h.failed);
    h.size = Math.max(h.size, end);
    writesInFlight++;
    // A copy: the write finishes after this handler returns, and the parser's buffer is not ours to keep.
    const write = h.file.write(Buffer.from(data), 0, data.length, offset).then(
      () => answerLate(reqId, STATUS_CODE.OK),
      (err: unknown) => {
        log.error({ err }, 'sftp write to a temporary file failed');
        h.failed = `${h.name} could not be written. Nothing was uploaded.`;
        answerLate(reqId, STATUS_CODE.FAILURE, h.failed);
      },
    ).finally(() => { writesInFlight--; h.pending.delete(write); });
    h.pending.add(write);
  });

  sftp.on('CLOSE', (reqId, handle) => guard(reqId, async () => {
    const key = handle.toString('hex');
    const h = handles.get(key);
    handles.delete(key);
    if (!h) return status(reqId, STATUS_CODE.FAILURE, 'Invalid handle');
    if (h.kind !== 'write') return status(reqId, STATUS_CODE.OK);
    let answer: { code: number; message?: string };
    try {
      await Promise.allSettled(h.pending);
      await h.file.close();
      answer = h.failed ? { code: STATUS_CODE.FAILURE, message: h.failed } : await accept(h);
    } finally {
      await rm(h.path, { force: true });
    }
    status(reqId, answer.code, answer.message);
  }));

  /** A closed upload through acceptUpload; a refusal is answered with its reason and noted in /outbound. */
  const accept = async (h: Extract<Handle, { kind: 'write' }>): Promise<{ code: number; message?: string }> => {
    const staged = await (await stagingArea()).describe(h.name, h.path);
    try {
      const { jobId } = await acceptUpload(ctx, { tenantId: user.tenantId, actor, files: [staged], source: 'sftp' });
      log.info({ jobId, file: h.name }, 'sftp upload accepted');
      return { code: STATUS_CODE.OK };
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      // Most clients show only a generic "Failure", so the reason is also left in /outbound.
      await noteRejection(ctx, user, h.name, err.message).catch((e: unknown) => log.error({ err: e }, 'could not write rejection note'));
      log.info({ file: h.name, code: err.code }, 'sftp upload refused');
      return { code: STATUS_CODE.FAILURE, message: err.message };
    }
  };

  sftp.on('REMOVE', (reqId, path) => guard(reqId, async () => {
    const where = locate(path);
    if (where.kind !== 'file' || where.folder !== OUTBOUND) return denied(reqId, 'Only files in /outbound can be removed');
    if (!(await removeOutboundFile(ctx.db, user.tenantId, where.name, ctx.now()))) return noSuch(reqId);
    await writeAudit(ctx.db, { tenantId: user.tenantId, actor, action: 'sftp.outbound.remove', targetType: 'sftp-file', targetId: where.name });
    status(reqId, STATUS_CODE.OK);
  }));

  sftp.on('FSETSTAT', (reqId, handle) => {
    // `put -p` sets times on the new file; harmless to accept and ignore.
    const h = handleOf(handle);
    status(reqId, h?.kind === 'write' ? STATUS_CODE.OK : STATUS_CODE.PERMISSION_DENIED);
  });
  sftp.on('SETSTAT', (reqId) => denied(reqId, 'Changing attributes is not allowed'));
  sftp.on('MKDIR', (reqId) => denied(reqId, 'Folders cannot be created; use /inbound and /outbound'));
  sftp.on('RMDIR', (reqId) => denied(reqId, 'Folders cannot be removed'));
  sftp.on('RENAME', (reqId) => denied(reqId, 'Renaming is not allowed'));
  sftp.on('READLINK', (reqId) => noSuch(reqId));
  sftp.on('SYMLINK', (reqId) => denied(reqId, 'Links are not allowed'));
}

/** Leaves `<name>.rejected.txt` in /outbound saying why an upload was refused. */
async function noteRejection(ctx: AppContext, user: SessionUser, name: string, message: string): Promise<void> {
  const at = ctx.now().toISOString();
  await putOutboundFile(ctx.db, {
    tenantId: user.tenantId, jobId: null, sourceKey: `rejected:${randomUUID()}`,
    name: `${name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 200)}.rejected.txt`,
    content: `${at} ${name} was not accepted: ${message}\n`,
  });
}
