/** The process logger: JSON lines, with every credential path redacted. */
import pino, { type Logger } from 'pino';

export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie',
  '*.password', '*.newPassword', '*.customPassword', '*.token', '*.apiKey', '*.secret', '*.bytes',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { service: 'ladingwise' } });
}
