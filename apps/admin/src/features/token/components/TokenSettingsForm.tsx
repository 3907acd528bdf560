import { httpStatus, type TokenSettings, type TokenUpdateRequest } from '@prelaunch/api';
import { ButtonLabel, ConfirmDialog, toastErrors, useFocusFirstInvalid } from '@prelaunch/ui';
import { useRef, useState, type FormEvent } from 'react';
import {
  changedBody,
  changedSections,
  changeLines,
  saveEffect,
  pruneErrors,
  readableErrors,
  serverErrors,
  toForm,
  type FieldErrors,
  type TokenForm,
} from '../form';
import { BrandingSection } from './BrandingSection';
import { RoundsEditor } from './RoundsEditor';
import { PriceSection, SaleSection, SupplySection, TaxSection } from './SettingsSections';

export interface TokenSettingsFormProps {
  /** The settings as last loaded (or as the last save answered). */
  settings: TokenSettings;
  pending?: boolean;
  /** The last save's failure; a 422's sentences land on their fields. */
  saveError?: unknown;
  /** Sends the changed keys (after the confirmation). */
  onSave: (body: TokenUpdateRequest) => void;
}

/**
 * Token Settings: every section in one form; Save sends only the top-level keys that
 * changed, after a confirmation, and the form then shows the server's answer.
 */
export function TokenSettingsForm({ settings, pending = false, saveError, onSave }: TokenSettingsFormProps) {
  const [loadedFrom, setLoadedFrom] = useState(settings);
  const [loaded, setLoaded] = useState(() => toForm(settings));
  const [form, setForm] = useState(loaded);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<TokenUpdateRequest | null>(null);
  // Each refusal (the browser's or the server's): its first field is scrolled into view and focused.
  const [refusal, setRefusal] = useState<FieldErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(refusal, formRef);

  // The save's answer (or a reload) replaces what the form shows.
  if (loadedFrom !== settings) {
    const next = toForm(settings);
    setLoadedFrom(settings);
    setLoaded(next);
    setForm(next);
    setErrors({});
  }
  const [shownError, setShownError] = useState(saveError);
  if (shownError !== saveError) {
    setShownError(saveError);
    if (saveError && httpStatus(saveError) === 422) {
      const found = serverErrors(saveError);
      setErrors(found);
      setRefusal(found);
    }
  }

  const body = changedBody(loaded, form);
  const dirty = Object.keys(body).length > 0;

  const update = (change: (f: TokenForm) => TokenForm) => {
    const next = change(form);
    setForm(next);
    setErrors((e) => pruneErrors(e, form, next));
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const found = readableErrors(form);
    setErrors(found);
    if (Object.keys(found).length) {
      setRefusal(found);
      toastErrors(['Please correct the highlighted fields.']);
      return;
    }
    if (!dirty) return;
    setConfirming(body);
  }

  function confirm() {
    if (!confirming) return;
    const sent = confirming;
    setConfirming(null);
    onSave(sent);
  }

  const formErrors = errors.form ?? [];
  const count = Object.values(errors).reduce((n, list) => n + list.length, 0);

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Token settings" className="pl-token-form">
      {count > 0 ? (
        <div className="alert alert-danger" role="alert" data-testid="form-errors">
          <p className="fw-semibold mb-1">
            Please fix {count === 1 ? '1 problem' : `${count} problems`}; each message is next to its field.
          </p>
          {formErrors.length ? (
            <ul className="mb-0">
              {formErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <PriceSection form={form} update={update} errors={errors} />
      <SupplySection form={form} update={update} errors={errors} />
      <SaleSection form={form} update={update} errors={errors} />
      <RoundsEditor form={form} update={update} errors={errors} />
      <BrandingSection form={form} update={update} errors={errors} />
      <TaxSection form={form} update={update} errors={errors} />

      <div className="pl-token-actions">
        <span className="small text-body-secondary me-auto" aria-live="polite">
          {dirty ? `Unsaved changes: ${changedSections(body).join(', ')}` : 'No unsaved changes'}
        </span>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={!dirty || pending}
          onClick={() => {
            setForm(loaded);
            setErrors({});
          }}
        >
          Discard
        </button>
        <button type="submit" className="btn btn-primary" disabled={!dirty || pending}>
          <ButtonLabel pending={pending} idle="Save" busy="Saving..." />
        </button>
      </div>

      <ConfirmDialog
        show={confirming !== null}
        title="Save token settings"
        message="Save these changes?"
        confirmLabel="Save"
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        <p className="mt-3 mb-1">You are changing:</p>
        <ul className="mb-2 ps-3 text-break" data-testid="confirm-changes">
          {changeLines(loaded, form).map((c) => (
            <li key={c.label}>
              <span className="fw-semibold">{c.label}</span>: {c.before} → {c.after}
            </li>
          ))}
        </ul>
        <p className="small text-body-secondary mb-0" data-testid="confirm-effect">
          {saveEffect(loaded, form)}
        </p>
      </ConfirmDialog>
    </form>
  );
}
