// The session feature's public face: routes, layouts and other features import only from here.
export { profileQueryOptions, sessionKeys, useAdminLogin } from './api/session';
export { Logout } from './components/Logout';
export { OtpLoginForm } from './components/OtpLoginForm';
export { RequireAdmin } from './components/RequireAdmin';
export { TwoFactorLoginForm } from './components/TwoFactorLoginForm';
export { useAdminBrand } from './hooks/useAdminBrand';
