import type { ReactNode } from 'react';

export interface SummaryCardProps {
  id: string;
  title: ReactNode;
  value: ReactNode;
  icon?: ReactNode;
  /** Two sub-values under the main value. */
  subValues?: [ReactNode, ReactNode] | ReactNode[];
  tokenIcon?: string;
  active?: boolean;
  /** Reports the card's identifier when clicked. */
  onSelect?: (id: string) => void;
  footerLabel?: ReactNode;
}

/** A selectable summary card (dashboard): icon, title, value, two sub-values, token icon, 'View More'. */
export function SummaryCard({
  id,
  title,
  value,
  icon,
  subValues,
  tokenIcon,
  active = false,
  onSelect,
  footerLabel = 'View More',
}: SummaryCardProps) {
  return (
    <button
      type="button"
      className={`pl-summary-card card text-start w-100 h-100 ${active ? 'pl-summary-card-active' : ''}`}
      aria-pressed={active}
      onClick={() => onSelect?.(id)}
      data-card={id}
    >
      <div className="card-body d-flex flex-column gap-2">
        <div className="d-flex align-items-center justify-content-between gap-2">
          <span className="d-inline-flex align-items-center gap-2 fw-semibold">
            {icon ? <span className="pl-summary-icon" aria-hidden="true">{icon}</span> : null}
            {title}
          </span>
          {tokenIcon ? <img src={tokenIcon} alt="" width={28} height={28} className="rounded-circle" /> : null}
        </div>
        <div className="fs-3 fw-bold text-break">{value}</div>
        {subValues && subValues.length ? (
          <div className="d-flex flex-wrap gap-3 small opacity-75">
            {subValues.map((v, i) => (
              <span key={i}>{v}</span>
            ))}
          </div>
        ) : null}
        <span className="small fw-semibold mt-auto pl-summary-more">{footerLabel} →</span>
      </div>
    </button>
  );
}
