/**
 * A tiny OpenAI-compatible chat-completions server for tests: POST /v1/chat/completions checks the bearer
 * key, the model and that every image part is a JPEG data URL, then answers what the test scripted:
 * field answers (sent back as the message content, JSON), an HTTP error, a raw body, or no answer at all.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, send } from './http-io.ts';

/** What one request asked for, as the tests check it (images are counted and checked, not kept). */
export interface SeenRequest {
  authorization: string | undefined;
  model: unknown;
  images: number;
  /** Field keys listed as required in response_format's JSON schema. */
  fields: string[];
  system: string;
}

export type Script =
  | { kind: 'answer'; answer: (fields: string[]) => Record<string, unknown> }
  | { kind: 'status'; status: number }
  | { kind: 'raw'; body: string }
  | { kind: 'hang' };

export interface OpenAiChatStandIn {
  /** Base URL to configure as VISION_API_BASE (ends in /v1). */
  url: string;
  requests: SeenRequest[];
  script: Script;
  close(): Promise<void>;
}

const JPEG_URL = /^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/;

export async function startOpenAiChatStandIn(opts: { key: string; model: string }): Promise<OpenAiChatStandIn> {
  const state: OpenAiChatStandIn = { url: '', requests: [], script: { kind: 'status', status: 503 }, close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(res, 404, { error: { message: 'not found' } });
    if (req.headers.authorization !== `Bearer ${opts.key}`) return send(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    let body: any;
    try { body = JSON.parse(await readBody(req)); } catch { return send(res, 400, { error: { message: 'body is not JSON' } }); }
    if (body.model !== opts.model) return send(res, 404, { error: { message: `model ${String(body.model)} does not exist` } });
    const parts: any[] = (body.messages ?? []).flatMap((m: any) => (Array.isArray(m.content) ? m.content : []));
    const images = parts.filter((p) => p.type === 'image_url');
    if (images.length === 0 || !images.every((p) => typeof p.image_url?.url === 'string' && JPEG_URL.test(p.image_url.url))) {
      return send(res, 400, { error: { message: 'image parts must be JPEG data URLs' } });
    }
    const format = body.response_format;
    if (format?.type !== 'json_schema' || !Array.isArray(format.json_schema?.schema?.required)) return send(res, 400, { error: { message: 'json_schema response_format expected' } });
    const fields: string[] = format.json_schema.schema.required;
    const system = (body.messages ?? []).find((m: any) => m.role === 'system')?.content ?? '';
    state.requests.push({ authorization: req.headers.authorization, model: body.model, images: images.length, fields, system });
    const script = state.script;
    if (script.kind === 'hang') return; // never answers; the client's timeout must end it
    if (script.kind === 'status') return send(res, script.status, { error: { message: 'scripted failure' } });
    if (script.kind === 'raw') { res.writeHead(200, { 'content-type': 'application/json' }); res.end(script.body); return; }
    send(res, 200, {
      id: 'chatcmpl-standin', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(script.answer(fields)), refusal: null } }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return state;
}
