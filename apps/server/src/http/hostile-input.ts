/**
 * Input no field accepts is refused with a 400 before any handler or SQL sees it:
 * - control characters (NUL and the rest of C0, and DEL; tab, CR and LF are allowed) in JSON strings
 *   and keys, query values and path parameters. PostgreSQL cannot store NUL in text, and no product
 *   field has a use for the others;
 * - JSON nested deeper than MAX_JSON_DEPTH (the deepest body the API takes is 4 levels), checked on
 *   the raw text before parsing, so a 10,000-deep body costs a scan, not a stack.
 * Numbers are range-checked where each route parses them; a database "data exception" that still
 * gets through is answered 400 by the error handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors/catalogue.ts';

export const MAX_JSON_DEPTH = 32;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Deepest nesting of a JSON text (brackets outside strings), stopping once past max. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) { if (++depth > max) return true; }
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** True when any string (value or key) in a parsed JSON value or query object holds a control character. */
export function hasControlCharacters(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') { if (CONTROL.test(v)) return true; }
    else if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (CONTROL.test(k)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/** Replaces the JSON body parser with one that checks depth and control characters, and checks query and path values. */
export function installInputChecks(app: FastifyInstance): void {
  // Fastify's own parser keeps its prototype-poisoning checks; ours wraps it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(errors.tooDeep(MAX_JSON_DEPTH), undefined);
    parseJson(request, text, (err: Error | null, parsed?: unknown) => {
      if (err) return done(err, undefined);
      if (hasControlCharacters(parsed)) return done(errors.controlCharacters(), undefined);
      done(null, parsed);
    });
  });
  app.addHook('preValidation', async (request) => {
    if (hasControlCharacters(request.query) || hasControlCharacters(request.params)) throw errors.controlCharacters();
  });
}
