import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const kycList = vi.fn();
const kycApprove = vi.fn();
const kycReject = vi.fn();
const kycRisk = vi.fn();
vi.mock('../api', () => ({
  api: {
    kycList: (q: unknown) => kycList(q),
    kycApprove: (id: string) => kycApprove(id),
    kycReject: (b: unknown) => kycReject(b),
    kycRisk: (id: string, on: boolean) => kycRisk(id, on),
    profile: () => new Promise(() => undefined),
  },
}));

import Kyc from './Kyc';

const pending = {
  userId: 'u1',
  name: 'Asha Rao',
  email: 'asha@x.test',
  mobile: '+919876543210',
  memberId: 'PL-0001',
  isApproved: false,
  status: 'PENDING',
  panNumber: 'ABCDE1234F',
  aadhaarNumber: 'XXXX XXXX 2346',
  documents: [
    { kind: 'SELFIE', mediaId: 'm4', url: '/media/4', contentType: 'image/jpeg' },
    { kind: 'PAN', mediaId: 'm1', url: '/media/1', contentType: 'image/png' },
    { kind: 'AADHAAR_FRONT', mediaId: 'm2', url: '/media/2', contentType: 'application/pdf' },
    { kind: 'AADHAAR_BACK', mediaId: 'm3', url: '/media/3', contentType: 'image/png' },
  ],
  resubmitted: false,
  changedDocuments: [],
  reason: '',
  submittedAt: '2026-11-24T10:00:00Z',
  decidedAt: null,
  expiresAt: null,
  expired: false,
  highRisk: false,
  sharedWith: [] as { userId: string; name: string; email: string }[],
  source: 'CARDS',
  ekyc: null as null | { name: string; dob: string; gender: string; photoUrl: string; generatedAt: string },
  panName: '',
  nameScore: null as number | null,
  nameMatchMin: 80,
  nameMismatch: false,
};
const rejected = { ...pending, userId: 'u2', name: 'Ravi K', status: 'REJECTED', reason: 'PAN photo blurred.', decidedAt: '2026-11-24T12:00:00Z' };

const answer = (records: unknown[]) => ({ message: 'KYC requests fetched successfully', data: { records, total: records.length, page: 1, limit: 10, lastPage: 1 } });

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Kyc />
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  kycList.mockReset().mockResolvedValue(answer([pending]));
  kycApprove.mockReset();
  kycReject.mockReset();
  kycRisk.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('KYC review (/admin/kyc)', () => {
  it('switches the high-risk flag from the viewer: one name, pressed when on, the new expiry shown', async () => {
    const approved = { ...pending, status: 'APPROVED', decidedAt: '2026-11-24T12:00:00Z', expiresAt: '2027-11-24T12:00:00Z' };
    kycList.mockResolvedValue(answer([approved]));
    kycRisk.mockResolvedValue({ message: 'KYC risk updated', data: { ...approved, highRisk: true, expiresAt: '2027-05-24T12:00:00Z' } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View documents of Asha Rao' }));
    const viewer = within(await screen.findByRole('dialog'));
    expect(viewer.getByTestId('viewer-expires')).toHaveTextContent('2027-11-24');
    await user.click(viewer.getByRole('button', { name: 'High-risk buyer', pressed: false }));
    expect(kycRisk).toHaveBeenCalledWith('u1', true);
    expect(await viewer.findByRole('button', { name: /High-risk buyer/, pressed: true })).toBeInTheDocument();
    expect(viewer.getByTestId('viewer-expires')).toHaveTextContent('2027-05-24');
  });

  it('shows the e-KYC photo and fields beside the PAN name, warning of a name match under the threshold', async () => {
    const user = userEvent.setup();
    const ekyc = {
      ...pending,
      documents: [],
      source: 'OFFLINE_EKYC',
      panNumber: 'ABCPE1234F',
      ekyc: { name: 'Asha Rao', dob: '1990-01-31', gender: 'F', photoUrl: '/media/photo', generatedAt: '2026-11-24T09:00:00Z' },
      panName: 'Rahul Sharma',
      nameScore: 12,
      nameMismatch: true,
    };
    kycList.mockResolvedValue(answer([ekyc]));
    renderPage();
    expect(await screen.findByTestId('kyc-name-mismatch')).toHaveTextContent('Name match 12 (below 80)');
    await user.click(screen.getByRole('button', { name: 'View e-KYC of Asha Rao' }));
    const viewer = within(await screen.findByRole('dialog'));
    expect(viewer.getByTestId('docviewer-label')).toHaveTextContent('e-KYC photo (UIDAI)');
    expect(viewer.getByTestId('viewer-ekyc-name')).toHaveTextContent('Asha Rao');
    expect(viewer.getByText('1990-01-31')).toBeInTheDocument();
    expect(viewer.getByText('Female')).toBeInTheDocument();
    expect(viewer.getByText('Rahul Sharma')).toBeInTheDocument();
    expect(viewer.getByTestId('viewer-name-match')).toHaveTextContent('12 of 100, below 80: check the names');
    expect(viewer.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('lists the pending queue first and filters by status', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(kycList).toHaveBeenLastCalledWith({ page: 1, limit: 10, search: '', status: 'PENDING' });
    expect(screen.getByText('Pending review: 1')).toBeInTheDocument();
    kycList.mockResolvedValue(answer([rejected]));
    await user.selectOptions(screen.getByLabelText('Status'), 'REJECTED');
    await waitFor(() => expect(kycList).toHaveBeenLastCalledWith({ page: 1, limit: 10, search: '', status: 'REJECTED' }));
    expect(await screen.findByTestId('kyc-reason')).toHaveTextContent('PAN photo blurred.');
    expect(screen.queryByRole('columnheader', { name: 'Action' })).toBeNull();
    // Decided submissions have no decision buttons.
    expect(screen.queryByRole('button', { name: /Approve KYC/ })).toBeNull();
    kycList.mockResolvedValue(answer([]));
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(kycList).toHaveBeenLastCalledWith({ page: 1, limit: 10, search: '', status: undefined }));
    // All, empty: every submission would be listed, not only decided ones.
    expect(await screen.findAllByText('No data available. Buyers appear here when they submit their documents.')).not.toHaveLength(0);
  });

  it('opens the documents in the viewer in PAN, Aadhaar front, back, selfie order', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View documents of Asha Rao' }));
    const viewer = within(await screen.findByRole('dialog'));
    expect(viewer.getByTestId('docviewer-label')).toHaveTextContent('PAN card');
    expect(viewer.getByText('Asha Rao · PL-0001')).toBeInTheDocument();
    await user.click(viewer.getByRole('button', { name: 'Next ›' }));
    expect(viewer.getByTestId('docviewer-label')).toHaveTextContent('Aadhaar front');
    expect(viewer.getByTestId('docviewer-stage')).toHaveAttribute('data-type', 'pdf');
  });

  it('rejects only with a reason, and approves after the confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reject KYC of Asha Rao' }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Are you sure you want to Reject?')).toBeInTheDocument();
    expect(dialog.getByText('XXXX XXXX 2346')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(dialog.getByText('Please enter a reason for the rejection.')).toBeInTheDocument();
    expect(kycReject).not.toHaveBeenCalled();
    kycReject.mockResolvedValue({ message: 'KYC rejected successfully', data: { ...pending, status: 'REJECTED' } });
    await user.type(dialog.getByLabelText(/Reason/), ' PAN photo blurred. ');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(kycReject).toHaveBeenCalledWith({ userId: 'u1', reason: 'PAN photo blurred.' });
    expect(await screen.findByText('KYC rejected successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    kycApprove.mockRejectedValue({ isAxiosError: true, response: { status: 409, data: { status: false, message: 'This KYC request has already been processed.', data: null } } });
    await user.click(screen.getByRole('button', { name: 'Approve KYC of Asha Rao' }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(kycApprove).toHaveBeenCalledWith('u1');
    expect(await screen.findByText('This KYC request has already been processed.')).toBeInTheDocument();
  });

  it('shows the other accounts that carry the same Aadhaar number', async () => {
    const user = userEvent.setup();
    kycList.mockResolvedValue(answer([{ ...pending, sharedWith: [{ userId: 'u9', name: 'Asha Two', email: 'asha2@x.test' }] }]));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve KYC of Asha Rao' }));
    const note = within(await screen.findByRole('note', { name: 'Same Aadhaar number' }));
    expect(note.getByText('This Aadhaar number is also on another account:')).toBeInTheDocument();
    expect(note.getByText('Asha Two (asha2@x.test)')).toBeInTheDocument();
  });

  it('shows the PAN whole beside the documents and decides from inside the viewer', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View documents of Asha Rao' }));
    const viewer = within(await screen.findByRole('dialog'));
    // The reviewer compares the whole PAN with the card; the Aadhaar number stays masked.
    expect(viewer.getByTestId('viewer-pan')).toHaveTextContent(/^ABCDE1234F$/);
    expect(viewer.getByText('XXXX XXXX 2346')).toBeInTheDocument();
    kycApprove.mockResolvedValue({ message: 'KYC approved successfully', data: { ...pending, status: 'APPROVED' } });
    await user.click(viewer.getByRole('button', { name: 'Approve' }));
    // The viewer gives way to the confirmation.
    const dialog = within(await screen.findByRole('dialog', { name: /Approve/ }));
    expect(screen.queryByTestId('docviewer-stage')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(kycApprove).toHaveBeenCalledWith('u1');
  });

  it('offers Reject in the viewer, and nothing to decide once decided', async () => {
    const user = userEvent.setup();
    kycList.mockResolvedValue(answer([pending, { ...rejected, documents: pending.documents }]));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View documents of Asha Rao' }));
    let viewer = within(await screen.findByRole('dialog'));
    await user.click(viewer.getByRole('button', { name: 'Reject' }));
    expect(within(await screen.findByRole('dialog', { name: /Reject/ })).getByText('Are you sure you want to Reject?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'View documents of Ravi K' }));
    viewer = within(await screen.findByRole('dialog'));
    expect(viewer.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(viewer.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('marks the documents a resubmission changed, in the list and the viewer', async () => {
    const user = userEvent.setup();
    kycList.mockResolvedValue(answer([{ ...pending, resubmitted: true, changedDocuments: ['AADHAAR_BACK'] }]));
    renderPage();
    expect(await screen.findByTestId('kyc-changed')).toHaveTextContent('Resubmitted; changed: Aadhaar back');
    await user.click(screen.getByRole('button', { name: 'View documents of Asha Rao' }));
    const viewer = within(await screen.findByRole('dialog'));
    expect(viewer.getByTestId('docviewer-label')).toHaveTextContent(/^PAN card$/);
    await user.click(viewer.getByRole('button', { name: /^3\. Aadhaar back/ }));
    expect(viewer.getByTestId('docviewer-label')).toHaveTextContent('Aadhaar back · changed since the rejection');
  });
});
