import type { PriceRequestRound, RoundRequestView } from '@prelaunch/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const requestGet = vi.fn();
const requestSave = vi.fn();
const orderCreate = vi.fn();
vi.mock('../../../api', () => ({
  api: {
    requestGet: (roundId: string) => requestGet(roundId),
    requestSave: (roundId: string, amount: number, key?: string) => requestSave(roundId, amount, key),
    orderCreate: (amount: number, key?: string) => orderCreate(amount, key),
  },
}));

import { phaseAt } from '../api/requests';
import { RequestPanel } from './RequestPanel';

const COMMITMENT = 'c0'.repeat(32);
const SEED = '5e'.repeat(32);
const ROUND_ID = '7f0e2a4c-1b6d-4a8e-9c3f-2d5b8e1a7c90';

function brief(over: Partial<RoundRequestView['round']> = {}): RoundRequestView['round'] {
  return {
    id: ROUND_ID,
    name: 'Launch round',
    price: 10,
    requestStartsAt: new Date(Date.now() - 60_000).toISOString(),
    requestEndsAt: new Date(Date.now() + 3_723_000).toISOString(), // 1 h 2 min 3 s from now
    paymentHours: 48,
    status: 'OPEN',
    commitment: COMMITMENT,
    seed: null,
    ...over,
  };
}

function view(over: Partial<RoundRequestView> = {}, round: Partial<RoundRequestView['round']> = {}): RoundRequestView {
  return { round: brief(round), request: null, allocation: null, ...over };
}

const answer = (data: RoundRequestView) => ({ status: true, message: 'Request fetched successfully', data });

function httpError(status: number, message: string, field?: string) {
  return {
    isAxiosError: true,
    message: 'Request failed',
    response: { status, data: { status: false, message: [message], data: null, errors: field ? [{ field, message }] : [] } },
  };
}

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderPanel(round: Partial<PriceRequestRound> = {}) {
  const r = brief(round as Partial<RoundRequestView['round']>);
  const price: PriceRequestRound = {
    id: r.id, name: r.name, price: r.price, requestStartsAt: r.requestStartsAt, requestEndsAt: r.requestEndsAt,
    paymentHours: r.paymentHours, commitment: r.commitment, status: r.status,
  };
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/user/buy-token']}>
        <Routes>
          <Route path="/user/buy-token" element={<RequestPanel round={price} symbol="ACW" />} />
          <Route path="/user/payment" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  for (const f of [requestGet, requestSave, orderCreate]) f.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('phaseAt', () => {
  const r = { status: 'OPEN' as const, requestStartsAt: '2026-12-01T10:00:00Z', requestEndsAt: '2026-12-01T12:00:00Z' };
  it("moves the server's phase on when the window opens or closes meanwhile", () => {
    expect(phaseAt(r, Date.parse('2026-12-01T11:59:59Z'))).toBe('OPEN');
    expect(phaseAt(r, Date.parse('2026-12-01T12:00:00Z'))).toBe('CLOSING');
    expect(phaseAt({ ...r, status: 'SCHEDULED' }, Date.parse('2026-12-01T09:59:59Z'))).toBe('SCHEDULED');
    expect(phaseAt({ ...r, status: 'SCHEDULED' }, Date.parse('2026-12-01T10:00:00Z'))).toBe('OPEN');
    expect(phaseAt({ ...r, status: 'SCHEDULED' }, Date.parse('2026-12-01T12:00:01Z'))).toBe('CLOSING');
    // The server's word on the close and the allocation is never taken back.
    expect(phaseAt({ ...r, status: 'ALLOCATED' }, Date.parse('2026-12-01T11:00:00Z'))).toBe('ALLOCATED');
    expect(phaseAt({ ...r, status: 'CLOSING' }, Date.parse('2026-12-01T11:00:00Z'))).toBe('CLOSING');
  });
});

describe('Request panel during the window', () => {
  it('counts down to the close and explains the allocation in one paragraph with the commitment', async () => {
    requestGet.mockResolvedValue(answer(view()));
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Launch round: sold by requests' })).toBeInTheDocument();
    await screen.findByTestId('request-none');
    expect(requestGet).toHaveBeenCalledWith(ROUND_ID);
    expect(screen.getByTestId('request-countdown')).toHaveTextContent(/^Requests close in 01:02:0[0-3]$/);
    expect(screen.getByText(/One price for everyone: ₹10\.00 per ACW token\./)).toHaveTextContent(/you then have 48 hours to pay/);
    const how = screen.getByTestId('request-how');
    expect(how.tagName).toBe('P');
    expect(how).toHaveTextContent(/being first gains nothing/);
    expect(how).toHaveTextContent(/smaller requests are met in full/);
    expect(how).toHaveTextContent(/anyone can check the result/);
    expect(screen.getByTestId('request-commitment')).toHaveTextContent(COMMITMENT);
    expect(screen.queryByTestId('request-seed')).toBeNull();
  });

  it('requests, changes and withdraws (amount 0) the request', async () => {
    const user = userEvent.setup();
    requestGet.mockResolvedValue(answer(view()));
    renderPanel();
    await screen.findByTestId('request-none');
    const amount = screen.getByLabelText('Your request (INR)');
    const request = screen.getByRole('button', { name: 'REQUEST' });
    expect(request).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();

    // Below one token's price nothing can be asked; the help says whole tokens only.
    await user.type(amount, '9');
    expect(request).toBeDisabled();
    expect(screen.getByText('Whole tokens only.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '2505.50');
    expect(screen.getByText('Asks for 250 ACW.')).toBeInTheDocument();
    requestSave.mockResolvedValueOnce(answer(view({ request: { amount: 2505.5, quantity: 250, updatedAt: new Date().toISOString() } })));
    await user.click(request);
    expect(requestSave).toHaveBeenCalledWith(ROUND_ID, 2505.5, expect.any(String));
    expect(await screen.findByTestId('request-current')).toHaveTextContent('Your request: ₹2,505.50 for 250 ACW.');
    expect(amount).toHaveValue('');

    // Changing it: the same form, now "Change your request".
    const change = screen.getByLabelText('Change your request (INR)');
    await user.type(change, '1000');
    requestSave.mockResolvedValueOnce(answer(view({ request: { amount: 1000, quantity: 100, updatedAt: new Date().toISOString() } })));
    await user.click(screen.getByRole('button', { name: 'CHANGE REQUEST' }));
    expect(requestSave).toHaveBeenLastCalledWith(ROUND_ID, 1000, expect.any(String));
    await waitFor(() => expect(screen.getByTestId('request-current')).toHaveTextContent('Your request: ₹1,000.00 for 100 ACW.'));

    // Withdrawing sends 0 and leaves no request.
    requestSave.mockResolvedValueOnce(answer(view()));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(requestSave).toHaveBeenLastCalledWith(ROUND_ID, 0, expect.any(String));
    await screen.findByTestId('request-none');
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('says a refused amount beside the field, and a KYC refusal with the way to Verification', async () => {
    const user = userEvent.setup();
    requestGet.mockResolvedValue(answer(view()));
    renderPanel();
    await screen.findByTestId('request-none');
    const amount = screen.getByLabelText('Your request (INR)');

    await user.type(amount, '600000');
    requestSave.mockRejectedValueOnce(httpError(422, 'The maximum order is ₹5,00,000.00.', 'amount'));
    await user.click(screen.getByRole('button', { name: 'REQUEST' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    const help = document.getElementById(amount.getAttribute('aria-describedby')!)!;
    expect(help).toHaveTextContent('The maximum order is ₹5,00,000.00.');
    expect(help).toHaveClass('text-danger');
    expect(screen.queryByTestId('order-refusal')).toBeNull();

    // Typing again clears the refusal.
    await user.clear(amount);
    expect(amount).not.toHaveAttribute('aria-invalid');
    await user.type(amount, '300000');
    requestSave.mockRejectedValueOnce(httpError(403, 'Complete your KYC verification to buy more than ₹2,00,000.00.'));
    await user.click(screen.getByRole('button', { name: 'REQUEST' }));
    const refusal = await screen.findByTestId('order-refusal');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(refusal).toHaveTextContent('Complete your KYC verification to buy more than ₹2,00,000.00.');
    expect(within(refusal).getByRole('link', { name: 'Go to Verification' })).toHaveAttribute('href', '/user/kyc');
  });

  it('a request refused because the window closed meanwhile says so and reads the round again', async () => {
    const user = userEvent.setup();
    requestGet.mockResolvedValueOnce(answer(view()));
    renderPanel();
    await screen.findByTestId('request-none');
    await user.type(screen.getByLabelText('Your request (INR)'), '100');
    requestGet.mockResolvedValue(answer(view({}, { status: 'CLOSING', requestEndsAt: new Date(Date.now() - 1000).toISOString() })));
    requestSave.mockRejectedValueOnce(httpError(409, 'Requests for Launch round closed on 1 Dec 2026, 17:30 IST; the allocation follows shortly.'));
    await user.click(screen.getByRole('button', { name: 'REQUEST' }));
    expect(await screen.findByTestId('request-closing')).toHaveTextContent('Requests are closed.');
    expect(requestGet).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('form', { name: 'Request form' })).toBeNull();
  });

  it('at the end of the countdown the form closes and the allocation appears without a reload', async () => {
    const ends = new Date(Date.now() + 1500).toISOString();
    requestGet.mockResolvedValueOnce(answer(view({ request: { amount: 100, quantity: 10, updatedAt: new Date().toISOString() } }, { requestEndsAt: ends })));
    renderPanel({ requestEndsAt: ends });
    await screen.findByTestId('request-current');
    requestGet.mockResolvedValue(
      answer(
        view(
          {
            request: { amount: 100, quantity: 10, updatedAt: new Date().toISOString() },
            allocation: { amount: 100, quantity: 10, payBy: '2026-12-03T12:00:00Z', status: 'ALLOCATED', pass: 1, purchaseId: null },
          },
          { status: 'ALLOCATED', requestEndsAt: ends, seed: SEED },
        ),
      ),
    );
    expect(await screen.findByTestId('request-closing', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Request form' })).toBeNull();
    expect(await screen.findByTestId('allocation-result', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('before the window opens it counts down to the opening, with no form', async () => {
    const starts = new Date(Date.now() + 90_061_000).toISOString(); // 1 d 01:01:01
    requestGet.mockResolvedValue(answer(view({}, { status: 'SCHEDULED', requestStartsAt: starts, requestEndsAt: new Date(Date.now() + 200_000_000).toISOString() })));
    renderPanel({ status: 'SCHEDULED', requestStartsAt: starts });
    await waitFor(() => expect(requestGet).toHaveBeenCalled());
    expect(screen.getByTestId('request-opens')).toHaveTextContent(/^Requests open in 1d 01:01:0[0-1] \(/);
    expect(screen.queryByRole('form', { name: 'Request form' })).toBeNull();
  });
});

describe('Request panel after the close', () => {
  const allocated = (over: Partial<NonNullable<RoundRequestView['allocation']>> = {}) =>
    view(
      {
        request: { amount: 3000, quantity: 300, updatedAt: '2026-12-01T11:00:00Z' },
        allocation: { amount: 2400, quantity: 240, payBy: '2026-12-03T12:00:00Z', status: 'ALLOCATED', pass: 1, purchaseId: null, ...over },
      },
      { status: 'ALLOCATED', requestEndsAt: '2026-12-01T12:00:00Z', seed: SEED },
    );

  it('shows the allocation, the amount, the pay-by and the seed; PAY NOW orders exactly the allocation', async () => {
    const user = userEvent.setup();
    requestGet.mockResolvedValue(answer(allocated()));
    renderPanel({ status: 'ALLOCATED' });
    const result = await screen.findByTestId('allocation-result');
    expect(result).toHaveTextContent('You asked for300 ACW');
    expect(screen.getByTestId('allocation-quantity')).toHaveTextContent('240 ACW');
    expect(screen.getByTestId('allocation-amount')).toHaveTextContent(/^₹2,400\.00$/);
    expect(screen.getByTestId('allocation-payby')).toHaveTextContent('03/12/2026, 05:30:00 pm IST');
    expect(screen.getByTestId('request-seed')).toHaveTextContent(SEED);
    expect(screen.queryByTestId('request-countdown')).toBeNull();

    orderCreate.mockResolvedValueOnce({ status: true, message: 'ok', data: { id: 'p-1', amount: 2400 } });
    await user.click(screen.getByRole('button', { name: 'PAY NOW' }));
    expect(orderCreate).toHaveBeenCalledWith(2400, expect.any(String));
    expect(await screen.findByTestId('where')).toHaveTextContent('/user/payment?purchaseId=p-1&purchaseAmount=2400');
  });

  it('a refused order shows the server’s words (the amount due) beside PAY NOW', async () => {
    const user = userEvent.setup();
    requestGet.mockResolvedValue(answer(allocated()));
    renderPanel({ status: 'ALLOCATED' });
    await screen.findByTestId('allocation-result');
    const due = 'You were allocated 240 tokens in Launch round: order exactly ₹2,400.00 (the fee is added) by 3 Dec 2026, 17:30 IST.';
    orderCreate.mockRejectedValueOnce(httpError(409, due));
    await user.click(screen.getByRole('button', { name: 'PAY NOW' }));
    expect(await screen.findByTestId('order-refusal')).toHaveTextContent(due);
  });

  it('an ordered allocation points to Payment History, with no PAY NOW', async () => {
    requestGet.mockResolvedValue(answer(allocated({ status: 'ORDERED', purchaseId: 'p-1' })));
    renderPanel({ status: 'ALLOCATED' });
    expect(await screen.findByTestId('allocation-status')).toHaveTextContent('You have ordered this allocation: see Payment History.');
    expect(screen.queryByRole('button', { name: 'PAY NOW' })).toBeNull();
  });

  it('a lapsed allocation says the time to pay is over', async () => {
    requestGet.mockResolvedValue(answer(allocated({ status: 'LAPSED' })));
    renderPanel({ status: 'ALLOCATED' });
    expect(await screen.findByTestId('allocation-status')).toHaveTextContent('The time to pay for this allocation is over.');
    expect(screen.queryByRole('button', { name: 'PAY NOW' })).toBeNull();
  });

  it('a request that got nothing is told so plainly', async () => {
    requestGet.mockResolvedValue(answer({ ...allocated(), allocation: null }));
    renderPanel({ status: 'ALLOCATED' });
    expect(await screen.findByTestId('allocation-none')).toHaveTextContent('no tokens could be allocated to you this time');
  });

  it('tells a buyer who made no request that the round was allocated', async () => {
    requestGet.mockResolvedValue(answer({ ...allocated(), request: null, allocation: null }));
    renderPanel({ status: 'ALLOCATED' });
    expect(await screen.findByTestId('allocation-none')).toHaveTextContent('This round has been allocated among the buyers who made a request.');
  });
});
