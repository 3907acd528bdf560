import { STORAGE_KEYS } from '@prelaunch/api';

/**
 * SPEC §4: admin (and super admin) login stores the access token, loggedIn and a reload counter
 * of 1. DESIGN §9: the counter is written but no page reload is forced.
 */
export function startAdminSession(token: string) {
  localStorage.setItem(STORAGE_KEYS.adminToken, token);
  localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
  localStorage.setItem(STORAGE_KEYS.reloadCount, '1');
}

/** SPEC §4: admin (and super admin) logout removes all three. */
export function endAdminSession() {
  localStorage.removeItem(STORAGE_KEYS.adminToken);
  localStorage.removeItem(STORAGE_KEYS.loggedIn);
  localStorage.removeItem(STORAGE_KEYS.reloadCount);
}

export function isAdminLoggedIn(): boolean {
  return localStorage.getItem(STORAGE_KEYS.loggedIn) === 'true' && Boolean(localStorage.getItem(STORAGE_KEYS.adminToken));
}

/**
 * SPEC §2 dashboard reload counter: the recorded app reloaded while the counter was below 2.
 * We keep the key's meaning (set it to 2 on the first dashboard visit) without reloading.
 */
export function markDashboardVisited() {
  const n = Number(localStorage.getItem(STORAGE_KEYS.reloadCount) ?? '0');
  if (n < 2) localStorage.setItem(STORAGE_KEYS.reloadCount, '2');
}
