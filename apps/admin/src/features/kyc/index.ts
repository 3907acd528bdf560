// The kyc feature's public face: routes, layouts and other features import only from here.
export { kycListQueryOptions, useApproveKyc, useBulkKyc, useKycRisk, useRejectKyc } from './api/kyc';
export { KycDecisionDialog } from './components/KycDecisionDialog';
export { kycColumns, viewerDocuments, visibleKycColumns } from './components/kycColumns';
