import { useId, useState, type KeyboardEvent } from 'react';

/** A company answers on at most 10 host names. */
export const MAX_DOMAINS = 10;

/** How a host is kept: trimmed and lower case (the server stores it so too). */
export function normaliseDomain(raw: string): string {
  return raw.trim().toLowerCase();
}

// Letters, digits and dashes in dot-separated labels, at least one dot (sale.example.com,
// acw.localhost); the server also refuses an IP address, "localhost" and foreign base-domain hosts.
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** Adds `raw` to `list`, or says why it cannot be added. */
export function addDomain(list: readonly string[], raw: string): { list: string[]; error?: undefined } | { error: string } {
  const host = normaliseDomain(raw);
  if (!host) return { error: 'Enter a host name, e.g. sale.example.com.' };
  if (!HOST.test(host)) return { error: 'Enter only a host name such as sale.example.com: no scheme, port or path.' };
  if (list.includes(host)) return { error: `${host} is already in the list.` };
  if (list.length >= MAX_DOMAINS) return { error: `A company can have at most ${MAX_DOMAINS} domains.` };
  return { list: [...list, host] };
}

/**
 * The list a form submits: `list` with the host still typed in the box but not yet "Included"
 * (a typed host is never dropped silently), or why that host cannot be added.
 */
export function withDraftDomain(list: readonly string[], draft: string): { list: string[]; error?: undefined } | { error: string } {
  if (!normaliseDomain(draft)) return { list: [...list] };
  return addDomain(list, draft);
}

export interface DomainsEditorProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** A problem the server reported about the domains. */
  error?: string;
  disabled?: boolean;
  label?: string;
  /** The host typed but not yet included, when the form keeps it (to include it on submit). */
  draft?: string;
  onDraftChange?: (draft: string) => void;
}

/**
 * The host names a company's buyer site answers on: an input with Include (or Enter),
 * each host with its × to remove it; lower case, no repeats, at most 10.
 */
export function DomainsEditor({
  value,
  onChange,
  error,
  disabled = false,
  label = 'Domains',
  draft: controlledDraft,
  onDraftChange,
}: DomainsEditorProps) {
  const id = useId();
  const [ownDraft, setOwnDraft] = useState('');
  const draft = controlledDraft ?? ownDraft;
  const setDraft = (next: string) => {
    setOwnDraft(next);
    onDraftChange?.(next);
  };
  const [problem, setProblem] = useState<string>();
  const full = value.length >= MAX_DOMAINS;
  const shown = problem ?? error;

  function add() {
    const res = addDomain(value, draft);
    if (res.error !== undefined) {
      setProblem(res.error);
      return;
    }
    setProblem(undefined);
    setDraft('');
    onChange(res.list);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the host instead of submitting the dialog's form.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  }

  return (
    <div className="mb-3">
      <label htmlFor={`${id}-input`} className="form-label">
        {label}
      </label>
      <div className="input-group">
        <input
          id={`${id}-input`}
          type="text"
          className={`form-control ${shown ? 'is-invalid' : ''}`}
          placeholder="sale.example.com"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          inputMode="url"
          value={draft}
          disabled={disabled || full}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        {/* Not "Add": the dialogs' own submit is "Add", and one name must not match both. */}
        <button type="button" className="btn btn-outline-primary" onClick={add} disabled={disabled || full}>
          Include
        </button>
      </div>
      {shown ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {shown}
        </div>
      ) : null}
      <div id={`${id}-hint`} className="form-text">
        {full
          ? `The most a company can have: ${MAX_DOMAINS}. Remove one to add another.`
          : `The host names its buyer site answers on, up to ${MAX_DOMAINS}. Press Include (or Enter) for each.`}
      </div>
      {value.length ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0">
          {value.map((host) => (
            <li key={host} className="badge text-bg-light border d-inline-flex align-items-center gap-1 text-wrap text-start mw-100">
              <span className="text-break fw-normal fs-6">{host}</span>
              <button
                type="button"
                className="btn btn-sm btn-link text-danger p-0 px-1 lh-1 fs-5 text-decoration-none"
                aria-label={`Remove ${host}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((d) => d !== host))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="small text-body-secondary mt-2 mb-0">No domain yet</p>
      )}
    </div>
  );
}
