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
import { DomainError } from '../errors/domain-error.ts';
import { errors } from '../errors/catalogue.ts';
import { principalOf, requireTenant } from '../auth/principal.ts';
import { actorOf } from '../audit/write-audit.ts';
import { acceptUpload, type UploadFile } from '../pipeline/accept-upload.ts';
import { displayName } from '../pipeline/display-name.ts';

export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: ctx.config.UPLOAD_MAX_FILE_BYTES,
      files: ctx.config.UPLOAD_MAX_FILES,
      fields: 20,
      fieldSize: 1024,
      parts: ctx.config.UPLOAD_MAX_FILES + 20,
      headerPairs: 200,
    },
  });

  app.post('/upload/process-images', {
    preHandler: requireTenant,
    schema: {
      tags: ['processing'],
      summary: 'Upload bill-of-lading images; returns the queued job id',
      description: 'multipart/form-data with one or more `Files` (JPEG, PNG, BMP, TIFF, WebP) and optional `EdiSenderId`, `EdiReceiverId` (max 15 characters) and `Grouping`: `per-file` (default: each file is its own bill and its own job) or `one-document` (the files are the pages of one bill). A multi-page TIFF is always one bill. The answer has `jobId` (the first job) and `jobIds` (all of them).',
      consumes: ['multipart/form-data'],
    },
  }, async (request) => {
    const p = principalOf(request);
    const form = await readForm(request, ctx.config);
    const { jobId, jobIds } = await acceptUpload(ctx, {
      tenantId: p.tenantId, actor: actorOf(p), userId: p.userId, apiKeyId: p.apiKeyId ?? null,
      files: form.files, senderId: form.senderId, receiverId: form.receiverId, source: p.via === 'apikey' ? 'api' : 'web', grouping: form.grouping,
    });
    return ok({ jobId, jobIds }, jobIds.length === 1 ? 'Upload received; processing has started.' : `Upload received as ${jobIds.length} documents; processing has started.`);
  });
}

interface UploadForm { files: UploadFile[]; senderId?: string; receiverId?: string; grouping?: UploadGrouping }

/** Reads the whole multipart body, turning the parser's failures into clear 4xx answers. */
async function readForm(request: FastifyRequest, config: Config): Promise<UploadForm> {
  if (!request.isMultipart()) throw errors.notMultipart();
  const form: UploadForm = { files: [] };
  let current = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        current = displayName(part.filename, `file ${form.files.length + 1}`);
        const bytes = await part.toBuffer();
        form.files.push({ name: part.filename ?? '', bytes });
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
