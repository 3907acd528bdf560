import { RegisterSteps } from '../features/auth';

/** Register (/register), two steps. */
export default function Register() {
  return <RegisterSteps />;
}
