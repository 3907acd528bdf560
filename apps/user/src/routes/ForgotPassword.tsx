import { ForgotPasswordSteps } from '../features/auth';

/** Forgot password (/fogot-password). */
export default function ForgotPassword() {
  return <ForgotPasswordSteps />;
}
