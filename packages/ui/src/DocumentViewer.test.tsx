import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DocumentViewer, documentType, type ViewerDocument } from './DocumentViewer';

const DOCS: ViewerDocument[] = [
  { label: 'PAN card', url: '/api/v1/media/file/a?sig=1', contentType: 'image/png' },
  { label: 'Aadhaar front', url: '/api/v1/media/file/b.pdf?sig=2' },
  { label: 'Selfie', url: '/api/v1/media/file/c?sig=3' },
];

function Harness({ start = 0, onClose = () => undefined }: { start?: number | null; onClose?: () => void }) {
  const [index, setIndex] = useState<number | null>(start);
  return <DocumentViewer documents={DOCS} index={index} onIndexChange={setIndex} onClose={onClose} title="Asha Rao" />;
}

describe('documentType', () => {
  it('takes the MIME type first, then the name or link', () => {
    expect(documentType({ url: '/x', contentType: 'application/pdf' })).toBe('pdf');
    expect(documentType({ url: '/x.pdf', contentType: 'image/jpeg' })).toBe('image');
    expect(documentType({ url: '/x', name: 'aadhaar.PDF' })).toBe('pdf');
    expect(documentType({ url: '/media/file/x.pdf?X-Sig=abc' })).toBe('pdf');
    expect(documentType({ url: '/media/file/x?type=.pdf' })).toBe('image');
  });
});

describe('DocumentViewer', () => {
  it('shows the document, its place in the set, and moves with Previous / Next and the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByTestId('docviewer-label')).toHaveTextContent('PAN card');
    expect(screen.getByText('(1 of 3)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'PAN card' })).toHaveAttribute('src', DOCS[0].url);
    expect(screen.getByRole('button', { name: '‹ Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next ›' }));
    expect(screen.getByTestId('docviewer-label')).toHaveTextContent('Aadhaar front');
    // A PDF is shown in the browser's viewer, with a link to open it elsewhere.
    expect(screen.getByTestId('docviewer-stage')).toHaveAttribute('data-type', 'pdf');
    expect(document.querySelector('object')).toHaveAttribute('data', DOCS[1].url);
    expect(screen.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', DOCS[1].url);

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
    expect(screen.getByTestId('docviewer-label')).toHaveTextContent('Selfie');
    expect(screen.getByRole('button', { name: 'Next ›' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    expect(screen.getByTestId('docviewer-label')).toHaveTextContent('Aadhaar front');

    await user.click(screen.getByRole('button', { name: '1. PAN card' }));
    expect(screen.getByText('(1 of 3)')).toBeInTheDocument();
  });

  it('zooms an image in steps and fits it again on the next document', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByTestId('docviewer-zoom')).toHaveTextContent('Fitted');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('docviewer-zoom')).toHaveTextContent('150%');
    expect(screen.getByRole('img', { name: 'PAN card' })).toHaveStyle({ width: '150%' });
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByTestId('docviewer-zoom')).toHaveTextContent('100%');
    await user.click(screen.getByRole('button', { name: '3. Selfie' }));
    expect(screen.getByTestId('docviewer-zoom')).toHaveTextContent('Fitted');
  });

  it('shows an image that fails to load as a file', () => {
    render(<Harness start={2} />);
    fireEvent.error(screen.getByRole('img', { name: 'Selfie' }));
    expect(screen.getByTestId('docviewer-stage')).toHaveAttribute('data-type', 'pdf');
    expect(screen.queryByRole('group', { name: 'Zoom' })).toBeNull();
  });

  it('is closed without an index and closes with its close mark', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness start={null} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
