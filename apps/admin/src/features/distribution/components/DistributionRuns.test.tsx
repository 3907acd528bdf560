import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatUnits, txLink } from '../api/delivery';

const distributionPreview = vi.fn();
const distributionRun = vi.fn();
const distributionTransfers = vi.fn();
const distributionRetry = vi.fn();
vi.mock('../../../api', () => ({
  api: {
    distributionPreview: () => distributionPreview(),
    distributionRun: () => distributionRun(),
    distributionTransfers: (q: unknown) => distributionTransfers(q),
    distributionRetry: (id: string) => distributionRetry(id),
  },
}));

import { DistributionRuns } from './DistributionRuns';

const E18 = '000000000000000000';
const HASH = '0x' + 'ab'.repeat(32);

function transfer(over: Record<string, unknown> = {}) {
  return {
    id: 't1',
    runId: 'r1',
    user: { id: 'u1', name: 'Asha Rao', email: 'asha@demo.test' },
    address: '0x' + '11'.repeat(20),
    amount: '150' + E18,
    txHash: HASH,
    txUrl: null,
    status: 'CONFIRMED',
    confirmations: 3,
    error: '',
    retryOf: null,
    retriedBy: null,
    createdAt: '2026-11-27T10:00:00Z',
    updatedAt: '2026-11-27T10:01:00Z',
    ...over,
  };
}

const listAnswer = (records: unknown[], counts = {}) => ({
  message: 'Transfers fetched successfully',
  data: { records, total: records.length, page: 1, limit: 20, lastPage: 1, counts: { QUEUED: 0, SENT: 0, CONFIRMED: 0, FAILED: 0, ...counts } },
});

const previewAnswer = (over = {}) => ({
  message: 'Distribution preview fetched successfully',
  data: {
    transfers: [
      { userId: 'u1', name: 'Asha Rao', address: '0x' + '11'.repeat(20), amount: '100' + E18 },
      { userId: 'u2', name: 'Ravi K', address: '0x' + '22'.repeat(20), amount: '2500000000000000000' },
    ],
    total: '102500000000000000000',
    treasuryBalance: '1000000' + E18,
    enough: true,
    ...over,
  },
});

function renderIt() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DistributionRuns symbol="ACW" decimals={18} explorerUrl="https://explorer.test/" />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  for (const f of [distributionPreview, distributionRun, distributionTransfers, distributionRetry]) f.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('formatUnits and txLink', () => {
  it('turns base units into whole tokens exactly, with no float', () => {
    expect(formatUnits('1500000000000000000', 18)).toBe('1.5');
    expect(formatUnits('123456789012345678901234567', 18)).toBe('12,34,56,789.012345678901234567');
    expect(formatUnits('0', 18)).toBe('0');
    expect(formatUnits('42', 0)).toBe('42');
  });
  it('links the explorer', () => {
    expect(txLink(null, HASH, 'https://x.test/')).toBe(`https://x.test/tx/${HASH}`);
    expect(txLink('https://own/link', HASH, 'https://x.test')).toBe('https://own/link');
    expect(txLink(null, null, 'https://x.test')).toBeNull();
    expect(txLink(null, HASH)).toBeNull();
  });
});

describe('DistributionRuns', () => {
  it('confirms a run with its total, then starts it', async () => {
    distributionPreview.mockResolvedValue(previewAnswer());
    distributionTransfers.mockResolvedValue(listAnswer([]));
    distributionRun.mockResolvedValue({ message: 'Distribution started successfully', data: { runId: 'r1', transfers: 2, total: '102500000000000000000' } });
    renderIt();
    expect(await screen.findByTestId('run-total')).toHaveTextContent('102.5 ACW');
    await userEvent.click(screen.getByRole('button', { name: 'Run distribution' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Send 102.5 ACW to 2 buyers?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(distributionRun).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Distribution started successfully')).toBeInTheDocument();
  });

  it('cannot run when the treasury is short or nothing is owed', async () => {
    distributionPreview.mockResolvedValue(previewAnswer({ enough: false, treasuryBalance: '1' + E18 }));
    distributionTransfers.mockResolvedValue(listAnswer([]));
    renderIt();
    expect(await screen.findByText(/not enough for this run/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run distribution' })).toBeDisabled();
  });

  it('shows progress, links transactions, and polls while transfers are on their way', async () => {
    distributionPreview.mockResolvedValue(previewAnswer({ transfers: [], total: '0' }));
    distributionTransfers
      .mockResolvedValueOnce(listAnswer([transfer({ status: 'SENT', confirmations: 1 })], { SENT: 1 }))
      .mockResolvedValue(listAnswer([transfer()], { CONFIRMED: 1 }));
    renderIt();
    expect(await screen.findByTestId('run-progress')).toHaveTextContent('0 of 1 final');
    expect(screen.getByRole('button', { name: 'Run distribution' })).toBeDisabled();
    const link = screen.getAllByRole('link', { name: /0xabab/ })[0];
    expect(link).toHaveAttribute('href', `https://explorer.test/tx/${HASH}`);
    await waitFor(() => expect(screen.getByTestId('run-progress')).toHaveTextContent('1 of 1 final · 1 confirmed'), { timeout: 5000 });
    expect(distributionTransfers.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('shows a failure with its reason and retries it after a confirmation', async () => {
    distributionPreview.mockResolvedValue(previewAnswer({ transfers: [], total: '0' }));
    const failed = transfer({ id: 'tf', status: 'FAILED', error: 'reverted: ERC20InsufficientBalance(0x1, 0, 5)' });
    distributionTransfers.mockResolvedValue(listAnswer([failed], { FAILED: 1 }));
    distributionRetry.mockResolvedValue({ message: 'Transfer queued again successfully', data: { id: 'tn' } });
    renderIt();
    expect((await screen.findAllByText(/ERC20InsufficientBalance/))[0]).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry the transfer to Asha Rao' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Send 150 ACW to Asha Rao again?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(distributionRetry).toHaveBeenCalledWith('tf'));
  });

  it('filters by status and starts again at page 1', async () => {
    distributionPreview.mockResolvedValue(previewAnswer());
    distributionTransfers.mockResolvedValue(listAnswer([]));
    renderIt();
    await screen.findByTestId('run-total');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'FAILED');
    await waitFor(() => expect(distributionTransfers).toHaveBeenLastCalledWith({ status: 'FAILED', page: 1, limit: 20 }));
  });
});
