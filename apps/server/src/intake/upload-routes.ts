/**
 * POST /api/upload/process-images: multipart `Files` (+ `EdiSenderId`, `EdiReceiverId`, `Grouping`)
 * -> Data.jobId (the first job) and Data.jobIds (every job, in file order).
 */
import multipart from '@fastify/multipart';
import { UPLOAD_GROUPINGS, type UploadGrouping } from '@ladingwise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Config } from '../config.ts';
import { ok } from '../http/envelope.ts';
import { closeLingering } from '../http/lingering-close.ts';
import { DomainError } from '../errors/domain-error.ts';
import { errors } from '../errors/catalogue.ts';
import { principalOf, requireTenant } from '../auth/principal.ts';
import { actorOf } from '../audit/write-audit.ts';
import { acceptUpload } from '../pipeline/accept-upload.ts';
import { StagingArea, type StagedFile } from '../pipeline/upload-staging.ts';
import { displayName } from '../pipeline/display-name.ts';

export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  await app.register(multipart, {
    limits: {
      // One byte over the limit reaches the staging area, which refuses the file by name (busboy would only truncate it).
      fileSize: config.UPLOAD_MAX_FILE_BYTES + 1,
      files: config.UPLOAD_MAX_FILES,
      fields: 20,
      fieldSize: 1024,
      parts: config.UPLOAD_MAX_FILES + 20,
      headerPairs: 200,
    },
  });

  app.post('/upload/process-images', {
    preHandler: requireTenant,
    schema: {
      tags: ['processing'],
      summary: 'Upload bill-of-lading images; returns the queued job id',
      description: `multipart/form-data with one or more \`Files\` (JPEG, PNG, BMP, TIFF, WebP) and optional \`EdiSenderId\`, \`EdiReceiverId\` (max 15 characters) and \`Grouping\`: \`per-file\` (default: each file is its own bill and its own job) or \`one-document\` (the files are the pages of one bill). A multi-page TIFF is always one bill. The answer has \`jobId\` (the first job) and \`jobIds\` (all of them). Limits, checked as the bytes arrive: ${config.UPLOAD_MAX_FILES} files, ${config.UPLOAD_MAX_FILE_BYTES} bytes a file, ${config.UPLOAD_MAX_REQUEST_BYTES} bytes in all; over one, the answer is 413 at once and nothing is kept.`,
      consumes: ['multipart/form-data'],
    },
  }, async (request, reply) => {
    const p = principalOf(request);
    const staging = await StagingArea.open(config.dataDir, { maxFileBytes: config.UPLOAD_MAX_FILE_BYTES, maxTotalBytes: config.UPLOAD_MAX_REQUEST_BYTES });
    try {
      const form = await readForm(request, staging, config).catch((err: unknown) => {
        // The rest of the body is not wanted: closing the connection stops the client sending it. The close
        // lingers, so that the refusal reaches the client rather than a connection reset.
        closeLingering(request.raw, reply.raw);
        throw err;
      });
      const { jobId, jobIds } = await acceptUpload(ctx, {
        tenantId: p.tenantId, actor: actorOf(p), userId: p.userId, apiKeyId: p.apiKeyId ?? null,
        files: form.files, senderId: form.senderId, receiverId: form.receiverId, source: p.via === 'apikey' ? 'api' : 'web', grouping: form.grouping,
      });
      return ok({ jobId, jobIds }, jobIds.length === 1 ? 'Upload received; processing has started.' : `Upload received as ${jobIds.length} documents; processing has started.`);
    } finally {
      await staging.discard();
    }
  });
}

interface UploadForm { files: StagedFile[]; senderId?: string; receiverId?: string; grouping?: UploadGrouping }

/** Reads the multipart body part by part, each file straight to the staging area; the parser's failures become clear 4xx answers. */
async function readForm(request: FastifyRequest, staging: StagingArea, config: Config): Promise<UploadForm> {
  if (!request.isMultipart()) throw errors.notMultipart();
  const form: UploadForm = { files: [] };
  let current = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        current = displayName(part.filename, `file ${form.files.length + 1}`);
        form.files.push(await staging.receive(current, part.file));
        current = '';
      } else {
        const key = part.fieldname.toLowerCase();
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (key === 'edisenderid') form.senderId = value;
        else if (key === 'edireceiverid') form.receiverId = value;
        else if (key === 'grouping') {
          const g = value.trim().toLowerCase();
          if (!(UPLOAD_GROUPINGS as readonly string[]).includes(g)) throw errors.badGrouping();
          form.grouping = g as UploadGrouping;
        }
      }
    }
  } catch (err) {
    throw multipartError(err, current, config);
  }
  return form;
}
function multipartError(err: unknown, fileName: string, config: Config): unknown {
  const e = err as { code?: string; statusCode?: number; message?: string };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return errors.fileTooLarge(fileName || 'A file', config.UPLOAD_MAX_FILE_BYTES);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return errors.tooManyFiles(config.UPLOAD_MAX_FILES);
    case 'FST_FIELDS_LIMIT':
      return errors.malformedMultipart('too many form fields');
    case 'FST_PROTO_VIOLATION':
      return errors.malformedMultipart('a field name is not allowed');
  }
  if (err instanceof DomainError || (typeof e.statusCode === 'number' && e.statusCode < 500)) return err;
  // busboy's own errors carry no status: "Unexpected end of form", "Malformed part header", ...
  if (err instanceof Error) return errors.malformedMultipart(err.message);
  return err;
}
