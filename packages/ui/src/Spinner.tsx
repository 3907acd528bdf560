import BsSpinner from 'react-bootstrap/Spinner';

export interface SpinnerProps {
  /** Accessible text; also shown beside the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm';
  className?: string;
}

export function Spinner({ label = 'Loading...', showLabel = false, size, className }: SpinnerProps) {
  return (
    <span className={`d-inline-flex align-items-center gap-2 ${className ?? ''}`} role="status">
      <BsSpinner animation="border" size={size} aria-hidden="true" />
      {showLabel ? <span>{label}</span> : <span className="visually-hidden">{label}</span>}
    </span>
  );
}

/** A centred spinner filling the page area; the Suspense fallback of lazy routes. */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5 w-100" style={{ minHeight: '40vh' }}>
      <Spinner label={label} />
    </div>
  );
}
