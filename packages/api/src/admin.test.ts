import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { adminCalls } from './admin';
import { createApiClient } from './client';
import { superAdminCalls } from './superadmin';

function answering(body: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  const client = createApiClient({ tokenKey: 'accessToken', storage: { getItem: () => 'adm' } });
  client.defaults.adapter = adapter;
  return { seen, client };
}

const ok = (data: unknown) => ({ status: true, message: 'done', data });

describe('admin calls', () => {
  it('lists users with 1-based page, limit 10 and isApproved, omitting an empty search', async () => {
    const { seen, client } = answering(ok({ records: [], total: 0, page: 1, limit: 10, lastPage: 1 }));
    await adminCalls(client).userList({ page: 2, search: '', isApproved: false });
    expect(seen[0].url).toBe('/api/v1/admin/auth/list');
    expect(seen[0].params).toEqual({ page: 2, limit: 10, isApproved: false });
    expect(seen[0].headers.get('Authorization')).toBe('Bearer adm');
  });

  it('lists the admins, or the buyers sorted by name, when asked', async () => {
    const { seen, client } = answering(ok({ records: [], total: 0, page: 1, limit: 25, lastPage: 1 }));
    await adminCalls(client).userList({ role: 'ADMIN', limit: 25, sort: 'name', dir: 'desc' });
    expect(seen[0].params).toEqual({ page: 1, limit: 25, role: 'ADMIN', sort: 'name', dir: 'desc' });
  });

  it('approves a user through update with isApproved true', async () => {
    const { seen, client } = answering(ok(null));
    const res = await adminCalls(client).userApprove('u1');
    expect(res.message).toBe('done');
    expect(seen[0].method).toBe('put');
    expect(seen[0].url).toBe('/api/v1/admin/auth/update');
    expect(JSON.parse(seen[0].data)).toEqual({ id: 'u1', isApproved: true });
  });

  it('deletes a user with a JSON body', async () => {
    const { seen, client } = answering(ok(null));
    await adminCalls(client).userDelete('u9');
    expect(seen[0].method).toBe('delete');
    expect(JSON.parse(seen[0].data)).toEqual({ id: 'u9' });
  });

  it('approves and rejects purchases by id', async () => {
    const { seen, client } = answering(ok(null));
    await adminCalls(client).purchaseApprove('p1');
    await adminCalls(client).purchaseReject('p2');
    expect(seen.map((c) => [c.method, c.url, JSON.parse(c.data)])).toEqual([
      ['post', '/api/v1/admin/transaction/approve', { id: 'p1' }],
      ['post', '/api/v1/admin/transaction/reject', { id: 'p2' }],
    ]);
  });

  it('rejects with a trimmed reason only when one is given, and refunds with its reference', async () => {
    const { seen, client } = answering(ok(null));
    await adminCalls(client).purchaseReject('p3', '  UTR not found in the statement ');
    await adminCalls(client).purchaseReject('p4', '   ');
    await adminCalls(client).purchaseRefund({ id: 'p3', refundReference: ' RFD-778 ' });
    expect(seen.map((c) => [c.method, c.url, JSON.parse(c.data)])).toEqual([
      ['post', '/api/v1/admin/transaction/reject', { id: 'p3', reason: 'UTR not found in the statement' }],
      ['post', '/api/v1/admin/transaction/reject', { id: 'p4' }],
      ['post', '/api/v1/admin/transaction/refund', { id: 'p3', refundReference: 'RFD-778' }],
    ]);
  });

  it('lists, approves and rejects KYC by user id', async () => {
    const { seen, client } = answering(ok({ records: [], total: 0, page: 1, limit: 10, lastPage: 1 }));
    await adminCalls(client).kycList({ status: 'PENDING', search: '' });
    await adminCalls(client).kycApprove('u1');
    await adminCalls(client).kycReject({ userId: 'u2', reason: ' Blurry PAN photo. ' });
    expect(seen[0].url).toBe('/api/v1/admin/kyc/list');
    expect(seen[0].params).toEqual({ page: 1, limit: 10, status: 'PENDING' });
    expect(seen.slice(1).map((c) => [c.method, c.url, JSON.parse(c.data)])).toEqual([
      ['post', '/api/v1/admin/kyc/approve', { userId: 'u1' }],
      ['post', '/api/v1/admin/kyc/reject', { userId: 'u2', reason: 'Blurry PAN photo.' }],
    ]);
  });

  it('lists purchases by status and search', async () => {
    const { seen, client } = answering(ok({ records: [], total: 0, page: 1, limit: 10, lastPage: 1 }));
    await adminCalls(client).purchaseList({ status: 'APPROVED', search: 'PUR-1' });
    expect(seen[0].params).toEqual({ page: 1, limit: 10, status: 'APPROVED', search: 'PUR-1' });
  });

  it('updates the token with PUT and only the keys given, and returns the settings', async () => {
    const { seen, client } = answering(ok({ name: 'Demo', price: 12 }));
    const res = await adminCalls(client).tokenUpdate({ price: 12, rounds: [] });
    expect(seen[0].method).toBe('put');
    expect(seen[0].url).toBe('/api/v1/admin/token/update');
    expect(JSON.parse(seen[0].data)).toEqual({ price: 12, rounds: [] });
    expect(res.data).toEqual({ name: 'Demo', price: 12 });
  });

  it('uploads a logo in the medias field of a multipart body', async () => {
    const { seen, client } = answering(ok([{ id: 'm1', url: '/api/v1/media/file/m1?exp=1&sig=s' }]));
    const res = await adminCalls(client).mediaAdd(new Blob(['x'], { type: 'image/png' }), 'logo.png');
    expect(seen[0].url).toBe('/api/v1/superadmin/media/add');
    expect((seen[0].data as FormData).get('medias')).toBeTruthy();
    expect(res.data[0].id).toBe('m1');
  });
});

describe('super admin calls', () => {
  it('requests the login OTP with the email in the query', async () => {
    const { seen, client } = answering(ok(null));
    await superAdminCalls(client).requestOtp('root@x.test');
    expect(seen[0].method).toBe('get');
    expect(seen[0].url).toBe('/api/v1/superadmin/auth/login/email/otp');
    expect(seen[0].params).toEqual({ email: 'root@x.test' });
  });

  it('verifies the OTP and returns the token', async () => {
    const { seen, client } = answering(ok({ token: 'sa' }));
    const res = await superAdminCalls(client).verifyOtp({ email: 'root@x.test', otp: '123456' });
    expect(res.data.token).toBe('sa');
    expect(JSON.parse(seen[0].data)).toEqual({ email: 'root@x.test', otp: '123456' });
  });

  it('surfaces a status-false envelope as a rejection', async () => {
    const { client } = answering({ status: false, message: 'Invalid OTP', data: null });
    await expect(superAdminCalls(client).verifyOtp({ email: 'a@b.test', otp: '1' })).rejects.toMatchObject({
      message: 'Invalid OTP',
    });
  });

  it('lists companies with the status filter, omitting an empty search', async () => {
    const { seen, client } = answering(ok({ records: [], total: 0, page: 1, limit: 10, lastPage: 1 }));
    await superAdminCalls(client).companyList({ page: 1, search: '', status: 'SUSPENDED' });
    expect(seen[0].url).toBe('/api/v1/superadmin/company/list');
    expect(seen[0].params).toEqual({ page: 1, limit: 10, status: 'SUSPENDED' });
  });

  it('gets one company by id and updates it with a PUT of the fields given', async () => {
    const { seen, client } = answering(ok({ id: 'c1' }));
    await superAdminCalls(client).companyGet('c1');
    expect(seen[0].url).toBe('/api/v1/superadmin/company/get');
    expect(seen[0].params).toEqual({ id: 'c1' });
    await superAdminCalls(client).companyUpdate({ id: 'c1', status: 'SUSPENDED' });
    expect(seen[1].method).toBe('put');
    expect(seen[1].url).toBe('/api/v1/superadmin/company/update');
    expect(JSON.parse(seen[1].data)).toEqual({ id: 'c1', status: 'SUSPENDED' });
  });
});
