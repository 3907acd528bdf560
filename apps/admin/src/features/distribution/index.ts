// The distribution feature's public face: routes, layouts and other features import only from here.
export { distributionQueryOptions, useUpdateDistribution, DISTRIBUTION_FALLBACK } from './api/distribution';
export { DistributionSettingsForm } from './components/DistributionSettingsForm';
export { DistributionOverview } from './components/DistributionOverview';
