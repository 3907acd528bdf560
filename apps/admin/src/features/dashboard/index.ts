// The dashboard feature's public face: routes, layouts and other features import only from here.
export { adminDashboardQueryOptions, superDashboardQueryOptions } from './api/dashboard';
export { DashboardCharts } from './charts';
export { CompanyFiguresTable } from './components/CompanyFiguresTable';
export { StatCard, StatPlaceholder } from './components/StatCard';
export { referralSlices, supplySlices } from './supply';
