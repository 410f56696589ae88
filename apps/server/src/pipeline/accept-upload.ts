/**
 * The accept-upload step, the pipeline's entry: takes an upload from any channel (web, API, SFTP
 * inbox), checks every file first, then stores the images, creates the job and queues it. All or nothing: a batch with one bad file is refused
 * whole, naming the file, and a failure after storing removes what was stored.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_INTERCHANGE_ID, INTERCHANGE_ID_MAX } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { assertCanAfford } from '../billing/ledger.ts';
import { listIds } from '../accounts/interchange-id-store.ts';
import { insertJob, removeUnqueuedJob, setQueueJobId } from '../jobs/job-store.ts';
import { sniffImageType, type ImageType } from './libraries.ts';
import { queueDocument } from './queue-document.ts';
import { displayName } from './display-name.ts';

export interface UploadFile { name: string; bytes: Uint8Array }

export interface AcceptUploadInput {
  tenantId: string;
  actor: string;
  userId?: string | null;
  apiKeyId?: string | null;
  files: UploadFile[];
  /** Undefined: not sent, so the tenant's first saved ID (or LADINGWISE) is used. */
  senderId?: string | null;
  receiverId?: string | null;
  source: 'web' | 'api' | 'sftp';
}

const EXTENSION: Record<ImageType, string> = { jpeg: 'jpg', png: 'png', bmp: 'bmp', tiff: 'tiff', webp: 'webp' };
/** Letters, digits, space and - . _ / & (never an X12 delimiter), as for saved IDs. */
const INTERCHANGE_ID = /^[A-Z0-9 .\-_/&]+$/;

/** Validates, stores and queues an upload; returns the new job's id. */
export async function acceptUpload(ctx: AppContext, input: AcceptUploadInput): Promise<{ jobId: string }> {
  const { config } = ctx;
  if (input.files.length === 0) throw errors.noFilesSelected();
  if (input.files.length > config.UPLOAD_MAX_FILES) throw errors.tooManyFiles(config.UPLOAD_MAX_FILES);

  const checked = input.files.map((f, index) => {
    const name = displayName(f.name, `file ${index + 1}`);
    if (f.bytes.length === 0) throw errors.emptyFile(name);
    if (f.bytes.length > config.UPLOAD_MAX_FILE_BYTES) throw errors.fileTooLarge(name, config.UPLOAD_MAX_FILE_BYTES);
    const type = sniffImageType(f.bytes);
    if (!type) throw errors.unsupportedFileType(name);
    return { name, type, bytes: f.bytes };
  });

  const senderId = await resolveId(ctx, input.tenantId, 'sender', input.senderId);
  const receiverId = await resolveId(ctx, input.tenantId, 'receiver', input.receiverId);
  await assertCanAfford(ctx.db, input.tenantId, 1);

  const jobId = randomUUID();
  const prefix = `tenants/${input.tenantId}/jobs/${jobId}/`;
  const pages = checked.map((f, page) => ({
    page, file_name: f.name, image_type: f.type, byte_size: f.bytes.length, storage_key: `${prefix}pages/${page}.${EXTENSION[f.type]}`,
  }));
  try {
    for (const [i, f] of checked.entries()) await ctx.storage.put(pages[i]!.storage_key, f.bytes, `image/${f.type}`);
    await ctx.db.transaction(async (tx) => {
      await insertJob(tx, {
        id: jobId, tenantId: input.tenantId, fileName: checked[0]!.name, senderId, receiverId, source: input.source,
        createdBy: input.userId ?? null, apiKeyId: input.apiKeyId ?? null, pages,
      });
      await writeAudit(tx, {
        tenantId: input.tenantId, userId: input.userId ?? null, actor: input.actor, action: 'job.upload', targetType: 'job', targetId: jobId,
        details: { files: checked.length, bytes: checked.reduce((n, f) => n + f.bytes.length, 0), source: input.source, senderId, receiverId },
      });
    });
  } catch (err) {
    await cleanUp(ctx, 'stored images', jobId, () => ctx.storage.deletePrefix(prefix));
    throw err;
  }
  try {
    const queueJobId = await queueDocument(ctx, { jobId, tenantId: input.tenantId });
    await setQueueJobId(ctx.db, input.tenantId, jobId, queueJobId);
  } catch (err) {
    await cleanUp(ctx, 'unqueued job', jobId, () => removeUnqueuedJob(ctx.db, input.tenantId, jobId));
    await cleanUp(ctx, 'stored images', jobId, () => ctx.storage.deletePrefix(prefix));
    throw err;
  }
  ctx.logger.info({ jobId, tenantId: input.tenantId, step: 'upload', files: checked.length, source: input.source }, 'job step: uploaded and queued');
  return { jobId };
}

/** An ID as sent (trimmed, upper-cased, checked), or the tenant's first saved one, or LADINGWISE. */
async function resolveId(ctx: AppContext, tenantId: string, kind: 'sender' | 'receiver', sent: string | null | undefined): Promise<string> {
  if (sent === undefined || sent === null) {
    // A database error here fails the upload: a silent fallback would put the wrong ID on the EDI.
    const saved = await listIds(ctx.db, tenantId, kind);
    return saved[0]?.interchangeId ?? DEFAULT_INTERCHANGE_ID;
  }
  const id = sent.trim().toUpperCase();
  if (!id) throw errors.missingIds();
  if (id.length > INTERCHANGE_ID_MAX) throw errors.interchangeIdTooLong();
  if (!INTERCHANGE_ID.test(id)) throw errors.interchangeIdCharacters();
  return id;
}

/**
 * Undoes part of a failed upload. The upload's own error is what the caller sees, so a failure
 * here is logged (what is left behind, for which job) rather than thrown over it.
 */
async function cleanUp(ctx: AppContext, what: string, jobId: string, undo: () => Promise<unknown>): Promise<void> {
  try {
    await undo();
  } catch (err) {
    ctx.logger.error({ err, jobId, step: 'upload' }, `could not remove the ${what} of a failed upload`);
  }
}
