// The site feature's public face: routes, layouts and other features import only from here.
export { PublicHeader } from './components/PublicHeader';
export { PublicShell } from './components/PublicShell';
export { SaleLanding } from './components/SaleLanding';
export { SaleSuspendedAlert } from './components/SaleSuspendedAlert';
export { useSite, useSiteDocumentMeta } from './hooks/useSite';
export { markSuspended, useSaleSuspended } from './suspended';
