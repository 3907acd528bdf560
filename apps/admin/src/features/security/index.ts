// The security feature's public face: routes, layouts and other features import only from here.
export { isConfined, SECURITY_PATH } from './api/security';
export { TwoFactorCard } from './components/TwoFactorCard';
export { twoFactorGate } from './hooks/twoFactorGate';
