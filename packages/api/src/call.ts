import type { AxiosInstance } from 'axios';
import { unwrap, type Envelope } from './errors';

/** What every call of both apps resolves to: the envelope's data and its message. */
export interface ApiResult<T> {
  data: T;
  message: string | string[];
}

/** Unwraps the envelope; a status-false body is thrown so errorMessage() can read it. */
export async function call<T>(p: Promise<{ data: Envelope<T> }>): Promise<ApiResult<T>> {
  const { data: envelope } = await p;
  return { data: unwrap(envelope), message: envelope.message };
}

/**
 * Drops empty strings, null and undefined from a body or a query (an empty field or filter is not
 * sent); 0 and false stay.
 */
export function withoutEmpty<T extends object>(body: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === '' || v === null || v === undefined) continue;
    (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

export type { AxiosInstance };
