/**
 * Where an upload waits between arriving and being accepted: a private folder of temporary files
 * under DATA_DIR/tmp/uploads, one per request or SFTP session. Bytes go to disk as they arrive, so
 * the server never holds a whole upload in memory, and the limits are counted on every chunk, so an
 * upload is refused the moment it crosses one rather than after it has all been read. The folder is
 * removed when the upload has been accepted or refused; a process killed meanwhile leaves it to the
 * sweep at the next start.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from '../errors/catalogue.ts';
import { sniffImageType } from './libraries.ts';

/** A file written to the staging folder, ready for accept-upload. */
export interface StagedFile {
  /** The name the client gave (for messages; never a path). */
  name: string;
  path: string;
  size: number;
  /** The first bytes, enough to tell the image type. */
  head: Buffer;
}

export interface UploadLimits {
  maxFileBytes: number;
  /** All files of one request together. */
  maxTotalBytes: number;
}

/** Enough for every signature `sniffImageType` knows (a BMP's header size sits at bytes 14-17). */
const HEAD_BYTES = 64;
/** A staging folder older than this belongs to no live upload (requests and SFTP sessions end far sooner). */
const STALE_AFTER_MS = 24 * 3600_000;

const rootOf = (dataDir: string) => join(dataDir, 'tmp', 'uploads');

export class StagingArea {
  private totalBytes = 0;
  private count = 0;

  private constructor(readonly dir: string, private readonly limits: UploadLimits) {}

  /** A fresh owner-only folder for one upload. */
  static async open(dataDir: string, limits: UploadLimits): Promise<StagingArea> {
    const dir = join(rootOf(dataDir), randomUUID());
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return new StagingArea(dir, limits);
  }

  /** A new file name in the folder (for writers that place bytes at offsets, as SFTP does). */
  newPath(): string {
    return join(this.dir, String(this.count++));
  }

  /**
   * Writes one incoming file to disk chunk by chunk. Refuses it, mid-stream, at the first chunk that
   * takes it or the whole upload over a limit, and at its first bytes when they are no image.
   */
  async receive(name: string, source: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<StagedFile> {
    const path = this.newPath();
    const file = await open(path, 'wx', 0o600);
    let size = 0;
    let head = Buffer.alloc(0);
    try {
      for await (const chunk of source) {
        size += chunk.length;
        this.totalBytes += chunk.length;
        if (size > this.limits.maxFileBytes) throw errors.fileTooLarge(name, this.limits.maxFileBytes);
        if (this.totalBytes > this.limits.maxTotalBytes) throw errors.uploadTooLarge(this.limits.maxTotalBytes);
        if (head.length < HEAD_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          if (head.length === HEAD_BYTES && !sniffImageType(head)) throw errors.unsupportedFileType(name);
        }
        await file.write(chunk);
      }
    } finally {
      await file.close();
    }
    return { name, path, size, head };
  }

  /** Describes a file a writer has finished at `path` (SFTP), for accept-upload. */
  async describe(name: string, path: string): Promise<StagedFile> {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
      if (head.length > 0) await file.read(head, 0, head.length, 0);
      return { name, path, size, head };
    } finally {
      await file.close();
    }
  }

  /** Removes the folder and everything in it. */
  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Removes staging folders left by a process that was killed mid-upload; returns how many. */
export async function sweepStaleUploads(dataDir: string, now = Date.now()): Promise<number> {
  const root = rootOf(dataDir);
  let removed = 0;
  const entries = await readdir(root).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const entry of entries) {
    const dir = join(root, entry);
    // Several processes may share DATA_DIR: only folders no live upload can still be using go.
    if (now - (await stat(dir)).mtimeMs < STALE_AFTER_MS) continue;
    await rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
