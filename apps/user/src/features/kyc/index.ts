// The kyc feature's public face: routes, layouts and other features import only from here.
export { KYC_FALLBACK, KycEvidence, kycQueryOptions } from './api/kyc';
export { KycForm } from './components/KycForm';
export { KycStatusPanel, KycSubmitted } from './components/KycStatusPanel';
export { canSubmitKyc } from './validation';
