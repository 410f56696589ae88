/** The API's answer shape, `{success, data, message}` (errors: error-handler.ts), defined once in @ladingwise/shared. */
import type { ApiEnvelope } from '@ladingwise/shared';

export type Envelope<T> = ApiEnvelope<T>;

/** A successful answer. */
export function ok<T>(data: T, message: string | null = null): Envelope<T> {
  return { success: true, data, message };
}
