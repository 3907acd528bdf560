import { RegisterSteps } from '../features/auth';

/** SPEC §2 "Register (/register), two steps". */
export default function Register() {
  return <RegisterSteps />;
}
