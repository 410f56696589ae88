#!/usr/bin/env node
// Runs the TypeScript CLI directly: tsx compiles on load, so there is no build step to forget.
import { availableParallelism } from 'node:os';
import { register } from 'tsx/esm/api';

// Native OCR calls, image work and the line reader run on libuv's thread pool (four threads unless told): one thread
// per job slot on top of those four, set before the pool first starts.
process.env.UV_THREADPOOL_SIZE ??= String(4 + (Number(process.env.WORKER_CONCURRENCY) || availableParallelism()));

register();
await import('../apps/server/src/cli/main.ts');
