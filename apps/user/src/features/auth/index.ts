// The auth feature's public face: routes, layouts and other features import only from here.
export { useLogin } from './api/login';
export { ChangePassword } from './components/ChangePassword';
export { CloseAccount } from './components/CloseAccount';
export { ForgotPasswordSteps } from './components/ForgotPasswordSteps';
export { RegisterSteps } from './components/RegisterSteps';
