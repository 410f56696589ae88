/** Turns every thrown error into the `{success:false, data, message}` envelope with the right status. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './envelope.ts';
import { errors } from './errors.ts';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    const appError = toAppError(err);
    if (appError.statusCode >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: appError.code }, appError.message);
    void reply.status(appError.statusCode).send({ success: false, data: appError.data, message: appError.message });
  });
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) {
    const first = err.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    return errors.validation(`${where}${first?.message ?? 'Invalid request.'}`);
  }
  const e = err as FastifyError;
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.malformedJson();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.unsupportedMedia('Unsupported Content-Type. Send application/json or multipart/form-data.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return errors.payloadTooLarge('The request is too large.');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return errors.payloadTooLarge('Too many files in one request.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return errors.badRequest('Send the images as multipart/form-data.');
  }
  if (e.validation) return errors.validation(e.message);
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new AppError(e.statusCode, e.code ?? 'BAD_REQUEST', e.message);
  }
  return errors.internal();
}
