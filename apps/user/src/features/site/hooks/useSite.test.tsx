import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSiteDocumentMeta } from './useSite';

// What index.html was served with for this host (the host's own token).
const SERVED = 'Gamma Token (GAM) — pre-launch token sale';
let answer: ((token: object) => void) | null = null;

vi.stubGlobal('fetch', () => {
  return new Promise((resolve) => {
    answer = (token) =>
      resolve({
        ok: true,
        status: 200,
        json: async () => ({ status: true, message: 'ok', data: { companyId: 'c1', companyName: 'Gamma Ltd', suspended: false, token } }),
      });
  });
});

function Page({ name }: { name?: string }) {
  useSiteDocumentMeta(name);
  return null;
}

function renderPage(name?: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Page name={name} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  answer = null;
  document.getElementById('pl-site')?.remove();
  document.title = SERVED;
  document.head.querySelectorAll('meta[name], link[rel="icon"]').forEach((el) => el.remove());
});
afterEach(() => vi.clearAllMocks());

describe('useSiteDocumentMeta', () => {
  it('leaves the served title alone until the site answers, then uses the site’s', async () => {
    renderPage('Dashboard');
    await waitFor(() => expect(answer).not.toBeNull());
    // The app's first render must not put another company's (the ACW defaults) in its place.
    expect(document.title).toBe(SERVED);
    expect(document.head.querySelector('link[rel="icon"]')).toBeNull();
    answer!({ name: 'Gamma Token', symbol: 'GAM', icon_url: '/g.png', metaData: { title: 'Gamma sale', description: 'Buy GAM', keywords: 'gam' } });
    await waitFor(() => expect(document.title).toBe('Gamma sale | Dashboard'));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('Buy GAM');
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href')).toBe('/g.png');
  });

  it('falls back to the token’s name, never to another company’s title', async () => {
    renderPage();
    await waitFor(() => expect(answer).not.toBeNull());
    answer!({ name: 'Gamma Token', symbol: 'GAM', icon_url: '', metaData: { title: '', description: '', keywords: '' } });
    await waitFor(() => expect(document.title).toBe('Gamma Token'));
    expect(document.title).not.toMatch(/ACW/);
  });

  it('starts from the site data index.html was served with, and still asks site/get', async () => {
    const served = document.createElement('script');
    served.id = 'pl-site';
    served.type = 'application/json';
    served.textContent = JSON.stringify({
      companyId: 'c1',
      companyName: 'Gamma Ltd',
      suspended: false,
      token: { name: 'Gamma Token', symbol: 'GAM', icon_url: '/g.png', metaData: { title: 'Gamma sale', description: 'Buy GAM', keywords: 'gam' } },
    });
    document.head.appendChild(served);
    renderPage('Dashboard');
    // The first render already has the host's company: no defaults, no wait.
    expect(document.title).toBe('Gamma sale | Dashboard');
    await waitFor(() => expect(answer).not.toBeNull());
    answer!({ name: 'Gamma Token', symbol: 'GAM', icon_url: '/g.png', metaData: { title: 'Gamma sale (renamed)', description: '', keywords: '' } });
    await waitFor(() => expect(document.title).toBe('Gamma sale (renamed) | Dashboard'));
  });
});
