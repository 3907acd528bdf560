import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const kycGet = vi.fn();
const kycSubmit = vi.fn();
vi.mock('../api', () => ({
  api: {
    kycGet: () => kycGet(),
    kycSubmit: (b: unknown) => kycSubmit(b),
    profileGet: () => new Promise(() => undefined),
  },
}));
vi.stubGlobal('fetch', async () => ({ ok: false, status: 503, json: async () => ({}) }));

import Kyc from './Kyc';

const NONE = { status: 'NONE', panNumber: '', panName: '', aadhaarNumber: '', ekycName: '', documents: [], reason: '', submittedAt: null, decidedAt: null };
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

beforeEach(() => {
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
    expect(kycSubmit).toHaveBeenCalledWith({ panNumber: 'ABCPE1234F', panName: 'Asha Verma', shareCode: 'Ab12', file: zip });
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
    expect(kycSubmit).toHaveBeenCalledWith({ panNumber: 'ABCPE1234F', panName: 'Asha Verma', shareCode: 'Ab12', file: zip });
    expect(await screen.findByText('Your KYC is already under review.')).toBeInTheDocument();
  });

  it('puts each message of a refused submission beside its field (issue 29 item 5)', async () => {
    const user = userEvent.setup();
    kycGet.mockResolvedValue({ message: 'ok', data: REJECTED });
    renderKyc();
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
});
