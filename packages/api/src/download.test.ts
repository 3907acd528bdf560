import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { adminCalls } from './admin';
import { createApiClient } from './client';
import { dispositionName, downloadFile } from './download';
import { errorMessage } from './errors';
import { superAdminCalls } from './superadmin';

function serving(status: number, body: Blob, headers: Record<string, string> = {}) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const res = { data: body, status, statusText: String(status), headers, config };
    if (status >= 400) {
      throw Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, response: res, config });
    }
    return res;
  };
  const client = createApiClient({ tokenKey: 'accessToken', storage: { getItem: () => 'adm' } });
  client.defaults.adapter = adapter;
  return { seen, client };
}

const csv = () => new Blob(['\uFEFFOrder Number\r\n'], { type: 'text/csv' });

describe('downloadFile', () => {
  it('GETs a blob with the token and the non-empty filters, and saves it under the server\'s name', async () => {
    const { seen, client } = serving(200, csv(), { 'content-disposition': 'attachment; filename="purchases-2026-11-23.csv"' });
    const save = vi.fn();
    const got = await downloadFile(client, '/api/v1/admin/export/purchases.csv', { status: 'APPROVED', from: '', to: '2026-01-31' }, 'x.csv', save);
    expect(seen[0].url).toBe('/api/v1/admin/export/purchases.csv');
    expect(seen[0].params).toEqual({ status: 'APPROVED', to: '2026-01-31' });
    expect(seen[0].responseType).toBe('blob');
    expect(seen[0].headers.get('Authorization')).toBe('Bearer adm');
    expect(save).toHaveBeenCalledWith(expect.any(Blob), 'purchases-2026-11-23.csv');
    expect(got.fileName).toBe('purchases-2026-11-23.csv');
  });

  it("rejects with the server's envelope read back from the blob", async () => {
    const body = new Blob([JSON.stringify({ status: false, message: 'from must not be after to.', data: null })], { type: 'application/json' });
    const { client } = serving(422, body);
    const save = vi.fn();
    const err = await downloadFile(client, '/api/v1/admin/export/purchases.csv', {}, 'x.csv', save).catch((e: unknown) => e);
    expect(errorMessage(err, 'Failed to export the file')).toEqual(['from must not be after to.']);
    expect(save).not.toHaveBeenCalled();
  });

  it('a body that is not JSON leaves the fallback', async () => {
    const { client } = serving(502, new Blob(['<html>bad gateway</html>']));
    const err = await downloadFile(client, '/x', {}, 'x.csv', vi.fn()).catch((e: unknown) => e);
    expect(errorMessage(err, 'Failed to export the file')).toEqual(['Failed to export the file']);
  });

  it('reads plain and RFC 5987 file names', () => {
    expect(dispositionName('attachment; filename="users-2026-01-01.csv"')).toBe('users-2026-01-01.csv');
    expect(dispositionName("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv")).toBe('résumé.csv');
    expect(dispositionName(undefined)).toBeUndefined();
  });
});

/** A minimal document for saveBlob in the node environment: records the links clicked. */
function fakeDocument() {
  const clicked: { href: string; download: string }[] = [];
  vi.stubGlobal('document', {
    createElement: () => {
      const a = { href: '', download: '', rel: '', style: {}, click: () => clicked.push({ href: a.href, download: a.download }), remove: () => {} };
      return a;
    },
    body: { appendChild: () => {} },
  });
  return clicked;
}

describe('export calls', () => {
  const ok = () => serving(200, csv(), { 'content-disposition': 'attachment; filename="f.csv"' });
  it('admin purchases and users go to their routes with the filters on screen', async () => {
    const { seen, client } = ok();
    const clicked = fakeDocument();
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await adminCalls(client).exportPurchases({ status: 'REJECTED', from: '2026-01-01', to: '2026-01-31' });
    await adminCalls(client).exportUsers({ isApproved: true });
    expect(seen.map((c) => [c.url, c.params])).toEqual([
      ['/api/v1/admin/export/purchases.csv', { status: 'REJECTED', from: '2026-01-01', to: '2026-01-31' }],
      ['/api/v1/admin/export/users.csv', { isApproved: true }],
    ]);
    expect(createObjectURL).toHaveBeenCalledTimes(2);
    expect(clicked).toEqual([
      { href: 'blob:x', download: 'f.csv' },
      { href: 'blob:x', download: 'f.csv' },
    ]);
  });

  it("the super admin's export sends the company, status and range", async () => {
    const { seen, client } = ok();
    fakeDocument();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    await superAdminCalls(client).exportPurchases({ companyId: 'c1', status: '', from: '2026-02-01' });
    expect(seen[0].url).toBe('/api/v1/superadmin/export/purchases.csv');
    expect(seen[0].params).toEqual({ companyId: 'c1', from: '2026-02-01' });
  });
});
