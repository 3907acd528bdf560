// The verification feature's public face: the buyer's guided Verification flow (mobile by SMS,
// bank account, location consent; the identity step is the kyc feature's form, given by the route).
export { VerificationFlow } from './components/VerificationFlow';
export { bankAccountQueryOptions, bankKeys } from './api/verification';
