import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { adminApi, userApi } from './endpoints';

function answering(body: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { seen, adapter };
}

describe('typed endpoints', () => {
  it('user login posts companyId, user and password and returns the token', async () => {
    const { seen, adapter } = answering({ status: true, message: 'Login successful', data: { token: 't1' } });
    const client = createApiClient({ tokenKey: 'authToken', storage: { getItem: () => null } });
    client.defaults.adapter = adapter;
    const res = await userApi(client).login({ companyId: 'c1', user: 'a@b.test', password: 'pw' });
    expect(res.data.token).toBe('t1');
    expect(res.message).toBe('Login successful');
    expect(seen[0].method).toBe('post');
    expect(seen[0].url).toBe('/api/v1/user/auth/login');
    expect(JSON.parse(seen[0].data)).toEqual({ companyId: 'c1', user: 'a@b.test', password: 'pw' });
  });

  it('admin login posts to the company login path', async () => {
    const { seen, adapter } = answering({ status: true, message: 'ok', data: { token: 'adm' } });
    const client = createApiClient({ tokenKey: 'accessToken', storage: { getItem: () => null } });
    client.defaults.adapter = adapter;
    const res = await adminApi(client).login({ email: 'admin@demo.test', password: 'pw' });
    expect(res.data.token).toBe('adm');
    expect(seen[0].url).toBe('/api/v1/company/auth/login');
  });

  it('rejects a 200 response whose envelope says status false', async () => {
    const { adapter } = answering({ status: false, message: 'Company not found', data: null });
    const client = createApiClient({ tokenKey: 'authToken', storage: { getItem: () => null } });
    client.defaults.adapter = adapter;
    await expect(userApi(client).siteGet()).rejects.toMatchObject({ message: 'Company not found' });
  });
});
