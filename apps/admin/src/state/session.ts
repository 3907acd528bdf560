import { STORAGE_KEYS } from '@prelaunch/api';

/** SPEC §4: admin login stores the access token, loggedIn and a reload counter of 1. */
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
