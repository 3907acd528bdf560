/** Pure derived numbers of the buy and payment screens. */
import { mmss, num } from '@prelaunch/ui';

/** Tokens bought = floor(amount / price); 0 when either is not positive. */
export function tokenQuantity(amount: unknown, price: unknown): number {
  const a = num(amount);
  const p = num(price);
  if (a <= 0 || p <= 0) return 0;
  // Guard against binary float noise such as 0.3 / 0.1 = 2.9999999999999996.
  return Math.floor(a / p + 1e-9);
}

/** What an order charges, quantity × price to 2 decimals (never the typed figure). */
export function wholeTokenAmount(quantity: number, price: unknown): number {
  return quantity > 0 ? round2(quantity * num(price)) : 0;
}

/** Rounds half away from zero to 2 decimals (INR). */
export function round2(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round((Math.abs(value) + Number.EPSILON) * 100)) / 100;
}

/** Platform fee = amount × percent / 100, to 2 decimals. */
export function platformFee(amount: unknown, percent: unknown): number {
  return round2((num(amount) * num(percent)) / 100);
}

/** Approximate total with fee = amount × (1 + fee% / 100), to 2 decimals. */
export function totalWithFee(amount: unknown, percent: unknown): number {
  return round2(num(amount) * (1 + num(percent) / 100));
}

export interface TxnLike {
  id?: string | null;
  referenceNumber?: string | null;
  transactionId?: string | null;
  finalAmount?: number | string | null;
  amount?: number | string | null;
}

/** ReferenceNumber → transactionId → first 16 characters of id. */
export function displayTransactionId(t: TxnLike): string {
  if (t.referenceNumber) return t.referenceNumber;
  if (t.transactionId) return t.transactionId;
  return String(t.id ?? '').slice(0, 16);
}

/** FinalAmount → amount → 0. */
export function displayAmount(t: TxnLike): number {
  if (t.finalAmount !== null && t.finalAmount !== undefined && t.finalAmount !== '') return num(t.finalAmount);
  if (t.amount !== null && t.amount !== undefined && t.amount !== '') return num(t.amount);
  return 0;
}

/** Seconds left until `expiresAt` (never negative). */
export function secondsLeft(expiresAt: string | null | undefined, now: number): number {
  if (!expiresAt) return 0;
  const t = Date.parse(expiresAt);
  if (Number.isNaN(t)) return 0;
  return Math.max(0, Math.floor((t - now) / 1000));
}

/** Minutes and seconds, 'expired!' at 0. */
export function formatCountdown(seconds: number): string {
  return seconds <= 0 ? 'expired!' : mmss(seconds);
}

/**
 * The payee a UPI app shows before the buyer pays: the company's beneficiary name (Beneficiary
 * Manage's holder name, the name the account is in), else the company's name.
 */
export function upiPayee(details: { holderName?: string | null; banks?: { holderName?: string | null }[] } | undefined, companyName = ''): string {
  const name = details?.holderName?.trim() || details?.banks?.[0]?.holderName?.trim() || companyName.trim();
  return name;
}

/** Upi://pay with the payee, the amount, INR and the note 'Order{number}'; no payee name when none is known. */
export function upiLink(upi: string, total: number, orderNumber: string, payee: string): string {
  const params = [
    `pa=${encodeURIComponent(upi)}`,
    ...(payee ? [`pn=${encodeURIComponent(payee)}`] : []),
    `am=${round2(total).toFixed(2)}`,
    'cu=INR',
    `tn=${encodeURIComponent(`Order${orderNumber}`)}`,
  ];
  return `upi://pay?${params.join('&')}`;
}

export type PaymentTab = 'BANK' | 'UPI' | 'MANUAL';

/** Banking only with bank details, UPI only with an id, Manual always; Banking first when present. */
export function availableTabs(hasBank: boolean, hasUpi: boolean): PaymentTab[] {
  const tabs: PaymentTab[] = [];
  if (hasBank) tabs.push('BANK');
  if (hasUpi) tabs.push('UPI');
  tabs.push('MANUAL');
  return tabs;
}

export function defaultTab(hasBank: boolean, hasUpi: boolean): PaymentTab {
  return availableTabs(hasBank, hasUpi)[0];
}
