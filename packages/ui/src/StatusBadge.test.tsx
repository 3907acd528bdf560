import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';
import { StatusBadge, statusVariant } from './StatusBadge';

describe('StatusBadge', () => {
  it('maps colours', () => {
    expect(statusVariant('APPROVED')).toBe('success');
    expect(statusVariant('success')).toBe('success');
    expect(statusVariant('COMPLETED')).toBe('success');
    expect(statusVariant('REJECTED')).toBe('danger');
    expect(statusVariant('reject')).toBe('danger');
    expect(statusVariant('FAILED')).toBe('danger');
    expect(statusVariant('PENDING')).toBe('warning');
    expect(statusVariant('EXPIRED')).toBe('secondary');
    expect(statusVariant(null)).toBe('secondary');
    expect(statusVariant('ACTIVE')).toBe('success');
    expect(statusVariant('SUSPENDED')).toBe('danger');
  });
  it('renders the status text', () => {
    render(<StatusBadge status="PENDING" />);
    expect(screen.getByText('PENDING')).toHaveClass('text-bg-warning');
  });
});

describe('Pagination', () => {
  it('renders nothing for one page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
  it('reports 1-based pages', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageCount={20} onPageChange={onPageChange} />);
    await userEvent.setup().click(screen.getByText('2'));
    expect(onPageChange).toHaveBeenCalledWith(2);
    // 2 margin pages at each end.
    expect(screen.getByText('19')).toBeInTheDocument();
    expect(screen.getByText('20')).toBeInTheDocument();
  });
});
