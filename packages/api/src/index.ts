export { createApiClient, API_TIMEOUT_MS, type ApiClientOptions } from './client';
export { STORAGE_KEYS } from './storage';
export { errorMessage, unwrap, FALLBACK, MISSING_COMPANY_ID, type Envelope } from './errors';
export { userApi, adminApi, type UserApi, type AdminApi, type Result } from './endpoints';
export type * from './types';
export { buyerApi, withoutEmpty, type BuyerApi, type BuyerResult } from './userApi';
export { fetchBuyerSite } from './userSite';
export type * from './userTypes';
