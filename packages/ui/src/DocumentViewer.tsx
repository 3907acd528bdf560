import { useEffect, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

/** One document of a set (a buyer's PAN, Aadhaar sides, selfie…). */
export interface ViewerDocument {
  /** What it is, shown as its title ("PAN card"). */
  label: string;
  /** A (signed) link to the file. */
  url: string;
  /** The MIME type when known; else the link or name decides, and an image that fails to load is shown as a file. */
  contentType?: string | null;
  /** The file's name when known (its extension helps decide the type). */
  name?: string | null;
}

export type DocumentType = 'image' | 'pdf';

/** Whether a document is shown as an image or in the browser's PDF viewer. */
export function documentType(doc: Pick<ViewerDocument, 'url' | 'contentType' | 'name'>): DocumentType {
  const ct = (doc.contentType ?? '').toLowerCase();
  if (ct === 'application/pdf') return 'pdf';
  if (ct.startsWith('image/')) return 'image';
  const path = (doc.name || doc.url.split('?')[0] || '').toLowerCase();
  return path.endsWith('.pdf') ? 'pdf' : 'image';
}

/** The zoom steps of an image; 0 is "fit to the screen". */
export const ZOOM_STEPS = [0, 1, 1.5, 2, 3] as const;

export interface DocumentViewerProps {
  /** The set; the viewer is open while `index` is not null. */
  documents: readonly ViewerDocument[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Whose documents these are, above the document's label (e.g. the buyer's name). */
  title?: string;
  /** What to compare the documents with and decide on, under the header (e.g. the numbers, Approve and Reject). */
  actions?: ReactNode;
}

/**
 * A document set in a dialog, full screen on a phone: images fit the screen and zoom in steps
 * (scrolling when larger), PDFs open in the browser's viewer (with a link to open them in a tab, as
 * phone browsers often cannot show a PDF inline), and Previous / Next (or the arrow keys) move
 * between the documents.
 */
export function DocumentViewer({ documents, index, onIndexChange, onClose, title, actions }: DocumentViewerProps) {
  const open = index !== null && index >= 0 && index < documents.length;
  const doc = open ? documents[index] : null;
  const [zoom, setZoom] = useState(0);
  // An image link that failed to load (a PDF without a type, say) is shown as a file instead.
  const [broken, setBroken] = useState<Record<string, boolean>>({});

  // Each document opens fitted.
  const [shown, setShown] = useState(index);
  if (shown !== index) {
    setShown(index);
    setZoom(0);
  }

  // The arrow keys move between the documents while the viewer is open (not inside a form field).
  const count = documents.length;
  useEffect(() => {
    if (index === null || index < 0 || index >= count) return;
    function onKey(e: globalThis.KeyboardEvent) {
      if (e.target instanceof HTMLElement && e.target.closest('select, input, textarea')) return;
      if (e.key === 'ArrowLeft' && index! > 0) {
        e.preventDefault();
        onIndexChange(index! - 1);
      } else if (e.key === 'ArrowRight' && index! < count - 1) {
        e.preventDefault();
        onIndexChange(index! + 1);
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [index, count, onIndexChange]);

  if (!doc || index === null) return <Modal show={false} onHide={onClose} />;

  const type: DocumentType = broken[doc.url] ? 'pdf' : documentType(doc);
  const hasPrev = index > 0;
  const hasNext = index < count - 1;
  const zoomAt = ZOOM_STEPS.indexOf(zoom as (typeof ZOOM_STEPS)[number]);

  return (
    <Modal show onHide={onClose} size="xl" fullscreen="md-down" centered aria-labelledby="pl-docviewer-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5 mb-0 min-w-0" id="pl-docviewer-title">
          {title ? <span className="d-block small fw-normal text-body-secondary text-truncate">{title}</span> : null}
          <span data-testid="docviewer-label">{doc.label}</span>{' '}
          <span className="small fw-normal text-body-secondary">
            ({index + 1} of {count})
          </span>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-2 p-md-3 d-flex flex-column gap-2">
        {actions ? <div className="d-flex flex-wrap align-items-center gap-2 border-bottom pb-2">{actions}</div> : null}
        <div className="d-flex flex-wrap align-items-center gap-2">
          {type === 'image' ? (
            <div className="btn-group btn-group-sm" role="group" aria-label="Zoom">
              <button type="button" className="btn btn-outline-secondary" onClick={() => setZoom(0)} aria-pressed={zoom === 0}>
                Fit
              </button>
              <button
                type="button"
                className="btn btn-outline-secondary"
                aria-label="Zoom out"
                disabled={zoomAt <= 0}
                onClick={() => setZoom(ZOOM_STEPS[Math.max(0, zoomAt - 1)])}
              >
                −
              </button>
              <span className="btn btn-outline-secondary pe-none" aria-live="polite" data-testid="docviewer-zoom">
                {zoom === 0 ? 'Fitted' : `${Math.round(zoom * 100)}%`}
              </span>
              <button
                type="button"
                className="btn btn-outline-secondary"
                aria-label="Zoom in"
                disabled={zoomAt >= ZOOM_STEPS.length - 1}
                onClick={() => setZoom(ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, zoomAt + 1)])}
              >
                +
              </button>
            </div>
          ) : null}
          <a href={doc.url} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-link ms-auto">
            Open in a new tab
          </a>
        </div>
        <div className="pl-docviewer-stage" data-testid="docviewer-stage" data-type={type}>
          {type === 'image' ? (
            <img
              key={doc.url}
              src={doc.url}
              alt={doc.label}
              className={zoom === 0 ? 'pl-docviewer-fit' : undefined}
              style={zoom === 0 ? undefined : { width: `${zoom * 100}%`, maxWidth: 'none' }}
              onError={() => setBroken((b) => ({ ...b, [doc.url]: true }))}
            />
          ) : (
            <object key={doc.url} data={doc.url} type="application/pdf" aria-label={doc.label} className="pl-docviewer-pdf">
              <p className="p-3 mb-0">
                This browser cannot show the document here.{' '}
                <a href={doc.url} target="_blank" rel="noopener noreferrer">
                  Open {doc.label}
                </a>
              </p>
            </object>
          )}
        </div>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <button type="button" className="btn btn-outline-primary" disabled={!hasPrev} onClick={() => onIndexChange(index - 1)}>
          ‹ Previous
        </button>
        <ol className="pl-docviewer-dots list-unstyled d-flex gap-1 mb-0" aria-label="Documents">
          {documents.map((d, i) => (
            <li key={d.url + i}>
              <button
                type="button"
                className={`btn btn-sm ${i === index ? 'btn-primary' : 'btn-outline-secondary'}`}
                aria-current={i === index ? 'true' : undefined}
                aria-label={`${i + 1}. ${d.label}`}
                title={d.label}
                onClick={() => onIndexChange(i)}
              >
                {i + 1}
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="btn btn-outline-primary" disabled={!hasNext} onClick={() => onIndexChange(index + 1)}>
          Next ›
        </button>
      </Modal.Footer>
    </Modal>
  );
}
