import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { addDomain, DomainsEditor, MAX_DOMAINS } from './DomainsEditor';

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <DomainsEditor value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

describe('addDomain', () => {
  it('trims and lower-cases the host', () => {
    expect(addDomain([], '  Sale.Example.COM ')).toEqual({ list: ['sale.example.com'] });
  });
  it('refuses an empty value, a URL, a port, a path and a bare name', () => {
    expect(addDomain([], '  ').error).toBe('Enter a host name, e.g. sale.example.com.');
    for (const bad of ['https://sale.example.com', 'sale.example.com:8080', 'sale.example.com/buy', 'localhost', 'a b.com'])
      expect(addDomain([], bad).error).toBe('Enter only a host name such as sale.example.com: no scheme, port or path.');
  });
  it('refuses a repeat, whatever its case', () => {
    expect(addDomain(['sale.example.com'], 'SALE.example.com').error).toBe('sale.example.com is already in the list.');
  });
  it('allows at most 10', () => {
    const ten = Array.from({ length: MAX_DOMAINS }, (_, i) => `s${i}.example.com`);
    expect(addDomain(ten.slice(0, 9), 'last.example.com')).toEqual({ list: [...ten.slice(0, 9), 'last.example.com'] });
    expect(addDomain(ten, 'eleven.example.com').error).toBe('A company can have at most 10 domains.');
  });
});

describe('DomainsEditor', () => {
  it('says so when there is no domain, adds with Include or Enter, and removes with ×', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('No domain yet')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Domains'), ' Buy.ACME.test ');
    await user.click(screen.getByRole('button', { name: 'Include' }));
    expect(screen.getByTestId('value')).toHaveTextContent('buy.acme.test');
    expect(screen.getByLabelText('Domains')).toHaveValue('');
    await user.type(screen.getByLabelText('Domains'), 'two.acme.test{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('buy.acme.test,two.acme.test');
    await user.click(screen.getByRole('button', { name: 'Remove buy.acme.test' }));
    expect(screen.getByTestId('value')).toHaveTextContent(/^two\.acme\.test$/);
  });

  it('shows the duplicate and keeps the list', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['buy.acme.test']} />);
    await user.type(screen.getByLabelText('Domains'), 'BUY.acme.test');
    await user.click(screen.getByRole('button', { name: 'Include' }));
    expect(screen.getByText('buy.acme.test is already in the list.')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent(/^buy\.acme\.test$/);
  });

  it('disables adding at 10 domains', () => {
    render(<Harness initial={Array.from({ length: MAX_DOMAINS }, (_, i) => `s${i}.example.com`)} />);
    expect(screen.getByRole('button', { name: 'Include' })).toBeDisabled();
    expect(screen.getByLabelText('Domains')).toBeDisabled();
    expect(screen.getByText('The most a company can have: 10. Remove one to add another.')).toBeInTheDocument();
  });
});
