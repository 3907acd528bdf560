import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../media/api/media', () => ({ uploadMedia: async () => ({ data: [{ id: 'media-1' }] }) }));
vi.stubGlobal('fetch', async () => ({ ok: false, status: 503, json: async () => ({}) }));

import { ProofModal } from './ProofModal';

describe('Submit Transaction Proof', () => {
  it('sends the amount the buyer says they paid with the UTR and the file', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <ProofModal show method="UPI" defaultAmount="510.00" submitting={false} onCancel={() => {}} onSubmit={onSubmit} />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('UTR or Transaction Number'), 'UTR123456789');
    const amount = screen.getByLabelText('Enter Amount');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.upload(screen.getByLabelText('Transaction file'), new File(['x'], 'proof.png', { type: 'image/png' }));
    await screen.findByTestId('proof-uploaded');
    await user.click(screen.getByRole('button', { name: 'PAY' }));
    expect(onSubmit).toHaveBeenCalledWith({ referenceNumber: 'UTR123456789', receiptId: 'media-1', paidAmount: '500' });
  });
});
