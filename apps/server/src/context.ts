/** Everything a route, worker or SFTP session needs, built once per process. */
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Queue } from './queue/pg-boss-queue.ts';
import type { Storage } from './storage/storage.ts';
import type { TokenKeys } from './auth/tokens.ts';

export interface AppContext {
  config: Config;
  db: Database;
  queue: Queue;
  storage: Storage;
  logger: Logger;
  tokenKeys: TokenKeys;
  /** Injected so tests can move time (purges, token expiry). */
  now: () => Date;
}
