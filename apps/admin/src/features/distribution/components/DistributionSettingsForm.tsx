import { fieldErrors, httpStatus, unclaimedMessages, type Distribution, type DistributionUpdate } from '@prelaunch/api';
import { ButtonLabel, ConfirmDialog, FormInput, useFocusFirstInvalid } from '@prelaunch/ui';
import { useRef, useState, type FormEvent } from 'react';
import { DISTRIBUTION_FALLBACK } from '../api/distribution';
import { describeSchedule, formFieldOf, toBody, toForm, type DistributionForm, type ScheduleRow } from '../form';

export interface DistributionSettingsFormProps {
  settings: Distribution;
  pending?: boolean;
  /** The last save's failure: a 422's sentences land beside their fields. */
  saveError?: unknown;
  /** Sends the whole settings (after the confirmation). */
  onSave: (body: DistributionUpdate) => void;
}

/**
 * The chain, the TGE and the vesting schedules (a row per round and the token-wide one). Save asks
 * for a confirmation first; once the TGE has passed the TGE, the schedules and the token contract
 * are read-only (the server refuses a change with 409).
 */
export function DistributionSettingsForm({ settings, pending = false, saveError, onSave }: DistributionSettingsFormProps) {
  const [loadedFrom, setLoadedFrom] = useState(settings);
  const [form, setForm] = useState<DistributionForm>(() => toForm(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [others, setOthers] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<DistributionUpdate | null>(null);
  const [refusal, setRefusal] = useState<Record<string, string> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(refusal, formRef);

  if (loadedFrom !== settings) {
    setLoadedFrom(settings);
    setForm(toForm(settings));
    setErrors({});
    setOthers([]);
  }
  const [shownError, setShownError] = useState(saveError);
  if (shownError !== saveError) {
    setShownError(saveError);
    if (saveError && httpStatus(saveError) === 422) {
      const found = fieldErrors(saveError, (f) => formFieldOf(form, f));
      setErrors(found);
      setOthers(unclaimedMessages(saveError, DISTRIBUTION_FALLBACK.update));
      setRefusal(found);
    }
  }
  const locked = settings.locked;

  const set = (key: keyof Omit<DistributionForm, 'schedules'>, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [`chain.${key}`]: _a, [key]: _b, ...rest }) => rest);
  };
  const setRow = (i: number, change: Partial<ScheduleRow>) => {
    setForm((f) => ({ ...f, schedules: f.schedules.map((r, j) => (j === i ? { ...r, ...change } : r)) }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(`rows[${i}].`))));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    setConfirming(toBody(form));
  }

  function confirm() {
    if (!confirming) return;
    const sent = confirming;
    setConfirming(null);
    onSave(sent);
  }

  const err = (k: string) => errors[k];
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Distribution settings">
      {others.length ? (
        <div className="alert alert-danger" role="alert">
          <ul className="mb-0">
            {others.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <section className="card mb-4" aria-labelledby="dist-chain">
        <div className="card-body">
          <h2 id="dist-chain" className="h5">
            Chain
          </h2>
          <div className="row g-3">
            <div className="col-12 col-md-4">
              <FormInput label="Chain ID" inputMode="numeric" value={form.chainId} error={err('chain.chainId')}
                onChange={(e) => set('chainId', e.target.value)} name="chainId" />
            </div>
            <div className="col-12 col-md-8">
              <FormInput label="RPC URL" type="url" value={form.rpcUrl} error={err('chain.rpcUrl')}
                onChange={(e) => set('rpcUrl', e.target.value)} name="rpcUrl" placeholder="https://" />
            </div>
            <div className="col-12 col-md-8">
              <FormInput label="Explorer URL" type="url" value={form.explorerUrl} error={err('chain.explorerUrl')}
                onChange={(e) => set('explorerUrl', e.target.value)} name="explorerUrl" placeholder="https://"
                hint="Transactions link to <explorer>/tx/<hash>." />
            </div>
            <div className="col-12 col-md-8">
              <FormInput label="Token contract address" value={form.tokenAddress} error={err('chain.tokenAddress')} disabled={locked}
                onChange={(e) => set('tokenAddress', e.target.value)} name="tokenAddress" placeholder="0x…" spellCheck={false} />
            </div>
            <div className="col-12 col-md-4">
              <FormInput label="Decimals" inputMode="numeric" value={form.decimals} error={err('chain.decimals')} disabled={locked}
                onChange={(e) => set('decimals', e.target.value)} name="decimals" />
            </div>
          </div>
        </div>
      </section>

      <section className="card mb-4" aria-labelledby="dist-vesting">
        <div className="card-body">
          <h2 id="dist-vesting" className="h5">
            TGE and vesting
          </h2>
          {locked ? (
            <p className="alert alert-info py-2" role="status">
              The TGE has passed: the TGE, the schedules and the token contract can no longer change.
            </p>
          ) : (
            <p className="small text-body-secondary">
              Tokens unlock from the TGE: the TGE unlock at once, nothing more during the cliff, then the rest evenly over the
              vesting days. A round without its own schedule follows the token-wide one; with neither, everything unlocks at TGE.
            </p>
          )}
          <div className="row g-3 mb-3">
            <div className="col-12 col-md-6">
              <FormInput label="TGE (your time zone)" type="datetime-local" value={form.tgeAt} error={err('tgeAt')} disabled={locked}
                onChange={(e) => set('tgeAt', e.target.value)} name="tgeAt" />
            </div>
          </div>
          {form.schedules.map((r, i) => (
            <fieldset key={r.roundId ?? 'token'} className="border rounded p-3 mb-3" disabled={locked}>
              <legend className="float-none w-auto px-2 fs-6 mb-0">{r.label}</legend>
              {r.roundId !== null ? (
                <div className="form-check mb-2">
                  <input className="form-check-input" type="checkbox" id={`own-${i}`} checked={r.enabled}
                    onChange={(e) => setRow(i, { enabled: e.target.checked })} />
                  <label className="form-check-label" htmlFor={`own-${i}`}>
                    Its own schedule
                  </label>
                </div>
              ) : (
                <div className="form-check mb-2">
                  <input className="form-check-input" type="checkbox" id={`own-${i}`} checked={r.enabled}
                    onChange={(e) => setRow(i, { enabled: e.target.checked })} />
                  <label className="form-check-label" htmlFor={`own-${i}`}>
                    Set a token-wide schedule
                  </label>
                </div>
              )}
              {err(`rows[${i}].roundId`) ? <p className="text-danger small mb-2">{err(`rows[${i}].roundId`)}</p> : null}
              {r.enabled ? (
                <>
                  <div className="row g-2">
                    <div className="col-12 col-sm-4">
                      <FormInput label="TGE unlock %" inputMode="decimal" value={r.tgeUnlockPercent} error={err(`rows[${i}].tgeUnlockPercent`)}
                        onChange={(e) => setRow(i, { tgeUnlockPercent: e.target.value })} name={`rows[${i}].tgeUnlockPercent`} />
                    </div>
                    <div className="col-6 col-sm-4">
                      <FormInput label="Cliff (days)" inputMode="numeric" value={r.cliffDays} error={err(`rows[${i}].cliffDays`)}
                        onChange={(e) => setRow(i, { cliffDays: e.target.value })} name={`rows[${i}].cliffDays`} />
                    </div>
                    <div className="col-6 col-sm-4">
                      <FormInput label="Vesting (days)" inputMode="numeric" value={r.vestingDays} error={err(`rows[${i}].vestingDays`)}
                        onChange={(e) => setRow(i, { vestingDays: e.target.value })} name={`rows[${i}].vestingDays`} />
                    </div>
                  </div>
                  <p className="small text-body-secondary mt-2 mb-0">{describeSchedule(r)}.</p>
                </>
              ) : (
                <p className="small text-body-secondary mb-0">
                  {r.roundId === null ? 'Everything unlocks at TGE unless a round has its own schedule.' : 'Follows the token-wide schedule.'}
                </p>
              )}
            </fieldset>
          ))}
        </div>
      </section>

      <div className="d-flex justify-content-end">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          <ButtonLabel pending={pending} idle="Save" busy="Saving..." />
        </button>
      </div>
      <ConfirmDialog
        show={confirming !== null}
        title="Save distribution settings"
        message={locked ? 'Save the chain settings?' : 'Save the chain, TGE and vesting settings?'}
        target={
          confirming && !locked ? (
            <p className="mb-0 small">
              Once the TGE has passed, the TGE, the schedules and the token contract cannot change.
            </p>
          ) : null
        }
        confirmLabel="Save"
        pending={pending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </form>
  );
}
