import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const kycGet = vi.fn();
const kycSubmit = vi.fn();
const mediaAdd = vi.fn();
vi.mock('../api', () => ({
  api: {
    kycGet: () => kycGet(),
    kycSubmit: (b: unknown) => kycSubmit(b),
    mediaAdd: (f: File) => mediaAdd(f),
    profileGet: () => new Promise(() => undefined),
  },
}));
vi.stubGlobal('fetch', async () => ({ ok: false, status: 503, json: async () => ({}) }));

import Kyc from './Kyc';

const NONE = { status: 'NONE', panNumber: '', aadhaarNumber: '', documents: [], reason: '', submittedAt: null, decidedAt: null, expiresAt: null, expired: false };
const doc = (kind: string, n: number, contentType = 'image/png') => ({ kind, mediaId: `old-${n}`, url: `/api/v1/media/file/old-${n}?s=1`, contentType });
const REJECTED = {
  status: 'REJECTED',
  panNumber: 'ABCDE1234F',
  aadhaarNumber: 'XXXX XXXX 2346',
  documents: [doc('PAN', 1), doc('AADHAAR_FRONT', 2, 'application/pdf'), doc('AADHAAR_BACK', 3)],
  reason: 'The PAN photo is blurred.',
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

function png(name: string) {
  return new File(['\x89PNG'], name, { type: 'image/png' });
}

let uploads = 0;
beforeEach(() => {
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

  it('says until when the verification holds, and asks to verify again once it expired', async () => {
    const approved = { ...REJECTED, status: 'APPROVED', reason: '', panNumber: 'XXXXXX234F', expiresAt: '2027-11-27T06:00:00Z' };
    kycGet.mockResolvedValue({ message: 'ok', data: approved });
    const first = renderKyc();
    expect(await screen.findByTestId('kyc-expiry')).toHaveTextContent('Verified until 27 Nov 2027');
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    first.unmount();
    kycGet.mockResolvedValue({ message: 'ok', data: { ...approved, expired: true } });
    renderKyc();
    expect(await screen.findByTestId('kyc-expiry')).toHaveTextContent('Expired on 27 Nov 2027');
    expect(screen.getByTestId('kyc-next')).toHaveTextContent('Your verification has expired.');
    expect(await screen.findByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
  });
});
