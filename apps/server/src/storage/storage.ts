/**
 * Where images and EDI files live. Keys are always built by the server
 * (`tenants/<tenantId>/jobs/<jobId>/...`), never from user file names.
 */
export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Stores the file at `path` (an upload staged on disk) without reading it into memory. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The object's bytes, or null when absent. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Removes every object under a prefix (purging a job or a tenant). */
  deletePrefix(prefix: string): Promise<void>;
}

/** Rejects keys that could escape the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(key) || key.split('/').some((p) => p === '..' || p === '.' || p === '')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
