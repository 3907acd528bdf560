import { FormInput } from './FormInput';

/** What a two-factor code field takes: the authenticator's 6 digits, or one of the recovery codes. */
export type CodeKind = 'totp' | 'recovery';

export const TOTP_DIGITS = 6;

/** What the field keeps of what is typed or pasted: the digits of a TOTP (at most 6); a recovery code without spaces. */
export function normaliseCode(kind: CodeKind, raw: string): string {
  if (kind === 'totp') return raw.replace(/\D/g, '').slice(0, TOTP_DIGITS);
  return raw.replace(/\s/g, '').slice(0, 64);
}

/** Why a code cannot be sent yet, or undefined when it can. */
export function checkCode(kind: CodeKind, value: string): string | undefined {
  if (kind === 'totp') {
    if (!value) return 'Enter the 6-digit code from your authenticator app.';
    if (!/^\d{6}$/.test(value)) return 'The code has 6 digits.';
    return undefined;
  }
  return value ? undefined : 'Enter one of your recovery codes.';
}

export interface OneTimeCodeInputProps {
  kind: CodeKind;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Defaults to "Authentication code" or "Recovery code". */
  label?: string;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * The field for a two-factor code: numeric keyboard and one-time-code autofill for the
 * authenticator's 6 digits, plain text for a recovery code; what is pasted is cleaned as it lands.
 */
export function OneTimeCodeInput({ kind, value, onChange, error, label, id, autoFocus, disabled, className }: OneTimeCodeInputProps) {
  const totp = kind === 'totp';
  return (
    <FormInput
      id={id}
      label={label ?? (totp ? 'Authentication code' : 'Recovery code')}
      name={totp ? 'code' : 'recoveryCode'}
      inputMode={totp ? 'numeric' : 'text'}
      autoComplete={totp ? 'one-time-code' : 'off'}
      autoCapitalize="off"
      spellCheck={false}
      pattern={totp ? '[0-9]*' : undefined}
      maxLength={totp ? 16 : 64}
      placeholder={totp ? '6-digit code' : 'XXXXX-XXXXX'}
      className={className}
      value={value}
      onChange={(e) => onChange(normaliseCode(kind, e.target.value))}
      error={error}
      autoFocus={autoFocus}
      disabled={disabled}
      size="lg"
      data-kind={kind}
    />
  );
}
