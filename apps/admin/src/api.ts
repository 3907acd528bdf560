import { adminCalls, adminSession, createApiClient, superAdminCalls } from '@prelaunch/api';

/** The admin app's one axios instance; the token comes from the admin session ('accessToken') on each request. */
export const client = createApiClient({ tokenKey: adminSession.tokenKey });
/** Company admin calls (bff-admin). */
export const api = adminCalls(client);
/** Super admin calls (bff-admin); same token key. */
export const superApi = superAdminCalls(client);
