/** Tenant EDI and review settings: read by the pipeline, written by PUT /api/admin/user/settings. */
import { DEFAULT_REVIEW_POLICY, DEFAULT_REVIEW_THRESHOLD, type ReviewPolicy, type UserSettingsDto, type X12Version } from '@ladingwise/shared';
import type { Queryable } from '../db/database.ts';

/** The settings a tenant has before saving any. */
export const DEFAULT_SETTINGS: UserSettingsDto = {
  ediDocumentTypes: { edi204: true, edi211: true }, x12Version: '5010', timezone: null,
  reviewPolicy: DEFAULT_REVIEW_POLICY, reviewThreshold: DEFAULT_REVIEW_THRESHOLD,
};

interface Row { edi204: boolean; edi211: boolean; x12_version: string; timezone: string | null; review_policy: string; review_threshold: number | string }

/** Returns the tenant's settings, or the defaults when none were saved. */
export async function getUserSettings(db: Queryable, tenantId: string): Promise<UserSettingsDto> {
  const { rows } = await db.query<Row>(
    'SELECT edi204, edi211, x12_version, timezone, review_policy, review_threshold FROM user_settings WHERE tenant_id = $1', [tenantId]);
  const r = rows[0];
  if (!r) return { ...DEFAULT_SETTINGS, ediDocumentTypes: { ...DEFAULT_SETTINGS.ediDocumentTypes } };
  return {
    ediDocumentTypes: { edi204: r.edi204, edi211: r.edi211 }, x12Version: r.x12_version as X12Version, timezone: r.timezone,
    // real is single precision: 0.9 reads back as 0.899999976; two decimals is all the setting carries.
    reviewPolicy: r.review_policy as ReviewPolicy, reviewThreshold: Math.round(Number(r.review_threshold) * 100) / 100,
  };
}

/** Saves (upserts) the tenant's settings. */
export async function saveUserSettings(db: Queryable, tenantId: string, s: UserSettingsDto): Promise<void> {
  await db.query(
    `INSERT INTO user_settings (tenant_id, edi204, edi211, x12_version, timezone, review_policy, review_threshold, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (tenant_id) DO UPDATE SET edi204 = $2, edi211 = $3, x12_version = $4, timezone = $5, review_policy = $6,
       review_threshold = $7, updated_at = now()`,
    [tenantId, s.ediDocumentTypes.edi204, s.ediDocumentTypes.edi211, s.x12Version, s.timezone, s.reviewPolicy, s.reviewThreshold],
  );
}
