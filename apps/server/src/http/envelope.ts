/** The API's answer shape, `{success, data, message}`, and the typed error every handler throws. */
export interface Envelope<T> { success: boolean; data: T | null; message: string | null }

/** A successful answer. */
export function ok<T>(data: T, message: string | null = null): Envelope<T> {
  return { success: true, data, message };
}

/** An error with an HTTP status and a stable code; its message is shown to the user as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
