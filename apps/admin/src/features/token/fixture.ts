import type { TokenSettings } from '@prelaunch/api';

/** Token settings as GET /api/v1/admin/token/get answers them, for the tests of this feature. */
export function tokenSettings(over: Partial<TokenSettings> = {}): TokenSettings {
  return {
    name: 'Demo Token',
    symbol: 'ACW',
    price: 10,
    platformChargePercent: 2,
    referralPercent: 5,
    supply: {
      totalSupply: 10_000_000,
      privateSupply: 1_000_000,
      remainingPrivateSupply: 990_000,
      publicCellSupply: 5_130_000,
      angelInvestorSupply: 580_000,
      founderTeamSupply: 580_000,
      airdropSupply: 850_000,
      referralSupply: 2_860_000,
    },
    sale: { startsAt: null, endsAt: null, paused: false, status: 'OPEN' },
    limits: { minOrder: 100, maxOrder: null, maxPerBuyer: null, kycRequiredAbove: null, kycNameMatchMin: 80 },
    rounds: [
      { id: 'r-2', position: 2, name: 'Public', price: 12, allocation: 500_000, sold: 0, closed: false, startsAt: null, endsAt: null, mode: 'FCFS' as const, requestStartsAt: null, requestEndsAt: null, paymentHours: 48, commitment: null, drawStatus: 'NONE' as const, allocatedAt: null },
      { id: 'r-1', position: 1, name: 'Seed', price: 8, allocation: 200_000, sold: 10_000, closed: false, startsAt: null, endsAt: null, mode: 'FCFS' as const, requestStartsAt: null, requestEndsAt: null, paymentHours: 48, commitment: null, drawStatus: 'NONE' as const, allocatedAt: null },
    ],
    branding: {
      title: 'Demo Sale',
      iconUrl: 'https://cdn.example/icon.png',
      headerLogo: '',
      defaultLogo: '',
      chartImg: '',
      footerNote: 'Footer',
      metaData: { title: 'Demo', description: 'A demo sale', keywords: 'demo,token' },
      tokenDistribution: ['51.3% Public Cell', '28.6% Referral Programme'],
      socialLinks: [{ mediaName: 'telegram', link: 'https://t.me/demo' }],
    },
    tax: { gstin: '', legalName: '', address: '', gstRatePercent: 18, invoicesOn: false },
    ...over,
  };
}
