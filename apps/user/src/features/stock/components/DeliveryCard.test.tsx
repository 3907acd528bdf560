import type { StockDelivery } from '@prelaunch/api';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DeliveryCard } from './DeliveryCard';
import { formatTimeLeft } from './stockColumns';

function delivery(over: Partial<StockDelivery> = {}): StockDelivery {
  return {
    tgeAt: '2027-01-01T00:00:00Z',
    schedules: [{ round: '', tgeUnlockPercent: 10, cliffDays: 30, vestingDays: 180 }],
    allocated: '1000',
    unlocked: '100',
    locked: '900',
    delivered: '0',
    timeLeft: 3 * 86400 + 7200,
    wallet: '0x12ab…cdef',
    ...over,
  };
}

const show = (d: StockDelivery) =>
  render(
    <MemoryRouter>
      <DeliveryCard delivery={d} symbol="ACW" />
    </MemoryRouter>,
  );

describe('DeliveryCard', () => {
  it('says when tokens unlock, the split, the time left and the proved wallet', () => {
    show(delivery());
    expect(screen.getByText(/start unlocking at the TGE/)).toBeInTheDocument();
    expect(screen.getByText(/10% at TGE, then after a 30-day cliff, the rest evenly over 180 days/)).toBeInTheDocument();
    expect(screen.getByTestId('delivery-split')).toHaveTextContent('100 ACW');
    expect(screen.getByTestId('delivery-split')).toHaveTextContent('900 ACW');
    expect(screen.getByTestId('delivery-split')).toHaveTextContent('3d 2h 0m');
    expect(screen.getByText(/delivered to your proved wallet/)).toHaveTextContent('0x12ab…cdef');
  });

  it('sends a buyer without a proved wallet to Profile, and says when no TGE is set', () => {
    show(delivery({ wallet: null, tgeAt: null, timeLeft: null }));
    expect(screen.getByText(/has not been announced yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a wallet in Profile' })).toHaveAttribute('href', '/user/profile');
    expect(screen.getByTestId('delivery-split')).toHaveTextContent('TGE not set');
  });
});

describe('formatTimeLeft', () => {
  it('reads the seconds until everything is unlocked', () => {
    expect(formatTimeLeft(null)).toBe('TGE not set');
    expect(formatTimeLeft(0)).toBe('Unlocked');
    expect(formatTimeLeft(59)).toBe('1m');
    expect(formatTimeLeft(3600 + 120)).toBe('1h 2m');
    expect(formatTimeLeft(86400 * 2 + 60)).toBe('2d 0h 1m');
  });
});
