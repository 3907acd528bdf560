import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countdownText } from './format';
import { SaleProgress, SaleStatusBadge, soldPercent } from './SaleProgress';

describe('sale progress', () => {
  it('rounds the share sold down, so a round is at 100 % only when nothing is left', () => {
    expect(soldPercent(0, 100)).toBe(0);
    expect(soldPercent(1, 3)).toBe(33.3);
    expect(soldPercent(9999, 10000)).toBe(99.9);
    expect(soldPercent(10000, 10000)).toBe(100);
    expect(soldPercent(5, 0)).toBe(0);
    expect(soldPercent(-5, 10)).toBe(0);
  });

  it('is a labelled progress bar with sold of allocation as text', () => {
    render(<SaleProgress sold={50_000} allocation={200_000} label="Seed sold" />);
    const bar = screen.getByRole('progressbar', { name: 'Seed sold' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '50,000 / 2,00,000 tokens sold (25%)');
    expect(screen.getByText('50,000 / 2,00,000 tokens sold (25%)')).toBeInTheDocument();
  });

  it('names each sale status in words', () => {
    render(<SaleStatusBadge status="SOLD_OUT" />);
    expect(screen.getByText('Sold out')).toHaveAttribute('data-sale-status', 'SOLD_OUT');
  });

  it('writes a countdown with days when over a day', () => {
    expect(countdownText(59)).toBe('00:00:59');
    expect(countdownText(3661)).toBe('01:01:01');
    expect(countdownText(90061)).toBe('1d 01:01:01');
    expect(countdownText(-4)).toBe('00:00:00');
  });
});
