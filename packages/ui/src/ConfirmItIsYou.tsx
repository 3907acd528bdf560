import { FormInput } from './FormInput';

export interface ConfirmItIsYouProps {
  password: string;
  onPassword: (v: string) => void;
  /** The admin has two-factor sign-in on: their code (or a recovery code) is asked too. */
  askCode?: boolean;
  code?: string;
  onCode?: (v: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  errors?: { password?: string; code?: string };
}

/**
 * The fields a sensitive change asks before it is sent: the signed-in person's current password
 * and, when their two-factor sign-in is on, its code. One place for the rule, so every dialog that
 * guards a change (payout details, another admin's email) asks the same two things the same way.
 */
export function ConfirmItIsYou({ password, onPassword, askCode, code = '', onCode, disabled, autoFocus, errors = {} }: ConfirmItIsYouProps) {
  return (
    <>
      <FormInput
        label="Your current password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        disabled={disabled}
        autoFocus={autoFocus}
        error={errors.password}
      />
      {askCode ? (
        <FormInput
          label="Your two-factor code"
          inputMode="numeric"
          autoComplete="one-time-code"
          hint="The 6-digit code of your authenticator app, or a recovery code."
          value={code}
          onChange={(e) => onCode?.(e.target.value)}
          disabled={disabled}
          error={errors.code}
        />
      ) : null}
    </>
  );
}

/** Whether the fields ConfirmItIsYou shows are filled enough to send. */
export function confirmItIsYouReady(password: string, askCode: boolean | undefined, code: string): boolean {
  return Boolean(password) && (!askCode || Boolean(code.trim()));
}
