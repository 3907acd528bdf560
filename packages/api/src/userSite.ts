import type { Envelope } from './errors';
import type { BuyerSite, PublicSale } from './userTypes';

/**
 * GET /api/v1/user/site/get with fetch instead of axios: the login page needs only public calls
 * to render, so keeping axios out of the first load of / keeps that under the JS budget.
 */
export function fetchBuyerSite(baseURL = ''): Promise<BuyerSite> {
  return getPublic<BuyerSite>(`${baseURL}/api/v1/user/site/get`);
}

/** GET /api/v1/user/sale/get with fetch: the sale the first screen shows before signing in. */
export function fetchPublicSale(baseURL = ''): Promise<PublicSale> {
  return getPublic<PublicSale>(`${baseURL}/api/v1/user/sale/get`);
}

async function getPublic<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  let body: Envelope<T> | undefined;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    body = undefined;
  }
  if (!res.ok || !body || body.status === false) {
    throw Object.assign(new Error(`${new URL(url, 'http://x').pathname.replace('/api/v1/user/', '')} failed (${res.status})`), {
      status: res.status,
    });
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
