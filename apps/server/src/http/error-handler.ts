/**
 * Turns every thrown error into the `{success:false, data, message}` envelope with the right status:
 * a domain error gets its code's status (error-status.ts), Fastify's own request errors keep theirs,
 * anything else is a 500 with a generic message (and is logged).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { DomainError } from '../errors/domain-error.ts';
import { errors } from '../errors/catalogue.ts';
import { HTTP_STATUS, isErrorCode } from './error-status.ts';
import type { Envelope } from './envelope.ts';

interface HttpError { statusCode: number; code: string; message: string; data: unknown }

/**
 * Every response carries its request id (X-Request-Id); a 500 is logged at error level with that id
 * (request.log binds it as reqId) and the answer repeats it, so a user's report finds the log line.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => { void reply.header('x-request-id', request.id); });
  app.setErrorHandler((err: FastifyError | DomainError | ZodError, request, reply) => {
    const answer = toHttpError(err);
    if (answer.statusCode >= 500) request.log.error({ err, reqId: request.id, method: request.method, url: request.url }, 'request failed');
    else request.log.info({ code: answer.code }, answer.message);
    const retryAfter = (answer.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    const data = answer.statusCode >= 500 ? { ...((answer.data as object | null) ?? {}), requestId: request.id } : answer.data;
    const body: Envelope<unknown> = { success: false, data, message: answer.message };
    void reply.status(answer.statusCode).send(body);
  });
}

/** PostgreSQL's class 22 "data exception" (a value out of range, a malformed number, NUL in text): the input was bad. */
const isDataException = (err: unknown): boolean => typeof (err as { code?: unknown }).code === 'string' && /^22[0-9A-Z]{3}$/.test((err as { code: string }).code);

/** The status a domain error is answered with; a code missing from the table is a bug, answered as 500. */
export function statusOf(err: DomainError): number {
  return isErrorCode(err.code) ? HTTP_STATUS[err.code] : 500;
}

function fromDomain(err: DomainError): HttpError {
  return { statusCode: statusOf(err), code: err.code, message: err.message, data: err.data };
}

function toHttpError(err: unknown): HttpError {
  if (err instanceof DomainError) return fromDomain(err);
  if (err instanceof ZodError) {
    const first = err.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    return fromDomain(errors.validation(`${where}${first?.message ?? 'Invalid request.'}`));
  }
  if (isDataException(err)) return fromDomain(errors.badRequest('A value in the request is out of range or not allowed.'));
  const e = err as FastifyError;
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return fromDomain(errors.malformedJson());
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return fromDomain(errors.unsupportedMedia('Unsupported Content-Type. Send application/json or multipart/form-data.'));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return fromDomain(errors.payloadTooLarge('The request is too large.'));
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return fromDomain(errors.payloadTooLarge('Too many files in one request.'));
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return fromDomain(errors.badRequest('Send the images as multipart/form-data.'));
  }
  if (e.validation) return fromDomain(errors.validation(e.message));
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { statusCode: e.statusCode, code: e.code ?? 'BAD_REQUEST', message: e.message, data: null };
  }
  return fromDomain(errors.internal());
}
