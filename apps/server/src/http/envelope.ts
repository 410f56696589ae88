/** The API's answer shape, `{success, data, message}` (errors: error-handler.ts). */
export interface Envelope<T> { success: boolean; data: T | null; message: string | null }

/** A successful answer. */
export function ok<T>(data: T, message: string | null = null): Envelope<T> {
  return { success: true, data, message };
}
