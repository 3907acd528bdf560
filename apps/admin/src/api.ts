import { adminApi, createApiClient, STORAGE_KEYS } from '@prelaunch/api';

/** The admin app's one axios instance; the token comes from localStorage 'accessToken' on each request. */
export const client = createApiClient({ tokenKey: STORAGE_KEYS.adminToken });
export const api = adminApi(client);
