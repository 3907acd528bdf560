// The activity feature's public face: routes, layouts and other features import only from here.
export { adminActionsQueryOptions, adminActivityQueryOptions, superActionsQueryOptions, superActivityQueryOptions } from './api/activity';
export { ActivityList, activityQuery, NO_FILTERS, rangeProblem, useActivityPage } from './components/ActivityList';
