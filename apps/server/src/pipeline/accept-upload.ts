/**
 * The accept-upload step, the pipeline's entry: takes an upload from any channel (web, API, SFTP
 * inbox), checks every file first, then stores the images, creates the jobs (one per file, or one
 * for all with Grouping one-document) and queues them. A batch with one bad file is refused whole,
 * naming the file, and a failure after storing removes what was stored. The files arrive staged on
 * disk (`upload-staging.ts`), so no upload is ever held whole in memory.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_INTERCHANGE_ID, INTERCHANGE_ID_MAX, type UploadGrouping } from '@ladingwise/shared';
import { countFrames } from '../images/render.ts';
import type { AppContext } from '../context.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { assertCanAfford } from '../billing/ledger.ts';
import { releaseCredits, reserveCredits } from '../billing/credit-reservations.ts';
import { listIds } from '../accounts/interchange-id-store.ts';
import { insertJob, removeUnqueuedJob, setQueueJobId } from '../jobs/job-store.ts';
import { sniffImageType, type ImageType } from './libraries.ts';
import { queueDocument } from './queue-document.ts';
import { displayName } from './display-name.ts';

import type { StagedFile } from './upload-staging.ts';

export interface AcceptUploadInput {
  tenantId: string;
  actor: string;
  userId?: string | null;
  apiKeyId?: string | null;
  files: StagedFile[];
  /** Undefined: not sent, so the tenant's first saved ID (or LADINGWISE) is used. */
  senderId?: string | null;
  receiverId?: string | null;
  source: 'web' | 'api' | 'sftp';
  /** `per-file` (default): each file is its own bill and job; `one-document`: the files are pages of one bill. */
  grouping?: UploadGrouping;
}

/** More frames than this in one TIFF are not a bill of lading; the rest are left out. */
const MAX_FRAMES = 50;

const EXTENSION: Record<ImageType, string> = { jpeg: 'jpg', png: 'png', bmp: 'bmp', tiff: 'tiff', webp: 'webp' };
/** Letters, digits, space and - . _ / & (never an X12 delimiter), as for saved IDs. */
const INTERCHANGE_ID = /^[A-Z0-9 .\-_/&]+$/;

/** Validates, stores and queues an upload; returns the first job's id and every job's id, in file order. */
export async function acceptUpload(ctx: AppContext, input: AcceptUploadInput): Promise<{ jobId: string; jobIds: string[] }> {
  const { config } = ctx;
  if (input.files.length === 0) throw errors.noFilesSelected();
  if (input.files.length > config.UPLOAD_MAX_FILES) throw errors.tooManyFiles(config.UPLOAD_MAX_FILES);

  const checked = input.files.map((f, index) => {
    const name = displayName(f.name, `file ${index + 1}`);
    if (f.size === 0) throw errors.emptyFile(name);
    if (f.size > config.UPLOAD_MAX_FILE_BYTES) throw errors.fileTooLarge(name, config.UPLOAD_MAX_FILE_BYTES);
    const type = sniffImageType(f.head);
    if (!type) throw errors.unsupportedFileType(name);
    return { name, type, path: f.path, size: f.size, frames: 1 };
  });
  // Every page of a multi-page TIFF is stored (as frames of the one file) and served; a TIFF is always one bill.
  // A TIFF whose directory sharp cannot read is kept as one page: the extractor decides whether it is readable.
  for (const f of checked) f.frames = Math.min(MAX_FRAMES, await countFrames(f.path, f.type).catch(() => 1));

  const senderId = await resolveId(ctx, input.tenantId, 'sender', input.senderId);
  const receiverId = await resolveId(ctx, input.tenantId, 'receiver', input.receiverId);
  const groups = input.grouping === 'one-document' ? [checked] : checked.map((f) => [f]);
  await assertCanAfford(ctx.db, input.tenantId, groups.length);

  const jobs = groups.map((files) => {
    const jobId = randomUUID();
    const prefix = `tenants/${input.tenantId}/jobs/${jobId}/`;
    let page = 0;
    const stored = files.map((f, i) => ({ ...f, key: `${prefix}pages/${i}.${EXTENSION[f.type]}` }));
    const pages = stored.flatMap((f) => Array.from({ length: f.frames }, (_, frame) => ({
      page: page++, file_name: f.name, image_type: f.type, byte_size: f.size, storage_key: f.key, frame,
    })));
    return { jobId, prefix, stored, pages };
  });
  try {
    for (const j of jobs) for (const f of j.stored) await ctx.storage.putFile(f.key, f.path, `image/${f.type}`);
    await ctx.db.transaction(async (tx) => {
      for (const j of jobs) {
        await insertJob(tx, {
          id: j.jobId, tenantId: input.tenantId, fileName: j.stored[0]!.name, senderId, receiverId, source: input.source,
          createdBy: input.userId ?? null, apiKeyId: input.apiKeyId ?? null, pages: j.pages,
        });
        // Holds the document's price, or refuses (402) when the free balance cannot cover it; atomic
        // against every other upload of the tenant, so a burst never promises more than the balance.
        await reserveCredits(tx, { tenantId: input.tenantId, jobId: j.jobId });
        await writeAudit(tx, {
          tenantId: input.tenantId, userId: input.userId ?? null, actor: input.actor, action: 'job.upload', targetType: 'job', targetId: j.jobId,
          details: {
            files: j.stored.length, pages: j.pages.length, bytes: j.stored.reduce((n, f) => n + f.size, 0), source: input.source, senderId, receiverId,
            grouping: input.grouping ?? 'per-file',
          },
        });
      }
    });
  } catch (err) {
    for (const j of jobs) await cleanUp(ctx, 'stored images', j.jobId, () => ctx.storage.deletePrefix(j.prefix));
    throw err;
  }
  for (const [i, j] of jobs.entries()) {
    try {
      const queueJobId = await queueDocument(ctx, { jobId: j.jobId, tenantId: input.tenantId });
      await setQueueJobId(ctx.db, input.tenantId, j.jobId, queueJobId);
    } catch (err) {
      // Jobs already queued stand; this one and the rest are undone, so the caller can send them again.
      for (const rest of jobs.slice(i)) {
        await cleanUp(ctx, 'credit hold', rest.jobId, () => ctx.db.transaction((tx) => releaseCredits(tx, { tenantId: input.tenantId, jobId: rest.jobId })));
        await cleanUp(ctx, 'unqueued job', rest.jobId, () => removeUnqueuedJob(ctx.db, input.tenantId, rest.jobId));
        await cleanUp(ctx, 'stored images', rest.jobId, () => ctx.storage.deletePrefix(rest.prefix));
      }
      throw err;
    }
  }
  const jobIds = jobs.map((j) => j.jobId);
  ctx.logger.info({ jobIds, tenantId: input.tenantId, step: 'upload', files: checked.length, grouping: input.grouping ?? 'per-file', source: input.source }, 'job step: uploaded and queued');
  return { jobId: jobIds[0]!, jobIds };
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
