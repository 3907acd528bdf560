import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { checkFile, FileDropZone, UploadProgress, type FileRules } from './FileDropZone';

const MB = 1024 * 1024;
const rules: FileRules = {
  extensions: ['.csv', '.xlsx'],
  maxBytes: 20 * MB,
  typeMessage: 'The statement must be a CSV or XLSX file.',
  sizeMessage: 'The statement is larger than 20 MB.',
  emptyMessage: 'The statement is empty.',
};

/** A file that reports `size` bytes without allocating them. */
function sized(name: string, size: number, type = '') {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

function drop(files: File[]) {
  fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files, types: ['Files'] } });
}

describe('checkFile', () => {
  it('accepts the listed extensions in any case up to the limit', () => {
    expect(checkFile(sized('April.CSV', 10), rules)).toBeNull();
    expect(checkFile(sized('a.xlsx', 20 * MB), rules)).toBeNull();
    expect(checkFile(sized('a.xls', 10), rules)).toBe(rules.typeMessage);
    expect(checkFile(sized('a.xlsx', 20 * MB + 1), rules)).toBe(rules.sizeMessage);
    expect(checkFile(sized('a.csv', 0), rules)).toBe(rules.emptyMessage);
  });
});

describe('FileDropZone', () => {
  it('refuses a dropped .png and a 25 MB file before sending, and takes a good CSV', () => {
    const onFile = vi.fn();
    render(<FileDropZone rules={rules} onFile={onFile} label="Bank statement" />);
    drop([sized('receipt.png', 1000, 'image/png')]);
    expect(screen.getByRole('alert')).toHaveTextContent('The statement must be a CSV or XLSX file.');
    drop([sized('big.csv', 25 * MB, 'text/csv')]);
    expect(screen.getByRole('alert')).toHaveTextContent('The statement is larger than 20 MB.');
    expect(onFile).not.toHaveBeenCalled();
    const good = sized('april.csv', 2000, 'text/csv');
    drop([good]);
    expect(onFile).toHaveBeenCalledWith(good);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses two files at once', () => {
    const onFile = vi.fn();
    render(<FileDropZone rules={rules} onFile={onFile} label="Bank statement" />);
    drop([sized('a.csv', 10), sized('b.csv', 10)]);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose one file at a time.');
    expect(onFile).not.toHaveBeenCalled();
  });

  it('takes a file chosen with the file input (click), labelled and limited to the extensions', async () => {
    const onFile = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    render(<FileDropZone rules={rules} onFile={onFile} label="Bank statement" hint="CSV or XLSX, up to 20 MB" />);
    const input = screen.getByLabelText(/Bank statement/);
    expect(input).toHaveAttribute('accept', '.csv,.xlsx');
    await user.upload(input, sized('photo.PNG', 10));
    expect(screen.getByRole('alert')).toHaveTextContent('The statement must be a CSV or XLSX file.');
    const good = sized('may.xlsx', 10);
    await user.upload(input, good);
    expect(onFile).toHaveBeenCalledWith(good);
  });

  it('ignores files while disabled', () => {
    const onFile = vi.fn();
    render(<FileDropZone rules={rules} onFile={onFile} label="Bank statement" disabled />);
    drop([sized('a.csv', 10)]);
    expect(onFile).not.toHaveBeenCalled();
  });
});

describe('UploadProgress', () => {
  it('shows the percentage on the bar and beside it', () => {
    const { rerender } = render(<UploadProgress percent={42.4} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('Uploading 42%')).toBeInTheDocument();
    rerender(<UploadProgress percent={100} />);
    expect(screen.getByText('Uploading 100% · processing…')).toBeInTheDocument();
  });
});
