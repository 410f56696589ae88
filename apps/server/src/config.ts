/**
 * The only module that reads process.env. Every setting has a default that needs no outside
 * server, so `ladingwise serve` runs on a fresh machine; `.env.example` documents each one.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = z.coerce.number().int();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: int.min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Which proxies may set X-Forwarded-For (client addresses for rate limits and audit rows): false (none,
   * the default: a client could otherwise pick its own address), true (any), a hop count, or addresses/CIDRs.
   */
  TRUST_PROXY: z.string().default('false').transform((v): boolean | number | string =>
    v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v),
  DATA_DIR: z.string().default('./data'),
  /** Empty: embedded PGlite under DATA_DIR/db. Set: a real PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: int.min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret that signs access tokens and webhook payload keys; generated and kept under DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  /** The JWT_SECRET before a rotation: values sealed under it (OIDC signing key, webhook secrets) are re-sealed at startup. */
  JWT_SECRET_PREVIOUS: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: int.min(60).default(3600),
  /** Run job workers inside `serve` (default) or only in `ladingwise worker` processes. */
  RUN_WORKERS: bool.default('true'),
  /**
   * Documents one process works on at once (pg-boss fetch loops), each on its own OCR engine; the default is one per
   * CPU core available, since a document's OCR keeps one core busy.
   */
  WORKER_CONCURRENCY: int.min(1).max(64).default(availableParallelism()),
  UPLOAD_MAX_FILE_BYTES: int.min(1).default(25 * 1024 * 1024),
  UPLOAD_MAX_FILES: int.min(1).default(50),
  /** All files of one upload request together; counted as the bytes arrive, so a request over it is refused at once. */
  UPLOAD_MAX_REQUEST_BYTES: int.min(1).default(200 * 1024 * 1024),
  /** Files one SFTP session may hold open at once (uploads in progress, downloads, listings). */
  SFTP_MAX_OPEN_HANDLES: int.min(1).default(16),
  /** Writes one SFTP session may have on their way to disk at once (OpenSSH's client keeps up to 64 in flight). */
  SFTP_MAX_WRITES_IN_FLIGHT: int.min(1).default(128),
  SFTP_ENABLED: bool.default('true'),
  SFTP_HOST: z.string().default('0.0.0.0'),
  SFTP_PORT: int.min(0).max(65535).default(2222),
  /** Host name and port users connect to, shown on the settings page (default: PUBLIC_URL's host, the listening port). */
  SFTP_PUBLIC_HOST: z.string().optional(),
  SFTP_PUBLIC_PORT: int.min(1).max(65535).optional(),
  /** SFTP host private key (OpenSSH/PEM text, \n allowed); unset = an ed25519 key generated once under DATA_DIR. */
  SFTP_HOST_KEY: z.string().optional(),
  /** Failed SFTP logins allowed per IP and per username before further attempts are refused for SFTP_LOGIN_LOCK_SECONDS. */
  SFTP_MAX_FAILED_LOGINS: int.min(1).default(5),
  SFTP_LOGIN_LOCK_SECONDS: int.min(1).default(900),
  /** Webhooks: per-attempt timeout, retries after the first attempt (exponential backoff from the delay), private targets. */
  WEBHOOK_TIMEOUT_SECONDS: int.min(1).max(120).default(10),
  WEBHOOK_RETRY_LIMIT: int.min(0).max(20).default(8),
  WEBHOOK_RETRY_DELAY_SECONDS: int.min(1).default(30),
  /**
   * true = let webhooks reach loopback, private, link-local and unique-local addresses (a receiver on the
   * same private network). Off by default: a webhook URL is otherwise a way to make the server call inside its network.
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.default('false'),
  /** S3-compatible storage; unset = local disk under DATA_DIR/files. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default('true'),
  /** External OpenID Connect provider; unset = the bundled provider over built-in accounts. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  /** The bundled provider at /oidc (used when OIDC_ISSUER is unset); false = password login only. */
  OIDC_BUNDLED: bool.default('true'),
  /** Extra redirect URIs the bundled provider accepts besides PUBLIC_URL (comma list, e.g. a Vite dev origin). */
  OIDC_EXTRA_REDIRECT_URIS: z.string().default(''),
  /** Comma list of e-mails that get the Admin role when their account is created. */
  ADMIN_EMAILS: z.string().default(''),
  /** Sign-in, sign-up and password calls allowed per IP + e-mail per window. */
  RATE_LIMIT_AUTH_MAX: int.min(1).default(10),
  /** Failed sign-ins allowed per account (from any address) before each further one locks it for 1, 2, 4... s up to LOGIN_MAX_LOCK_SECONDS. */
  LOGIN_FREE_FAILURES: int.min(1).default(5),
  LOGIN_MAX_LOCK_SECONDS: int.min(1).default(900),
  /** Failed sign-ins allowed per client address (across accounts) before it is locked for 1, 2, 4... min up to an hour. */
  LOGIN_ADDRESS_FREE_FAILURES: int.min(1).default(30),
  /** Accounts one client address may create per hour, and the whole server per hour. */
  SIGNUP_MAX_PER_ADDRESS: int.min(1).default(10),
  SIGNUP_MAX_PER_HOUR: int.min(1).default(300),
  /** Calls allowed per API key per window. */
  RATE_LIMIT_API_KEY_MAX: int.min(1).default(600),
  RATE_LIMIT_WINDOW_SECONDS: int.min(1).default(60),
  /** Card payments (Stripe API). */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
  /** Cloud marketplace (Azure SaaS fulfillment API). */
  MARKETPLACE_PROVIDER: z.string().default('azure'),
  MARKETPLACE_API_BASE: z.string().url().optional(),
  MARKETPLACE_TOKEN: z.string().optional(),
  /** Microsoft Entra client credentials for the marketplace APIs (used when MARKETPLACE_TOKEN is unset). */
  MARKETPLACE_ENTRA_TENANT_ID: z.string().optional(),
  MARKETPLACE_CLIENT_ID: z.string().optional(),
  MARKETPLACE_CLIENT_SECRET: z.string().optional(),
  MARKETPLACE_LOGIN_BASE: z.string().url().default('https://login.microsoftonline.com'),
  /** Metering dimension id of the offer's plans: one unit per processed document. */
  MARKETPLACE_DIMENSION: z.string().default('documents'),
  /** OCR languages, comma-separated, out of eng, spa and fra. */
  OCR_LANGUAGES: z.string().default('eng,spa,fra')
    .transform((v) => v.split(',').map((l) => l.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['eng', 'spa', 'fra'])).min(1)),
  /**
   * auto: native Tesseract (libtesseract, e.g. Debian tesseract-ocr) where it is installed with the languages, else
   * tesseract.js (WASM, npm only); or one of the two outright.
   */
  OCR_ENGINE: z.enum(['auto', 'tesseract.js', 'native']).default('auto'),
  /**
   * Soft limit on one page, in seconds: past it the page finishes with what was read and the document is held for
   * review. The hard limit (PAGE_TIMEOUT_SECONDS) still fails a pathological image.
   */
  PAGE_BUDGET_SECONDS: int.min(1).max(3600).default(45),
  PAGE_TIMEOUT_SECONDS: int.min(1).max(3600).default(120),
  /** Re-read weak lines with the bundled neural line reader too (reads handwriting far better; false = Tesseract alone). */
  OCR_LINE_READER: bool.default('true'),
  /**
   * Optional second opinion on weak fields from an OpenAI-compatible vision model. Unset base = off,
   * and page images never leave the machine. The key is optional because local servers (vLLM, Ollama) take none.
   */
  VISION_API_BASE: z.string().url().optional(),
  VISION_API_KEY: z.string().optional(),
  VISION_MODEL: z.string().default('gpt-4o-mini'),
  /** Core fields scored below this (or missing) are asked about. */
  VISION_BELOW_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.9),
  VISION_TIMEOUT_MS: int.min(1).max(600_000).default(30_000),
  VISION_MAX_PAGES: int.min(1).max(50).default(4),
});

export type Config = Readonly<z.infer<typeof schema> & { dataDir: string; isDev: boolean }>;

/** Reads and validates settings; throws one error naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${names}`);
  }
  const c = parsed.data;
  return Object.freeze({ ...c, dataDir: resolve(c.DATA_DIR), isDev: c.NODE_ENV === 'development' });
}
