import axios, { type AxiosInstance } from 'axios';

/** The client timeout is 120000 ms. */
export const API_TIMEOUT_MS = 120000;


export interface ApiClientOptions {
  /** localStorage key that holds the bearer token: 'authToken' (user app) or 'accessToken' (admin app). */
  tokenKey: string;
  /** Defaults to '' — same origin: each app talks only to its own BFF. */
  baseURL?: string;
  /** Injected for tests; defaults to window.localStorage when present. */
  storage?: Pick<Storage, 'getItem'>;
}

function defaultStorage(): Pick<Storage, 'getItem'> | undefined {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One axios instance per app. The token is read from storage on every request,
 * so signing in or out takes effect without rebuilding the client.
 */
export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: API_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
  });
  client.interceptors.request.use((config) => {
    const storage = options.storage ?? defaultStorage();
    const token = storage?.getItem(options.tokenKey);
    if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
    }
    return config;
  });
  return client;
}
