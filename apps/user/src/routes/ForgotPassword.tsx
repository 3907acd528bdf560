import { ForgotPasswordSteps } from '../features/auth/components/ForgotPasswordSteps';

/** SPEC §2 "Forgot password (/fogot-password)". */
export default function ForgotPassword() {
  return <ForgotPasswordSteps />;
}
