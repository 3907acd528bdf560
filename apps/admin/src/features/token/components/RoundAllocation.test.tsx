import type { RoundAllocation as Allocation } from '@prelaunch/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const roundAllocation = vi.fn();
const roundSecondPass = vi.fn();
vi.mock('../../../api', () => ({
  api: {
    roundAllocation: (roundId: string, page: number) => roundAllocation(roundId, page),
    roundSecondPass: (roundId: string) => roundSecondPass(roundId),
  },
}));

import { RoundAllocation } from './RoundAllocation';

const ROUND_ID = '7f0e2a4c-1b6d-4a8e-9c3f-2d5b8e1a7c90';
const COMMITMENT = 'c0'.repeat(32);
const SEED = '5e'.repeat(32);
const page = <T,>(records: T[]) => ({ records, total: records.length, page: 1, limit: 50, lastPage: 1 });

function open(over: Partial<Allocation> = {}): Allocation {
  return {
    round: {
      id: ROUND_ID, name: 'Launch round', price: 10, requestStartsAt: '2026-12-01T10:00:00Z', requestEndsAt: '2026-12-01T12:00:00Z',
      paymentHours: 48, status: 'OPEN', commitment: COMMITMENT, seed: null,
    },
    count: 3,
    asked: 6300,
    askedAmount: 63000,
    available: 4000,
    oversubscription: 1.58,
    requests: page([
      { userId: 'u3', name: 'Chitra Rao', email: 'chitra@e2e.test', amount: 35000, quantity: 3500, allocated: 0, updatedAt: '2026-12-01T11:00:00Z' },
      { userId: 'u2', name: 'Bala K', email: 'bala@e2e.test', amount: 26000, quantity: 2600, allocated: 0, updatedAt: '2026-12-01T11:00:00Z' },
      { userId: 'u1', name: 'Asha M', email: 'asha@e2e.test', amount: 2000, quantity: 200, allocated: 0, updatedAt: '2026-12-01T11:00:00Z' },
    ]),
    draws: [],
    allocations: page([]),
    secondPassFrom: null,
    ...over,
  };
}

function allocated(secondPassFrom: string, over: Partial<Allocation> = {}): Allocation {
  const base = open();
  return {
    ...base,
    round: { ...base.round, status: 'ALLOCATED', seed: SEED },
    requests: page(base.requests.records.map((r) => ({ ...r, allocated: r.userId === 'u1' ? 200 : 1900 }))),
    draws: [{ pass: 1, available: 4000, level: 1900, allocated: 4000, requests: 3, asked: 6300, at: '2026-12-01T12:00:02Z' }],
    allocations: page([
      { userId: 'u3', name: 'Chitra Rao', email: 'chitra@e2e.test', pass: 1, quantity: 1900, amount: 19000, payBy: '2026-12-03T12:00:02Z', status: 'LAPSED', purchaseId: null },
      { userId: 'u2', name: 'Bala K', email: 'bala@e2e.test', pass: 1, quantity: 1900, amount: 19000, payBy: '2026-12-03T12:00:02Z', status: 'ORDERED', purchaseId: 'p-2' },
      { userId: 'u1', name: 'Asha M', email: 'asha@e2e.test', pass: 1, quantity: 200, amount: 2000, payBy: '2026-12-03T12:00:02Z', status: 'ORDERED', purchaseId: 'p-1' },
    ]),
    secondPassFrom,
    ...over,
  };
}

const answer = (data: Allocation, message = 'Allocation fetched successfully') => ({ status: true, message, data });

function renderIt() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <RoundAllocation roundId={ROUND_ID} name="Launch round" />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  roundAllocation.mockReset();
  roundSecondPass.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Round allocation panel', () => {
  it('during the window: the live requests with their count, total asked and oversubscription, and the commitment', async () => {
    roundAllocation.mockResolvedValue(answer(open()));
    renderIt();
    const panel = await screen.findByTestId('round-allocation');
    expect(roundAllocation).toHaveBeenCalledWith(ROUND_ID, 1);
    expect(within(panel).getByRole('heading', { name: 'Launch round: requests and allocation' })).toBeInTheDocument();
    expect(screen.getByTestId('alloc-status')).toHaveTextContent('OPEN');
    expect(screen.getByTestId('alloc-count')).toHaveTextContent('3');
    expect(screen.getByTestId('alloc-asked')).toHaveTextContent('6,300 tokens (₹63,000.00)');
    expect(screen.getByTestId('alloc-available')).toHaveTextContent('4,000 tokens');
    expect(screen.getByTestId('alloc-over')).toHaveTextContent('1.58×');
    // The seed's hash from the start; the seed itself only after the allocation.
    expect(screen.getByTestId('alloc-commitment')).toHaveTextContent(COMMITMENT);
    expect(screen.queryByTestId('alloc-seed')).toBeNull();
    const table = screen.getByRole('table', { name: 'Requests, largest first' });
    const rows = within(table).getAllByTestId('alloc-request');
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Chitra Rao', 'chitra@e2e.test', '₹35,000.00', '3,500', '0'],
      ['Bala K', 'bala@e2e.test', '₹26,000.00', '2,600', '0'],
      ['Asha M', 'asha@e2e.test', '₹2,000.00', '200', '0'],
    ]);
    expect(screen.queryByRole('table', { name: 'Allocations' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start second pass' })).toBeNull();
  });

  it('reads the requests again every 5 seconds', async () => {
    roundAllocation.mockResolvedValueOnce(answer(open({ count: 0, asked: 0, askedAmount: 0, oversubscription: 0, requests: page([]) })));
    roundAllocation.mockResolvedValue(answer(open()));
    renderIt();
    await screen.findByText('No requests yet.');
    expect(screen.getByTestId('alloc-count')).toHaveTextContent('0');
    await waitFor(() => expect(screen.getByTestId('alloc-count')).toHaveTextContent('3'), { timeout: 7000 });
    expect(screen.getAllByTestId('alloc-request')).toHaveLength(3);
  });

  it('with nothing available the oversubscription is a dash', async () => {
    roundAllocation.mockResolvedValue(answer(open({ available: 0, oversubscription: null })));
    renderIt();
    expect(await screen.findByTestId('alloc-over')).toHaveTextContent('—');
  });

  it('after the close: the level, the revealed seed and the allocations; the second pass waits for the pay-by', async () => {
    roundAllocation.mockResolvedValue(answer(allocated('2999-01-01T00:00:00Z')));
    renderIt();
    await screen.findByTestId('alloc-draws');
    expect(screen.getByTestId('alloc-status')).toHaveTextContent('ALLOCATED');
    expect(screen.getByTestId('alloc-level-1')).toHaveTextContent('1,900');
    expect(screen.getByTestId('alloc-draws')).toHaveTextContent(/Pass 1 \(.*\): level 1,900, 4,000 of 4,000 tokens to 3 requests asking 6,300\./);
    expect(screen.getByTestId('alloc-seed')).toHaveTextContent(SEED);
    expect(screen.getByTestId('alloc-commitment')).toHaveTextContent(COMMITMENT);
    const rows = within(screen.getByRole('table', { name: 'Allocations' })).getAllByTestId('alloc-row');
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Chitra Rao', '1', '1,900', '₹19,000.00', '03/12/2026, 05:30:02 pm IST', 'LAPSED'],
      ['Bala K', '1', '1,900', '₹19,000.00', '03/12/2026, 05:30:02 pm IST', 'ORDERED'],
      ['Asha M', '1', '200', '₹2,000.00', '03/12/2026, 05:30:02 pm IST', 'ORDERED'],
    ]);
    // Each request shows what it was given.
    const requests = within(screen.getByRole('table', { name: 'Requests, largest first' })).getAllByTestId('alloc-request');
    expect(requests.map((r) => within(r).getAllByRole('cell')[4].textContent)).toEqual(['1,900', '1,900', '200']);
    expect(screen.getByRole('button', { name: 'Start second pass' })).toBeDisabled();
    expect(screen.getByText('Possible from 01/01/2999, 05:30:00 am IST.')).toBeInTheDocument();
  });

  it('the second pass asks first, then runs and shows pass 2', async () => {
    const user = userEvent.setup();
    const past = '2026-01-01T00:00:00Z';
    roundAllocation.mockResolvedValue(answer(allocated(past)));
    renderIt();
    const start = await screen.findByRole('button', { name: 'Start second pass' });
    expect(start).toBeEnabled();
    await user.click(start);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Share the tokens of unpaid allocations among the requests still short?');
    expect(dialog).toHaveTextContent('Launch round');
    expect(roundSecondPass).not.toHaveBeenCalled();

    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(roundSecondPass).not.toHaveBeenCalled();

    const after = allocated(past, {
      draws: [
        ...allocated(past).draws,
        { pass: 2, available: 1900, level: 1600, allocated: 1600, requests: 1, asked: 1600, at: '2026-12-04T12:00:00Z' },
      ],
    });
    roundSecondPass.mockResolvedValueOnce(answer(after, 'Second pass done successfully'));
    roundAllocation.mockResolvedValue(answer(after));
    await user.click(start);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start second pass' }));
    expect(roundSecondPass).toHaveBeenCalledWith(ROUND_ID);
    await screen.findByText('Second pass done successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('alloc-level-2')).toHaveTextContent('1,600');
    expect(screen.getByTestId('alloc-draws')).toHaveTextContent(/Pass 2 \(.*\): level 1,600, 1,600 of 1,900 tokens to 1 request asking 1,600\./);
  });

  it('a refused second pass says why and keeps the dialog for another try', async () => {
    const user = userEvent.setup();
    roundAllocation.mockResolvedValue(answer(allocated('2026-01-01T00:00:00Z')));
    renderIt();
    await user.click(await screen.findByRole('button', { name: 'Start second pass' }));
    roundSecondPass.mockRejectedValueOnce({
      isAxiosError: true,
      response: { status: 409, data: { status: false, message: ['No tokens to allocate: every allocation was ordered.'], data: null } },
    });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start second pass' }));
    await screen.findByText('No tokens to allocate: every allocation was ordered.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a failed read says so with a retry', async () => {
    const user = userEvent.setup();
    roundAllocation.mockRejectedValueOnce({ isAxiosError: true, response: { status: 500, data: { status: false, message: 'Internal error.', data: null } } });
    renderIt();
    const retry = await screen.findByRole('button', { name: /Retry/ });
    roundAllocation.mockResolvedValue(answer(open()));
    await user.click(retry);
    expect(await screen.findByTestId('alloc-count')).toHaveTextContent('3');
  });
});
