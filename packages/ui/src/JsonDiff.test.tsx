import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { JsonDiff } from './JsonDiff';

describe('JsonDiff', () => {
  it('shows the changed fields side by side and the unchanged ones on demand', async () => {
    render(<JsonDiff label="Changes to PUR-1" before={{ status: 'PENDING', amount: '10' }} after={{ status: 'APPROVED', amount: '10' }} />);
    const table = screen.getByRole('table', { name: 'Changes to PUR-1' });
    const status = within(table).getByRole('row', { name: /status/ });
    expect(within(status).getAllByRole('cell').map((c) => c.textContent)).toEqual(['BeforePENDING', 'AfterAPPROVED']);
    expect(within(table).queryByRole('row', { name: /amount/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show unchanged fields (1)' }));
    expect(within(table).getByRole('row', { name: /amount/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide unchanged fields' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says "none" for a side the field is missing from', () => {
    render(<JsonDiff before={null} after={{ name: 'Acme' }} />);
    const row = screen.getByRole('row', { name: /^name.*added/ });
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('none');
  });

  it('says so when nothing was recorded', () => {
    render(<JsonDiff before={null} after={null} />);
    expect(screen.getByText('No details were recorded for this action.')).toBeInTheDocument();
  });
});
