/**
 * POST .../edi-preview: what approving (or sending a correction) would send for the data in the
 * body, and that data re-validated, so the review screen shows the EDI and the remaining problems
 * as the reviewer types. Nothing is stored, no ISA number is taken, nothing is delivered.
 */
import type { ExtractedData } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import { errors } from '../errors/catalogue.ts';
import { getUserSettings } from '../accounts/settings-store.ts';
import { getJobRow } from '../jobs/job-store.ts';
import { parseCorrection } from '../jobs/save-corrected-data.ts';
import { documentTypesOf, previewEdiDocuments } from '../pipeline/build-edi.ts';
import { validateForEdi } from '../pipeline/validate.ts';
import { currentIsaByType } from './edi-store.ts';

export async function previewEdi(ctx: AppContext, tenantId: string, jobId: string, body: unknown): Promise<{ Documents: Awaited<ReturnType<typeof previewEdiDocuments>>; ExtractedData: ExtractedData }> {
  const row = await getJobRow(ctx.db, tenantId, jobId);
  if (!row) throw errors.jobNotFound();
  if (row.status !== 'Completed' && row.status !== 'NeedsReview') throw errors.jobNotEditable();
  const draft = parseCorrection(body);
  const settings = await getUserSettings(ctx.db, tenantId);
  const target = { jobId, tenantId, senderId: row.sender_id, receiverId: row.receiver_id };
  // Types already sent would go out as changes; a held job's first EDI is an original.
  const sent = await currentIsaByType(ctx.db, tenantId, jobId);
  const types = documentTypesOf(settings);
  const data = validateForEdi(draft, types, settings.x12Version, target, ctx.now());
  const documents = await previewEdiDocuments(ctx, target, data, types, settings.x12Version, new Set(types.filter((t) => sent.has(t))));
  return { Documents: documents, ExtractedData: data };
}
