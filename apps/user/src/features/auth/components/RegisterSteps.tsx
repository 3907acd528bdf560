import { fieldErrors, MISSING_COMPANY_ID, type Gender } from '@prelaunch/api';
import { ButtonLabel, FormInput, toastErrors, useFocusFirstInvalid } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PublicShell, useSite } from '../../site';
import { useRegister, useRegisterOtp } from '../api/account';
import { AUTH_MSG, validateRegister, validateRequestOtp, type RegisterForm } from '../validation';

const EMPTY: RegisterForm = {
  name: '',
  mobile: '',
  email: '',
  otp: '',
  dateOfBirth: '',
  pincode: '',
  gender: '',
  referralCode: '',
  password: '',
  confirmPassword: '',
};

/** Register (/register), two steps. */
export function RegisterSteps() {
  const { companyId } = useSite();
  const [step, setStep] = useState<1 | 2>(1);
  const [form, setForm] = useState<RegisterForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof RegisterForm, string>>>({});

  const set = (key: keyof RegisterForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const requestOtp = useRegisterOtp(() => setStep(2));
  const register = useRegister();
  // The server's 422, each message beside the field it names; the first refused field is focused.
  const refusal = step === 1 ? requestOtp.error : register.error;
  const server: Partial<Record<keyof RegisterForm, string>> = fieldErrors(refusal);
  useFocusFirstInvalid(Object.keys(server).length ? refusal : null);

  function onRequestOtp(e: FormEvent) {
    e.preventDefault();
    const problem = validateRequestOtp(form);
    if (problem) return toastErrors([problem]);
    if (!companyId) return toastErrors([MISSING_COMPANY_ID]);
    requestOtp.mutate({ companyId, name: form.name.trim(), email: form.email.trim(), mobile: form.mobile.trim() });
  }

  function onRegister(e: FormEvent) {
    e.preventDefault();
    const found = validateRegister(form);
    setErrors(found);
    const messages = Object.values(found);
    if (messages.length) {
      // The two spec messages are also toasted, as the recorded app did.
      const spec = messages.filter((m) => m === AUTH_MSG.otpRequired || m === AUTH_MSG.passwordsMismatch);
      if (spec.length) toastErrors(spec);
      return;
    }
    if (!companyId) return toastErrors([MISSING_COMPANY_ID]);
    register.mutate({
      companyId,
      name: form.name.trim(),
      mobile: form.mobile.trim(),
      email: form.email.trim(),
      otp: form.otp.trim(),
      dateOfBirth: form.dateOfBirth,
      gender: form.gender as Gender,
      pincode: form.pincode.trim(),
      referralCode: form.referralCode.trim(),
      password: form.password,
    });
  }

  if (step === 1) {
    return (
      <PublicShell>
        <h1 className="h3 fw-bold mb-1">Request OTP</h1>
        <p className="text-body-secondary mb-4">We will email you a one-time code to verify your account.</p>
        <form onSubmit={onRequestOtp} noValidate aria-label="Request OTP form">
          <FormInput label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={server.name} placeholder="Your full name" />
          <FormInput label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} error={server.email} placeholder="you@example.com" />
          <FormInput label="Mobile" type="tel" name="mobile" autoComplete="tel" value={form.mobile} onChange={set('mobile')} error={server.mobile} placeholder="+91 98765 43210" />
          <button type="submit" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={requestOtp.isPending}>
            <ButtonLabel pending={requestOtp.isPending} idle="Request OTP" busy="Sending OTP..." />
          </button>
        </form>
        <p className="text-center text-body-secondary mt-4 mb-0">
          Already have an account? <Link to="/" className="fw-semibold">Back to Login</Link>
        </p>
      </PublicShell>
    );
  }

  return (
    <PublicShell wide>
      <h1 className="h3 fw-bold mb-1">Create Account</h1>
      <p className="text-body-secondary mb-4">Enter the code we sent to {form.email} and complete your details.</p>
      <form onSubmit={onRegister} noValidate aria-label="Create account form">
        <div className="row g-0 gx-sm-3">
          <div className="col-sm-6">
            <FormInput label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={errors.name ?? server.name} />
          </div>
          <div className="col-sm-6">
            <FormInput label="Mobile" type="tel" name="mobile" autoComplete="tel" value={form.mobile} onChange={set('mobile')} error={errors.mobile ?? server.mobile} placeholder="+91 98765 43210" />
          </div>
          <div className="col-sm-6">
            <FormInput label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email ?? server.email} />
          </div>
          <div className="col-sm-6">
            <FormInput label="OTP" name="otp" inputMode="numeric" autoComplete="one-time-code" value={form.otp} onChange={set('otp')} error={errors.otp ?? server.otp} placeholder="6-digit code" />
          </div>
          <div className="col-sm-6">
            <FormInput label="Date of Birth" type="date" name="dateOfBirth" value={form.dateOfBirth} onChange={set('dateOfBirth')} error={errors.dateOfBirth ?? server.dateOfBirth} max={new Date().toISOString().slice(0, 10)} />
          </div>
          <div className="col-sm-6">
            <FormInput label="Pincode" name="pincode" inputMode="numeric" autoComplete="postal-code" value={form.pincode} onChange={set('pincode')} error={errors.pincode ?? server.pincode} />
          </div>
          <div className="col-sm-6 mb-3">
            <label htmlFor="reg-gender" className="form-label">Gender</label>
            <select id="reg-gender" name="gender" className={`form-select ${(errors.gender ?? server.gender) ? 'is-invalid' : ''}`} value={form.gender} onChange={set('gender')}>
              <option value="">Select gender</option>
              <option value="male">Male</option>
              <option value="female">Female</option>
              <option value="other">Other</option>
            </select>
            {(errors.gender ?? server.gender) ? <div className="invalid-feedback">{errors.gender ?? server.gender}</div> : null}
          </div>
          <div className="col-sm-6">
            <FormInput label="Member ID" name="referralCode" value={form.referralCode} onChange={set('referralCode')} error={server.referralCode} placeholder="Optional referral code" />
          </div>
          <div className="col-sm-6">
            <FormInput label="Password" type="password" name="password" autoComplete="new-password" value={form.password} onChange={set('password')} error={errors.password ?? server.password} />
          </div>
          <div className="col-sm-6">
            <FormInput label="Confirm Password" type="password" name="confirmPassword" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} error={errors.confirmPassword ?? server.confirmPassword} />
          </div>
        </div>
        <div className="d-flex flex-column flex-sm-row gap-2 mt-2">
          <button type="submit" className="btn pl-btn-gradient btn-lg flex-grow-1 fw-semibold" disabled={register.isPending}>
            <ButtonLabel pending={register.isPending} idle="Register" busy="Registering..." />
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-lg"
            onClick={() => {
              setErrors({});
              setStep(1);
            }}
          >
            Back to OTP Request
          </button>
        </div>
      </form>
    </PublicShell>
  );
}
