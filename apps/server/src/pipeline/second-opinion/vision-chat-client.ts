/**
 * One call to an OpenAI-compatible chat-completions API with page images, asking for named fields as
 * JSON (structured output). Every way it can go wrong becomes a VisionError with a short reason that
 * is safe to show and log: never the key, the images or the provider's raw body.
 */
import { z } from 'zod';
import type { AskableField } from './second-opinion-fields.ts';

export interface VisionSettings {
  base: string;
  key: string | undefined;
  model: string;
  timeoutMs: number;
}

export class VisionError extends Error {}

const SYSTEM_PROMPT = [
  'You read scanned bills of lading, printed or handwritten.',
  'Return the requested fields exactly as written on the document, as JSON.',
  'Use null for a field you cannot read or that is not on the document; do not guess.',
].join(' ');

const completionSchema = z.object({
  choices: z.array(z.object({
    message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }),
  })).min(1),
});

/** Field answers as strings; numbers are accepted too since models print weights and counts as numbers. */
function answerSchema(fields: readonly AskableField[]) {
  const value = z.union([z.string(), z.number()]).nullable().optional().transform((v) => (v === null || v === undefined ? null : String(v)));
  return z.object(Object.fromEntries(fields.map((f) => [f.key, value])));
}

/** The JSON schema for response_format (strict: every key present, null allowed). */
export function responseFormat(fields: readonly AskableField[]) {
  return {
    type: 'json_schema',
    json_schema: {
      name: 'bill_of_lading_fields',
      strict: true,
      schema: {
        type: 'object',
        additionalProperties: false,
        required: fields.map((f) => f.key),
        properties: Object.fromEntries(fields.map((f) => [f.key, { type: ['string', 'null'], description: f.hint }])),
      },
    },
  } as const;
}

/** Asks the model for `fields` on the pages (JPEG data URLs); returns its answers by field key. */
export async function askVisionModel(settings: VisionSettings, fields: readonly AskableField[], pageUrls: string[]): Promise<Record<string, string | null>> {
  const body = {
    model: settings.model,
    temperature: 0,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      {
        role: 'user',
        content: [
          { type: 'text', text: `Fields:\n${fields.map((f) => `- ${f.key}: ${f.hint}`).join('\n')}` },
          ...pageUrls.map((url) => ({ type: 'image_url', image_url: { url, detail: 'high' } })),
        ],
      },
    ],
    response_format: responseFormat(fields),
  };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.key) headers.authorization = `Bearer ${settings.key}`;
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  let res: Response;
  let json: unknown;
  try {
    res = await fetch(`${settings.base.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST', headers, body: JSON.stringify(body), signal: timeout,
    });
    if (!res.ok) {
      // The status is the answer; a failure to discard the body changes nothing.
      await res.body?.cancel().catch(() => undefined);
      throw new VisionError(`HTTP ${res.status}`);
    }
    json = await res.json().catch((err: unknown) => {
      if (timeout.aborted) throw err;
      throw new VisionError('answer was not JSON');
    });
  } catch (err) {
    if (err instanceof VisionError) throw err;
    if (timeout.aborted) throw new VisionError(`no answer within ${settings.timeoutMs} ms`);
    throw new VisionError('provider could not be reached');
  }
  const completion = completionSchema.safeParse(json);
  if (!completion.success) throw new VisionError('answer did not match the chat-completions format');
  const message = completion.data.choices[0]!.message;
  if (message.refusal) throw new VisionError('model refused');
  let content: unknown;
  try {
    content = JSON.parse(message.content ?? '');
  } catch {
    throw new VisionError('model answer was not JSON');
  }
  const answers = answerSchema(fields).safeParse(content);
  if (!answers.success) throw new VisionError('model answer did not match the field schema');
  return answers.data as Record<string, string | null>;
}
