/** The tenant's review gate: when documents wait for a person before their EDI is sent. */
import { DEFAULT_REVIEW_POLICY, DEFAULT_REVIEW_THRESHOLD, REVIEW_POLICIES, type ReviewPolicy } from '@ladingwise/shared';
import { call } from './http.ts';
import { num, str } from './read.ts';

export interface ReviewSettings { reviewPolicy: ReviewPolicy; reviewThreshold: number }

export function readReviewSettings(data: unknown): ReviewSettings {
  const p = str(data, 'reviewPolicy') ?? str(data, 'ReviewPolicy');
  const threshold = num(data, 'reviewThreshold') ?? num(data, 'ReviewThreshold');
  return {
    reviewPolicy: (REVIEW_POLICIES as readonly string[]).includes(p ?? '') ? (p as ReviewPolicy) : DEFAULT_REVIEW_POLICY,
    reviewThreshold: typeof threshold === 'number' ? threshold : DEFAULT_REVIEW_THRESHOLD,
  };
}

export async function getReviewSettings(): Promise<ReviewSettings> {
  return readReviewSettings(await call('GET', '/admin/user/settings'));
}

/** Saves only the review settings; the EDI settings are left as they are. */
export async function putReviewSettings(s: ReviewSettings): Promise<void> {
  await call('PUT', '/admin/user/settings', { body: { reviewPolicy: s.reviewPolicy, reviewThreshold: s.reviewThreshold } });
}
