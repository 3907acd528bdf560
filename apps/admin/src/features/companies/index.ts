// The companies feature's public face: routes, layouts and other features import only from here.
export { companiesQueryOptions, useAddCompany } from './api/companies';
export { CompanyDetail } from './components/CompanyDetail';
export { AddCompanyDialog } from './components/CompanyDialog';
export { CompanyFilter } from './components/CompanyFilter';
export { companyColumns } from './components/companyColumns';
export { companyFixture } from './fixture';
export { COMPANY_STATUSES, useStatusFilter } from './hooks/useStatusFilter';
