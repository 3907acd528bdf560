import type { AxiosInstance } from 'axios';
import { unwrap, type Envelope } from './errors';

export interface AdminResult<T> {
  data: T;
  message: string | string[];
}

/** Unwraps the envelope; a status-false body is thrown so errorMessage() can read it. */
export async function adminCall<T>(p: Promise<{ data: Envelope<T> }>): Promise<AdminResult<T>> {
  const { data: envelope } = await p;
  return { data: unwrap(envelope), message: envelope.message };
}

/** Drops undefined and empty-string query values so they are not sent. */
export function cleanParams(params: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = v as string | number | boolean;
  }
  return out;
}

export type { AxiosInstance };
