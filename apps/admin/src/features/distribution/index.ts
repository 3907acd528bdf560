// The distribution feature's public face: routes, layouts and other features import only from here.
export { DistributionRuns, type DistributionRunsProps } from './components/DistributionRuns';
export { formatUnits } from './api/delivery';
export { distributionQueryOptions, useUpdateDistribution, DISTRIBUTION_FALLBACK } from './api/distribution';
export { DistributionSettingsForm } from './components/DistributionSettingsForm';
export { DistributionOverview } from './components/DistributionOverview';
