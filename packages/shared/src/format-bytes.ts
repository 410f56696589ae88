/** File sizes as people read them, the same in the server's messages and on the upload page. */

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** 1024-based size with up to `decimals` decimals: 1536 -> "1.5 KB", 25 MiB -> "25 MB", 0 -> "0 Bytes". */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${parseFloat(value.toFixed(Math.max(0, decimals)))} ${SIZE_UNITS[i]}`;
}
