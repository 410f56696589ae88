export * from './extracted-data.ts';
export * from './api.ts';
export { toPascalKeys } from './normalize-keys.ts';
export { formatBytes } from './format-bytes.ts';
