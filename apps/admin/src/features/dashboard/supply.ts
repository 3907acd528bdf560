import type { AdminDashboard } from '@prelaunch/api';

export interface SupplySlice {
  label: string;
  value: number;
}

/** Supplies are whole tokens below 10^15 (the server's rule), so they add up exactly as numbers. */
const whole = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0;
};

/**
 * The pie of the total supply: its parts, never the total itself beside them. The private supply
 * is sold out of the public cell when it fits inside it (the demo's layout), so the public cell's
 * slice is what remains of it; what no section takes is "Not allocated". `over` is how far the
 * sections exceed the total (0 when they fit).
 */
export function supplySlices(d: Pick<AdminDashboard, 'totalSupply' | 'privateSupply' | 'publicCellSupply' | 'angelInvestorSupply' | 'founderTeamSupply' | 'airdropSupply' | 'referralSupply'>): {
  total: number;
  slices: SupplySlice[];
  over: number;
} {
  const total = whole(d.totalSupply);
  const priv = whole(d.privateSupply);
  const cell = whole(d.publicCellSupply);
  const inside = priv <= cell;
  const parts: SupplySlice[] = [
    { label: 'Private Supply', value: priv },
    { label: inside ? 'Public Cell Supply (rest)' : 'Public Cell Supply', value: inside ? cell - priv : cell },
    { label: 'Angel Investor Supply', value: whole(d.angelInvestorSupply) },
    { label: 'Founder Team Supply', value: whole(d.founderTeamSupply) },
    { label: 'Airdrop Supply', value: whole(d.airdropSupply) },
    { label: 'Referral Supply', value: whole(d.referralSupply) },
  ];
  const sum = parts.reduce((a, p) => a + p.value, 0);
  const slices = parts.filter((p) => p.value > 0);
  if (total > sum) slices.push({ label: 'Not allocated', value: total - sum });
  return { total, slices, over: Math.max(0, sum - total) };
}

/**
 * The referral doughnut: the referral supply's two parts — what referrers were given as rewards and
 * what remains — with the total stated above it, never the total as a slice beside its own parts.
 */
export function referralSlices(d: Pick<AdminDashboard, 'referralSupply' | 'remainingReferralSupply'>): { total: number; slices: SupplySlice[] } {
  const total = whole(d.referralSupply);
  const remaining = Math.min(total, whole(d.remainingReferralSupply));
  return {
    total,
    slices: [
      { label: 'Given as rewards', value: total - remaining },
      { label: 'Remaining', value: remaining },
    ],
  };
}
