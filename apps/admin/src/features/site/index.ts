// The site feature's public face: routes, layouts and other features import only from here.
export { siteKeys } from './api/site';
export { PRODUCT } from './branding';
export { useSite } from './hooks/useSite';
