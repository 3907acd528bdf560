import { saveBlob } from '@prelaunch/api';
import { CopyButton } from '@prelaunch/ui';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';

/** The text of the recovery codes' file (and of "Copy all"): who they are for, how they work, one code a line. */
export function recoveryCodesText(codes: string[], who: { email?: string; product?: string }): string {
  const lines = [
    `${who.product ?? 'Admin'} two-factor recovery codes${who.email ? ` for ${who.email}` : ''}`,
    'Each code signs you in once in place of the authenticator code. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ];
  return lines.join('\n');
}

/**
 * The recovery codes, shown once right after two-factor sign-in is turned on: copy them or
 * download them as a .txt, then "I have saved them" (the only way out) closes the dialog.
 */
export function RecoveryCodesDialog({
  codes,
  email,
  product,
  onClose,
}: {
  codes: string[];
  email?: string;
  product?: string;
  onClose: () => void;
}) {
  const [kept, setKept] = useState(false);
  const text = recoveryCodesText(codes, { email, product });
  return (
    <Modal show centered backdrop="static" keyboard={false} aria-labelledby="recovery-title">
      <Modal.Header>
        <Modal.Title id="recovery-title" as="h2" className="h5">
          Save your recovery codes
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          Two-factor sign-in is on. If you lose your phone, each of these codes signs you in <strong>once</strong> in place
          of the authenticator code.
        </p>
        <p className="text-danger fw-semibold small mb-3">They are shown only now: save them before you close this window.</p>
        <ul className="list-unstyled pl-code-grid border rounded p-3 mb-3 bg-body-tertiary" aria-label="Recovery codes" data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="d-flex flex-wrap gap-2 mb-3">
          <CopyButton text={text} what="Recovery codes" className="btn btn-outline-primary btn-sm">
            Copy all
          </CopyButton>
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => {
              saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt');
              setKept(true);
            }}
          >
            Download .txt
          </button>
        </div>
        <div className="form-check">
          <input id="recovery-kept" type="checkbox" className="form-check-input" checked={kept} onChange={(e) => setKept(e.target.checked)} />
          <label htmlFor="recovery-kept" className="form-check-label">
            I have saved them somewhere safe
          </label>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" disabled={!kept} onClick={onClose}>
          I have saved them
        </button>
      </Modal.Footer>
    </Modal>
  );
}
