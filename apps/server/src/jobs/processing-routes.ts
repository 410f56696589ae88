/** /api/processing/...: the job list and what a user can do to one job. Users and API keys alike. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toPascalKeys } from '@ladingwise/shared';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { errors } from '../errors/catalogue.ts';
import { principalOf, requireTenant } from '../auth/principal.ts';
import { actorOf } from '../audit/write-audit.ts';
import { getJob, listJobs } from './job-store.ts';
import { cancelJob, deleteJob, reprocessJob, type Caller } from './job-actions.ts';
import { saveCorrectedData } from './save-corrected-data.ts';
import { confirmFields } from './confirm-fields.ts';
import { regenerateEdi } from '../edi/regenerate-edi.ts';
import { getCurrentEdi } from '../edi/edi-store.ts';
import { previewEdi } from '../edi/preview-edi.ts';
import { approveJob } from '../pipeline/approve.ts';
import { formatIsa } from './job-store.ts';

/** Far past any real history (100 x 100,000 jobs), and small enough that the row offset stays a safe integer. */
const MAX_PAGE = 100_000;

const listQuery = z.object({
  jobId: z.string().trim().min(1).optional(),
  status: z.enum(['Completed', 'Failed', 'InProgress', 'Cancelled', 'NeedsReview']).optional(),
  search: z.string().trim().max(200).optional().transform((s) => s || undefined),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const docType = z.union([z.literal('204'), z.literal('211'), z.literal(204), z.literal(211)]).transform((v) => String(v) as '204' | '211');
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

function caller(request: FastifyRequest): Caller {
  const p = principalOf(request);
  return { tenantId: p.tenantId, userId: p.userId, actor: actorOf(p) };
}

async function jobOr404(ctx: AppContext, tenantId: string, id: string) {
  const job = await getJob(ctx.db, tenantId, id);
  if (!job) throw errors.jobNotFound();
  return job;
}

export async function processingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['processing'];

  app.get('/processing/jobs', {
    preHandler: requireTenant,
    schema: {
      tags, summary: 'List jobs, newest first (filter by jobId, status, search on shipper/BOL/file name; page, pageSize ≤ 100)',
      querystring: {
        type: 'object',
        properties: {
          jobId: { type: 'string' }, status: { type: 'string', enum: ['Completed', 'Failed', 'InProgress', 'Cancelled', 'NeedsReview'] },
          search: { type: 'string' }, page: { type: 'integer', minimum: 1, maximum: MAX_PAGE }, pageSize: { type: 'integer', minimum: 1, maximum: 100 },
        },
      },
    },
  }, async (request) => {
    const raw = (toPascalKeys(request.query) ?? {}) as Record<string, unknown>;
    const q = listQuery.parse({ jobId: raw.JobId, status: raw.Status, search: raw.Search, page: raw.Page, pageSize: raw.PageSize });
    const { jobs, total } = await listJobs(ctx.db, principalOf(request).tenantId, q);
    return ok({ jobs, total, page: q.page, pageSize: q.pageSize });
  });

  app.get<{ Params: { id: string } }>('/processing/job/:id', {
    preHandler: requireTenant, schema: { tags, summary: 'One job', params: idParams },
  }, async (request) => ok(await jobOr404(ctx, principalOf(request).tenantId, request.params.id)));

  app.post<{ Params: { id: string } }>('/processing/job/:id/cancel', {
    preHandler: requireTenant, schema: { tags, summary: 'Cancel a queued job (409 once a worker started it)', params: idParams },
  }, async (request) => {
    const c = caller(request);
    await cancelJob(ctx, c, request.params.id);
    return ok(await jobOr404(ctx, c.tenantId, request.params.id), 'Job cancelled.');
  });

  app.post<{ Params: { id: string } }>('/processing/job/:id/reprocess', {
    preHandler: requireTenant, schema: { tags, summary: 'Requeue a Failed or Cancelled job', params: idParams },
  }, async (request) => {
    const c = caller(request);
    await reprocessJob(ctx, c, request.params.id);
    return ok(await jobOr404(ctx, c.tenantId, request.params.id), 'Job requeued.');
  });

  app.put<{ Params: { id: string } }>('/processing/job/:id/data', {
    preHandler: requireTenant,
    schema: { tags, summary: 'Save corrected ExtractedData as a new version (PascalCase or camelCase keys)', params: idParams },
  }, async (request) => {
    const c = caller(request);
    const version = await saveCorrectedData(ctx, c, request.params.id, request.body);
    return ok({ ...(await jobOr404(ctx, c.tenantId, request.params.id)), DataVersion: version }, 'Corrections saved.');
  });

  app.post<{ Params: { id: string } }>('/processing/job/:id/confirm', {
    preHandler: requireTenant,
    schema: {
      tags, params: idParams,
      summary: 'Confirm flagged fields as right as read (body {fields: ["Consignee.Zip", ...]}): their flags clear, audited; nothing is rebuilt or sent',
      body: { type: 'object', properties: { fields: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 100 } }, required: ['fields'] },
    },
  }, async (request) => {
    const c = caller(request);
    const version = await confirmFields(ctx, c, request.params.id, request.body);
    return ok({ ...(await jobOr404(ctx, c.tenantId, request.params.id)), DataVersion: version }, 'Fields confirmed.');
  });

  app.post<{ Params: { id: string } }>('/processing/job/:id/approve', {
    preHandler: requireTenant,
    schema: {
      tags, params: idParams,
      summary: 'Approve a job waiting for review (NeedsReview), optionally with corrected ExtractedData: builds, checks, delivers and charges it once',
      description: 'The body, when given, has the shape of PUT .../data. Approving a Completed job again changes nothing (200). 409 while another request is approving the same job, or when the job is not waiting for review.',
    },
  }, async (request) => {
    const c = caller(request);
    const outcome = await approveJob(ctx, c, request.params.id, request.body);
    return ok(await jobOr404(ctx, c.tenantId, request.params.id), outcome === 'approved' ? 'Approved; the EDI is being delivered.' : 'Already approved; nothing changed.');
  });

  app.post<{ Params: { id: string } }>('/processing/job/:id/edi-preview', {
    preHandler: requireTenant,
    schema: {
      tags, params: idParams,
      summary: 'The EDI that approving or correcting would send for the ExtractedData in the body, and that data re-validated; nothing is stored or sent',
    },
  }, async (request) => ok(await previewEdi(ctx, principalOf(request).tenantId, request.params.id, request.body)));

  app.post<{ Params: { id: string } }>('/processing/job/:id/generate-edi', {
    preHandler: requireTenant,
    schema: {
      tags, summary: 'Rebuild the EDI of one type from the current data',
      params: idParams,
      body: { type: 'object', properties: { documentType: { type: 'string', enum: ['204', '211'] } } },
    },
  }, async (request) => {
    const c = caller(request);
    const body = (toPascalKeys(request.body ?? {}) ?? {}) as Record<string, unknown>;
    const type = z.object({ DocumentType: docType }).parse(body).DocumentType;
    await regenerateEdi(ctx, c, request.params.id, type);
    return ok(await jobOr404(ctx, c.tenantId, request.params.id), `EDI ${type} generated.`);
  });

  app.get<{ Params: { id: string }; Querystring: { type?: string } }>('/processing/job/:id/edi', {
    preHandler: requireTenant,
    schema: {
      tags, summary: 'Download the EDI as text/plain, named <receiverId>_<ISA>.txt',
      params: idParams, querystring: { type: 'object', properties: { type: { type: 'string', enum: ['204', '211'] } } },
    },
  }, async (request, reply) => {
    const tenantId = principalOf(request).tenantId;
    const job = await jobOr404(ctx, tenantId, request.params.id);
    const type = request.query.type ? docType.parse(request.query.type) : job.ProcessingType;
    const edi = type ? await getCurrentEdi(ctx.db, tenantId, job.JobId, type) : null;
    if (!edi) throw errors.noEdiContent();
    const fileName = `${edi.receiver_id}_${formatIsa(edi.isa_control_number)}.txt`.replace(/[\\/:*?"<>|]/g, '_');
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(edi.content);
  });

  app.delete<{ Params: { id: string } }>('/processing/job/:id', {
    preHandler: requireTenant, schema: { tags, summary: 'Delete a job (hidden at once, purged after 90 days)', params: idParams },
  }, async (request) => {
    await deleteJob(ctx, caller(request), request.params.id);
    return ok({ jobId: request.params.id }, 'Job deleted.');
  });
}
