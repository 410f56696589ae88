/** PUT .../data: a reviewer's corrected ExtractedData, saved as the job's next version. */
import { toPascalKeys, type ExtractedData } from '@ladingwise/shared';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { errors } from '../errors/catalogue.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { getUserSettings } from '../accounts/settings-store.ts';
import { documentTypesOf, ediRequirements } from '../pipeline/build-edi.ts';
import { validateExtractedData, withDefaults } from '../pipeline/validate.ts';
import { getJobRow, updateJobSummary } from './job-store.ts';
import { addDataVersion, getCurrentData, lockJob } from './extracted-data-store.ts';
import { reviewOf } from '../pipeline/changed-fields.ts';
import type { Caller } from './job-actions.ts';

const text = z.union([z.string().max(500), z.number()]).nullable().optional().transform((v) => (v === undefined || v === null ? null : String(v)));
const num = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]).nullable().optional().transform((v) => v ?? null);
const party = z.object({ Name: text, Address: text, City: text, State: text, Zip: text, Country: text }).partial().nullable().optional();

/** The editable shape; unknown keys are kept (passthrough) so library additions survive a round trip. */
const dataSchema = z.object({
  Shipper: party,
  Consignee: party,
  BillTo: party,
  Carrier: z.object({ Name: text, Scac: text }).partial().nullable().optional(),
  ShipmentDetails: z.object({
    Weight: num, WeightUnit: z.enum(['L', 'K']).nullable().optional(), Pieces: num, HandlingUnits: num,
    PackagingType: text, Commodity: text, FreightClass: text,
  }).partial().optional(),
  LineItems: z.array(z.object({
    HandlingUnits: num, PackagingType: text, Pieces: num, Weight: num, Commodity: text, FreightClass: text, NmfcNumber: text, Hazmat: z.boolean().optional(),
  }).partial().passthrough()).max(999).optional(),
  Dates: z.object({ Pickup: text, Delivery: text }).partial().optional(),
  References: z.object({ BolNumber: text, PoNumber: text, OrderNumber: text, ProNumber: text }).partial().passthrough().optional(),
  FreightTerms: z.enum(['prepaid', 'collect', 'third party']).nullable().optional(),
  Warnings: z.array(z.string().max(500)).max(100).optional(),
  ConfidenceScores: z.record(z.number()).optional(),
}).passthrough();

/** A client's ExtractedData (bare, or as {ExtractedData}; PascalCase or camelCase) checked and without the server-owned fields. */
export function parseCorrection(body: unknown): ExtractedData {
  const raw = (body && typeof body === 'object' && 'ExtractedData' in (toPascalKeys(body) as object))
    ? (toPascalKeys(body) as { ExtractedData: unknown }).ExtractedData
    : toPascalKeys(body);
  const parsed = dataSchema.parse(raw ?? {});
  // Server-owned fields are never taken from the client.
  const { Validation: _v, MissingFields: _m, ISAControlNumber: _i, Edi: _e, EDIContent: _c, ...rest } = parsed as Record<string, unknown>;
  const corrected = withDefaults(rest as Partial<ExtractedData>);
  if (corrected.References) delete corrected.References.ISA;
  return corrected;
}

/**
 * Validates and stores a correction; returns the new version number. Completed jobs (before a
 * correction is sent) and jobs waiting for review (a reviewer saving part of the work) are editable.
 */
export async function saveCorrectedData(ctx: AppContext, caller: Caller, jobId: string, body: unknown): Promise<number> {
  const row = await getJobRow(ctx.db, caller.tenantId, jobId);
  if (!row) throw errors.jobNotFound();
  if (row.status !== 'Completed' && row.status !== 'NeedsReview') throw errors.jobNotEditable();
  const corrected = parseCorrection(body);

  const settings = await getUserSettings(ctx.db, caller.tenantId);
  const target = { jobId, tenantId: caller.tenantId, senderId: row.sender_id, receiverId: row.receiver_id };

  const version = await ctx.db.transaction(async (tx) => {
    if (!(await lockJob(tx, caller.tenantId, jobId))) throw errors.jobNotFound();
    const current = await getCurrentData(tx, caller.tenantId, jobId);
    const { data: reviewed, changed, confirmed } = current ? reviewOf(current.data, corrected) : { data: corrected, changed: [], confirmed: {} };
    const data = validateExtractedData(reviewed, ediRequirements(reviewed, documentTypesOf(settings), settings.x12Version, target, ctx.now()));
    const v = await addDataVersion(tx, { jobId, tenantId: caller.tenantId, source: 'correction', data, createdBy: caller.actor });
    await updateJobSummary(tx, { jobId, tenantId: caller.tenantId, shipperName: data.Shipper?.Name ?? null, bolNumber: data.References.BolNumber ?? null });
    await writeAudit(tx, {
      tenantId: caller.tenantId, userId: caller.userId, actor: caller.actor, action: 'job.correct', targetType: 'job', targetId: jobId,
      details: { version: v, changed, confirmed: Object.keys(confirmed) },
    });
    return v;
  });
  ctx.logger.info({ jobId, tenantId: caller.tenantId, step: 'correct', version }, 'job step: corrected data saved');
  return version;
}
