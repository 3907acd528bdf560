import { STORAGE_KEYS } from './storage';

type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): SessionStorage | undefined {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in state of one app, kept in localStorage under the keys. Both apps use it:
 * the buyer app with `userSession` (authToken), the admin app with `adminSession` (accessToken,
 * loggedIn and reloadCount). `subscribe`/`token` fit React's useSyncExternalStore, so guards
 * re-render when the session starts or ends.
 */
export interface Session {
  /** The localStorage key of the token; the API client reads it on every request. */
  readonly tokenKey: string;
  token(): string | null;
  isActive(): boolean;
  start(token: string): void;
  end(): void;
  subscribe(listener: () => void): () => void;
}

interface SessionKind {
  tokenKey: string;
  /** Keys written with the token on start (besides it) and removed on end. */
  extras: Record<string, string>;
  /** Whether the stored values make a signed-in session. */
  active: (get: (key: string) => string | null) => boolean;
}

export function createSession(kind: SessionKind, storage: () => SessionStorage | undefined = browserStorage): Session {
  const listeners = new Set<() => void>();
  const get = (key: string) => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const notify = () => listeners.forEach((l) => l());
  return {
    tokenKey: kind.tokenKey,
    token: () => get(kind.tokenKey),
    isActive: () => kind.active(get),
    start(token) {
      const s = storage();
      s?.setItem(kind.tokenKey, token);
      for (const [k, v] of Object.entries(kind.extras)) s?.setItem(k, v);
      notify();
    },
    end() {
      const s = storage();
      s?.removeItem(kind.tokenKey);
      for (const k of Object.keys(kind.extras)) s?.removeItem(k);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The buyer is logged in exactly when authToken is present; logout removes it. */
export const userSession = createSession({
  tokenKey: STORAGE_KEYS.userToken,
  extras: {},
  active: (get) => Boolean(get(STORAGE_KEYS.userToken)),
});

/**
 * Admin (and super admin) login stores the access token, loggedIn and a reload counter
 * of 1; logout removes all three. the counter is written but no page reload is forced.
 */
export const adminSession = createSession({
  tokenKey: STORAGE_KEYS.adminToken,
  extras: { [STORAGE_KEYS.loggedIn]: 'true', [STORAGE_KEYS.reloadCount]: '1' },
  active: (get) => get(STORAGE_KEYS.loggedIn) === 'true' && Boolean(get(STORAGE_KEYS.adminToken)),
});

/**
 * Dashboard reload counter: the recorded app reloaded while the counter was below 2.
 * We keep the key's meaning (set it to 2 on the first dashboard visit) without reloading.
 */
export function markDashboardVisited(storage: SessionStorage | undefined = browserStorage()) {
  const n = Number(storage?.getItem(STORAGE_KEYS.reloadCount) ?? '0');
  if (n < 2) storage?.setItem(STORAGE_KEYS.reloadCount, '2');
}
