import { useRef, useState } from 'react';
import { ButtonLabel } from './ButtonLabel';
import { reportError, useOnUnauthorized } from './errorToast';

export interface ExportButtonProps {
  /** Fetches and saves the file (e.g. api.exportPurchases(filters)); a rejection is toasted. */
  download: () => Promise<unknown>;
  /** The toast's text when the server gives no message. */
  fallback: string;
  label?: string;
  className?: string;
}

/**
 * Export CSV: runs download once at a time, with a spinner and the button disabled
 * while the file comes, and an error toast when it fails.
 */
export function ExportButton({ download, fallback, label = 'Export CSV', className = 'btn btn-outline-primary' }: ExportButtonProps) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const onUnauthorized = useOnUnauthorized();
  const run = async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await download();
    } catch (err) {
      if (reportError(err, fallback)) onUnauthorized?.();
    } finally {
      running.current = false;
      setPending(false);
    }
  };
  return (
    <button type="button" className={`${className} text-nowrap`} disabled={pending} aria-busy={pending} onClick={() => void run()}>
      <ButtonLabel pending={pending} idle={label} busy="Exporting..." />
    </button>
  );
}

export interface DateRangeProps {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  /** Prefix of the inputs' ids (unique on the page). */
  id?: string;
}

/** A from/to pair of date inputs (yyyy-mm-dd, both days inclusive), e.g. an export's range. */
export function DateRange({ from, to, onChange, id = 'pl-range' }: DateRangeProps) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 pl-date-range">
      <label className="visually-hidden" htmlFor={`${id}-from`}>
        From date
      </label>
      <input
        id={`${id}-from`}
        type="date"
        className="form-control w-auto"
        value={from}
        max={to || undefined}
        onChange={(e) => onChange({ from: e.target.value, to })}
      />
      <span aria-hidden="true">–</span>
      <label className="visually-hidden" htmlFor={`${id}-to`}>
        To date
      </label>
      <input
        id={`${id}-to`}
        type="date"
        className="form-control w-auto"
        value={to}
        min={from || undefined}
        onChange={(e) => onChange({ from, to: e.target.value })}
      />
    </div>
  );
}
