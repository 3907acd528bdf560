import type { AdminProfile, TwoFactorSetup } from '@prelaunch/api';
import { ButtonLabel } from '@prelaunch/ui';
import { useState } from 'react';
import { useTwoFactorSetup } from '../api/security';
import { DisableDialog } from './DisableDialog';
import { RecoveryCodesDialog } from './RecoveryCodes';
import { SetupSteps } from './SetupSteps';

/**
 * The Security page's two-factor card: its state, "Enable two-factor" → the set-up
 * steps → the recovery codes once; "Disable two-factor" behind a dialog asking for a code and the
 * password.
 */
export function TwoFactorCard({ profile, product }: { profile: AdminProfile; product?: string }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const start = useTwoFactorSetup({ onDone: (res) => setSetup(res.data) });
  const on = profile.twoFactorEnabled;

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="twofa-title">
      <div className="card-body p-3 p-sm-4">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 id="twofa-title" className="h5 mb-0 me-auto">
            Two-factor sign-in
          </h2>
          <span className={`badge ${on ? 'text-bg-success' : 'text-bg-secondary'}`} data-testid="twofa-state">
            {on ? 'On' : 'Off'}
          </span>
        </div>
        {on ? (
          <>
            <p className="text-body-secondary">
              Signing in asks for your password and then a 6-digit code from your authenticator app (or one of your recovery
              codes).
            </p>
            <button type="button" className="btn btn-outline-danger" onClick={() => setDisabling(true)}>
              Disable two-factor
            </button>
          </>
        ) : setup ? (
          <SetupSteps
            setup={setup}
            onCancel={() => setSetup(null)}
            onEnabled={(recovery) => {
              setSetup(null);
              setCodes(recovery);
            }}
          />
        ) : (
          <>
            <p className="text-body-secondary">
              Protect the admin area with a second step: after your password, a 6-digit code from an authenticator app on
              your phone.
            </p>
            <button type="button" className="btn btn-primary" disabled={start.isPending} onClick={() => start.mutate(undefined)}>
              <ButtonLabel pending={start.isPending} idle="Enable two-factor" busy="Starting..." />
            </button>
          </>
        )}
      </div>
      {codes ? <RecoveryCodesDialog codes={codes} email={profile.email} product={product} onClose={() => setCodes(null)} /> : null}
      {disabling ? (
        <DisableDialog email={profile.email} required={profile.twoFactorRequired} onClose={() => setDisabling(false)} />
      ) : null}
    </section>
  );
}
