import type { AxiosInstance } from 'axios';
import { call, withoutEmpty } from './call';
import { errorMessage, httpStatus } from './errors';
import type { components, operations } from './generated/admin';

type S = components['schemas'];

/** POST /api/v1/admin/auth/2fa/setup: the pending secret (base32) and its otpauth:// address for a QR code. */
export type TwoFactorSetup = S['TwoFactorSetupAnswer']['data'];
/** POST /api/v1/admin/auth/2fa/enable: the 10 single-use recovery codes, shown once. */
export type TwoFactorEnabled = S['TwoFactorEnableAnswer']['data'];
export type TwoFactorDisableRequest = S['TwoFactorDisableRequest'];
export type AdminLoginTwoFactorRequest = S['AdminLoginTwoFactorRequest'];
/** company/auth/login with two-factor sign-in on: no token yet, a challenge for company/auth/login/2fa. */
export type TwoFactorChallenge = S['TwoFactorChallengeAnswer']['data'];
/** What company/auth/login answers: a token, the second step's challenge, or the companies to choose from. */
export type AdminLoginData = S['AdminLoginAnswer']['data'];
/** company/auth/login when one email and password are right for admins of several companies: choose one, then sign in again with its companyId. */
export type CompanyChoice = S['CompanyChoiceAnswer']['data'];

/** Activity: one audit record. */
export type AuditRecord = S['AuditRecord'];
export type AuditActor = S['AuditActor'];
export type AuditList = S['AuditList'];
export type AuditListQuery = NonNullable<operations['adminAuditList']['parameters']['query']>;
export type SuperAuditListQuery = NonNullable<operations['superAdminAuditList']['parameters']['query']>;
export type AuditActions = S['AuditActionsAnswer']['data'];

/** Whether company/auth/login asks for the second step. */
export function isTwoFactorChallenge(data: AdminLoginData): data is TwoFactorChallenge {
  return typeof data === 'object' && data !== null && 'twoFactorRequired' in data && data.twoFactorRequired === true;
}

/** Whether company/auth/login asks which company to sign in to. */
export function isCompanyChoice(data: AdminLoginData): data is CompanyChoice {
  return typeof data === 'object' && data !== null && 'companyRequired' in data && data.companyRequired === true;
}

/** company/auth/login's 403 for a suspended company (a right and a wrong password answer it alike). */
export const COMPANY_SUSPENDED_MESSAGE = 'This company is suspended. Please contact support.';

/**
 * Whether a failed call is that 403: at sign-in, or any admin call of an admin signed in when their
 * company was suspended (whose message adds " Reason: <the super admin's reason>").
 */
export function isCompanySuspended(err: unknown): boolean {
  return httpStatus(err) === 403 && errorMessage(err, '').some((m) => m.startsWith(COMPANY_SUSPENDED_MESSAGE));
}

/** The super admin's reason in a signed-in admin's company_suspended 403, if it has one. */
export function companySuspensionReason(err: unknown): string | undefined {
  for (const m of errorMessage(err, '')) {
    if (!m.startsWith(COMPANY_SUSPENDED_MESSAGE)) continue;
    const rest = m.slice(COMPANY_SUSPENDED_MESSAGE.length).trim();
    if (rest.startsWith('Reason:')) return rest.slice('Reason:'.length).trim() || undefined;
  }
  return undefined;
}

/** The 403 every other admin call answers while a company that requires two-factor waits for its admin to enrol. */
export const TWO_FACTOR_REQUIRED_MESSAGE = 'Your company requires two-factor sign-in. Set it up to continue.';

/** company/auth/login/2fa's 401 for a wrong code; any other 401 means the challenge is gone (expired, used or burnt). */
export const CODE_NOT_VALID_MESSAGE = 'The code is not valid. Please try again.';

/**
 * Whether a failed second sign-in step can be tried again with another code (a wrong code, a
 * missing one, too many tries for now), or must go back to the password (the challenge is gone,
 * the company suspended).
 */
export function canRetryCode(err: unknown): boolean {
  const status = httpStatus(err);
  if (status === 422 || status === 429) return true;
  return status === 401 && errorMessage(err, '').includes(CODE_NOT_VALID_MESSAGE);
}

/** Whether a failed call is that 403: the admin must turn two-factor sign-in on before anything else. */
export function isTwoFactorRequired(err: unknown): boolean {
  return httpStatus(err) === 403 && errorMessage(err, '').includes(TWO_FACTOR_REQUIRED_MESSAGE);
}

/** Admin two-factor sign-in and the company's activity (bff-admin). */
export function trustCalls(client: AxiosInstance) {
  return {
    loginTwoFactor: (body: AdminLoginTwoFactorRequest) =>
      call<S['LoginAnswer']['data']>(client.post('/api/v1/company/auth/login/2fa', body)),
    twoFactorSetup: () => call<TwoFactorSetup>(client.post('/api/v1/admin/auth/2fa/setup')),
    twoFactorEnable: (code: string, password: string) => call<TwoFactorEnabled>(client.post('/api/v1/admin/auth/2fa/enable', { code, password })),
    /** The company's owner unlocks another admin's two-factor sign-in, locked by wrong codes. */
    twoFactorReset: (id: string) => call<null>(client.post('/api/v1/admin/auth/2fa/reset', { id })),
    twoFactorDisable: (body: TwoFactorDisableRequest) => call<null>(client.post('/api/v1/admin/auth/2fa/disable', body)),
    auditList: ({ page = 1, limit = 10, action, actorId, from, to }: AuditListQuery = {}) =>
      call<AuditList>(client.get('/api/v1/admin/audit/list', { params: withoutEmpty({ page, limit, action, actorId, from, to }) })),
    auditActions: () => call<AuditActions>(client.get('/api/v1/admin/audit/actions')),
  };
}

/** The activity across companies (super admin). */
export function superTrustCalls(client: AxiosInstance) {
  return {
    auditList: ({ page = 1, limit = 10, action, actorId, from, to, companyId }: SuperAuditListQuery = {}) =>
      call<AuditList>(
        client.get('/api/v1/superadmin/audit/list', { params: withoutEmpty({ page, limit, action, actorId, from, to, companyId }) }),
      ),
    auditActions: () => call<AuditActions>(client.get('/api/v1/superadmin/audit/actions')),
  };
}
