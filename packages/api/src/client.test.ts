import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS, createApiClient } from './client';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

/** An adapter that records the outgoing config and answers 200. */
function recorder() {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { data: { status: true, message: 'ok', data: null }, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { seen, adapter };
}

describe('createApiClient', () => {
  it('uses the same origin and the 120000 ms timeout', () => {
    const client = createApiClient({ tokenKey: 'authToken', storage: memoryStorage() });
    expect(client.defaults.baseURL).toBe('');
    expect(client.defaults.timeout).toBe(API_TIMEOUT_MS);
    expect(API_TIMEOUT_MS).toBe(120000);
  });

  it('sends no Authorization header without a stored token', async () => {
    const { seen, adapter } = recorder();
    const client = createApiClient({ tokenKey: 'authToken', storage: memoryStorage() });
    await client.get('/api/v1/user/site/get', { adapter });
    expect(seen[0].headers.get('Authorization')).toBeUndefined();
  });

  it('reads the token from storage on every request', async () => {
    const { seen, adapter } = recorder();
    const storage = memoryStorage({ authToken: 'first' });
    const client = createApiClient({ tokenKey: 'authToken', storage });
    await client.get('/a', { adapter });
    storage.setItem('authToken', 'second');
    await client.get('/b', { adapter });
    storage.removeItem('authToken');
    await client.get('/c', { adapter });
    expect(seen.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer first', 'Bearer second', undefined]);
  });

  it('uses the key it was given (accessToken for the admin app)', async () => {
    const { seen, adapter } = recorder();
    const storage = memoryStorage({ authToken: 'buyer', accessToken: 'admin' });
    const client = createApiClient({ tokenKey: 'accessToken', storage });
    await client.get('/x', { adapter });
    expect(seen[0].headers.get('Authorization')).toBe('Bearer admin');
  });
});
