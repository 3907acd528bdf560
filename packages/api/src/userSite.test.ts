import { describe, expect, it } from 'vitest';
import { servedBuyerSite } from './userSite';

/** A document holding (or not) the served site data element. */
function docWith(text: string | null): Document {
  return { getElementById: (id: string) => (id === 'pl-site' && text !== null ? { textContent: text } : null) } as unknown as Document;
}

describe('servedBuyerSite', () => {
  it('reads the site data index.html was served with', () => {
    const site = { companyId: 'c1', companyName: 'Gamma Ltd', suspended: true, token: { name: 'Gamma Token', symbol: 'GAM' } };
    expect(servedBuyerSite(docWith(JSON.stringify(site)))).toEqual(site);
  });

  it('is undefined without the element, or when it is not site data', () => {
    expect(servedBuyerSite(docWith(null))).toBeUndefined();
    expect(servedBuyerSite(docWith(''))).toBeUndefined();
    expect(servedBuyerSite(docWith('{not json'))).toBeUndefined();
    expect(servedBuyerSite(docWith('null'))).toBeUndefined();
    expect(servedBuyerSite(docWith('{"companyId": 7, "token": {}}'))).toBeUndefined();
    expect(servedBuyerSite(docWith('{"companyId": "c1", "token": null}'))).toBeUndefined();
    expect(servedBuyerSite(undefined)).toBeUndefined();
  });
});
