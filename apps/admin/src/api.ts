import { adminCalls, createApiClient, STORAGE_KEYS, superAdminCalls } from '@prelaunch/api';

/** The admin app's one axios instance; the token comes from localStorage 'accessToken' on each request. */
export const client = createApiClient({ tokenKey: STORAGE_KEYS.adminToken });
/** Company admin calls (bff-admin). */
export const api = adminCalls(client);
/** Super admin calls (bff-admin); same token key (SPEC §3). */
export const superApi = superAdminCalls(client);
