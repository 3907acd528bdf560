import { buyerApi, createApiClient, STORAGE_KEYS } from '@prelaunch/api';

/** The buyer app's one axios instance; the token comes from localStorage 'authToken' on each request. */
export const client = createApiClient({ tokenKey: STORAGE_KEYS.userToken });
export const api = buyerApi(client);
