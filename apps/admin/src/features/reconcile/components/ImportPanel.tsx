import { STATEMENT_EXTENSIONS, STATEMENT_MAX_BYTES, errorMessage, type ReconcileImport } from '@prelaunch/api';
import { ButtonLabel, FileDropZone, UploadProgress, type FileRules } from '@prelaunch/ui';
import { useState } from 'react';
import { findEarlierImport } from '../api/reconcile';
import { useStatementImport } from '../hooks/useStatementImport';

/** The server's own words for the same refusals, said before anything is sent. */
export const STATEMENT_RULES: FileRules = {
  extensions: STATEMENT_EXTENSIONS,
  maxBytes: STATEMENT_MAX_BYTES,
  typeMessage: 'The statement must be a CSV or XLSX file.',
  sizeMessage: 'The statement is larger than 20 MB.',
  emptyMessage: 'The statement is empty.',
};

/** Drop a statement, watch it upload, and see why the server refused it (409 offers the earlier import). */
export function ImportPanel({ onOpen }: { onOpen: (im: ReconcileImport) => void }) {
  const { upload, uploading, percent, failure, fileName } = useStatementImport(onOpen);
  const [finding, setFinding] = useState(false);
  const [findError, setFindError] = useState<string | null>(null);

  const openEarlier = async () => {
    if (!failure?.earlier) return;
    setFinding(true);
    setFindError(null);
    try {
      const found = await findEarlierImport(failure.earlier);
      if (found) onOpen(found);
      else setFindError('The earlier import is not in the import history.');
    } catch (err) {
      console.error(err);
      setFindError(errorMessage(err, 'Failed to fetch imports').join(' '));
    } finally {
      setFinding(false);
    }
  };

  return (
    <section className="card border-0 shadow-sm h-100" aria-labelledby="reconcile-import-title">
      <div className="card-body d-flex flex-column gap-3">
        <h2 id="reconcile-import-title" className="h5 mb-0">
          Import a statement
        </h2>
        <FileDropZone
          rules={STATEMENT_RULES}
          onFile={(f) => {
            setFindError(null);
            upload(f);
          }}
          label="Bank statement"
          hint="CSV or XLSX, up to 20 MB. Credit lines are matched to the buyers' pending purchases by UTR and amount."
          disabled={uploading}
        />
        {uploading ? (
          <div>
            <div className="small mb-1 text-break">{fileName}</div>
            <UploadProgress percent={percent} />
          </div>
        ) : null}
        {!uploading && failure ? (
          <div className="alert alert-danger mb-0" role="alert" data-status={failure.status}>
            {fileName ? <div className="fw-semibold text-break">{fileName}</div> : null}
            {failure.messages.map((m) => (
              <div key={m} className="text-break">
                {m}
              </div>
            ))}
            {failure.earlier ? (
              <button type="button" className="btn btn-sm btn-outline-danger mt-2" disabled={finding} onClick={() => void openEarlier()}>
                <ButtonLabel pending={finding} idle="Open the earlier import" busy="Finding..." />
              </button>
            ) : null}
            {findError ? <div className="mt-2">{findError}</div> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
