/**
 * The server's error catalogue: every message a client can get back, by stable code.
 * Texts the product spec names are used verbatim. Add new errors here, not inline.
 */
import { AppError } from './envelope.ts';

export const errors = {
  badRequest: (message: string) => new AppError(400, 'BAD_REQUEST', message),
  malformedJson: () => new AppError(400, 'MALFORMED_JSON', 'The request body is not valid JSON.'),
  validation: (message: string) => new AppError(400, 'VALIDATION', message),
  unauthorized: (message = 'Sign in to continue.') => new AppError(401, 'UNAUTHORIZED', message),
  forbiddenAdmin: () => new AppError(403, 'ADMIN_REQUIRED', 'Access denied. Admin privileges required.'),
  forbidden: (message = 'You do not have access to this resource.') => new AppError(403, 'FORBIDDEN', message),
  notFound: (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found.`),
  conflict: (message: string) => new AppError(409, 'CONFLICT', message),
  payloadTooLarge: (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message),
  unsupportedMedia: (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message),
  insufficientCredits: () =>
    new AppError(402, 'INSUFFICIENT_CREDITS', 'Not enough credits to process these documents. Buy credits on the Billing page.'),
  tooManyRequests: () => new AppError(429, 'RATE_LIMITED', 'Too many requests. Please wait a minute and try again.'),
  // Spec texts (section 8).
  noFilesSelected: () => new AppError(400, 'NO_FILES', 'Please select at least one file to upload.'),
  missingIds: () => new AppError(400, 'MISSING_IDS', 'Sender and Receiver IDs are required.'),
  reprocessFailed: () => new AppError(409, 'REPROCESS_FAILED', 'Could not requeue the job.'),
  labelAndIdRequired: () => new AppError(400, 'LABEL_AND_ID_REQUIRED', 'Label and ID are required'),
  keyNameRequired: () => new AppError(400, 'KEY_NAME_REQUIRED', 'Key name is required'),
  invalidAmount: () => new AppError(400, 'INVALID_AMOUNT', 'Please enter a valid amount greater than 0'),
  minimumAmount: () => new AppError(400, 'MINIMUM_AMOUNT', 'Minimum purchase amount is $5.00'),
  checkoutNotConfigured: () =>
    new AppError(503, 'CHECKOUT_NOT_CONFIGURED', 'Stripe is not properly configured. Please check your environment variables.'),
  checkoutFailed: () =>
    new AppError(502, 'CHECKOUT_FAILED', 'Unable to create payment session. Please try again or contact support.'),
  internal: () => new AppError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'),
  // Billing and cloud marketplace.
  invalidPricingPlan: () => new AppError(400, 'INVALID_PRICING_PLAN', 'Choose the pricing plan good-as-a-human or better-than-a-human.'),
  maximumAmount: (max: number) => new AppError(400, 'MAXIMUM_AMOUNT', `The most one purchase can be is $${max.toLocaleString('en-US')}.`),
  paymentNotCompleted: () => new AppError(409, 'PAYMENT_NOT_COMPLETED', 'This payment has not been completed, so no credits were added.'),
  invalidWebhookSignature: () => new AppError(400, 'INVALID_SIGNATURE', 'The webhook signature is missing, invalid or too old.'),
  marketplaceNotConfigured: () =>
    new AppError(503, 'MARKETPLACE_NOT_CONFIGURED', 'Cloud marketplace subscriptions are not configured on this server.'),
  marketplaceResolveFailed: () => new AppError(400, 'MARKETPLACE_RESOLVE_FAILED', 'Failed to resolve marketplace token. Please contact support.'),
  marketplaceLinkFailed: () => new AppError(400, 'MARKETPLACE_LINK_FAILED', 'Failed to link Azure subscription. Please try again.'),
  marketplaceUnavailable: () =>
    new AppError(502, 'MARKETPLACE_UNAVAILABLE', 'The cloud marketplace could not be reached. Please try again in a few minutes.'),
  marketplacePlanManaged: () =>
    new AppError(409, 'MARKETPLACE_BILLING', 'This account is billed through its cloud marketplace subscription: change the plan in your cloud provider\'s portal.'),
  marketplaceSubscriptionInactive: () =>
    new AppError(402, 'MARKETPLACE_SUBSCRIPTION_INACTIVE', 'Your cloud marketplace subscription is not active, so documents cannot be processed. Check it in your cloud provider\'s portal.'),
  // Pipeline: upload, jobs, images, EDI.
  tooManyFiles: (max: number) => new AppError(413, 'TOO_MANY_FILES', `Too many files: upload at most ${max} images at a time. Nothing was uploaded.`),
  emptyFile: (name: string) => new AppError(400, 'EMPTY_FILE', `${name} is empty. Nothing was uploaded.`),
  fileTooLarge: (name: string, maxBytes: number) =>
    new AppError(413, 'FILE_TOO_LARGE', `${name} is larger than ${formatBytes(maxBytes)}. Nothing was uploaded.`),
  unsupportedFileType: (name: string) =>
    new AppError(415, 'UNSUPPORTED_FILE_TYPE', `${name} is not a supported image. Use JPEG, PNG, BMP, TIFF or WebP. Nothing was uploaded.`),
  interchangeIdTooLong: () => new AppError(400, 'ID_TOO_LONG', 'Sender and Receiver IDs must be at most 15 characters.'),
  interchangeIdCharacters: () =>
    new AppError(400, 'ID_CHARACTERS', 'Sender and Receiver IDs may use only letters, digits, spaces and - . _ / &.'),
  notMultipart: () => new AppError(400, 'NOT_MULTIPART', 'Send the images as multipart/form-data with one or more Files.'),
  malformedMultipart: (detail: string) => new AppError(400, 'MALFORMED_MULTIPART', `The upload could not be read (${detail}). Nothing was uploaded.`),
  jobNotFound: () => new AppError(404, 'JOB_NOT_FOUND', 'Job not found.'),
  imageNotFound: () => new AppError(404, 'IMAGE_NOT_FOUND', 'Image not found.'),
  imageUnreadable: () => new AppError(422, 'IMAGE_UNREADABLE', 'This image could not be read, so no preview can be shown.'),
  jobNotCancellable: () => new AppError(409, 'JOB_NOT_CANCELLABLE', 'Only queued jobs can be cancelled; this one has already started or finished.'),
  jobNotEditable: () => new AppError(409, 'JOB_NOT_EDITABLE', 'Only completed jobs can be corrected or have their EDI rebuilt.'),
  noEdiContent: () => new AppError(404, 'NO_EDI_CONTENT', 'No EDI content available to download.'),
  // SFTP and webhooks: SFTP answers carry the text in data.errorMessage too (the settings page reads it there).
  sftpPasswordRejected: (message: string) => new AppError(400, 'SFTP_PASSWORD_REJECTED', message, { errorMessage: message }),
  sftpAccountMissing: () =>
    new AppError(404, 'SFTP_ACCOUNT_NOT_FOUND', 'No SFTP account exists yet. Create one first.', { errorMessage: 'No SFTP account exists yet. Create one first.' }),
  sftpPublicKeyInvalid: () =>
    new AppError(400, 'SFTP_PUBLIC_KEY_INVALID', 'Paste one OpenSSH public key line (ssh-ed25519, ssh-rsa or ecdsa-sha2-nistp256/384/521).'),
  sftpDownloadLogsPlan: () =>
    new AppError(403, 'PLAN_REQUIRED', 'SFTP download logs are part of the Better than a Human plan. Change your pricing plan in Settings.'),
  webhookUrlInvalid: (detail: string) => new AppError(400, 'WEBHOOK_URL_INVALID', `Enter a valid http:// or https:// URL (${detail}).`),
  webhookNotFound: () => new AppError(404, 'WEBHOOK_NOT_FOUND', 'Webhook not found.'),
  webhookLimit: (max: number) => new AppError(409, 'WEBHOOK_LIMIT', `At most ${max} webhooks can be registered. Delete one first.`),
} as const;

/** 1024-based size, as the upload page shows it ("25 MB"). */
function formatBytes(n: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return `${Number.isInteger(v) ? v : v.toFixed(2)} ${units[i]}`;
}
