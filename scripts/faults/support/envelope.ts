import type { Answer } from './http';

// English words a fallback message would carry (zod's, Fastify's); none is Spanish.
const ENGLISH = /\b(expected|invalid|required|received|must|unrecognized|should|the|is|body)\b/i;
const SPANISH =
  /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|es|un|una|debe|por|en|con|para|llave|desconocida)\b/i;

export function looksSpanish(text: string): boolean {
  return SPANISH.test(text) && !ENGLISH.test(text);
}

/**
 * What is wrong with an error answer, or null: it must be `{status, data: {error, message}}`
 * with the status of the response, an English `error` and a Spanish `message` (and Spanish
 * messages in `fields`, when present).
 */
export function envelopeProblem(answer: Answer): string | null {
  const body = record(answer.body);
  if (!body) return 'not a JSON object';
  if (body.status !== answer.status) return `status ${String(body.status)} in the body`;
  const data = record(body.data);
  if (!data) return 'no data object';
  if (typeof data.error !== 'string' || data.error === '') return 'no error text';
  if (typeof data.message !== 'string' || !looksSpanish(data.message)) {
    return `message not Spanish: ${JSON.stringify(data.message)}`;
  }
  if (data.fields !== undefined) {
    const fields = record(data.fields);
    if (!fields) return 'fields not an object';
    for (const [field, message] of Object.entries(fields)) {
      if (typeof message !== 'string' || !looksSpanish(message)) {
        return `field ${field}: message not Spanish: ${JSON.stringify(message)}`;
      }
    }
  }
  return null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
