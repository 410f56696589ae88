/** GET /api/image/{jobId}/{page}[?size=thumb|display|original]: a job's page image, to its own tenant only. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { errors } from '../errors/catalogue.ts';
import { principalOf, requireTenant } from '../auth/principal.ts';
import { getPage } from '../jobs/job-store.ts';
import { readRendition } from './renditions.ts';

const params = z.object({ jobId: z.string(), page: z.string().regex(/^\d{1,4}$/).transform(Number) });
const query = z.object({ size: z.enum(['thumb', 'display', 'original']).default('original') });

export async function imageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Params: { jobId: string; page: string }; Querystring: { size?: string } }>('/image/:jobId/:page', {
    preHandler: requireTenant,
    schema: {
      tags: ['processing'],
      summary: 'A page image of a job: original, display size (1600 px) or thumbnail (320 px)',
      params: { type: 'object', properties: { jobId: { type: 'string' }, page: { type: 'string' } }, required: ['jobId', 'page'] },
      querystring: { type: 'object', properties: { size: { type: 'string', enum: ['thumb', 'display', 'original'] } } },
    },
  }, async (request, reply) => {
    const p = params.safeParse(request.params);
    if (!p.success) throw errors.imageNotFound();
    const { size } = query.parse(request.query);
    const page = await getPage(ctx.db, principalOf(request).tenantId, p.data.jobId, p.data.page);
    if (!page) throw errors.imageNotFound();
    let image;
    try {
      image = await readRendition(ctx, page, size);
    } catch (err) {
      request.log.info({ err: (err as Error).message, jobId: page.job_id, page: page.page }, 'image could not be rendered');
      throw errors.imageUnreadable();
    }
    if (!image) throw errors.imageNotFound();
    return reply
      .type(image.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });
}
