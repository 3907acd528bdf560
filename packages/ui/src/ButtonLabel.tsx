import type { ReactNode } from 'react';

export interface ButtonLabelProps {
  pending?: boolean;
  /** What the button says when idle. */
  idle: ReactNode;
  /** What it says beside the spinner while pending (e.g. 'Logging in...'); without it only the
   * spinner shows, with the idle text for screen readers. */
  busy?: string;
}

/** The inside of a submit button: its label, or a spinner while the request is pending. */
export function ButtonLabel({ pending, idle, busy }: ButtonLabelProps) {
  if (!pending) return <>{idle}</>;
  return (
    <span className="d-inline-flex align-items-center gap-2" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      {busy ? <span>{busy}</span> : <span className="visually-hidden">{typeof idle === 'string' ? idle : 'Please wait'}</span>}
    </span>
  );
}
