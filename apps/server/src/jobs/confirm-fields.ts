/**
 * POST .../confirm: a person says a flagged field is right as read. Its score becomes 1 (the flag clears, and an
 * approval counts it as checked), saved as the job's next data version with an audit row naming who confirmed
 * which fields and how sure the reader had been. Nothing is rebuilt or sent: the values are unchanged.
 */
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { addDataVersion, getCurrentData, lockJob } from './extracted-data-store.ts';
import { getJobRow } from './job-store.ts';
import type { Caller } from './job-actions.ts';

const FIELD_PATH = /^(?:(?:Shipper|Consignee|BillTo|Carrier|ShipmentDetails|Dates|References)\.[A-Za-z]{1,40}|LineItems\.\d{1,3}\.[A-Za-z]{1,40}|FreightTerms)$/;
const body = z.object({ fields: z.array(z.string().regex(FIELD_PATH)).min(1).max(100) });

/** Confirms the fields; returns the new data version. */
export async function confirmFields(ctx: AppContext, caller: Caller, jobId: string, input: unknown): Promise<number> {
  const { fields } = body.parse(input ?? {});
  const row = await getJobRow(ctx.db, caller.tenantId, jobId);
  if (!row) throw errors.jobNotFound();
  if (row.status !== 'Completed' && row.status !== 'NeedsReview') throw errors.jobNotEditable();
  const version = await ctx.db.transaction(async (tx) => {
    if (!(await lockJob(tx, caller.tenantId, jobId))) throw errors.jobNotFound();
    const current = await getCurrentData(tx, caller.tenantId, jobId);
    if (!current) throw errors.jobNotEditable();
    const before = current.data.ConfidenceScores ?? {};
    // The score each field had, so the audit shows what the person overruled (null: the reader gave none).
    const was = Object.fromEntries(fields.map((f) => [f, before[f] ?? null]));
    const data = { ...current.data, ConfidenceScores: { ...before, ...Object.fromEntries(fields.map((f) => [f, 1])) } };
    const v = await addDataVersion(tx, { jobId, tenantId: caller.tenantId, source: 'correction', data, createdBy: caller.actor });
    await writeAudit(tx, {
      tenantId: caller.tenantId, userId: caller.userId, actor: caller.actor, action: 'job.confirm', targetType: 'job', targetId: jobId,
      details: { version: v, confirmed: was },
    });
    return v;
  });
  ctx.logger.info({ jobId, tenantId: caller.tenantId, step: 'confirm', fields, version }, 'job step: fields confirmed by a person');
  return version;
}
