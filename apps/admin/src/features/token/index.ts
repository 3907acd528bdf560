// The token feature's public face: routes, layouts and other features import only from here.
export { tokenQueryOptions, useUpdateToken } from './api/token';
export { TokenSettingsForm } from './components/TokenSettingsForm';
