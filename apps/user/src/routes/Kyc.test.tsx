import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const kycGet = vi.fn();
const kycSubmit = vi.fn();
const mediaAdd = vi.fn();
const profileGet = vi.fn();
const bankAccountGet = vi.fn();
const mobileOtp = vi.fn();
const mobileVerify = vi.fn();
const bankAccountSave = vi.fn();
vi.mock('../api', () => ({
  api: {
    kycGet: () => kycGet(),
    kycSubmit: (b: unknown) => kycSubmit(b),
    mediaAdd: (f: File) => mediaAdd(f),
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

const NONE = { status: 'NONE', panNumber: '', aadhaarNumber: '', documents: [], reason: '', submittedAt: null, decidedAt: null };
const doc = (kind: string, n: number, contentType = 'image/png') => ({ kind, mediaId: `old-${n}`, url: `/api/v1/media/file/old-${n}?s=1`, contentType });
const REJECTED = {
  status: 'REJECTED',
  panNumber: 'ABCDE1234F',
  aadhaarNumber: 'XXXX XXXX 2346',
  documents: [doc('PAN', 1), doc('AADHAAR_FRONT', 2, 'application/pdf'), doc('AADHAAR_BACK', 3)],
  reason: 'The PAN photo is blurred.',
  submittedAt: '2026-11-24T10:00:00Z',
  decidedAt: '2026-11-24T12:00:00Z',
};

function renderKyc() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <Kyc />
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

function png(name: string) {
  return new File(['\x89PNG'], name, { type: 'image/png' });
}

/** The steps before the identity form: mobile and bank done (from the server), the location declined here. */
async function passConsent(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: "Don't share" }));
}

let uploads = 0;
beforeEach(() => {
  profileGet.mockResolvedValue({ message: 'ok', data: PROFILE });
  bankAccountGet.mockResolvedValue({ message: 'ok', data: ACCOUNT });
  kycGet.mockReset();
  kycSubmit.mockReset();
  mediaAdd.mockReset();
  uploads = 0;
  mediaAdd.mockImplementation(async (f: File) => ({
    message: 'File uploaded successfully',
    data: [{ id: `m${++uploads}`, url: '/x', contentType: f.type, size: f.size, originalName: f.name }],
  }));
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

async function choose(user: ReturnType<typeof userEvent.setup>, kind: string, file: File) {
  const slot = screen.getByTestId(`kyc-slot-${kind}`);
  await user.upload(slot.querySelector('input[type=file]') as HTMLInputElement, file);
}

describe('Verification (/user/kyc)', () => {
  it('names every problem before sending, uploads with previews, and submits after the confirmation', async () => {
    const user = userEvent.setup({ applyAccept: false });
    kycGet.mockResolvedValue({ message: 'ok', data: NONE });
    renderKyc();
    expect(await screen.findByText('Not submitted')).toBeInTheDocument();
    await passConsent(user);

    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(screen.getByText('Please enter a valid PAN (e.g. ABCDE1234F).')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid 12-digit Aadhaar number.')).toBeInTheDocument();
    expect(screen.getByText('Please upload your PAN card.')).toBeInTheDocument();
    expect(screen.getByText('Please upload the front of your Aadhaar card.')).toBeInTheDocument();
    expect(kycSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('PAN number'), 'abcde1234f');
    await user.type(screen.getByLabelText('Aadhaar number'), '2341 2341 2345');
    expect(screen.getByText('This Aadhaar number is not valid.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Aadhaar number'));
    await user.type(screen.getByLabelText('Aadhaar number'), '2341 2341 2346');

    // A selfie must be an image: refused before anything is sent.
    await choose(user, 'SELFIE', new File(['%PDF'], 'me.pdf', { type: 'application/pdf' }));
    expect(within(screen.getByTestId('kyc-slot-SELFIE')).getByRole('alert')).toHaveTextContent('The selfie must be a JPG, PNG or WEBP image.');
    expect(mediaAdd).not.toHaveBeenCalled();

    await choose(user, 'PAN', png('pan.png'));
    await choose(user, 'AADHAAR_FRONT', new File(['%PDF'], 'front.pdf', { type: 'application/pdf' }));
    await choose(user, 'AADHAAR_BACK', png('back.png'));
    expect(await screen.findByRole('img', { name: 'PAN card preview' })).toHaveAttribute('src', 'blob:preview');
    // A PDF shows as a file chip with its name.
    expect(within(screen.getByTestId('kyc-slot-AADHAAR_FRONT')).getByText('front.pdf')).toBeInTheDocument();
    expect(mediaAdd).toHaveBeenCalledTimes(3);

    kycSubmit.mockResolvedValue({ message: 'KYC submitted successfully', data: { ...NONE, status: 'PENDING', panNumber: 'XXXXXX234F', aadhaarNumber: 'XXXX XXXX 2346', documents: [doc('PAN', 1)], submittedAt: '2026-11-25T09:00:00Z' } });
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('ABCDE1234F')).toBeInTheDocument();
    expect(dialog.getByText('XXXX XXXX 2346')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Submit' }));
    expect(kycSubmit).toHaveBeenCalledWith({
      location: { status: 'DECLINED' },
      panNumber: 'ABCDE1234F',
      aadhaarNumber: '234123412346',
      documents: [
        { kind: 'PAN', mediaId: 'm1' },
        { kind: 'AADHAAR_FRONT', mediaId: 'm2' },
        { kind: 'AADHAAR_BACK', mediaId: 'm3' },
      ],
    });
    expect(await screen.findByText('KYC submitted successfully')).toBeInTheDocument();
    // Read-only while it is reviewed.
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(screen.getByTestId('kyc-aadhaar-masked')).toHaveTextContent('XXXX XXXX 2346');
  });

  it('after a rejection shows the reason and resubmits with the kept documents and the replaced one', async () => {
    const user = userEvent.setup();
    kycGet.mockResolvedValue({ message: 'ok', data: REJECTED });
    renderKyc();
    await passConsent(user);
    expect(await screen.findByTestId('kyc-reason')).toHaveTextContent('Reason: The PAN photo is blurred.');
    expect(screen.getByRole('heading', { name: 'Submit again' })).toBeInTheDocument();
    expect(within(screen.getByTestId('kyc-slot-PAN')).getByRole('button', { name: 'Replace' })).toBeInTheDocument();

    // The buyer's own PAN is filled in again (issue 28 item 10); the Aadhaar number is typed again.
    expect(screen.getByLabelText('PAN number')).toHaveValue('ABCDE1234F');
    expect(screen.getByLabelText('Aadhaar number')).toHaveValue('');
    await user.type(screen.getByLabelText('Aadhaar number'), '499118665246');
    await choose(user, 'PAN', png('pan-sharp.png'));
    await waitFor(() => expect(mediaAdd).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    kycSubmit.mockRejectedValue({ isAxiosError: true, response: { status: 409, data: { status: false, message: 'Your KYC is already under review.', data: null } } });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect(kycSubmit).toHaveBeenCalledWith({
      location: { status: 'DECLINED' },
      panNumber: 'ABCDE1234F',
      aadhaarNumber: '499118665246',
      documents: [
        { kind: 'PAN', mediaId: 'm1' },
        { kind: 'AADHAAR_FRONT', mediaId: 'old-2' },
        { kind: 'AADHAAR_BACK', mediaId: 'old-3' },
      ],
    });
    expect(await screen.findByText('Your KYC is already under review.')).toBeInTheDocument();
  });

  it('puts each message of a refused submission beside its field (issue 29 item 5)', async () => {
    const user = userEvent.setup();
    kycGet.mockResolvedValue({ message: 'ok', data: REJECTED });
    renderKyc();
    await passConsent(user);
    await user.type(await screen.findByLabelText('Aadhaar number'), '499118665246');
    kycSubmit.mockRejectedValue({
      isAxiosError: true,
      response: {
        status: 422,
        data: {
          status: false,
          message: ['This Aadhaar number is not valid.', 'KYC documents must be JPG, PNG, WEBP or PDF files.'],
          data: null,
          errors: [
            { field: 'aadhaarNumber', message: 'This Aadhaar number is not valid.' },
            { field: 'documents.AADHAAR_FRONT', message: 'KYC documents must be JPG, PNG, WEBP or PDF files.' },
          ],
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    const aadhaar = screen.getByLabelText('Aadhaar number');
    await waitFor(() => expect(aadhaar).toHaveAttribute('aria-invalid', 'true'));
    expect(aadhaar).toHaveAccessibleDescription(/This Aadhaar number is not valid\./);
    expect(within(screen.getByTestId('kyc-slot-AADHAAR_FRONT')).getByText('KYC documents must be JPG, PNG, WEBP or PDF files.')).toBeInTheDocument();
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
});
