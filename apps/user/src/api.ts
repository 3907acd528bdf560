import { buyerApi, createApiClient, httpStatus, userSession } from '@prelaunch/api';
import { markSuspended } from './features/site';

/** The buyer app's one axios instance; the token comes from the buyer session ('authToken') on each request. */
export const client = createApiClient({ tokenKey: userSession.tokenKey });

// A 423 means the company's sale is suspended; every page then shows the notice.
client.interceptors.response.use(undefined, (err: unknown) => {
  if (httpStatus(err) === 423) markSuspended();
  return Promise.reject(err);
});

export const api = buyerApi(client);
