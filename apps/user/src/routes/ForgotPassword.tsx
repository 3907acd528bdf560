import { ForgotPasswordSteps } from '../features/auth';

/** SPEC §2 "Forgot password (/fogot-password)". */
export default function ForgotPassword() {
  return <ForgotPasswordSteps />;
}
