import { describe, expect, it, vi } from 'vitest';
import { createSession, markDashboardVisited, type Session } from './session';
import { STORAGE_KEYS } from './storage';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

function adminLike(storage: ReturnType<typeof memoryStorage>): Session {
  return createSession(
    {
      tokenKey: STORAGE_KEYS.adminToken,
      extras: { [STORAGE_KEYS.loggedIn]: 'true', [STORAGE_KEYS.reloadCount]: '1' },
      active: (get) => get(STORAGE_KEYS.loggedIn) === 'true' && Boolean(get(STORAGE_KEYS.adminToken)),
    },
    () => storage,
  );
}

describe('session', () => {
  it('admin start writes accessToken, loggedIn and reloadCount 1; end removes all three', () => {
    const storage = memoryStorage();
    const session = adminLike(storage);
    expect(session.isActive()).toBe(false);
    session.start('adm-1');
    expect(Object.fromEntries(storage.items)).toEqual({ accessToken: 'adm-1', loggedIn: 'true', reloadCount: '1' });
    expect(session.isActive()).toBe(true);
    expect(session.token()).toBe('adm-1');
    session.end();
    expect(storage.items.size).toBe(0);
    expect(session.isActive()).toBe(false);
  });

  it('a token without loggedIn is no admin session', () => {
    expect(adminLike(memoryStorage({ accessToken: 'x' })).isActive()).toBe(false);
  });

  it('tells subscribers when the session starts or ends', () => {
    const session = adminLike(memoryStorage());
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.start('t');
    session.end();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    session.start('t');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('the first dashboard visit sets the reload counter to 2, once', () => {
    const storage = memoryStorage({ reloadCount: '1' });
    markDashboardVisited(storage);
    expect(storage.getItem('reloadCount')).toBe('2');
    storage.setItem('reloadCount', '5');
    markDashboardVisited(storage);
    expect(storage.getItem('reloadCount')).toBe('5');
  });
});
