import type { Company } from '@prelaunch/api';

/** A company as company/list and company/get answer it, for the tests. */
export function companyFixture(over: Partial<Company> = {}): Company {
  return {
    id: 'c1',
    companyName: 'Acme Sales',
    email: 'owner@acme.test',
    mobile: '9876543210',
    companyAadhaarCard: 'XXXX XXXX 1234',
    companyPan: 'ABCDE1234F',
    companyAddress: '1 MG Road, Pune',
    companyPincode: '411001',
    tokenName: 'Acme Coin',
    tokenSymbol: 'ACM',
    createdAt: '2026-01-15T10:00:00Z',
    domains: ['buy.acme.test'],
    status: 'ACTIVE',
    suspensionReason: '',
    require2fa: false,
    siteUrl: 'https://buy.acme.test',
    figures: { buyers: 1234, approvedAmount: 250000, tokensSold: 5000 },
    affected: { pendingPayments: 3, openOrders: 1 },
    ...over,
  };
}

/** A failed call as axios rejects it, with the server's envelope. */
export function httpError(status: number, message: string | string[]) {
  return { isAxiosError: true, response: { status, data: { status: false, message, data: null } } };
}
