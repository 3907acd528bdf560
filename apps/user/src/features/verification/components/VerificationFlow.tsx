import type { KycLocation, KycStatus } from '@prelaunch/api';
import { formatIst, LoadError, ListPlaceholder } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { profileQueryOptions } from '../../profile';
import { bankAccountQueryOptions, VERIFY_FALLBACK } from '../api/verification';
import { BankAccountCard, BankStep } from './BankStep';
import { ConsentStep, locationLabel } from './ConsentStep';
import { MobileStep } from './MobileStep';

type StepKey = 'mobile' | 'bank' | 'consent' | 'identity' | 'submitted';

const STEPS: { key: StepKey; title: string; why: string }[] = [
  { key: 'mobile', title: 'Verify your mobile', why: 'A code by SMS proves the number is yours, so we can reach you.' },
  { key: 'bank', title: 'Add your bank account', why: 'Refunds go to this account; your bank confirms who holds it.' },
  { key: 'consent', title: 'Location consent', why: 'Your location, if you allow it, is kept as evidence that you submitted.' },
  { key: 'identity', title: 'Your identity', why: 'Your PAN and Aadhaar, for the company to check who you are.' },
  { key: 'submitted', title: 'Submitted', why: 'An admin reviews your details; the status shows here.' },
];

/**
 * Buyer "Verification" as a short guided flow: mobile by SMS, bank account, location consent, the
 * identity form (given by the route: the kyc feature's form, told the location), then the status.
 * Each step says what and why in one line; steps done show as done and can be changed; the flow
 * resumes from the first step not done, as the server knows it (the consent is asked again on a
 * new visit before a submission).
 */
export function VerificationFlow({
  kycStatus,
  expired = false,
  identity,
  submitted,
}: {
  kycStatus: KycStatus;
  /** An APPROVED verification past its end: the buyer goes through consent and identity again. */
  expired?: boolean;
  identity: (location: KycLocation) => ReactNode;
  submitted: ReactNode;
}) {
  const profile = useQuery(profileQueryOptions());
  const bank = useQuery(bankAccountQueryOptions());
  const [location, setLocation] = useState<KycLocation | null>(null);
  const [open, setOpen] = useState<StepKey | null>(null);

  if (profile.isPending || bank.isPending) {
    return (
      <div className="pl-panel p-3 p-md-4">
        <ListPlaceholder text="Loading your verification..." />
      </div>
    );
  }
  if (profile.isError || bank.isError) {
    return (
      <LoadError
        error={profile.error ?? bank.error}
        fallback={VERIFY_FALLBACK.bankGet}
        onRetry={() => {
          void profile.refetch();
          void bank.refetch();
        }}
      />
    );
  }
  const sent = kycStatus === 'PENDING' || (kycStatus === 'APPROVED' && !expired);
  const done: Record<StepKey, boolean> = {
    mobile: Boolean(profile.data.mobileVerifiedAt),
    bank: bank.data !== null,
    consent: sent || location !== null,
    identity: sent,
    submitted: sent,
  };
  const current = STEPS.find((s) => !done[s.key])?.key ?? 'submitted';
  const shown = open ?? current;

  function body(key: StepKey): ReactNode {
    switch (key) {
      case 'mobile':
        return <MobileStep mobile={profile.data?.mobile ?? ''} onDone={() => setOpen(null)} />;
      case 'bank':
        return <BankStep onDone={() => setOpen(null)} />;
      case 'consent':
        return (
          <ConsentStep
            onAnswer={(l) => {
              setLocation(l);
              setOpen(null);
            }}
          />
        );
      case 'identity':
        return identity(location ?? { status: 'DECLINED' });
      case 'submitted':
        return submitted;
    }
  }

  function summary(key: StepKey): ReactNode {
    if (key === 'mobile' && profile.data?.mobileVerifiedAt)
      return (
        <span className="small">
          {profile.data.mobile} · verified {formatIst(profile.data.mobileVerifiedAt)}
        </span>
      );
    if (key === 'bank' && bank.data) return <BankAccountCard account={bank.data} />;
    if (key === 'consent' && location) return <span className="small">{locationLabel(location)}</span>;
    return null;
  }

  return (
    <ol className="list-unstyled mb-0" aria-label="Verification steps">
      {STEPS.map((s, i) => {
        const isDone = done[s.key] && !(s.key === 'submitted' && !sent);
        const isShown = shown === s.key && (s.key !== 'submitted' || sent);
        const changeable = isDone && (s.key === 'mobile' || s.key === 'bank') && shown !== s.key;
        return (
          <li
            key={s.key}
            className="pl-panel p-3 p-md-4 mb-3"
            aria-current={s.key === current && !sent ? 'step' : undefined}
            data-testid={`verify-step-${s.key}`}
            data-state={isDone ? 'done' : s.key === current ? 'current' : 'upcoming'}
          >
            <div className="d-flex align-items-start gap-2">
              <span
                className={`badge rounded-pill ${isDone ? 'text-bg-success' : s.key === current ? 'text-bg-primary' : 'text-bg-secondary'}`}
                aria-hidden="true"
              >
                {isDone ? '✓' : i + 1}
              </span>
              <div className="flex-grow-1 min-w-0">
                <h2 className="h6 mb-1">
                  {s.title}
                  {isDone ? <span className="visually-hidden"> (done)</span> : null}
                </h2>
                <p className="small text-body-secondary mb-2">{s.why}</p>
                {isDone && !isShown ? summary(s.key) : null}
                {changeable ? (
                  <button type="button" className="btn btn-link btn-sm px-0 d-block" onClick={() => setOpen(s.key)}>
                    Change {s.key === 'mobile' ? 'mobile' : 'bank account'}
                  </button>
                ) : null}
              </div>
            </div>
            {isShown && (!isDone || open === s.key || s.key === 'submitted') ? <div className="mt-3">{body(s.key)}</div> : null}
          </li>
        );
      })}
    </ol>
  );
}
