/**
 * The domain's error catalogue: every message a user can get back, by stable code. Texts the product
 * spec names are used verbatim. Add new errors here, not inline. It knows nothing of HTTP: the HTTP
 * layer gives each code its status (http/error-status.ts); the SFTP server shows the message.
 */
import { formatBytes } from '@ladingwise/shared';
import { DomainError } from './domain-error.ts';

export const errors = {
  badRequest: (message: string) => new DomainError('BAD_REQUEST', message),
  malformedJson: () => new DomainError('MALFORMED_JSON', 'The request body is not valid JSON.'),
  validation: (message: string) => new DomainError('VALIDATION', message),
  unauthorized: (message = 'Sign in to continue.') => new DomainError('UNAUTHORIZED', message),
  forbiddenAdmin: () => new DomainError('ADMIN_REQUIRED', 'Access denied. Admin privileges required.'),
  forbidden: (message = 'You do not have access to this resource.') => new DomainError('FORBIDDEN', message),
  notFound: (what = 'Resource') => new DomainError('NOT_FOUND', `${what} not found.`),
  conflict: (message: string) => new DomainError('CONFLICT', message),
  payloadTooLarge: (message: string) => new DomainError('PAYLOAD_TOO_LARGE', message),
  unsupportedMedia: (message: string) => new DomainError('UNSUPPORTED_MEDIA_TYPE', message),
  insufficientCredits: () =>
    new DomainError('INSUFFICIENT_CREDITS', 'Not enough credits to process these documents. Buy credits on the Billing page.'),
  tooManyRequests: () => new DomainError('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.'),
  loginLocked: (seconds: number) =>
    new DomainError('LOGIN_LOCKED', `Too many failed sign-ins. Try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`, { retryAfterSeconds: seconds }),
  signupLimited: () => new DomainError('SIGNUP_LIMITED', 'Too many accounts were created recently. Please try again later.'),
  controlCharacters: () => new DomainError('CONTROL_CHARACTERS', 'The request contains control characters (such as NUL) that no field accepts.'),
  tooDeep: (max: number) => new DomainError('JSON_TOO_DEEP', `The JSON body is nested more than ${max} levels deep.`),
  // Spec texts (section 8).
  noFilesSelected: () => new DomainError('NO_FILES', 'Please select at least one file to upload.'),
  missingIds: () => new DomainError('MISSING_IDS', 'Sender and Receiver IDs are required.'),
  reprocessFailed: () => new DomainError('REPROCESS_FAILED', 'Could not requeue the job.'),
  labelAndIdRequired: () => new DomainError('LABEL_AND_ID_REQUIRED', 'Label and ID are required'),
  keyNameRequired: () => new DomainError('KEY_NAME_REQUIRED', 'Key name is required'),
  invalidAmount: () => new DomainError('INVALID_AMOUNT', 'Please enter a valid amount greater than 0'),
  minimumAmount: () => new DomainError('MINIMUM_AMOUNT', 'Minimum purchase amount is $5.00'),
  checkoutNotConfigured: () =>
    new DomainError('CHECKOUT_NOT_CONFIGURED', 'Stripe is not properly configured. Please check your environment variables.'),
  checkoutFailed: () =>
    new DomainError('CHECKOUT_FAILED', 'Unable to create payment session. Please try again or contact support.'),
  internal: () => new DomainError('INTERNAL', 'Something went wrong on our side. Please try again.'),
  // Billing and cloud marketplace.
  invalidPricingPlan: () => new DomainError('INVALID_PRICING_PLAN', 'Choose the pricing plan good-as-a-human or better-than-a-human.'),
  maximumAmount: (max: number) => new DomainError('MAXIMUM_AMOUNT', `The most one purchase can be is $${max.toLocaleString('en-US')}.`),
  paymentNotCompleted: () => new DomainError('PAYMENT_NOT_COMPLETED', 'This payment has not been completed, so no credits were added.'),
  invalidWebhookSignature: () => new DomainError('INVALID_SIGNATURE', 'The webhook signature is missing, invalid or too old.'),
  marketplaceNotConfigured: () =>
    new DomainError('MARKETPLACE_NOT_CONFIGURED', 'Cloud marketplace subscriptions are not configured on this server.'),
  marketplaceResolveFailed: () => new DomainError('MARKETPLACE_RESOLVE_FAILED', 'Failed to resolve marketplace token. Please contact support.'),
  marketplaceLinkFailed: () => new DomainError('MARKETPLACE_LINK_FAILED', 'Failed to link Azure subscription. Please try again.'),
  marketplaceUnavailable: () =>
    new DomainError('MARKETPLACE_UNAVAILABLE', 'The cloud marketplace could not be reached. Please try again in a few minutes.'),
  marketplacePlanManaged: () =>
    new DomainError('MARKETPLACE_BILLING', 'This account is billed through its cloud marketplace subscription: change the plan in your cloud provider\'s portal.'),
  marketplaceSubscriptionInactive: () =>
    new DomainError('MARKETPLACE_SUBSCRIPTION_INACTIVE', 'Your cloud marketplace subscription is not active, so documents cannot be processed. Check it in your cloud provider\'s portal.'),
  // Pipeline: upload, jobs, images, EDI.
  tooManyFiles: (max: number) => new DomainError('TOO_MANY_FILES', `Too many files: upload at most ${max} images at a time. Nothing was uploaded.`),
  uploadTooLarge: (maxBytes: number) =>
    new DomainError('UPLOAD_TOO_LARGE', `This upload is larger than ${formatBytes(maxBytes)} in all, the limit for one upload. Nothing was uploaded; send the files in smaller batches.`),
  emptyFile: (name: string) => new DomainError('EMPTY_FILE', `${name} is empty. Nothing was uploaded.`),
  fileTooLarge: (name: string, maxBytes: number) =>
    new DomainError('FILE_TOO_LARGE', `${name} is larger than ${formatBytes(maxBytes)}. Nothing was uploaded.`),
  unsupportedFileType: (name: string) =>
    new DomainError('UNSUPPORTED_FILE_TYPE', `${name} is not a supported image. Use JPEG, PNG, BMP, TIFF or WebP. Nothing was uploaded.`),
  interchangeIdTooLong: () => new DomainError('ID_TOO_LONG', 'Sender and Receiver IDs must be at most 15 characters.'),
  interchangeIdCharacters: () =>
    new DomainError('ID_CHARACTERS', 'Sender and Receiver IDs may use only letters, digits, spaces and - . _ / &.'),
  notMultipart: () => new DomainError('NOT_MULTIPART', 'Send the images as multipart/form-data with one or more Files.'),
  malformedMultipart: (detail: string) => new DomainError('MALFORMED_MULTIPART', `The upload could not be read (${detail}). Nothing was uploaded.`),
  jobNotFound: () => new DomainError('JOB_NOT_FOUND', 'Job not found.'),
  imageNotFound: () => new DomainError('IMAGE_NOT_FOUND', 'Image not found.'),
  imageUnreadable: () => new DomainError('IMAGE_UNREADABLE', 'This image could not be read, so no preview can be shown.'),
  jobNotCancellable: () => new DomainError('JOB_NOT_CANCELLABLE', 'Only queued jobs can be cancelled; this one has already started or finished.'),
  jobNotEditable: () => new DomainError('JOB_NOT_EDITABLE', 'Only completed jobs and jobs waiting for review can be corrected; only completed jobs can have their EDI rebuilt.'),
  badGrouping: () => new DomainError('BAD_GROUPING', 'Grouping must be per-file (each file is its own bill) or one-document (the files are the pages of one bill).'),
  jobNotReviewable: () => new DomainError('JOB_NOT_REVIEWABLE', 'Only a job waiting for review (NeedsReview) can be approved.'),
  approvalInProgress: () => new DomainError('APPROVAL_IN_PROGRESS', 'This job is being approved by another request; it will be Completed in a moment.'),
  noEdiContent: () => new DomainError('NO_EDI_CONTENT', 'No EDI content available to download.'),
  // SFTP and webhooks: SFTP answers carry the text in data.errorMessage too (the settings page reads it there).
  sftpPasswordRejected: (message: string) => new DomainError('SFTP_PASSWORD_REJECTED', message, { errorMessage: message }),
  sftpAccountMissing: () =>
    new DomainError('SFTP_ACCOUNT_NOT_FOUND', 'No SFTP account exists yet. Create one first.', { errorMessage: 'No SFTP account exists yet. Create one first.' }),
  sftpPublicKeyInvalid: () =>
    new DomainError('SFTP_PUBLIC_KEY_INVALID', 'Paste one OpenSSH public key line (ssh-ed25519, ssh-rsa or ecdsa-sha2-nistp256/384/521).'),
  sftpDownloadLogsPlan: () =>
    new DomainError('PLAN_REQUIRED', 'SFTP download logs are part of the Better than a Human plan. Change your pricing plan in Settings.'),
  webhookUrlInvalid: (detail: string) => new DomainError('WEBHOOK_URL_INVALID', `Enter a valid http:// or https:// URL (${detail}).`),
  webhookNotFound: () => new DomainError('WEBHOOK_NOT_FOUND', 'Webhook not found.'),
  webhookLimit: (max: number) => new DomainError('WEBHOOK_LIMIT', `At most ${max} webhooks can be registered. Delete one first.`),
} as const;

/** Every code the catalogue can produce. */
export type ErrorCode = ReturnType<(typeof errors)[keyof typeof errors]>['code'];
