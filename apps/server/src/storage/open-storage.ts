/** Picks the configured storage: S3-compatible when S3_BUCKET is set, else local disk. */
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Storage } from './storage.ts';
import { localDiskStorage } from './local-disk-storage.ts';
import { s3Storage } from './s3-storage.ts';

export function openStorage(config: Config): Storage {
  if (config.S3_BUCKET) {
    return s3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return localDiskStorage(join(config.dataDir, 'files'));
}
