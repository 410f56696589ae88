/**
 * The build-edi step: turns validated data into stored X12 interchanges: takes an ISA number, writes with the x12
 * library, reads the result back with its checker, and puts the text in storage. The caller
 * records the returned documents in its own transaction.
 */
import type { EdiDocumentType, ExtractedData, UserSettingsDto, X12Version } from '@ladingwise/shared';
import type { AppContext } from '../context.ts';
import { checkInterchange, writeInterchange, type X12Issue } from './libraries.ts';
import type { EdiRequirements } from './validate.ts';
import { allocateIsaControlNumber, peekNextIsaControlNumber, type NewEdiDocument } from '../edi/edi-store.ts';
import { formatIsa } from '../jobs/job-store.ts';

/** The document types a tenant's settings ask for, 204 first (it is the primary one). */
export function documentTypesOf(settings: UserSettingsDto): EdiDocumentType[] {
  const types: EdiDocumentType[] = [];
  if (settings.ediDocumentTypes.edi204) types.push('204');
  if (settings.ediDocumentTypes.edi211) types.push('211');
  return types;
}

export interface EdiTarget { jobId: string; tenantId: string; senderId: string; receiverId: string }

/**
 * What each document type still needs, from a dry run of the writer (no ISA number taken), so data
 * can be validated before anything is generated (a saved correction, or a job before its review
 * gate). With `check`, the dry-run interchange is also read back by the checker, as a real one is.
 */
export function ediRequirements(data: ExtractedData, types: EdiDocumentType[], version: X12Version, t: EdiTarget, now: Date, opts: { check?: boolean } = {}): EdiRequirements[] {
  return types.map((type) => {
    const written = writeInterchange({ type, version, data, senderId: t.senderId, receiverId: t.receiverId, controlNumber: 1, now, ...(opts.check ? { groupControlNumber: 1, usage: 'P' as const } : {}) });
    if (!opts.check) return { type, missingRequired: written.missingRequired };
    const check = checkInterchange(written.content);
    return { type, missingRequired: written.missingRequired, checkIssues: check.ok ? [] : check.issues.map(describeIssue) };
  });
}

export interface BuiltEdi { documents: Omit<NewEdiDocument, 'dataVersion'>[]; requirements: EdiRequirements[] }

/** Types whose interchange replaces one already delivered: written as a change (B2A01 04), not a second original. */
export type Changes = ReadonlySet<EdiDocumentType>;

/** Writes, checks and stores one interchange per type, each with a fresh ISA control number. */
export async function buildEdiDocuments(
  ctx: AppContext,
  t: EdiTarget,
  data: ExtractedData,
  types: EdiDocumentType[],
  version: X12Version,
  changes: Changes = new Set(),
): Promise<BuiltEdi> {
  const documents: BuiltEdi['documents'] = [];
  const requirements: EdiRequirements[] = [];
  for (const type of types) {
    const isa = await allocateIsaControlNumber(ctx.db, t.tenantId, t.senderId);
    const purpose = changes.has(type) ? 'change' as const : 'original' as const;
    const written = writeInterchange({
      type, version, data, senderId: t.senderId, receiverId: t.receiverId,
      controlNumber: isa, groupControlNumber: isa, now: ctx.now(), usage: 'P', purpose,
    });
    const check = checkInterchange(written.content);
    const storageKey = `tenants/${t.tenantId}/jobs/${t.jobId}/edi/${type}-${formatIsa(isa)}.x12`;
    await ctx.storage.put(storageKey, Buffer.from(written.content, 'utf8'), 'text/plain; charset=utf-8');
    documents.push({
      jobId: t.jobId, tenantId: t.tenantId, type, x12Version: version, senderId: t.senderId, receiverId: t.receiverId,
      isa, storageKey, content: written.content, checkOk: check.ok, purpose,
    });
    requirements.push({
      type,
      missingRequired: written.missingRequired,
      checkIssues: check.ok ? [] : check.issues.map(describeIssue),
    });
  }
  return { documents, requirements };
}

/**
 * What approving or correcting would send, written the same way but taking no ISA number and
 * storing nothing: the envelope carries the number the next interchange will most likely get.
 */
export async function previewEdiDocuments(
  ctx: AppContext, t: EdiTarget, data: ExtractedData, types: EdiDocumentType[], version: X12Version, changes: Changes,
): Promise<{ Type: EdiDocumentType; Content: string; Purpose: 'original' | 'change' }[]> {
  const isa = await peekNextIsaControlNumber(ctx.db, t.tenantId, t.senderId);
  return types.map((type, i) => {
    const purpose = changes.has(type) ? 'change' as const : 'original' as const;
    const n = ((isa + i - 1) % 999_999_999) + 1;
    const written = writeInterchange({ type, version, data, senderId: t.senderId, receiverId: t.receiverId, controlNumber: n, groupControlNumber: n, now: ctx.now(), usage: 'P', purpose });
    return { Type: type, Content: written.content, Purpose: purpose };
  });
}

function describeIssue(i: X12Issue): string {
  return `${i.path ? `${i.path}: ` : ''}${i.message}`;
}
