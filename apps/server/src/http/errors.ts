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
} as const;
