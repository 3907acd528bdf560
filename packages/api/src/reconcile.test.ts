import type { AxiosAdapter, AxiosProgressEvent, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { adminCalls } from './admin';
import { createApiClient } from './client';

function answering(body: unknown, progress: Array<Partial<AxiosProgressEvent>> = []) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    for (const p of progress) config.onUploadProgress?.(p as AxiosProgressEvent);
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  const client = createApiClient({ tokenKey: 'accessToken', storage: { getItem: () => 'adm' } });
  client.defaults.adapter = adapter;
  return { seen, client };
}

const ok = (data: unknown) => ({ status: true, message: 'done', data });

describe('reconciliation calls', () => {
  it('imports the statement in the multipart field file and reports the upload percentage', async () => {
    const { seen, client } = answering(ok({ id: 'i1' }), [
      { loaded: 250, total: 1000 },
      { loaded: 1000, total: 1000 },
    ]);
    const seenPct: number[] = [];
    const file = new File(['Date,Narration,Credit\n'], 'april.csv', { type: 'text/csv' });
    const res = await adminCalls(client).reconcileImport(file, (p) => seenPct.push(p));
    expect(seen[0].method).toBe('post');
    expect(seen[0].url).toBe('/api/v1/admin/reconcile/import');
    expect(((seen[0].data as FormData).get('file') as File).name).toBe('april.csv');
    expect(seenPct).toEqual([25, 100]);
    expect(res.data).toEqual({ id: 'i1' });
  });

  it('lists imports by page and gets one import by id and status, omitting an empty status', async () => {
    const { seen, client } = answering(ok({ records: [], total: 0, page: 1, limit: 10, lastPage: 1 }));
    await adminCalls(client).reconcileList({ page: 3 });
    await adminCalls(client).reconcileGet({ id: 'i1', status: '', page: 2 });
    await adminCalls(client).reconcileGet({ id: 'i1', status: 'AMOUNT_MISMATCH' });
    expect(seen.map((c) => [c.url, c.params])).toEqual([
      ['/api/v1/admin/reconcile/list', { page: 3, limit: 10 }],
      ['/api/v1/admin/reconcile/get', { id: 'i1', page: 2, limit: 10 }],
      ['/api/v1/admin/reconcile/get', { id: 'i1', status: 'AMOUNT_MISMATCH', page: 1, limit: 10 }],
    ]);
  });

  it('approves the matched purchases of an import by id', async () => {
    const { seen, client } = answering(ok({ approved: 3, skipped: 1 }));
    const res = await adminCalls(client).reconcileApprove('i1');
    expect(seen[0].url).toBe('/api/v1/admin/reconcile/approve');
    expect(JSON.parse(seen[0].data)).toEqual({ id: 'i1' });
    expect(res.data).toEqual({ approved: 3, skipped: 1 });
  });
});
