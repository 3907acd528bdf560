import type { Envelope } from './errors';
import type { BuyerSite } from './userTypes';

/**
 * GET /api/v1/user/site/get with fetch instead of axios: the login page needs only this public call
 * to render, so keeping axios out of the first load of / keeps that under the JS budget.
 */
export async function fetchBuyerSite(baseURL = ''): Promise<BuyerSite> {
  const res = await fetch(`${baseURL}/api/v1/user/site/get`, { headers: { Accept: 'application/json' } });
  let body: Envelope<BuyerSite> | undefined;
  try {
    body = (await res.json()) as Envelope<BuyerSite>;
  } catch {
    body = undefined;
  }
  if (!res.ok || !body || body.status === false) {
    throw Object.assign(new Error(`site/get failed (${res.status})`), { status: res.status });
  }
  return body.data;
}
