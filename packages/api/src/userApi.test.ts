import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { withoutEmpty } from './call';
import { buyerApi } from './userApi';

function setup(body: unknown = { status: true, message: 'ok', data: null }) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  const client = createApiClient({ tokenKey: 'authToken', storage: { getItem: () => 'tok' } });
  client.defaults.adapter = adapter;
  return { seen, api: buyerApi(client) };
}

describe('buyerApi', () => {
  it('register omits empty fields', async () => {
    const { seen, api } = setup();
    await api.register({
      companyId: 'c', name: 'A', mobile: '+91 1', email: 'a@b.test', otp: '123456',
      dateOfBirth: '2000-01-02', gender: 'male', pincode: '560001', referralCode: '', password: 'pw',
    });
    expect(seen[0].url).toBe('/api/v1/user/auth/register');
    expect(JSON.parse(seen[0].data)).not.toHaveProperty('referralCode');
  });

  it('profile update is form-urlencoded and always sends password', async () => {
    const { seen, api } = setup();
    await api.profileUpdate({ name: 'A', mobile: '', password: 'cur' });
    expect(seen[0].method).toBe('put');
    expect(String(seen[0].headers.get('Content-Type'))).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(seen[0].data));
    expect(form.get('name')).toBe('A');
    expect(form.has('mobile')).toBe(false);
    expect(form.get('password')).toBe('cur');
  });

  it('order, order/get, purchase and lists use the contract paths', async () => {
    const { seen, api } = setup();
    await api.orderCreate(100);
    await api.orderGet('o1');
    await api.purchase({ purchaseId: 'o1', paymentMethod: 'MANUAL', amount: 100, referenceNumber: '' });
    await api.transactionList({ page: 2, limit: 25, status: '', search: 'x' });
    await api.globalStockList(1, 10);
    await api.myStockList(1, 10);
    expect(seen.map((c) => `${c.method} ${c.url}`)).toEqual([
      'post /api/v1/user/package/order',
      'get /api/v1/user/package/order/get',
      'post /api/v1/user/package/purchase',
      'get /api/v1/user/transaction/list',
      'get /api/v1/user/stock/global/list',
      'get /api/v1/user/stock/my/list',
    ]);
    expect(JSON.parse(seen[0].data)).toEqual({ amount: 100 });
    expect(seen[1].params).toEqual({ id: 'o1' });
    expect(JSON.parse(seen[2].data)).toEqual({ purchaseId: 'o1', paymentMethod: 'MANUAL', amount: 100 });
    expect(seen[3].params).toEqual({ page: 2, limit: 25, search: 'x' });
  });

  it('order and purchase carry the Idempotency-Key given; cancel posts the id', async () => {
    const order = { id: 'o1', status: 'CANCELLED' };
    const { seen, api } = setup({ status: true, message: 'Order cancelled successfully', data: order });
    await api.orderCreate(100, 'key-order');
    await api.purchase({ purchaseId: 'o1', paymentMethod: 'MANUAL', amount: 100 }, 'key-proof');
    const cancelled = await api.orderCancel('o1');
    expect(seen.map((c) => `${c.method} ${c.url} ${c.headers.get('Idempotency-Key') ?? '-'}`)).toEqual([
      'post /api/v1/user/package/order key-order',
      'post /api/v1/user/package/purchase key-proof',
      'post /api/v1/user/package/order/cancel -',
    ]);
    expect(JSON.parse(seen[2].data)).toEqual({ id: 'o1' });
    expect(cancelled).toEqual({ data: order, message: 'Order cancelled successfully' });
  });

  it('uploads the file in the medias field', async () => {
    const { seen, api } = setup({ status: true, message: 'ok', data: [{ id: 'm1', url: '/u' }] });
    const res = await api.mediaAdd(new Blob(['x'], { type: 'image/png' }), 'r.png');
    expect(seen[0].url).toBe('/api/v1/superadmin/media/add');
    expect((seen[0].data as FormData).get('medias')).toBeTruthy();
    expect(res.data[0].id).toBe('m1');
  });

  it('withoutEmpty keeps 0 and false', () => {
    expect(withoutEmpty({ a: '', b: 0, c: false, d: null, e: 'x' })).toEqual({ b: 0, c: false, e: 'x' });
  });
});
