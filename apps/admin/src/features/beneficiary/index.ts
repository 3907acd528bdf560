// The beneficiary feature's public face: routes, layouts and other features import only from here.
export { beneficiaryQueryOptions, companyBeneficiariesQueryOptions, useUpdateBeneficiary } from './api/beneficiary';
export { BeneficiaryCards } from './components/BeneficiaryCards';
export { BeneficiaryDialog, EMPTY_BENEFICIARY } from './components/BeneficiaryDialog';
