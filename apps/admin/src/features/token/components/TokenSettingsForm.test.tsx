import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { tokenSettings } from '../fixture';
import { TokenSettingsForm } from './TokenSettingsForm';

function wrap(ui: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;
}

/** A 422 as the server answers it: the sentences, and the request field of those that have one. */
const invalid = (list: [string, string | null][]) => ({
  isAxiosError: true,
  response: {
    status: 422,
    data: {
      status: false,
      message: list.map(([m]) => m),
      data: null,
      errors: list.filter(([, f]) => f).map(([message, field]) => ({ field, message })),
    },
  },
});

/** The message shown under a field, found through the field's aria-describedby. */
function describedBy(field: HTMLElement): string {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

describe('Token Settings form', () => {
  it('asks before saving and sends only the changed keys', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(wrap(<TokenSettingsForm settings={tokenSettings()} onSave={onSave} />));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(screen.getByLabelText('Price (₹ per token)'));
    await user.type(screen.getByLabelText('Price (₹ per token)'), '11.25');
    await user.click(screen.getByRole('switch', { name: /Pause the sale/ }));
    expect(screen.getByText('Unsaved changes: Price and fees, Sale window')).toBeInTheDocument();
    await user.click(save);

    const dialog = await screen.findByRole('dialog');
    // Each change before → after, not the names of sections.
    const lines = within(within(dialog).getByTestId('confirm-changes')).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['Price (INR): 10 → 11.25', 'Sale paused: No → Yes']);
    // The token has rounds: the dialog says the price does not apply while they exist.
    expect(within(dialog).getByTestId('confirm-effect')).toHaveTextContent(
      'The token price does not apply while rounds exist: buyers pay the current round’s price, and this price only once no round is left.',
    );
    expect(within(dialog).queryByText(/Buyers see the new settings/)).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith({ price: 11.25, sale: { startsAt: null, endsAt: null, paused: true } });
  });

  it('shows every 422 sentence next to its field, and the rest above the form', async () => {
    const user = userEvent.setup();
    const settings = tokenSettings();
    const { rerender } = render(wrap(<TokenSettingsForm settings={settings} onSave={() => undefined} />));
    rerender(
      wrap(
        <TokenSettingsForm
          settings={settings}
          onSave={() => undefined}
          saveError={invalid([
            ['Price must be greater than 0.', 'price'],
            ['Private supply cannot be less than the 10,000 tokens already sold or reserved.', 'supply.privateSupply'],
            ['The sale end must be after its start.', 'sale.endsAt'],
            ['Round 2: price must be greater than 0.', 'rounds[1].price'],
            ['Round allocations (1200000) cannot exceed the private supply (1000000).', 'rounds'],
            ['Social link 1: the link must be an https URL.', 'branding.socialLinks[0].link'],
            ['Something the screen has no field for.', null],
          ])}
        />,
      ),
    );
    expect(describedBy(screen.getByLabelText('Price (₹ per token)'))).toBe('Price must be greater than 0.');
    expect(describedBy(screen.getByLabelText('Private supply'))).toBe('Private supply cannot be less than the 10,000 tokens already sold or reserved.');
    expect(describedBy(screen.getByLabelText('Sale ends at'))).toBe('The sale end must be after its start.');
    expect(describedBy(screen.getByLabelText('Round 2 price (₹)'))).toBe('Round 2: price must be greater than 0.');
    expect(describedBy(screen.getByLabelText('Social link 1 link'))).toBe('Social link 1: the link must be an https URL.');
    expect(screen.getByTestId('rounds-error')).toHaveTextContent('Round allocations (1200000) cannot exceed the private supply (1000000).');
    const summary = screen.getByTestId('form-errors');
    expect(summary).toHaveTextContent('Please fix 7 problems');
    expect(summary).toHaveTextContent('Something the screen has no field for.');
    expect(screen.getByLabelText('Price (₹ per token)')).toHaveAttribute('aria-invalid', 'true');
    // The first refused field takes the focus (issue 28 item 12).
    expect(screen.getByLabelText('Price (₹ per token)')).toHaveFocus();

    // Fields the browser can check stop the save without a request.
    await user.clear(screen.getByLabelText('Total supply'));
    await user.type(screen.getByLabelText('Total supply'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(describedBy(screen.getByLabelText('Total supply'))).toBe('Total supply must be a whole number of at least 0.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Total supply')).toHaveFocus();
  });

  it('edits rounds: adds one, reorders by position and removes an unsold one', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(wrap(<TokenSettingsForm settings={tokenSettings()} onSave={onSave} />));
    const rows = () => screen.getAllByTestId('round-row');
    expect(rows().map((r) => within(r).getAllByRole('textbox')[0])).toHaveLength(2);
    expect(screen.getByLabelText('Round 1 name')).toHaveValue('Seed');
    // Each round shows its progress, sold of allocation.
    expect(within(rows()[0]).getByRole('progressbar', { name: 'Round 1 Seed sold' })).toHaveAttribute('aria-valuenow', '5');
    // A round that has sold cannot be removed.
    expect(screen.getByRole('button', { name: 'Remove Seed' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add round' }));
    await user.type(screen.getByLabelText('Round 3 name'), 'Final');
    await user.type(screen.getByLabelText('Round 3 price (₹)'), '15');
    await user.type(screen.getByLabelText('Round 3 allocation (tokens)'), '100000');
    expect(screen.getByTestId('rounds-allocated')).toHaveTextContent('Allocated 8,00,000 of 10,00,000 private supply');
    await user.click(screen.getByRole('button', { name: 'Move Final up' }));
    expect(screen.getByLabelText('Round 2 name')).toHaveValue('Final');
    await user.click(screen.getByRole('button', { name: 'Remove Public' }));
    expect(rows()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      rounds: [
        { id: 'r-1', position: 1, name: 'Seed', price: 8, allocation: 200000, startsAt: null, endsAt: null, mode: 'FCFS' },
        { position: 2, name: 'Final', price: 15, allocation: 100000, startsAt: null, endsAt: null, mode: 'FCFS' },
      ],
    });
  });

  it('disables Save while a save is in flight and reloads from the answer', async () => {
    const onSave = vi.fn();
    const { rerender } = render(wrap(<TokenSettingsForm settings={tokenSettings()} pending onSave={onSave} />));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    rerender(wrap(<TokenSettingsForm settings={tokenSettings({ price: 14, name: 'Renamed' })} onSave={onSave} />));
    expect(screen.getByLabelText('Price (₹ per token)')).toHaveValue('14');
    expect(screen.getByLabelText('Token name')).toHaveValue('Renamed');
    expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
  });

  it('groups the digits of supply fields and sends them without the commas; no round ids on screen', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const { container } = render(wrap(<TokenSettingsForm settings={tokenSettings()} onSave={onSave} />));
    const total = screen.getByLabelText('Total supply');
    expect(total).toHaveValue('1,00,00,000');
    await user.clear(total);
    await user.type(total, '25000000');
    expect(total).toHaveValue('2,50,00,000');
    // No round's internal id anywhere on screen or in a tooltip.
    expect(container.innerHTML).not.toMatch(/r-1|r-2/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-changes')).toHaveTextContent('Total supply: 1,00,00,000 → 2,50,00,000');
    // Only a supply change: buyers see it; no word about the price.
    expect(within(dialog).getByTestId('confirm-effect')).toHaveTextContent(/^Buyers see the changes within a second/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0][0].supply.totalSupply).toBe(25_000_000);
  });
});
