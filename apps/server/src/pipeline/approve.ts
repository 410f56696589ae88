/**
 * The review gate's exit: POST /api/processing/job/{id}/approve. A person (signed in, or an API
 * key) vouches for a held document, optionally with corrected data: it is validated, its EDI built
 * and read back by the X12 checker, the job is Completed and charged once, and every channel
 * delivers it. Approving a job that is already Completed changes nothing.
 */
import type { AppContext } from '../context.ts';
import { errors } from '../errors/catalogue.ts';
import { getUserSettings } from '../accounts/settings-store.ts';
import { claimApproval, getJobRow, releaseApproval } from '../jobs/job-store.ts';
import { addDataVersion, getCurrentData, lockJob } from '../jobs/extracted-data-store.ts';
import { parseCorrection } from '../jobs/save-corrected-data.ts';
import type { Caller } from '../jobs/job-actions.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { buildEdiDocuments, documentTypesOf } from './build-edi.ts';
import { approveAndCharge } from './charge.ts';
import { validateForEdi } from './validate.ts';
import { reviewOf, uncheckedFields } from './changed-fields.ts';

export type ApproveOutcome = 'approved' | 'already-completed';

export async function approveJob(ctx: AppContext, caller: Caller, jobId: string, body: unknown): Promise<ApproveOutcome> {
  const row = await getJobRow(ctx.db, caller.tenantId, jobId);
  if (!row) throw errors.jobNotFound();
  if (row.status === 'Completed') return 'already-completed';
  if (row.status !== 'NeedsReview') throw errors.jobNotReviewable();
  // Parse before claiming, so a bad body leaves the job as it was.
  const corrected = hasBody(body) ? parseCorrection(body) : null;

  const job = await claimApproval(ctx.db, caller.tenantId, jobId);
  if (!job) {
    const now = await getJobRow(ctx.db, caller.tenantId, jobId);
    if (now?.status === 'Completed') return 'already-completed';
    if (now?.status === 'NeedsReview') throw errors.approvalInProgress();
    throw now ? errors.jobNotReviewable() : errors.jobNotFound();
  }
  try {
    const current = await getCurrentData(ctx.db, caller.tenantId, jobId);
    if (!current) throw errors.jobNotReviewable();
    const settings = await getUserSettings(ctx.db, caller.tenantId);
    const types = documentTypesOf(settings);
    const target = { jobId, tenantId: caller.tenantId, senderId: job.sender_id, receiverId: job.receiver_id };
    const marks = corrected ? reviewOf(current.data, corrected) : { data: current.data, changed: [], confirmed: {} };
    const data = validateForEdi(marks.data, types, settings.x12Version, target, ctx.now());
    const { changed, confirmed } = marks;
    // The approval says which flagged fields a person confirmed and which went out on the approval alone.
    const unchecked = uncheckedFields(data, settings.reviewThreshold);

    let dataVersion = current.version;
    if (corrected) {
      dataVersion = await ctx.db.transaction(async (tx) => {
        if (!(await lockJob(tx, caller.tenantId, jobId))) throw errors.jobNotFound();
        const v = await addDataVersion(tx, { jobId, tenantId: caller.tenantId, source: 'correction', data, createdBy: caller.actor });
        await writeAudit(tx, { tenantId: caller.tenantId, userId: caller.userId, actor: caller.actor, action: 'job.correct', targetType: 'job', targetId: jobId, details: { version: v, changed, confirmed: Object.keys(confirmed) } });
        return v;
      });
    }
    // Built and read back by the X12 checker (checkOk on each document) before anything is delivered.
    const built = await buildEdiDocuments(ctx, target, data, types, settings.x12Version);
    const won = await approveAndCharge(ctx, job, { data, dataVersion, built, types, actor: caller.actor, userId: caller.userId, changed, confirmed: Object.keys(confirmed), unchecked });
    if (!won) throw errors.jobNotFound();
    ctx.logger.info({ jobId, tenantId: caller.tenantId, step: 'approve', by: caller.actor, changed, isa: built.documents.map((d) => d.isa) }, 'job step: approved, EDI built and charged');
  } catch (err) {
    try {
      await releaseApproval(ctx.db, caller.tenantId, jobId);
    } catch (releaseErr) {
      ctx.logger.error({ err: releaseErr, jobId, step: 'approve' }, 'could not give a failed approval back; the job stays claimed');
    }
    throw err;
  }
  // Delivery was queued by the approval's own transaction (approveAndCharge).
  return 'approved';
}

function hasBody(body: unknown): boolean {
  return body !== null && body !== undefined && typeof body === 'object' && Object.keys(body).length > 0;
}
