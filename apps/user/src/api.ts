import { buyerApi, createApiClient, userSession } from '@prelaunch/api';

/** The buyer app's one axios instance; the token comes from the buyer session ('authToken') on each request. */
export const client = createApiClient({ tokenKey: userSession.tokenKey });
export const api = buyerApi(client);
