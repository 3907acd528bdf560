import { useId, useState } from 'react';
import { diffRecords, type DiffChange } from './jsonDiff';

export interface JsonDiffProps {
  before: unknown;
  after: unknown;
  /** The accessible name of the comparison, e.g. "Changes to PUR-0012". */
  label?: string;
  /** A field's name in words (the raw name stays in its tooltip). */
  fieldLabel?: (key: string) => string;
}

const CHANGE_TEXT: Record<DiffChange, string> = {
  added: 'added',
  removed: 'removed',
  changed: 'changed',
  same: 'unchanged',
};

/**
 * A recorded change's before and after, field by field side by side (stacked on a phone). Only
 * the fields that changed show at first; the unchanged ones are one click away.
 */
export function JsonDiff({ before, after, label = 'Changes', fieldLabel }: JsonDiffProps) {
  const rows = diffRecords(before, after);
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  if (rows.length === 0) return <p className="small text-body-secondary mb-0">No details were recorded for this action.</p>;
  const changed = rows.filter((r) => r.change !== 'same');
  const unchanged = rows.length - changed.length;
  const shown = showAll ? rows : changed;
  return (
    <div className="pl-diff small">
      <div className="pl-diff-grid" role="table" aria-label={label} id={listId}>
        <div className="pl-diff-head" role="row">
          <span role="columnheader">Field</span>
          <span role="columnheader">Before</span>
          <span role="columnheader">After</span>
        </div>
        {shown.length === 0 ? (
          <div role="row" className="pl-diff-row">
            <span role="cell" className="text-body-secondary">
              Nothing changed.
            </span>
          </div>
        ) : (
          shown.map((r) => (
            <div key={r.key || '(value)'} role="row" className={`pl-diff-row pl-diff-${r.change}`}>
              <span role="rowheader" className="pl-diff-key" title={fieldLabel && r.key ? r.key : undefined}>
                {r.key ? (fieldLabel ? fieldLabel(r.key) : r.key) : 'value'}
                <span className="visually-hidden"> ({CHANGE_TEXT[r.change]})</span>
              </span>
              <span role="cell" className="pl-diff-before">
                <span className="pl-diff-side" aria-hidden="true">
                  Before
                </span>
                {r.before === undefined ? <em className="text-body-secondary">none</em> : <code>{r.before}</code>}
              </span>
              <span role="cell" className="pl-diff-after">
                <span className="pl-diff-side" aria-hidden="true">
                  After
                </span>
                {r.after === undefined ? <em className="text-body-secondary">none</em> : <code>{r.after}</code>}
              </span>
            </div>
          ))
        )}
      </div>
      {unchanged > 0 ? (
        <button
          type="button"
          className="btn btn-link btn-sm px-0 pl-diff-toggle"
          aria-controls={listId}
          aria-expanded={showAll}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? 'Hide unchanged fields' : `Show unchanged fields (${unchanged})`}
        </button>
      ) : null}
    </div>
  );
}
