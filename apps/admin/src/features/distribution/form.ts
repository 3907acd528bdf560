import type { Distribution, DistributionUpdate } from '@prelaunch/api';
import { formatUnits } from './api/delivery';

/** One schedule row of the form: a round's (roundId) or the token-wide one (roundId null). */
export interface ScheduleRow {
  roundId: string | null;
  label: string;
  /** Whether this row has a schedule of its own (a round without one follows the token-wide). */
  enabled: boolean;
  tgeUnlockPercent: string;
  cliffDays: string;
  vestingDays: string;
}

export interface DistributionForm {
  chainId: string;
  rpcUrl: string;
  explorerUrl: string;
  tokenAddress: string;
  decimals: string;
  /** The TGE as a datetime-local value in the browser's time zone; '' for none. */
  tgeAt: string;
  schedules: ScheduleRow[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as the value of a datetime-local input (the browser's time zone). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value back to ISO 8601; '' stays null. */
export function fromLocalInput(v: string): string | null {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

/** The form's values from the server's view: a row per round and the token-wide row first. */
export function toForm(v: Distribution): DistributionForm {
  const find = (id: string | null) => v.schedules.find((s) => (s.roundId ?? null) === id);
  const row = (roundId: string | null, label: string): ScheduleRow => {
    const s = find(roundId);
    return {
      roundId,
      label,
      enabled: Boolean(s),
      tgeUnlockPercent: s ? String(s.tgeUnlockPercent) : roundId === null ? '100' : '',
      cliffDays: s ? String(s.cliffDays) : '0',
      vestingDays: s ? String(s.vestingDays) : '0',
    };
  };
  return {
    chainId: v.chain.chainId ? String(v.chain.chainId) : '',
    rpcUrl: v.chain.rpcUrl,
    explorerUrl: v.chain.explorerUrl,
    tokenAddress: v.chain.tokenAddress,
    decimals: String(v.chain.decimals),
    tgeAt: toLocalInput(v.tgeAt),
    schedules: [row(null, 'Token-wide (every round without its own, and referral rewards)'), ...v.rounds.map((r) => row(r.id, r.name))],
  };
}

/**
 * The PUT body. Numbers go as the admin typed them (strings): the server checks them and names
 * the field of each refusal. The request's schedules index is kept beside each row, so an error
 * on schedules[i] finds its row (scheduleFieldIndex).
 */
export function toBody(f: DistributionForm): DistributionUpdate {
  return {
    chain: {
      chainId: f.chainId.trim() === '' ? 0 : f.chainId.trim(),
      rpcUrl: f.rpcUrl.trim(),
      explorerUrl: f.explorerUrl.trim(),
      tokenAddress: f.tokenAddress.trim(),
      decimals: f.decimals.trim(),
    },
    tgeAt: fromLocalInput(f.tgeAt),
    schedules: f.schedules
      .filter((s) => s.enabled)
      .map((s) => ({ roundId: s.roundId, tgeUnlockPercent: s.tgeUnlockPercent.trim(), cliffDays: s.cliffDays.trim(), vestingDays: s.vestingDays.trim() })),
  };
}

/** Which form row the request's schedules[i] was: the i-th enabled row. */
export function scheduleRowOf(f: DistributionForm, requestIndex: number): number {
  let seen = -1;
  for (let i = 0; i < f.schedules.length; i++) {
    if (f.schedules[i]!.enabled) seen++;
    if (seen === requestIndex) return i;
  }
  return -1;
}

/** Maps a refused field of the request to the form's key: schedules[2].cliffDays → rows[4].cliffDays. */
export function formFieldOf(f: DistributionForm, field: string): string {
  const m = /^schedules\[(\d+)\]\.(\w+)$/.exec(field);
  if (!m) return field;
  return `rows[${scheduleRowOf(f, Number(m[1]))}].${m[2]}`;
}

/** An amount in the token's smallest unit as tokens (formatUnits), or '—' when there is none. */
export function units(base: string | null | undefined, decimals: number): string {
  if (!base || !/^\d+$/.test(base)) return '—';
  return formatUnits(base, decimals);
}

/** What the vesting means in words, for the schedules' help and the confirmation. */
export function describeSchedule(r: Pick<ScheduleRow, 'tgeUnlockPercent' | 'cliffDays' | 'vestingDays'>): string {
  const pct = r.tgeUnlockPercent || '0';
  const cliff = Number(r.cliffDays) || 0;
  const vest = Number(r.vestingDays) || 0;
  const rest = vest > 0 ? `the rest evenly over ${vest} days` : 'the rest at once';
  return `${pct}% at TGE, ${cliff > 0 ? `then after a ${cliff}-day cliff ` : 'then '}${rest}`;
}
