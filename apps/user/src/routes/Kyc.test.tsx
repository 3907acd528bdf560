import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const kycGet = vi.fn();
const kycSubmit = vi.fn();
const profileGet = vi.fn();
const bankAccountGet = vi.fn();
const mobileOtp = vi.fn();
const mobileVerify = vi.fn();
const bankAccountSave = vi.fn();
vi.mock('../api', () => ({
  api: {
    kycGet: () => kycGet(),
    kycSubmit: (b: unknown) => kycSubmit(b),
    profileGet: () => profileGet(),
    bankAccountGet: () => bankAccountGet(),
    mobileOtp: (b: unknown) => mobileOtp(b),
    mobileVerify: (b: unknown) => mobileVerify(b),
    bankAccountSave: (b: unknown) => bankAccountSave(b),
  },
}));
const PROFILE = { name: 'Asha Rao', mobile: '+919876543210', mobileVerifiedAt: '2026-11-24T09:00:00Z' };
const ACCOUNT = {
  bankName: 'HDFC Bank',
  ifsc: 'HDFC0001234',
  accountLast4: '8901',
  accountMasked: '••••8901',
  holderName: 'ASHA RAO',
  comparedName: 'Asha Rao',
  nameScore: 100,
  nameMatches: true,
  verifiedAt: '2026-11-24T09:05:00Z',
};
vi.stubGlobal('fetch', async () => ({ ok: false, status: 503, json: async () => ({}) }));

import Kyc from './Kyc';

const NONE = { status: 'NONE', panNumber: '', panName: '', aadhaarNumber: '', ekycName: '', documents: [], reason: '', submittedAt: null, decidedAt: null, expiresAt: null, expired: false };
const zip = new File(['PK\x03\x04'], 'offlineaadhaar.zip', { type: 'application/zip' });
const REJECTED = {
  status: 'REJECTED',
  panNumber: 'ABCPE1234F',
  panName: 'Asha Verma',
  aadhaarNumber: 'XXXX XXXX 2346',
  ekycName: 'Asha Verma',
  documents: [],
  reason: 'The PAN name does not match.',
  submittedAt: '2026-11-24T10:00:00Z',
  decidedAt: '2026-11-24T12:00:00Z',
  expiresAt: null,
  expired: false,
};

function renderKyc() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <Kyc />
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

/** The steps before the identity form: mobile and bank done (from the server), the location declined here. */
async function passConsent(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: "Don't share" }));
}

beforeEach(() => {
  profileGet.mockResolvedValue({ message: 'ok', data: PROFILE });
  bankAccountGet.mockResolvedValue({ message: 'ok', data: ACCOUNT });
  kycGet.mockReset();
  kycSubmit.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Verification (/user/kyc)', () => {
  it('names every problem before sending and submits the e-KYC zip after the confirmation', async () => {
    const user = userEvent.setup({ applyAccept: false });
    kycGet.mockResolvedValue({ message: 'ok', data: NONE });
    renderKyc();
    expect(await screen.findByText('Not submitted')).toBeInTheDocument();
    await passConsent(user);
    // How to get the file from UIDAI, in three steps.
    expect(screen.getByRole('link', { name: 'myaadhaar.uidai.gov.in' })).toHaveAttribute('href', 'https://myaadhaar.uidai.gov.in/offline-ekyc');

    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(screen.getByText('Please enter a valid PAN (e.g. ABCDE1234F).')).toBeInTheDocument();
    expect(screen.getByText('Please enter your name as printed on your PAN card.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the 4-character share code you chose on the UIDAI site.')).toBeInTheDocument();
    expect(screen.getByText('Please upload the e-KYC zip file you downloaded from UIDAI.')).toBeInTheDocument();
    expect(kycSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('PAN number'), 'abcce1234f');
    expect(screen.getByText("This PAN is not an individual's (its 4th letter must be P). Enter your personal PAN.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('PAN number'));
    await user.type(screen.getByLabelText('PAN number'), 'abcpe1234f');
    await user.type(screen.getByLabelText('Name on your PAN card'), 'Asha  Verma');
    await user.type(screen.getByLabelText('Share code'), 'Ab12');
    await user.upload(screen.getByLabelText('e-KYC zip file'), new File(['x'], 'card.png', { type: 'image/png' }));
    expect(screen.getByText('This is not the e-KYC zip file from UIDAI. Upload the .zip file as you downloaded it.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('e-KYC zip file'), zip);

    kycSubmit.mockResolvedValue({
      message: 'KYC submitted successfully',
      data: { ...NONE, status: 'PENDING', panNumber: 'XXXXXX234F', panName: 'Asha Verma', ekycName: 'Asha Verma', aadhaarNumber: 'XXXX XXXX 2346', submittedAt: '2026-11-25T09:00:00Z' },
    });
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('ABCPE1234F')).toBeInTheDocument();
    expect(dialog.getByText('offlineaadhaar.zip')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Submit' }));
    expect(kycSubmit).toHaveBeenCalledWith({ location: { status: 'DECLINED' }, panNumber: 'ABCPE1234F', panName: 'Asha Verma', shareCode: 'Ab12', file: zip });
    expect(await screen.findByText('KYC submitted successfully')).toBeInTheDocument();
    // Read-only while it is reviewed.
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(screen.getByTestId('kyc-aadhaar-masked')).toHaveTextContent('XXXX XXXX 2346');
    expect(screen.getByTestId('kyc-ekyc-name')).toHaveTextContent('Asha Verma');
  });

  it('after a rejection shows the reason and starts the form with the PAN and its name', async () => {
    const user = userEvent.setup();
    kycGet.mockResolvedValue({ message: 'ok', data: REJECTED });
    renderKyc();
    await passConsent(user);
    expect(await screen.findByTestId('kyc-reason')).toHaveTextContent('Reason: The PAN name does not match.');
    expect(screen.getByRole('heading', { name: 'Submit again' })).toBeInTheDocument();
    // The buyer's own PAN is filled in again (issue 28 item 10); the zip is chosen again.
    expect(screen.getByLabelText('PAN number')).toHaveValue('ABCPE1234F');
    expect(screen.getByLabelText('Name on your PAN card')).toHaveValue('Asha Verma');
    await user.type(screen.getByLabelText('Share code'), 'Ab12');
    await user.upload(screen.getByLabelText('e-KYC zip file'), zip);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    kycSubmit.mockRejectedValue({ isAxiosError: true, response: { status: 409, data: { status: false, message: 'Your KYC is already under review.', data: null } } });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(kycSubmit).toHaveBeenCalledWith({ location: { status: 'DECLINED' }, panNumber: 'ABCPE1234F', panName: 'Asha Verma', shareCode: 'Ab12', file: zip });
    expect(await screen.findByText('Your KYC is already under review.')).toBeInTheDocument();
  });

  it('puts each message of a refused submission beside its field (issue 29 item 5)', async () => {
    const user = userEvent.setup();
    kycGet.mockResolvedValue({ message: 'ok', data: REJECTED });
    renderKyc();
    await passConsent(user);
    await user.type(await screen.findByLabelText('Share code'), 'Zz99');
    await user.upload(screen.getByLabelText('e-KYC zip file'), zip);
    kycSubmit.mockRejectedValue({
      isAxiosError: true,
      response: {
        status: 422,
        data: {
          status: false,
          message: ["The e-KYC file's signature is not valid."],
          data: null,
          errors: [{ field: 'file', message: "The e-KYC file's signature is not valid." }],
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    const file = screen.getByLabelText('e-KYC zip file');
    await waitFor(() => expect(file).toHaveAttribute('aria-invalid', 'true'));
    expect(file).toHaveAccessibleDescription(/The e-KYC file's signature is not valid\./);
  });

  it('shows Verified read-only, and a failed load with Retry', async () => {
    const user = userEvent.setup();
    kycGet.mockRejectedValueOnce({ isAxiosError: true, response: { status: 503, data: { status: false, message: 'Service unavailable.', data: null } } });
    renderKyc();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    kycGet.mockResolvedValue({ message: 'ok', data: { ...REJECTED, status: 'APPROVED', reason: '' } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByTestId('kyc-next')).toHaveTextContent('Your identity is verified.');
    expect(screen.queryByTestId('kyc-reason')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });

  it('guides a new buyer: mobile by SMS first, then the bank account, consent, and only then the form', async () => {
    const user = userEvent.setup();
    kycGet.mockResolvedValue({ message: 'ok', data: NONE });
    profileGet.mockResolvedValue({ message: 'ok', data: { ...PROFILE, mobileVerifiedAt: null } });
    bankAccountGet.mockResolvedValue({ message: 'ok', data: null });
    renderKyc();
    const mobileStep = await screen.findByTestId('verify-step-mobile');
    expect(mobileStep).toHaveAttribute('data-state', 'current');
    expect(within(mobileStep).getByText('A code by SMS proves the number is yours, so we can reach you.')).toBeInTheDocument();
    expect(screen.getByTestId('verify-step-bank')).toHaveAttribute('data-state', 'upcoming');
    expect(screen.queryByLabelText('PAN number')).toBeNull();

    mobileOtp.mockResolvedValue({ message: 'We sent a code by SMS. It is valid for 10 minutes.', data: null });
    expect(screen.getByLabelText('Mobile number')).toHaveValue('+919876543210');
    await user.click(screen.getByRole('button', { name: 'Send code by SMS' }));
    expect(mobileOtp).toHaveBeenCalledWith({ mobile: '+919876543210' });
    await user.type(await screen.findByLabelText('Code from the SMS'), '12a3456');
    mobileVerify.mockResolvedValue({ message: 'Your mobile number is verified.', data: { mobile: '+919876543210', mobileVerifiedAt: '2026-11-25T09:00:00Z' } });
    profileGet.mockResolvedValue({ message: 'ok', data: PROFILE });
    await user.click(screen.getByRole('button', { name: 'Verify mobile' }));
    expect(mobileVerify).toHaveBeenCalledWith({ mobile: '+919876543210', code: '123456' });
    await waitFor(() => expect(screen.getByTestId('verify-step-mobile')).toHaveAttribute('data-state', 'done'));

    // The bank account: the IFSC's form is checked before anything is sent.
    await user.type(await screen.findByLabelText('Account number'), '5010 0123 4567 8901');
    await user.type(screen.getByLabelText('Account number again'), '50100123456789 01');
    await user.type(screen.getByLabelText('IFSC'), 'hdfc1234567');
    await user.click(screen.getByRole('button', { name: 'Verify account' }));
    expect(screen.getByText('Please enter a valid IFSC: 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234).')).toBeInTheDocument();
    expect(bankAccountSave).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('IFSC'));
    await user.type(screen.getByLabelText('IFSC'), 'hdfc0001234');
    bankAccountSave.mockResolvedValue({ message: 'Your bank account is saved.', data: { ...ACCOUNT, nameMatches: false, holderName: 'RAMESH KUMAR VERMA' } });
    await user.click(screen.getByRole('button', { name: 'Verify account' }));
    expect(bankAccountSave).toHaveBeenCalledWith({ accountNumber: '5010012345678901', confirmAccountNumber: '5010012345678901', ifsc: 'HDFC0001234' });
    const bank = await screen.findByTestId('bank-account');
    expect(bank).toHaveTextContent('••••8901');
    expect(bank).toHaveTextContent("The holder's name differs from yours (Asha Rao)");
    expect(bank).not.toHaveTextContent('5010012345678901');

    // Consent: sharing the location asks the browser; here it is refused there, recorded as DECLINED.
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    await user.click(await screen.findByRole('button', { name: 'Share my location' }));
    expect(getCurrentPosition).toHaveBeenCalled();
    expect(await screen.findByText('You chose not to share your location.')).toBeInTheDocument();
    expect(await screen.findByLabelText('PAN number')).toBeInTheDocument();
    expect(screen.getByTestId('verify-step-identity')).toHaveAttribute('data-state', 'current');
  }, 90_000);

  it('says until when the verification holds, and asks to verify again once it expired', async () => {
    const user = userEvent.setup();
    const approved = { ...REJECTED, status: 'APPROVED', reason: '', panNumber: 'XXXXXX234F', expiresAt: '2027-11-27T06:00:00Z' };
    kycGet.mockResolvedValue({ message: 'ok', data: approved });
    const first = renderKyc();
    expect(await screen.findByTestId('kyc-expiry')).toHaveTextContent('Verified until 27 Nov 2027');
    expect(document.querySelector('[data-kyc-status]')).toHaveAttribute('data-kyc-status', 'APPROVED');
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    first.unmount();
    kycGet.mockResolvedValue({ message: 'ok', data: { ...approved, expired: true } });
    renderKyc();
    expect(await screen.findByTestId('kyc-expiry')).toHaveTextContent('Expired on 27 Nov 2027');
    expect(screen.getByTestId('kyc-next')).toHaveTextContent('Your verification has expired.');
    // The badge says Expired, not Verified.
    expect(document.querySelector('[data-kyc-status]')).toHaveAttribute('data-kyc-status', 'EXPIRED');
    expect(document.querySelector('[data-kyc-status]')).toHaveTextContent('Expired');
    await passConsent(user);
    expect(await screen.findByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
  });
});
