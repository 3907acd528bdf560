import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SaleStatePanel, type SaleInfo } from './SaleStatePanel';

const open: SaleInfo = {
  sale: { status: 'OPEN', startsAt: null, endsAt: null },
  round: { name: 'Seed', price: 8, allocation: 200_000, sold: 50_000, endsAt: null, mode: 'FCFS' },
  nextRound: { name: 'Public', price: 12, startsAt: null },
  remainingPrivateSupply: 750_000,
  symbol: 'ACW',
};

afterEach(() => vi.useRealTimers());

describe('Sale state panel', () => {
  it('shows the current round with its progress and the next round price', () => {
    render(<SaleStatePanel info={open} showSupply />);
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Current round: Seed' })).toBeInTheDocument();
    expect(screen.getByTestId('round-price')).toHaveTextContent('₹8.00 per token');
    const bar = screen.getByRole('progressbar', { name: 'Seed sold' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('50,000 / 2,00,000 tokens sold (25%)')).toBeInTheDocument();
    expect(screen.getByTestId('next-round')).toHaveTextContent('Next: Public at ₹12.00 per token after this round.');
    expect(screen.getByTestId('sale-supply')).toHaveTextContent('7,50,000 ACW left in the private sale.');
  });

  it('counts down to a scheduled opening and asks for the price again at zero', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-23T10:00:00Z'));
    const onOpened = vi.fn();
    render(
      <SaleStatePanel
        info={{ ...open, sale: { status: 'SCHEDULED', startsAt: '2026-11-24T11:01:03Z', endsAt: null }, round: null }}
        onOpened={onOpened}
      />,
    );
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByTestId('sale-countdown')).toHaveTextContent('1d 01:01:03');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('sale-countdown')).toHaveTextContent('1d 01:01:00');
    expect(onOpened).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(90_060_000));
    expect(screen.getByTestId('sale-countdown')).toHaveTextContent('00:00:00');
    expect(onOpened).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onOpened).toHaveBeenCalledTimes(1);
  });

  it('counts down to the next round when the sale has started but no round is open yet', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-23T10:00:00Z'));
    render(
      <SaleStatePanel
        info={{
          ...open,
          sale: { status: 'SCHEDULED', startsAt: '2026-11-01T00:00:00Z', endsAt: null },
          round: null,
          nextRound: { name: 'Public', price: 12, startsAt: '2026-11-23T12:30:00Z' },
        }}
      />,
    );
    expect(screen.getByTestId('sale-countdown')).toHaveTextContent('02:30:00');
    expect(screen.getByTestId('next-round')).toHaveTextContent('Next: Public at ₹12.00 per token from');
  });

  it('says the sale has not opened when it is scheduled with no time to count to', () => {
    render(<SaleStatePanel info={{ ...open, sale: { status: 'SCHEDULED', startsAt: null, endsAt: null }, round: null, nextRound: null }} />);
    expect(screen.getByTestId('sale-message')).toHaveTextContent('The sale has not opened yet.');
    expect(screen.queryByTestId('sale-countdown')).not.toBeInTheDocument();
  });

  it.each([
    ['PAUSED', 'Paused', 'The sale is paused. Orders cannot be placed until it resumes.'],
    ['CLOSED', 'Closed', 'The sale has closed.'],
    ['SOLD_OUT', 'Sold out', 'All tokens of this sale are sold.'],
  ] as const)('says so when the sale is %s', (status, badge, message) => {
    render(<SaleStatePanel info={{ ...open, sale: { status, startsAt: null, endsAt: null }, round: null, nextRound: null }} />);
    expect(screen.getByText(badge)).toBeInTheDocument();
    expect(screen.getByTestId('sale-message')).toHaveTextContent(message);
    expect(screen.queryByTestId('current-round')).not.toBeInTheDocument();
  });

  it('says a sold-out sale is allocated when a round sold by requests reserved its tokens', () => {
    const info = { ...open, sale: { status: 'SOLD_OUT' as const, startsAt: null, endsAt: null }, round: null, nextRound: null };
    const { rerender } = render(<SaleStatePanel info={info} allocated />);
    expect(screen.getByTestId('sale-message')).toHaveTextContent(
      'All tokens of this sale are sold or allocated. If you were allocated tokens, pay for them below by the time shown.',
    );
    rerender(<SaleStatePanel info={{ ...info, sale: { status: 'CLOSED', startsAt: null, endsAt: null } }} allocated />);
    expect(screen.getByTestId('sale-message')).toHaveTextContent('The sale has closed.');
  });
});
