import { describe, expect, it } from 'vitest';
import { EMPTY_COMPANY, validateCompany } from './CompanyDialog';

describe('Add Company validation', () => {
  it('requires every field and checks email, PIN, symbol, price and password', () => {
    const empty = validateCompany(EMPTY_COMPANY);
    expect(Object.keys(empty)).toHaveLength(12);
    const bad = validateCompany({
      ...EMPTY_COMPANY,
      companyName: 'Beta',
      email: 'nope',
      mobile: '1',
      companyAadhaarCard: '1',
      companyPan: 'P',
      companyAddress: 'A',
      companyPincode: '12',
      tokenName: 'Beta',
      tokenSymbol: 'B',
      tokenPrice: '0',
      adminName: 'Owner',
      adminPassword: 'short',
    });
    expect(bad).toEqual({
      email: 'Enter a valid email address.',
      companyPincode: 'PIN must be 6 digits.',
      tokenSymbol: 'Token symbol must be 2 to 10 letters or digits.',
      tokenPrice: 'Token price must be a number above 0.',
      adminPassword: 'Password must be at least 8 characters.',
    });
  });
});
