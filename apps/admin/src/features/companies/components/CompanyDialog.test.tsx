import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddCompanyDialog, EMPTY_COMPANY, toCompanyAdd, validateCompany } from './CompanyDialog';

describe('Add Company validation', () => {
  it('requires every field and checks email, PIN, symbol, price and password', () => {
    const empty = validateCompany(EMPTY_COMPANY);
    expect(Object.keys(empty)).toHaveLength(12);
    const bad = validateCompany({
      ...EMPTY_COMPANY,
      companyName: 'Beta',
      email: 'nope',
      mobile: '1',
      companyAadhaarCard: '1',
      companyPan: 'P',
      companyAddress: 'A',
      companyPincode: '12',
      tokenName: 'Beta',
      tokenSymbol: 'B',
      tokenPrice: '0',
      adminName: 'Owner',
      adminPassword: 'short',
    });
    expect(bad).toEqual({
      email: 'Enter a valid email address.',
      companyPincode: 'PIN must be 6 digits.',
      tokenSymbol: 'Token symbol must be 2 to 10 letters or digits.',
      tokenPrice: 'Token price must be a number above 0.',
      adminPassword: 'Password must be at least 8 characters.',
    });
  });

  it('sends domains only when some were given', () => {
    expect(toCompanyAdd(EMPTY_COMPANY)).not.toHaveProperty('domains');
    expect(toCompanyAdd(EMPTY_COMPANY, ['buy.beta.test']).domains).toEqual(['buy.beta.test']);
  });

  it('sends require2fa only when the switch is on', () => {
    expect(toCompanyAdd(EMPTY_COMPANY)).not.toHaveProperty('require2fa');
    expect(toCompanyAdd(EMPTY_COMPANY, [], true).require2fa).toBe(true);
  });
});

describe('Add Company dialog', () => {
  it('sends the optional domains, lower case, with the other fields', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddCompanyDialog show onClose={() => {}} onSubmit={onSubmit} />);
    expect(screen.getByText('No domain yet')).toBeInTheDocument();
    const values: Record<string, string> = {
      'Company Name': 'Beta Ltd',
      Email: 'owner@beta.test',
      Mobile: '9876543210',
      Aadhaar: '234123412346',
      PAN: 'abcde1234f',
      Address: '2 Park St',
      PIN: '700016',
      'Token Name': 'Beta Coin',
      'Token Symbol': 'bet',
      'Token Price (INR)': '2.5',
      'Admin Name': 'Owner',
    };
    for (const [label, v] of Object.entries(values)) await user.type(screen.getByLabelText(label), v);
    await user.type(screen.getByLabelText('Admin Password', { selector: 'input' }), 'Secret@123');
    await user.type(screen.getByLabelText('Domains (optional)'), 'Buy.Beta.TEST{Enter}');
    // The dialog has one button named like "Add" (its submit): the domains editor's is "Include".
    expect(screen.getAllByRole('button', { name: /add/i })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      companyName: 'Beta Ltd',
      companyPan: 'ABCDE1234F',
      tokenSymbol: 'BET',
      tokenPrice: 2.5,
      domains: ['buy.beta.test'],
    });
  });

  async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
    const values: Record<string, string> = {
      'Company Name': 'Beta Ltd',
      Email: 'owner@beta.test',
      Mobile: '9876543210',
      Aadhaar: '234123412346',
      PAN: 'abcde1234f',
      Address: '2 Park St',
      PIN: '700016',
      'Token Name': 'Beta Coin',
      'Token Symbol': 'bet',
      'Token Price (INR)': '2.5',
      'Admin Name': 'Owner',
    };
    for (const [label, v] of Object.entries(values)) await user.type(screen.getByLabelText(label), v);
    await user.type(screen.getByLabelText('Admin Password', { selector: 'input' }), 'Secret@123');
  }

  it('includes a domain typed but not "Included"', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddCompanyDialog show onClose={() => {}} onSubmit={onSubmit} />);
    await fillRequired(user);
    await user.type(screen.getByLabelText('Domains (optional)'), 'one.beta.test{Enter}');
    await user.type(screen.getByLabelText('Domains (optional)'), ' Two.Beta.test ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0][0].domains).toEqual(['one.beta.test', 'two.beta.test']);
  });

  it('refuses a typed domain that cannot be included, with the message beside it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddCompanyDialog show onClose={() => {}} onSubmit={onSubmit} />);
    await fillRequired(user);
    await user.type(screen.getByLabelText('Domains (optional)'), 'https://beta.test/buy');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Domains (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Enter only a host name such as sale.example.com: no scheme, port or path.'),
    );
  });

  it("shows the server's Aadhaar refusal beside the Aadhaar field, until the number is changed", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(<AddCompanyDialog show onClose={() => {}} onSubmit={onSubmit} />);
    const values: Record<string, string> = {
      'Company Name': 'Beta Ltd',
      Email: 'owner@beta.test',
      Mobile: '9876543210',
      Aadhaar: '234123412345',
      PAN: 'ABCDE1234F',
      Address: '2 Park St',
      PIN: '700016',
      'Token Name': 'Beta Coin',
      'Token Symbol': 'BET',
      'Token Price (INR)': '2.5',
      'Admin Name': 'Owner',
    };
    for (const [label, v] of Object.entries(values)) await user.type(screen.getByLabelText(label), v);
    await user.type(screen.getByLabelText('Admin Password', { selector: 'input' }), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    const refusal = {
      isAxiosError: true,
      response: {
        status: 422,
        data: { status: false, message: 'This Aadhaar number is not valid.', data: null, errors: [{ field: 'companyAadhaarCard', message: 'This Aadhaar number is not valid.' }] },
      },
    };
    rerender(<AddCompanyDialog show error={refusal} onClose={() => {}} onSubmit={onSubmit} />);
    const aadhaar = screen.getByLabelText('Aadhaar');
    expect(aadhaar).toHaveAttribute('aria-invalid', 'true');
    expect(aadhaar).toHaveAccessibleDescription(/This Aadhaar number is not valid\./);
    expect(screen.getByLabelText('PAN')).not.toHaveAttribute('aria-invalid', 'true');
    expect(aadhaar).toHaveFocus();
    await user.type(aadhaar, '{Backspace}6');
    expect(screen.queryByText('This Aadhaar number is not valid.')).toBeNull();
  });
});
