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

/**
 * The site data bff-user writes into index.html for the request's host (a JSON script element,
 * id "pl-site": site/get's data), or undefined when absent or not of that shape. The app starts
 * from it, so its first render shows the host's company rather than the defaults.
 */
export function servedBuyerSite(doc: Document | undefined = globalThis.document): BuyerSite | undefined {
  const raw = doc?.getElementById('pl-site')?.textContent;
  if (!raw) return undefined;
  try {
    const data = JSON.parse(raw) as Partial<BuyerSite> | null;
    if (!data || typeof data.companyId !== 'string' || typeof data.token !== 'object' || data.token === null) return undefined;
    return data as BuyerSite;
  } catch {
    return undefined;
  }
}
