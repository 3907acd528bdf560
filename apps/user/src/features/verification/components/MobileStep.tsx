import { fieldErrors } from '@prelaunch/api';
import { ButtonLabel, FormInput } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import { useSendMobileCode, useVerifyMobile } from '../api/verification';

/** Mobile: the number (the profile's to start with), a code by SMS, the code typed back. */
export function MobileStep({ mobile: initial, onDone }: { mobile: string; onDone?: () => void }) {
  const [mobile, setMobile] = useState(initial);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const send = useSendMobileCode(() => setSentTo(mobile.trim()));
  const verify = useVerifyMobile();
  const sendErrors = fieldErrors(send.error);
  const verifyErrors = fieldErrors(verify.error);

  function onSend(e: FormEvent) {
    e.preventDefault();
    if (mobile.trim()) send.mutate(mobile.trim());
  }
  function onVerify(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (sentTo && /^\d{6}$/.test(code)) verify.mutate({ mobile: sentTo, code }, { onSuccess: () => onDone?.() });
  }

  if (sentTo === null) {
    return (
      <form onSubmit={onSend} noValidate aria-label="Verify your mobile number">
        <FormInput
          id="verify-mobile"
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={mobile}
          maxLength={20}
          onChange={(e) => setMobile(e.target.value)}
          error={sendErrors.mobile}
          hint="Indian numbers: 10 digits; others with their country code (+44 …)."
        />
        <button type="submit" className="btn pl-btn-gradient fw-semibold w-100" disabled={send.isPending || !mobile.trim()}>
          <ButtonLabel pending={send.isPending} idle="Send code by SMS" busy="Sending..." />
        </button>
      </form>
    );
  }
  return (
    <form onSubmit={onVerify} noValidate aria-label="Enter the SMS code">
      <p className="small mb-2">
        We sent a 6-digit code to <span className="fw-semibold">{sentTo}</span>. It is valid for 10 minutes.
      </p>
      <FormInput
        id="verify-mobile-code"
        label="Code from the SMS"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        error={verifyErrors.code ?? verifyErrors.mobile ?? (tried && !/^\d{6}$/.test(code) ? 'Please enter the 6 digits of the SMS.' : undefined)}
      />
      <button type="submit" className="btn pl-btn-gradient fw-semibold w-100 mb-2" disabled={verify.isPending}>
        <ButtonLabel pending={verify.isPending} idle="Verify mobile" busy="Verifying..." />
      </button>
      <div className="d-flex justify-content-between">
        <button type="button" className="btn btn-link btn-sm px-0" onClick={() => send.mutate(sentTo)} disabled={send.isPending}>
          Send the code again
        </button>
        <button
          type="button"
          className="btn btn-link btn-sm px-0"
          onClick={() => {
            setSentTo(null);
            setCode('');
            setTried(false);
          }}
        >
          Change number
        </button>
      </div>
    </form>
  );
}
