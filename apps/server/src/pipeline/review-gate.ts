/**
 * The review gate, between validate and build-edi: decides whether a document waits for a person
 * (NeedsReview) before any EDI is built, delivered or charged. The tenant's ReviewPolicy says when:
 * `always`; `never`; `when-unsure` (the default) when a field the EDI needs is missing or invalid
 * (any Validation message) or a core field is scored under the tenant's threshold. Calibrated
 * scores make the threshold meaningful: at 0.9 a field is right at least 99.5 % of the time. A core
 * field left empty carries the chance the bill truly lacks it, so a value that went unread holds the
 * document like a weak one.
 */
import { CORE_FIELDS, hasValue, type ExtractedData, type ReviewPolicy } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { markNeedsReview, type JobRow } from '../jobs/job-store.ts';
import { addDataVersion } from '../jobs/extracted-data-store.ts';

/** Why a document waits for review; empty when it may go straight through. */
export function reviewReasons(data: ExtractedData, policy: ReviewPolicy, threshold: number): string[] {
  if (policy === 'never') return [];
  const reasons: string[] = [];
  if (policy === 'always') reasons.push('The review policy is "always".');
  if (data.Validation.length > 0) reasons.push(`${data.Validation.length} problem${data.Validation.length === 1 ? '' : 's'} stop${data.Validation.length === 1 ? 's' : ''} a complete EDI.`);
  const under = CORE_FIELDS.filter((path) => {
    const score = data.ConfidenceScores?.[path];
    return typeof score === 'number' && score < threshold;
  });
  const unsure = under.filter((path) => hasValue(data, path));
  const missed = under.filter((path) => !hasValue(data, path));
  if (unsure.length > 0) reasons.push(`Unsure of ${unsure.join(', ')} (under ${threshold}).`);
  if (missed.length > 0) reasons.push(`${missed.join(', ')} ${missed.length === 1 ? 'is' : 'are'} empty but may be on the bill (under ${threshold}).`);
  return policy === 'always' || reasons.length > 0 ? reasons : [];
}

/**
 * Records a held job: status NeedsReview with its validated data as version 1, in one
 * transaction; false when the job was cancelled or finished elsewhere meanwhile.
 */
export async function holdForReview(ctx: AppContext, job: Pick<JobRow, 'id' | 'tenant_id' | 'attempts'>, data: ExtractedData, reasons: string[]): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const won = await markNeedsReview(tx, {
      jobId: job.id, tenantId: job.tenant_id, shipperName: data.Shipper?.Name ?? null, bolNumber: data.References.BolNumber ?? null,
    });
    if (!won) return false;
    await addDataVersion(tx, { jobId: job.id, tenantId: job.tenant_id, source: 'extraction', data, createdBy: 'system' });
    await writeAudit(tx, {
      tenantId: job.tenant_id, actor: 'system', action: 'job.hold_for_review', targetType: 'job', targetId: job.id,
      details: { reasons, attempt: job.attempts },
    });
    return true;
  });
}
