import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const reconcileList = vi.fn();
const reconcileGet = vi.fn();
const reconcileImport = vi.fn();
const reconcileApprove = vi.fn();
const purchaseReject = vi.fn();
vi.mock('../api', () => ({
  api: {
    siteGet: () => Promise.resolve({ message: 'ok', data: { token: { title: 'ACW Prelaunch' } } }),
    reconcileList: (q: unknown) => reconcileList(q),
    reconcileGet: (q: unknown) => reconcileGet(q),
    reconcileImport: (f: File, p: (n: number) => void) => reconcileImport(f, p),
    reconcileApprove: (id: string) => reconcileApprove(id),
    purchaseReject: (id: string, reason?: string) => purchaseReject(id, reason),
  },
}));

import Reconcile from './Reconcile';

const MB = 1024 * 1024;

function imp(extra: object = {}) {
  return {
    id: 'i1',
    fileName: 'april.csv',
    lines: 12,
    credits: 10,
    matched: 3,
    amountMismatch: 2,
    decided: 1,
    notFound: 1,
    noUtr: 1,
    repeated: 1,
    unreadable: 1,
    toApprove: 2,
    importedBy: 'Asha Admin',
    createdAt: '2026-11-23T10:00:00Z',
    ...extra,
  };
}

const line = (n: number, extra: object = {}) => ({
  lineNo: n,
  date: '2026-04-03',
  description: `UPI/41234567890${n}/payment`,
  utr: `41234567890${n}`,
  credit: 1025.1,
  matchStatus: 'MATCHED',
  note: '',
  warnings: [] as string[],
  purchase: {
    id: `p${n}`,
    orderNumber: `PUR-00000000000${n}`,
    status: 'PENDING',
    finalAmount: 1025.1,
    user: { name: 'Ravi Kumar', referralCode: 'PL-0000042' },
  },
  ...extra,
});

const page = <T,>(records: T[], extra: object = {}) => ({ records, total: records.length, page: 1, limit: 10, lastPage: 1, ...extra });
const detail = (im = imp(), lines = [line(2), line(3, { matchStatus: 'NOT_FOUND', purchase: null, note: 'No purchase has this UTR.' })], extra: object = {}) => ({
  message: 'Import fetched successfully',
  data: { import: im, lines: page(lines, extra) },
});

function httpError(status: number, message: string) {
  return { isAxiosError: true, message: 'Request failed', response: { status, data: { status: false, message, data: null } } };
}

function Where() {
  const loc = useLocation();
  return <output data-testid="where">{loc.pathname + loc.search}</output>;
}

function renderPage(at = '/admin/reconcile') {
  const router = createMemoryRouter(
    [
      { path: '/admin/reconcile', element: (<><Reconcile /><Where /></>) },
      { path: '/admin/purchaserequest', element: (<><h1>Purchase Request</h1><Where /></>) },
    ],
    { initialEntries: [at] },
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

function sized(name: string, size: number, type = '') {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

function drop(file: File) {
  fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files: [file], types: ['Files'] } });
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  for (const f of [reconcileList, reconcileGet, reconcileImport, reconcileApprove, purchaseReject]) f.mockReset();
  reconcileList.mockResolvedValue({ message: 'Imports fetched successfully', data: page([imp(), imp({ id: 'i0', fileName: 'march.xlsx', toApprove: 0 })]) });
  reconcileGet.mockResolvedValue(detail());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Reconciliation', () => {
  it('refuses a .png and a 25 MB file before sending anything', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Reconciliation' })).toBeInTheDocument();
    drop(sized('receipt.png', 2000, 'image/png'));
    expect(await screen.findByText('The statement must be a CSV or XLSX file.')).toBeInTheDocument();
    drop(sized('huge.csv', 25 * MB, 'text/csv'));
    expect(await screen.findByText('The statement is larger than 20 MB.')).toBeInTheDocument();
    expect(reconcileImport).not.toHaveBeenCalled();
  });

  it('shows the upload progress, then the new import with its summary and lines', async () => {
    let finish: (v: unknown) => void = () => undefined;
    reconcileImport.mockImplementation((_f: File, onProgress: (n: number) => void) => {
      onProgress(40);
      return new Promise((r) => (finish = r));
    });
    renderPage();
    const file = sized('april.csv', 5000, 'text/csv');
    drop(file);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Uploading 40%')).toBeInTheDocument();
    expect(reconcileImport).toHaveBeenCalledWith(file, expect.any(Function));
    // A second file while the first is in flight is not taken.
    drop(sized('other.csv', 10));
    expect(reconcileImport).toHaveBeenCalledTimes(1);
    finish({ message: 'Statement imported successfully', data: imp() });
    expect(await screen.findByText('Statement imported successfully')).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/admin/reconcile?import=i1'));
    expect(screen.queryByRole('progressbar', { name: 'Uploading' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'april.csv' })).toBeInTheDocument();
    expect(reconcileGet).toHaveBeenCalledWith({ id: 'i1', status: '', page: 1, limit: 10 });
    // The history is fetched again to list the new import.
    await waitFor(() => expect(reconcileList.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('renders the summary counts and the lines with amounts, badges and links to their purchases', async () => {
    const user = userEvent.setup();
    renderPage('/admin/reconcile?import=i1');
    const summary = await screen.findByLabelText('Import summary');
    const stat = (label: string) => within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(stat('Lines')).toBe('12');
    expect(stat('Credits')).toBe('10');
    expect(stat('Matched')).toBe('3');
    expect(stat('Amount mismatch')).toBe('2');
    expect(stat('Decided')).toBe('1');
    expect(stat('Not found')).toBe('1');
    expect(stat('No UTR')).toBe('1');
    expect(stat('Repeated')).toBe('1');
    expect(stat('Unreadable')).toBe('1');
    expect(screen.getByText(/by Asha Admin/)).toBeInTheDocument();

    const table = await screen.findByRole('region', { name: 'Statement lines' });
    expect(within(table).getByText('412345678902')).toBeInTheDocument();
    expect(within(table).getAllByText('₹1,025.10').length).toBeGreaterThan(0);
    expect(within(table).getByText('Not found')).toHaveAttribute('data-status', 'NOT_FOUND');
    expect(within(table).getByText('No purchase has this UTR.')).toBeInTheDocument();
    expect(within(table).getByText(/Ravi Kumar/)).toHaveTextContent('PL-0000042');
    const link = within(table).getByRole('link', { name: 'Open purchase PUR-000000000002' });
    expect(link).toHaveAttribute('href', '/admin/purchaserequest?search1=PUR-000000000002');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Purchase Request' })).toBeInTheDocument();
    expect(where()).toBe('/admin/purchaserequest?search1=PUR-000000000002');
  });

  it('shows an UNREADABLE line with its note and no amount', async () => {
    const note = 'The amount “10,20” cannot be read without doubt: it is not matched.';
    reconcileGet.mockResolvedValue(detail(imp(), [line(5, { matchStatus: 'UNREADABLE', credit: null, purchase: null, note })]));
    renderPage('/admin/reconcile?import=i1');
    const table = await screen.findByRole('region', { name: 'Statement lines' });
    expect(within(table).getByText(note)).toBeInTheDocument();
    expect(within(table).getAllByText('Unreadable').find((e) => e.getAttribute('data-status') === 'UNREADABLE')).toBeTruthy();
    expect(within(table).queryByText(/₹/)).toBeNull();
    expect(within(table).queryByRole('link')).toBeNull();
  });

  it("flags a line whose payer is not the buyer's verified account, as a warning beside its note", async () => {
    const warning = "The payer's name (VIKRAM SINGH) is not the holder of the buyer's verified account (RAVI KUMAR).";
    reconcileGet.mockResolvedValue(detail(imp(), [line(7, { warnings: [warning] })]));
    renderPage('/admin/reconcile?import=i1');
    const table = await screen.findByRole('region', { name: 'Statement lines' });
    expect(await within(table).findByTestId('payer-warning')).toHaveTextContent(warning);
    expect(within(table).getByText('Matched', { selector: '[data-status="MATCHED"]' })).toBeInTheDocument();
  });

  it('shows the 409 of an import already running, with nothing to open', async () => {
    reconcileImport.mockRejectedValue(httpError(409, 'An import is already running.'));
    renderPage();
    drop(sized('may.csv', 100, 'text/csv'));
    const shown = await screen.findByText('An import is already running.');
    expect(shown.closest('[role="alert"]')).toHaveAttribute('data-status', '409');
    expect(screen.queryByRole('button', { name: 'Open the earlier import' })).toBeNull();
  });

  it('links a decided purchase to the history tab', async () => {
    reconcileGet.mockResolvedValue(detail(imp(), [line(4, { matchStatus: 'DECIDED', purchase: { ...line(4).purchase, status: 'APPROVED' } })]));
    renderPage('/admin/reconcile?import=i1');
    const link = await screen.findByRole('link', { name: 'Open purchase PUR-000000000004' });
    expect(link).toHaveAttribute('href', '/admin/purchaserequest?search1=PUR-000000000004&tab=history');
  });

  it('puts the status filter into the query and pages within it', async () => {
    const user = userEvent.setup();
    reconcileGet.mockResolvedValue(detail(imp(), [line(2)], { lastPage: 3, total: 25 }));
    renderPage('/admin/reconcile?import=i1');
    const filters = await screen.findByRole('group', { name: 'Filter lines by status' });
    expect(within(filters).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All(10)', 'Matched(3)', 'Amount mismatch(2)', 'Decided(1)', 'Not found(1)', 'No UTR(1)', 'Repeated(1)', 'Unreadable(1)',
    ]);
    await user.click(within(filters).getByRole('button', { name: /Amount mismatch/ }));
    await waitFor(() => expect(reconcileGet).toHaveBeenLastCalledWith({ id: 'i1', status: 'AMOUNT_MISMATCH', page: 1, limit: 10 }));
    expect(where()).toBe('/admin/reconcile?import=i1&status=AMOUNT_MISMATCH');
    expect(within(filters).getByRole('button', { name: /Amount mismatch/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(screen.getByRole('navigation', { name: 'Statement lines pages' })).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(reconcileGet).toHaveBeenLastCalledWith({ id: 'i1', status: 'AMOUNT_MISMATCH', page: 2, limit: 10 }));
    await user.click(within(filters).getByRole('button', { name: /All/ }));
    await waitFor(() => expect(reconcileGet).toHaveBeenLastCalledWith({ id: 'i1', status: '', page: 1, limit: 10 }));
  });

  it('approves the matched purchases after a confirmation and shows the result', async () => {
    const user = userEvent.setup();
    reconcileApprove.mockResolvedValue({ message: 'Matched purchases approved successfully', data: { approved: 2, skipped: 0 } });
    renderPage('/admin/reconcile?import=i1');
    await user.click(await screen.findByRole('button', { name: 'Approve 2 matched' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Approve 2 matched purchases?')).toBeInTheDocument();
    expect(within(dialog).getByText('From april.csv')).toBeInTheDocument();
    expect(reconcileApprove).not.toHaveBeenCalled();
    reconcileGet.mockResolvedValue(detail(imp({ toApprove: 0 })));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(reconcileApprove).toHaveBeenCalledWith('i1');
    expect(reconcileApprove).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Approved 2, skipped 0')).toBeInTheDocument(); // the toast
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/^Approved 2, skipped 0\./)).toBeInTheDocument(); // in the summary
    // One toast, not the server's message besides the result.
    expect(screen.queryByText('Matched purchases approved successfully')).toBeNull();
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
    const none = await screen.findByRole('button', { name: 'Nothing to approve' });
    expect(none).toBeDisabled();
    expect(none).not.toHaveClass('btn-success');
  });

  it('shows a grey "Nothing to approve" at 0 to approve, not a green "Approve 0 matched"', async () => {
    reconcileGet.mockResolvedValue(detail(imp({ id: 'i0', fileName: 'march.xlsx', toApprove: 0 })));
    renderPage('/admin/reconcile?import=i0');
    const none = await screen.findByRole('button', { name: 'Nothing to approve' });
    expect(none).toBeDisabled();
    expect(none).toHaveClass('btn-outline-secondary');
    expect(screen.queryByRole('button', { name: /Approve 0/ })).toBeNull();
  });

  it('says when an import was made in IST, in the summary and the history alike', async () => {
    renderPage('/admin/reconcile?import=i1');
    // 10:00 UTC is 03:30 pm IST, whatever the browser's zone.
    expect(await screen.findByText(/Imported 23\/11\/2026, 03:30:00 pm IST by Asha Admin/)).toBeInTheDocument();
    const history = await screen.findByRole('region', { name: /history/i });
    expect(within(history).getAllByText(/23\/11\/2026, 03:30:00 pm IST/).length).toBeGreaterThan(0);
  });

  it('offers Reject on an amount mismatch whose purchase is pending, with the difference as the reason', async () => {
    const user = userEvent.setup();
    purchaseReject.mockResolvedValue({ message: 'Purchase rejected successfully', data: null });
    reconcileGet.mockResolvedValue(
      detail(imp(), [
        line(5, { matchStatus: 'AMOUNT_MISMATCH', credit: 501, note: 'Credited ₹501.00; due ₹510.00.', purchase: { ...line(5).purchase, finalAmount: 510 } }),
        line(6, { matchStatus: 'AMOUNT_MISMATCH', credit: 700, purchase: { ...line(6).purchase, status: 'APPROVED' } }),
        line(7),
      ]),
    );
    renderPage('/admin/reconcile?import=i1');
    const table = await screen.findByRole('region', { name: 'Statement lines' });
    // Only the pending mismatch: not a decided one, not a match.
    expect(within(table).getAllByRole('button', { name: /^Reject purchase/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Reject purchase PUR-000000000005' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Are you sure you want to Reject?')).toBeInTheDocument();
    const reason = dialog.getByLabelText(/Reason/);
    expect(reason).toHaveValue('Payment short by ₹9.00: ₹501.00 reached our account against ₹510.00 due.');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(purchaseReject).toHaveBeenCalledWith('p5', 'Payment short by ₹9.00: ₹501.00 reached our account against ₹510.00 due.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a 409 naming the earlier import and opens it', async () => {
    const user = userEvent.setup();
    // 10:00 UTC is 15:30 IST.
    reconcileImport.mockRejectedValue(httpError(409, 'This statement was already imported on 23 Nov 2026 at 15:30 IST as “april.csv”.'));
    reconcileList.mockImplementation((q: { limit?: number }) =>
      Promise.resolve({
        message: 'Imports fetched successfully',
        data: page(q.limit === 100 ? [imp({ id: 'i9', createdAt: '2026-11-24T10:00:00Z' }), imp()] : [imp({ id: 'i0', fileName: 'march.xlsx' })]),
      }),
    );
    renderPage();
    drop(sized('april copy.csv', 100, 'text/csv'));
    const alert = await screen.findByText('This statement was already imported on 23 Nov 2026 at 15:30 IST as “april.csv”.');
    expect(alert.closest('[role="alert"]')).toHaveAttribute('data-status', '409');
    await user.click(screen.getByRole('button', { name: 'Open the earlier import' }));
    expect(reconcileList).toHaveBeenCalledWith({ page: 1, limit: 100 });
    await waitFor(() => expect(where()).toBe('/admin/reconcile?import=i1'));
    await waitFor(() => expect(reconcileGet).toHaveBeenCalledWith({ id: 'i1', status: '', page: 1, limit: 10 }));
  });

  it('shows 413, 415 and 422 messages as sent', async () => {
    renderPage();
    for (const [status, message] of [
      [413, 'The statement is larger than 20 MB.'],
      [415, 'The statement must be a CSV or XLSX file.'],
      [422, 'No header row was found in the first 30 rows: looked for Date, Narration, Credit.'],
    ] as const) {
      reconcileImport.mockRejectedValueOnce(httpError(status, message));
      drop(sized(`s${status}.csv`, 100));
      const shown = await screen.findByText(message);
      expect(shown.closest('[role="alert"]')).toHaveAttribute('data-status', String(status));
    }
    expect(screen.queryByRole('button', { name: 'Open the earlier import' })).toBeNull();
  });

  it('lists the history newest first, paginated, and shows the import chosen', async () => {
    const user = userEvent.setup();
    reconcileList.mockResolvedValue({ message: 'ok', data: page([imp(), imp({ id: 'i0', fileName: 'march.xlsx', toApprove: 0 })], { lastPage: 2, total: 12 }) });
    reconcileGet.mockImplementation((q: { id: string }) =>
      Promise.resolve(detail(q.id === 'i0' ? imp({ id: 'i0', fileName: 'march.xlsx', toApprove: 0 }) : imp())),
    );
    renderPage();
    expect(await screen.findByTestId('reconcile-hint')).toBeInTheDocument();
    const history = await screen.findByRole('region', { name: 'Import history' });
    expect(reconcileList).toHaveBeenCalledWith({ page: 1, limit: 10 });
    await user.click(within(history).getByRole('button', { name: 'Open march.xlsx' }));
    expect(await screen.findByRole('heading', { name: 'march.xlsx' })).toBeInTheDocument();
    expect(reconcileGet).toHaveBeenCalledWith({ id: 'i0', status: '', page: 1, limit: 10 });
    expect(within(history).getByText('Showing')).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Import history pages' })).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(reconcileList).toHaveBeenLastCalledWith({ page: 2, limit: 10 }));
  });

  it('says when the import cannot be found', async () => {
    reconcileGet.mockRejectedValue(httpError(404, 'Import not found.'));
    renderPage('/admin/reconcile?import=nope');
    const alerts = await screen.findAllByText('Import not found.');
    expect(alerts.length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
