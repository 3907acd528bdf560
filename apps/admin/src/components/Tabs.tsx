import { useRef, type KeyboardEvent } from 'react';

/** A tab list that follows the arrow, Home and End keys. */
export function Tabs<T extends string>({
  tabs,
  active,
  onChange,
  label,
  panelId,
}: {
  tabs: readonly (readonly [T, string])[];
  active: T;
  onChange: (t: T) => void;
  label: string;
  panelId: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onChange(tabs[next][0]);
    refs.current[next]?.focus();
  }
  return (
    <ul className="nav nav-tabs mb-3" role="tablist" aria-label={label}>
      {tabs.map(([id, text], i) => (
        <li key={id} className="nav-item" role="presentation">
          <button
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={active === id}
            aria-controls={panelId}
            tabIndex={active === id ? 0 : -1}
            className={`nav-link ${active === id ? 'active' : ''}`}
            onClick={() => onChange(id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {text}
          </button>
        </li>
      ))}
    </ul>
  );
}
