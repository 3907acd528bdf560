/** Local storage keys. */
export const STORAGE_KEYS = {
  userToken: 'authToken',
  adminToken: 'accessToken',
  loggedIn: 'loggedIn',
  reloadCount: 'reloadCount',
} as const;
