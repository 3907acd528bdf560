import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const uploadMedia = vi.fn();
vi.mock('../../media/api/media', () => ({ uploadMedia: (f: File) => uploadMedia(f) }));
vi.mock('../../site/suspended', () => ({ useSaleSuspended: () => false }));

import { ProofModal, receiptRefusal } from './ProofModal';

function httpError(status: number, message: string) {
  return { isAxiosError: true, message: 'Request failed', response: { status, data: { status: false, message, data: null } } };
}

const used = 'This receipt was already used for order PUR-000000000042.';

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={qc}>{ui}</QueryClientProvider>;
}

function modal(submitError?: unknown) {
  return wrap(<ProofModal show method="UPI" defaultAmount="102.00" submitting={false} submitError={submitError} onCancel={() => {}} onSubmit={() => {}} />);
}

const png = (name: string) => new File(['\x89PNG'], name, { type: 'image/png' });

beforeEach(() => {
  uploadMedia.mockReset();
  uploadMedia.mockResolvedValueOnce({ data: [{ id: 'm1' }] }).mockResolvedValueOnce({ data: [{ id: 'm2' }] });
});

describe('ProofModal: the 409 of a receipt already used (issue 27, finding 8)', () => {
  it('tells a receipt refusal from a UTR one', () => {
    expect(receiptRefusal(httpError(409, used))).toBe(used);
    expect(receiptRefusal(httpError(409, 'This transaction file is already attached to another purchase.'))).toMatch(/transaction file/);
    expect(receiptRefusal(httpError(409, 'This UTR / transaction number has already been submitted.'))).toBeNull();
    expect(receiptRefusal(httpError(422, used))).toBeNull();
    // A 422 naming the receipt field is said beside the upload whatever its words (issue 29 item 5).
    const named = { isAxiosError: true, response: { status: 422, data: { status: false, message: 'Gone.', data: null, errors: [{ field: 'receiptId', message: 'Gone.' }] } } };
    expect(receiptRefusal(named)).toBe('Gone.');
  });

  it('shows the message beside the upload until another file is chosen', async () => {
    const { rerender } = render(modal());
    const input = screen.getByLabelText('Transaction file');
    fireEvent.change(input, { target: { files: [png('a.png')] } });
    await screen.findByTestId('proof-uploaded');
    rerender(modal(httpError(409, used)));
    const shown = await screen.findByTestId('proof-file-error');
    expect(shown).toHaveTextContent(used);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'proof-file-error');
    fireEvent.change(input, { target: { files: [png('b.png')] } });
    await waitFor(() => expect(screen.queryByTestId('proof-file-error')).toBeNull());
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});

describe('Submit Transaction Proof', () => {
  it('sends the amount the buyer says they paid with the UTR and the file', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(wrap(<ProofModal show method="UPI" defaultAmount="510.00" submitting={false} onCancel={() => {}} onSubmit={onSubmit} />));
    await user.type(screen.getByLabelText('UTR or Transaction Number'), '412345678901');
    const amount = screen.getByLabelText('Enter Amount');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.upload(screen.getByLabelText('Transaction file'), png('proof.png'));
    await screen.findByTestId('proof-uploaded');
    await user.click(screen.getByRole('button', { name: 'PAY' }));
    expect(onSubmit).toHaveBeenCalledWith({ referenceNumber: '412345678901', receiptId: 'm1', paidAmount: '500' });
  });
});
