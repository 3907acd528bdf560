import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems, type PageItem } from './Pagination';

const show = (items: PageItem[]) => items.map((i) => ('page' in i ? String(i.page) : '…')).join(' ');

describe('page links', () => {
  it('user history: 2 margin pages and 3 around the current page', () => {
    expect(show(pageItems(3, 1, 3, 2))).toBe('1 2 3');
    expect(show(pageItems(20, 1, 3, 2))).toBe('1 2 3 … 19 20');
    expect(show(pageItems(20, 10, 3, 2))).toBe('1 2 … 9 10 11 … 19 20');
    expect(show(pageItems(20, 20, 3, 2))).toBe('1 2 … 18 19 20');
  });

  it('admin lists: 1 margin page and 3 links', () => {
    expect(show(pageItems(10, 5, 3, 1))).toBe('1 … 4 5 6 … 10');
    expect(show(pageItems(10, 1, 3, 1))).toBe('1 2 3 … 10');
  });

  it('a gap that would hide one page shows that page', () => {
    expect(show(pageItems(10, 4, 3, 2))).toBe('1 2 3 4 5 … 9 10');
  });
});

describe('Pagination', () => {
  it('renders nothing for one page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('reports the 1-based page picked, by link, Prev/Next and gaps', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageCount={20} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Page 1 is your current page/ })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByText('3'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Jump forward' }));
    expect(onPageChange.mock.calls).toEqual([[3], [2], [4]]);
  });
});
