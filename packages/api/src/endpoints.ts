import type { AxiosInstance } from 'axios';
import { unwrap, type Envelope } from './errors';
import type { AdminLoginRequest, SiteInfo, TokenData, UserLoginRequest } from './types';

export interface Result<T> {
  data: T;
  message: string | string[];
}

async function call<T>(p: Promise<{ data: Envelope<T> }>): Promise<Result<T>> {
  const { data: envelope } = await p;
  return { data: unwrap(envelope), message: envelope.message };
}

/** Calls of the buyer app (served by bff-user). */
export function userApi(client: AxiosInstance) {
  return {
    login: (body: UserLoginRequest) =>
      call<TokenData>(client.post('/api/v1/user/auth/login', body)),
    siteGet: () => call<SiteInfo>(client.get('/api/v1/user/site/get')),
  };
}

/** Calls of the admin and super admin app (served by bff-admin). */
export function adminApi(client: AxiosInstance) {
  return {
    login: (body: AdminLoginRequest) =>
      call<TokenData>(client.post('/api/v1/company/auth/login', body)),
  };
}

export type UserApi = ReturnType<typeof userApi>;
export type AdminApi = ReturnType<typeof adminApi>;
