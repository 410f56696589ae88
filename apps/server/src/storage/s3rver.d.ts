/** Minimal types for s3rver (a local S3 stand-in used only by the storage tests). */
declare module 's3rver' {
  interface S3rverOptions { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string }[]; resetOnClose?: boolean }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
