/** Fallback messages, verbatim. */
export const FALLBACK = {
  sendOtp: 'Failed to send OTP',
  register: 'Failed to register a user',
  login: 'Failed to login a user',
  tokenPrice: 'Failed to fetch token price',
  transactions: 'Failed to fetch transactions',
  uploadFile: 'Failed to upload file',
  tokenPurchase: 'Failed to submit token purchase',
  updateProfile: 'Failed to update profile',
  paymentDetails: 'Failed to fetch payment details',
  sendPasswordOtp: 'Failed to send otp',
  updatePassword: 'Failed to updated password',
  profilePictureUpload: 'Profile picture upload failed.',
  createPurchaseOrder: 'Failed to create purchase order.',
} as const;

/** The server envelope of every response. */
export interface Envelope<T> {
  status: boolean;
  message: string | string[];
  data: T;
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) {
    return value.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
  }
  return [];
}

/**
 * The text to show for a failed call: each message of an array, else the server's
 * message, else the fallback. Always at least one entry.
 */
export function errorMessage(err: unknown, fallback: string): string[] {
  let body: unknown;
  if (isHttpError(err)) {
    body = err.response?.data;
  } else if (err && typeof err === 'object' && 'message' in err && !(err instanceof Error)) {
    // An envelope with status false handed over directly.
    body = err;
  }
  if (body && typeof body === 'object' && 'message' in body) {
    const found = messagesOf((body as { message: unknown }).message);
    if (found.length > 0) return found;
  }
  return [fallback];
}

/**
 * An axios error, recognised by its flag rather than by importing axios: this module is used by
 * screens (the buyer login) whose first load must not carry the HTTP client.
 */
function isHttpError(err: unknown): err is { isAxiosError: true; response?: { status?: number; data?: unknown } } {
  return typeof err === 'object' && err !== null && (err as { isAxiosError?: unknown }).isAxiosError === true;
}

/** The HTTP status of a failed call, if it got a response (e.g. 401 for an expired session). */
export function httpStatus(err: unknown): number | undefined {
  return isHttpError(err) ? err.response?.status : undefined;
}

/** One sentence of a 422 and the request field it refuses (docs/openapi: InvalidFailure). */
export interface FieldError {
  field: string;
  message: string;
}

function bodyOf(err: unknown): unknown {
  if (isHttpError(err)) return err.response?.data;
  if (err && typeof err === 'object' && 'message' in err && !(err instanceof Error)) return err;
  return undefined;
}

/** The `errors` of a failed call's 422: each sentence with the field it names (empty otherwise). */
export function fieldErrorList(err: unknown): FieldError[] {
  const body = bodyOf(err);
  if (!body || typeof body !== 'object' || !('errors' in body)) return [];
  const list = (body as { errors: unknown }).errors;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (e): e is FieldError =>
      !!e && typeof e === 'object' && typeof (e as FieldError).field === 'string' && typeof (e as FieldError).message === 'string' && (e as FieldError).field !== '',
  );
}

/**
 * A 422's sentences by the request field they refuse: { totalSupply: 'Total supply is required.' }
 * (several sentences of one field in one line). Field names are the request's own: "price",
 * "supply.totalSupply", "rounds[0].price" (`rename` maps them onto a form's names). Empty for any
 * other failure.
 */
export function fieldErrors(err: unknown, rename: (field: string) => string = (f) => f): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fieldErrorList(err)) {
    const key = rename(e.field);
    if (!out[key]) out[key] = e.message;
    else if (!out[key].includes(e.message)) out[key] = `${out[key]} ${e.message}`;
  }
  return out;
}

/**
 * The sentences of a failure that no field of the form shows: all of them when the answer names
 * no field, else those whose field is not among `shown` (the toast says these). Never the
 * fallback when every sentence has its field.
 */
export function unclaimedMessages(err: unknown, fallback: string, shown?: (field: string) => boolean): string[] {
  const list = fieldErrorList(err).filter((e) => !shown || shown(e.field));
  if (list.length === 0) return errorMessage(err, fallback);
  const claimed = new Set(list.map((e) => e.message));
  return errorMessage(err, fallback).filter((m) => !claimed.has(m));
}

/** Throws when a 2xx response still carries status false. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope && envelope.status === false) {
    throw envelope;
  }
  return envelope.data;
}

/**
 * The 409 of a request whose Idempotency-Key is already claimed by the same request still in flight
 * (a double click, a retry while the first is on its way): not a failure, the first answer is coming.
 */
export const IN_FLIGHT = 'This request is already being processed.';

/** True for the in-flight answer of an idempotent request (see IN_FLIGHT). */
export function isInFlight(err: unknown): boolean {
  return httpStatus(err) === 409 && errorMessage(err, '').includes(IN_FLIGHT);
}

/** What a suspended company's buyer site answers (423) and shows. */
export const SALE_SUSPENDED = 'This sale is temporarily unavailable.';

/** Shown when the company id from site settings is missing. */
export const MISSING_COMPANY_ID = 'Company ID is not configured. Please contact support.';

/** Fallbacks for admin and super admin screens (gives none for them; every error still gets a toast). */
export const ADMIN_FALLBACK = {
  site: 'Failed to load site settings',
  profile: 'Failed to load profile',
  dashboard: 'Failed to load dashboard',
  users: 'Failed to fetch users',
  userAdd: 'Failed to add user',
  userUpdate: 'Failed to update user',
  userDelete: 'Failed to delete user',
  userApprove: 'Failed to approve user',
  purchases: 'Failed to fetch transactions',
  approve: 'Failed to approve purchase',
  reject: 'Failed to reject purchase',
  refund: 'Failed to record the refund',
  kyc: 'Failed to fetch KYC requests',
  kycApprove: 'Failed to approve KYC',
  kycReject: 'Failed to reject KYC',
  kycRisk: 'Failed to update the KYC risk',
  bulkPurchases: 'Failed to process the selected purchases',
  bulkKyc: 'Failed to process the selected KYC requests',
  beneficiary: 'Failed to fetch beneficiary',
  beneficiaryUpdate: 'Failed to update beneficiary',
  otp: 'Failed to send OTP',
  verify: 'Failed to login',
  companies: 'Failed to fetch companies',
  companyAdd: 'Failed to add company',
  company: 'Failed to fetch company',
  companyUpdate: 'Failed to update company',
  beneficiaries: 'Failed to fetch beneficiaries',
  token: 'Failed to fetch token settings',
  tokenUpdate: 'Failed to update token settings',
  upload: 'Failed to upload file',
  export: 'Failed to export the file',
  reconcileImport: 'Failed to import the statement',
  reconcileList: 'Failed to fetch imports',
  reconcileGet: 'Failed to fetch the import',
  reconcileApprove: 'Failed to approve the matched purchases',
  distributionPreview: 'Failed to fetch what the run would send',
  distributionRun: 'Failed to start the distribution',
  distributionList: 'Failed to fetch the transfers',
  distributionRetry: 'Failed to retry the transfer',
  twoFactorSetup: 'Failed to start two-factor set-up',
  twoFactorEnable: 'Failed to turn two-factor sign-in on',
  twoFactorDisable: 'Failed to turn two-factor sign-in off',
  twoFactorReset: 'Failed to reset two-factor sign-in',
  twoFactorLogin: 'Failed to verify the code',
  audit: 'Failed to fetch activity',
  auditActions: 'Failed to fetch the actions',
} as const;
