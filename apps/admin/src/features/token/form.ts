/**
 * The Token Settings form as plain data: what the screen edits (strings, as typed),
 * how it becomes the PUT body (only the top-level keys that changed), and where each 422 sentence
 * of the server belongs. The sale's rules live in core; here are only the checks that stop a
 * request that cannot be read (a word where a number goes, a required name left empty).
 */
import { fieldErrorList, unclaimedMessages, type SaleStatus, type TokenRound, type TokenSettings, type TokenUpdateRequest } from '@prelaunch/api';

export const SUPPLY_FIELDS = [
  { key: 'totalSupply', label: 'Total supply' },
  { key: 'privateSupply', label: 'Private supply' },
  { key: 'publicCellSupply', label: 'Public cell supply' },
  { key: 'angelInvestorSupply', label: 'Angel investor supply' },
  { key: 'founderTeamSupply', label: 'Founder team supply' },
  { key: 'airdropSupply', label: 'Airdrop supply' },
  { key: 'referralSupply', label: 'Referral supply' },
] as const;
export type SupplyKey = (typeof SUPPLY_FIELDS)[number]['key'];

export const LIMIT_FIELDS = [
  { key: 'minOrder', label: 'Minimum order' },
  { key: 'maxOrder', label: 'Maximum order' },
  { key: 'maxPerBuyer', label: 'Maximum per buyer' },
  { key: 'kycRequiredAbove', label: 'KYC required above' },
  // Not rupees: the least score (1-100) of a buyer's PAN name against their e-KYC name before the KYC review warns.
  { key: 'kycNameMatchMin', label: 'KYC name match' },
] as const;
export type LimitKey = (typeof LIMIT_FIELDS)[number]['key'];

export const LOGO_FIELDS = [
  { key: 'iconUrl', label: 'Icon' },
  { key: 'headerLogo', label: 'Header logo' },
  { key: 'defaultLogo', label: 'Default logo' },
  { key: 'chartImg', label: 'Chart image' },
] as const;
export type LogoKey = (typeof LOGO_FIELDS)[number]['key'];

/** The media a social link may name. */
export const SOCIAL_MEDIA = ['youtube', 'facebook', 'instagram', 'telegram', 'whatsApp', 'X'] as const;

export interface RoundRow {
  /** A key for React that stays with the row while it moves. */
  key: string;
  /** The server's id; absent for a round added here. */
  id?: string;
  name: string;
  price: string;
  allocation: string;
  sold: number;
  startsAt: string;
  endsAt: string;
  /** FCFS (first come, first served) or REQUESTS (docs/decisions/0014-allocation-by-requests.md). */
  mode: 'FCFS' | 'REQUESTS';
  requestStartsAt: string;
  requestEndsAt: string;
  paymentHours: string;
  /** The server's: the draw's state and commitment, read-only. */
  drawStatus?: string;
  commitment?: string | null;
}

export interface SocialRow {
  key: string;
  mediaName: string;
  link: string;
}

export interface TokenForm {
  name: string;
  symbol: string;
  price: string;
  platformChargePercent: string;
  referralPercent: string;
  supply: Record<SupplyKey, string>;
  /** Read-only: recomputed by the server. */
  remainingPrivateSupply: number;
  sale: { startsAt: string; endsAt: string; paused: boolean; status: SaleStatus };
  limits: Record<LimitKey, string>;
  rounds: RoundRow[];
  branding: {
    title: string;
    footerNote: string;
    metaTitle: string;
    metaDescription: string;
    metaKeywords: string;
    tokenDistribution: string[];
    socialLinks: SocialRow[];
  } & Record<LogoKey, string>;
  /** The GST registration: invoices of the platform charge are issued only with a GSTIN. */
  tax: { gstin: string; legalName: string; address: string; gstRatePercent: string; invoicesOn: boolean };
}

/** The top-level keys PUT token/update takes, in the order the screen shows them. */
export const SECTION_OF_KEY = {
  name: 'Price and fees',
  price: 'Price and fees',
  platformChargePercent: 'Price and fees',
  referralPercent: 'Price and fees',
  supply: 'Supply',
  sale: 'Sale window',
  limits: 'Limits',
  rounds: 'Rounds',
  branding: 'Branding',
  tax: 'Tax invoices',
} as const;
export type UpdateKey = keyof typeof SECTION_OF_KEY;

/** A whole number as typed, grouped the Indian way for reading (1,00,00,000); anything else as typed. */
export function groupDigits(value: string): string {
  const digits = value.trim();
  if (!/^\d{1,15}$/.test(digits)) return value;
  return Number(digits).toLocaleString('en-IN');
}

/** What a grouped field holds: the digits without their commas. */
export const ungroupDigits = (value: string) => value.replace(/,/g, '');

let rowSeq = 0;
/** A fresh React key for a row added on this screen. */
export const newRowKey = (prefix: string) => `${prefix}-new-${++rowSeq}`;

/** ISO instant → the value of an <input type="datetime-local"> in the browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The value of an <input type="datetime-local"> (local time) → ISO instant; '' → null. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function roundToRow(r: TokenRound): RoundRow {
  return {
    key: r.id,
    id: r.id,
    name: r.name,
    price: str(r.price),
    allocation: str(r.allocation),
    sold: r.sold,
    startsAt: toLocalInput(r.startsAt),
    endsAt: toLocalInput(r.endsAt),
    mode: r.mode,
    requestStartsAt: toLocalInput(r.requestStartsAt),
    requestEndsAt: toLocalInput(r.requestEndsAt),
    paymentHours: str(r.paymentHours),
    drawStatus: r.drawStatus,
    commitment: r.commitment,
  };
}

export function emptyRound(): RoundRow {
  return {
    key: newRowKey('round'), name: '', price: '', allocation: '', sold: 0, startsAt: '', endsAt: '',
    mode: 'FCFS', requestStartsAt: '', requestEndsAt: '', paymentHours: '48',
  };
}

/** The settings as the form edits them. */
export function toForm(t: TokenSettings): TokenForm {
  const b = t.branding;
  return {
    name: t.name,
    symbol: t.symbol,
    price: str(t.price),
    platformChargePercent: str(t.platformChargePercent),
    referralPercent: str(t.referralPercent),
    supply: Object.fromEntries(SUPPLY_FIELDS.map((f) => [f.key, str(t.supply[f.key])])) as Record<SupplyKey, string>,
    remainingPrivateSupply: t.supply.remainingPrivateSupply,
    sale: { startsAt: toLocalInput(t.sale.startsAt), endsAt: toLocalInput(t.sale.endsAt), paused: t.sale.paused, status: t.sale.status },
    limits: Object.fromEntries(LIMIT_FIELDS.map((f) => [f.key, str(t.limits[f.key])])) as Record<LimitKey, string>,
    rounds: [...t.rounds].sort((a, b) => a.position - b.position).map(roundToRow),
    branding: {
      title: b.title,
      iconUrl: b.iconUrl,
      headerLogo: b.headerLogo,
      defaultLogo: b.defaultLogo,
      chartImg: b.chartImg,
      footerNote: b.footerNote,
      metaTitle: b.metaData?.title ?? '',
      metaDescription: b.metaData?.description ?? '',
      metaKeywords: b.metaData?.keywords ?? '',
      tokenDistribution: [...b.tokenDistribution],
      socialLinks: b.socialLinks.map((s, i) => ({ key: `social-${i}`, mediaName: s.mediaName, link: s.link })),
    },
    tax: {
      gstin: t.tax?.gstin ?? '',
      legalName: t.tax?.legalName ?? '',
      address: t.tax?.address ?? '',
      gstRatePercent: str(t.tax?.gstRatePercent ?? 18),
      invoicesOn: t.tax?.invoicesOn ?? false,
    },
  };
}

/** A typed number as the server takes it: trimmed, and a number when it reads as one. */
function decimal(value: string): number | string {
  const s = value.trim();
  const n = Number(s);
  return s !== '' && Number.isFinite(n) ? n : s;
}
const optionalDecimal = (value: string) => (value.trim() === '' ? null : decimal(value));

/** Each top-level key of the PUT body, built from the form. */
export function bodyOf(f: TokenForm): Required<Pick<TokenUpdateRequest, UpdateKey>> {
  const b = f.branding;
  return {
    name: f.name.trim(),
    price: decimal(f.price),
    platformChargePercent: decimal(f.platformChargePercent),
    referralPercent: decimal(f.referralPercent),
    supply: Object.fromEntries(SUPPLY_FIELDS.map((s) => [s.key, decimal(f.supply[s.key])])) as Record<SupplyKey, number | string>,
    sale: { startsAt: fromLocalInput(f.sale.startsAt), endsAt: fromLocalInput(f.sale.endsAt), paused: f.sale.paused },
    limits: Object.fromEntries(LIMIT_FIELDS.map((l) => [l.key, optionalDecimal(f.limits[l.key])])) as Record<LimitKey, number | string | null>,
    // Positions follow the table's order: the first row is position 1.
    rounds: f.rounds.map((r, i) => ({
      ...(r.id ? { id: r.id } : {}),
      position: i + 1,
      name: r.name.trim(),
      price: decimal(r.price),
      allocation: decimal(r.allocation),
      startsAt: fromLocalInput(r.startsAt),
      endsAt: fromLocalInput(r.endsAt),
      mode: r.mode,
      ...(r.mode === 'REQUESTS'
        ? { requestStartsAt: fromLocalInput(r.requestStartsAt), requestEndsAt: fromLocalInput(r.requestEndsAt), paymentHours: decimal(r.paymentHours) }
        : {}),
    })),
    branding: {
      title: b.title.trim(),
      iconUrl: b.iconUrl.trim(),
      headerLogo: b.headerLogo.trim(),
      defaultLogo: b.defaultLogo.trim(),
      chartImg: b.chartImg.trim(),
      footerNote: b.footerNote.trim(),
      metaData: { title: b.metaTitle.trim(), description: b.metaDescription.trim(), keywords: b.metaKeywords.trim() },
      tokenDistribution: b.tokenDistribution.map((l) => l.trim()).filter(Boolean),
      socialLinks: b.socialLinks
        .map((s) => ({ mediaName: s.mediaName, link: s.link.trim() }))
        .filter((s) => s.mediaName || s.link),
    },
    tax: {
      gstin: f.tax.gstin.replace(/\s+/g, '').toUpperCase(),
      legalName: f.tax.legalName.trim(),
      address: f.tax.address.trim(),
      gstRatePercent: optionalDecimal(f.tax.gstRatePercent),
    },
  };
}

/**
 * The PUT body: only the top-level keys whose value differs from what was loaded. Each object
 * is sent whole (the server replaces it whole) and `rounds` is the full list.
 */
export function changedBody(loaded: TokenForm, edited: TokenForm): TokenUpdateRequest {
  const before = bodyOf(loaded);
  const after = bodyOf(edited);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(SECTION_OF_KEY) as UpdateKey[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = after[key];
  }
  return out as TokenUpdateRequest;
}

export interface ChangeLine {
  label: string;
  before: string;
  after: string;
}

const shown = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '(none)';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
};

/**
 * What Save changes, field by field, as "label: before → after" (the confirmation lists them).
 * Rounds and branding lists are named by what changed in them rather than dumped whole.
 */
export function changeLines(loaded: TokenForm, edited: TokenForm): ChangeLine[] {
  const out: ChangeLine[] = [];
  const add = (label: string, a: unknown, b: unknown) => {
    if (shown(a) !== shown(b)) out.push({ label, before: shown(a), after: shown(b) });
  };
  add('Name', loaded.name.trim(), edited.name.trim());
  add('Price (INR)', loaded.price.trim(), edited.price.trim());
  add('Platform fee (%)', loaded.platformChargePercent.trim(), edited.platformChargePercent.trim());
  add('Referral reward (%)', loaded.referralPercent.trim(), edited.referralPercent.trim());
  for (const s of SUPPLY_FIELDS) add(s.label, groupDigits(loaded.supply[s.key].trim()), groupDigits(edited.supply[s.key].trim()));
  add('Sale start', loaded.sale.startsAt.replace('T', ' '), edited.sale.startsAt.replace('T', ' '));
  add('Sale end', loaded.sale.endsAt.replace('T', ' '), edited.sale.endsAt.replace('T', ' '));
  add('Sale paused', loaded.sale.paused, edited.sale.paused);
  for (const l of LIMIT_FIELDS) add(l.label, loaded.limits[l.key].trim(), edited.limits[l.key].trim());
  const was = new Map(loaded.rounds.filter((r) => r.id).map((r) => [r.id, r]));
  edited.rounds.forEach((r, i) => {
    const o = r.id ? was.get(r.id) : undefined;
    const name = r.name.trim() || `Round ${i + 1}`;
    if (!o) {
      out.push({ label: `Round ${name}`, before: '(new)', after: `₹${r.price.trim()} × ${groupDigits(r.allocation.trim())}` });
      return;
    }
    add(`Round ${o.name} name`, o.name.trim(), r.name.trim());
    add(`Round ${name} price (INR)`, o.price.trim(), r.price.trim());
    add(`Round ${name} allocation`, groupDigits(o.allocation.trim()), groupDigits(r.allocation.trim()));
    add(`Round ${name} start`, o.startsAt.replace('T', ' '), r.startsAt.replace('T', ' '));
    add(`Round ${name} end`, o.endsAt.replace('T', ' '), r.endsAt.replace('T', ' '));
    add(`Round ${name} mode`, o.mode, r.mode);
    add(`Round ${name} request start`, o.requestStartsAt.replace('T', ' '), r.requestStartsAt.replace('T', ' '));
    add(`Round ${name} request end`, o.requestEndsAt.replace('T', ' '), r.requestEndsAt.replace('T', ' '));
    add(`Round ${name} payment hours`, o.paymentHours.trim(), r.paymentHours.trim());
    add(`Round ${name} position`, loaded.rounds.indexOf(o) + 1, i + 1);
  });
  const kept = new Set(edited.rounds.map((r) => r.id).filter(Boolean));
  for (const o of loaded.rounds) if (o.id && !kept.has(o.id)) out.push({ label: `Round ${o.name}`, before: 'kept', after: '(removed)' });
  const b0 = loaded.branding;
  const b1 = edited.branding;
  add('Title', b0.title.trim(), b1.title.trim());
  add('Footer note', b0.footerNote.trim(), b1.footerNote.trim());
  add('Meta title', b0.metaTitle.trim(), b1.metaTitle.trim());
  add('Meta description', b0.metaDescription.trim(), b1.metaDescription.trim());
  add('Meta keywords', b0.metaKeywords.trim(), b1.metaKeywords.trim());
  for (const l of LOGO_FIELDS) add(l.label, b0[l.key].trim(), b1[l.key].trim());
  add('Distribution lines', b0.tokenDistribution.filter((x) => x.trim()).join(' · '), b1.tokenDistribution.filter((x) => x.trim()).join(' · '));
  add(
    'Social links',
    b0.socialLinks.filter((x) => x.link.trim()).map((x) => `${x.mediaName} ${x.link.trim()}`).join(' · '),
    b1.socialLinks.filter((x) => x.link.trim()).map((x) => `${x.mediaName} ${x.link.trim()}`).join(' · '),
  );
  add('GSTIN', loaded.tax.gstin.trim().toUpperCase(), edited.tax.gstin.replace(/\s+/g, '').toUpperCase());
  add('Legal name', loaded.tax.legalName.trim(), edited.tax.legalName.trim());
  add('Supplier address', loaded.tax.address.trim(), edited.tax.address.trim());
  add('GST rate (%)', loaded.tax.gstRatePercent.trim(), edited.tax.gstRatePercent.trim());
  return out;
}

/**
 * What the save means for buyers. While the token has rounds, buyers pay the current round's
 * price, so a new token price changes nothing they see until no round is left.
 */
export function saveEffect(loaded: TokenForm, edited: TokenForm): string {
  const priceChanged = loaded.price.trim() !== edited.price.trim();
  if (priceChanged && edited.rounds.length > 0)
    return 'The token price does not apply while rounds exist: buyers pay the current round’s price, and this price only once no round is left. Buyers see the other changes within a second. Orders already placed keep their price.';
  return 'Buyers see the changes within a second. Orders already placed keep their price.';
}

/** The screen sections a body touches, for the confirmation. */
export function changedSections(body: TokenUpdateRequest): string[] {
  const seen = new Set<string>();
  for (const key of Object.keys(body)) {
    const s = SECTION_OF_KEY[key as UpdateKey];
    if (s) seen.add(s);
  }
  return [...seen];
}

/** Field errors by path: 'price', 'supply.totalSupply', 'rounds.0.price', 'rounds', 'branding.socialLinks.1.link', 'form'. */
export type FieldErrors = Record<string, string[]>;

/** What every section of the screen gets: the form, a way to change it, and the errors by field path. */
export interface SectionProps {
  form: TokenForm;
  update: (change: (f: TokenForm) => TokenForm) => void;
  errors: FieldErrors;
}

/** The text under a field: its messages in one line. */
export const errorText = (errors: FieldErrors, path: string) => errors[path]?.join(' ');

export function addError(errors: FieldErrors, path: string, message: string) {
  (errors[path] ??= []).push(message);
}

const NUMBER = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;

/**
 * What the browser checks before sending: numbers that can be read, the names the server needs.
 * Everything else (price above 0, percents, supply against sales, windows, limits, allocations)
 * is the server's to judge; its 422 lands on the same fields.
 */
export function readableErrors(f: TokenForm): FieldErrors {
  const e: FieldErrors = {};
  const number = (path: string, value: string, label: string, required: boolean) => {
    const s = value.trim();
    if (!s) {
      if (required) addError(e, path, `${label} is required.`);
    } else if (!NUMBER.test(s)) addError(e, path, `${label} must be a number, like 12 or 12.50.`);
  };
  if (!f.name.trim()) addError(e, 'name', 'Token name is required.');
  number('price', f.price, 'Price', true);
  number('platformChargePercent', f.platformChargePercent, 'Platform charge percent', true);
  number('referralPercent', f.referralPercent, 'Referral percent', true);
  for (const s of SUPPLY_FIELDS) {
    const v = f.supply[s.key].trim();
    if (!v) addError(e, `supply.${s.key}`, `${s.label} is required.`);
    else if (!WHOLE.test(v)) addError(e, `supply.${s.key}`, `${s.label} must be a whole number of at least 0.`);
  }
  for (const l of LIMIT_FIELDS) number(`limits.${l.key}`, f.limits[l.key], l.label, false);
  f.rounds.forEach((r, i) => {
    const n = i + 1;
    if (!r.name.trim()) addError(e, `rounds.${i}.name`, `Round ${n}: name is required.`);
    number(`rounds.${i}.price`, r.price, `Round ${n}: price`, true);
    const a = r.allocation.trim();
    if (!a) addError(e, `rounds.${i}.allocation`, `Round ${n}: allocation is required.`);
    else if (!WHOLE.test(a)) addError(e, `rounds.${i}.allocation`, `Round ${n}: allocation must be a whole number greater than 0.`);
  });
  if (!f.branding.title.trim()) addError(e, 'branding.title', 'Title is required.');
  number('tax.gstRatePercent', f.tax.gstRatePercent, 'GST rate', false);
  if (f.tax.gstin.trim() && !f.tax.legalName.trim()) addError(e, 'tax.legalName', 'Legal name is required with a GSTIN.');
  f.branding.socialLinks.forEach((s, i) => {
    if (!s.mediaName && !s.link.trim()) return;
    if (!s.mediaName) addError(e, `branding.socialLinks.${i}.mediaName`, `Social link ${i + 1}: choose a media.`);
    if (!s.link.trim()) addError(e, `branding.socialLinks.${i}.link`, `Social link ${i + 1}: the link is required.`);
  });
  return e;
}

/** The form's path of a request field the server names: 'rounds[0].price' → 'rounds.0.price'. */
export function formPath(field: string): string {
  const meta = /^branding\.metaData\.(title|description|keywords)$/.exec(field);
  if (meta) return `branding.meta${meta[1][0].toUpperCase()}${meta[1].slice(1)}`;
  return field.replace(/\[(\d+)\]/g, '.$1');
}

/**
 * The server's 422 (docs/openapi/admin.yaml, token/update) on the screen's fields: each sentence
 * on the field its answer names; a sentence naming none goes to 'form'.
 */
export function serverErrors(err: unknown): FieldErrors {
  const e: FieldErrors = {};
  for (const f of fieldErrorList(err)) {
    // Distribution lines are sent without the empty ones, so their indexes are not the screen's.
    const path = formPath(f.field);
    addError(e, path.startsWith('branding.tokenDistribution') ? 'form' : path, f.message);
  }
  for (const m of unclaimedMessages(err, '')) if (m) addError(e, 'form', m);
  return e;
}

function valueAt(f: TokenForm, path: string): unknown {
  let v: unknown = f;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/**
 * The errors still worth showing after an edit: a field's message goes once its value changes.
 * The list-wide ones ('rounds', 'form') stay until the next save is tried.
 */
export function pruneErrors(errors: FieldErrors, before: TokenForm, after: TokenForm): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, list] of Object.entries(errors)) {
    if (path === 'form' || path === 'rounds' || JSON.stringify(valueAt(before, path)) === JSON.stringify(valueAt(after, path))) out[path] = list;
  }
  return out;
}

/** Moves a row one place up (-1) or down (+1); a move past either end leaves the list as it is. */
export function moveRow<T>(rows: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return rows;
  const next = [...rows];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
