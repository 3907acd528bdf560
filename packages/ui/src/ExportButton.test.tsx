import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UnauthorizedHandler } from './errorToast';
import { DateRange, ExportButton } from './ExportButton';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ExportButton', () => {
  it('runs the download once, disabled with a spinner while it is in flight', async () => {
    const user = userEvent.setup();
    const d = deferred();
    const download = vi.fn(() => d.promise);
    render(<ExportButton download={download} fallback="Failed to export the file" />);
    const button = screen.getByRole('button', { name: 'Export CSV' });
    await user.click(button);
    expect(download).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    expect(screen.getByText('Exporting...')).toBeInTheDocument();
    await user.click(button);
    expect(download).toHaveBeenCalledTimes(1);
    d.resolve();
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText('Exporting...')).toBeNull();
  });

  it("toasts the server's message on failure and is usable again", async () => {
    const user = userEvent.setup();
    const download = vi.fn(() =>
      Promise.reject({ isAxiosError: true, response: { status: 422, data: { status: false, message: 'from must not be after to.', data: null } } }),
    );
    render(
      <>
        <ExportButton download={download} fallback="Failed to export the file" />
        <ToastContainer />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('from must not be after to.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('toasts the fallback without a message, and a 401 runs the UnauthorizedHandler', async () => {
    const user = userEvent.setup();
    const onUnauthorized = vi.fn();
    render(
      <UnauthorizedHandler onUnauthorized={onUnauthorized}>
        <ExportButton download={() => Promise.reject({ isAxiosError: true, response: { status: 401 } })} fallback="Failed to export the file" />
        <ToastContainer />
      </UnauthorizedHandler>,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export the file')).toBeInTheDocument();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('DateRange', () => {
  it('reports each change with the other bound kept, and bounds each input by the other', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateRange from="2026-01-05" to="" onChange={onChange} />);
    const to = screen.getByLabelText('To date');
    expect(to).toHaveAttribute('min', '2026-01-05');
    await user.type(to, '2026-01-31');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-01-05', to: '2026-01-31' });
    await user.clear(screen.getByLabelText('From date'));
    expect(onChange).toHaveBeenLastCalledWith({ from: '', to: '' });
  });
});
