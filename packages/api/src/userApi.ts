import type { AxiosInstance } from 'axios';
import { call, withoutEmpty } from './call';
import { downloadFile } from './download';
import { postMedia } from './media';
import type { TokenData, UserLoginRequest } from './types';
import type {
  BuyerProfile,
  BuyerSite,
  BuyerTransaction,
  ForgotPasswordOtpRequest,
  ForgotPasswordRequest,
  GlobalStockRow,
  Kyc,
  KycSubmitRequest,
  BankAccount,
  BankAccountRequest,
  MobileOtpRequest,
  MobileState,
  MobileVerifyRequest,
  BuyerListPage,
  MyStockRow,
  StockDelivery,
  OrderCancelRequest,
  PasswordUpdateRequest,
  AccountCloseRequest,
  PaymentDetails,
  ProfileUpdateRequest,
  PurchaseOrder,
  PurchaseRequest,
  RegisterOtpRequest,
  RegisterRequest,
  RoundRequestView,
  TokenPrice,
  TransactionListQuery,
  UploadedMedia,
  BuyerWallet,
  WalletChallenge,
  WalletVerifyRequest,
} from './userTypes';

/**
 * The Idempotency-Key header of an order or a proof (docs/openapi/user.yaml): the same key from the
 * same buyer answers the first answer again instead of acting twice.
 */
const once = (idempotencyKey?: string) => (idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined);

/** Every call of the buyer app against bff-user (the agreed wire contract). */
export function buyerApi(client: AxiosInstance) {
  return {
    siteGet: () => call<BuyerSite>(client.get('/api/v1/user/site/get')),
    login: (body: UserLoginRequest) => call<TokenData>(client.post('/api/v1/user/auth/login', body)),
    registerOtp: (body: RegisterOtpRequest) => call<unknown>(client.post('/api/v1/user/auth/register/otp', body)),
    register: (body: RegisterRequest) =>
      call<unknown>(client.post('/api/v1/user/auth/register', withoutEmpty(body))),
    forgotPasswordOtp: (body: ForgotPasswordOtpRequest) =>
      call<unknown>(client.post('/api/v1/user/auth/forgot-password/otp', body)),
    forgotPassword: (body: ForgotPasswordRequest) =>
      call<unknown>(client.post('/api/v1/user/auth/forgot-password', body)),
    passwordOtp: () => call<unknown>(client.post('/api/v1/user/auth/password/otp')),
    passwordUpdate: (body: PasswordUpdateRequest) =>
      call<unknown>(client.put('/api/v1/user/auth/password/update', body)),
    /** Closes the buyer's own account (their current password); 409 while an order is under way. */
    accountClose: (body: AccountCloseRequest) => call<null>(client.post('/api/v1/user/auth/account/close', body)),
    profileGet: () => call<BuyerProfile>(client.get('/api/v1/user/auth/profile/get')),
    /** Form-urlencoded; empty fields omitted except password, which is always sent. */
    profileUpdate: (body: ProfileUpdateRequest) => {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(withoutEmpty(body))) form.append(k, String(v));
      if (!form.has('password')) form.append('password', body.password ?? '');
      return call<unknown>(
        client.put('/api/v1/user/auth/profile/update', form, {
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
      );
    },
    priceGet: () => call<TokenPrice>(client.get('/api/v1/user/package/price/get')),
    beneficiaryGet: () => call<PaymentDetails>(client.get('/api/v1/user/package/beneficiary/get')),
    orderCreate: (amount: number, idempotencyKey?: string) =>
      call<PurchaseOrder>(client.post('/api/v1/user/package/order', { amount }, once(idempotencyKey))),
    orderGet: (id: string) => call<PurchaseOrder>(client.get('/api/v1/user/package/order/get', { params: { id } })),
    /** A round sold by requests: make, change or (amount 0) withdraw the buyer's request. */
    requestSave: (roundId: string, amount: number, idempotencyKey?: string) =>
      call<RoundRequestView>(client.post('/api/v1/user/package/request', { roundId, amount }, once(idempotencyKey))),
    requestGet: (roundId: string) =>
      call<RoundRequestView>(client.get('/api/v1/user/package/request/get', { params: { roundId } })),
    purchase: (body: PurchaseRequest, idempotencyKey?: string) =>
      call<PurchaseOrder>(client.post('/api/v1/user/package/purchase', withoutEmpty(body), once(idempotencyKey))),
    /** INITIATED → CANCELLED; 409 from any other status. */
    orderCancel: (id: OrderCancelRequest['id']) =>
      call<PurchaseOrder>(client.post('/api/v1/user/package/order/cancel', { id } satisfies OrderCancelRequest)),
    transactionList: (q: TransactionListQuery) =>
      call<BuyerListPage<BuyerTransaction>>(
        client.get('/api/v1/user/transaction/list', { params: withoutEmpty(q) }),
      ),
    /** The PDF receipt of an APPROVED purchase, saved under the server's file name. */
    transactionReceipt: (id: string) => downloadFile(client, '/api/v1/user/transaction/receipt', { id }, 'receipt.pdf'),
    /** The GST tax invoice of an approved purchase (404 when the company issued none). */
    transactionInvoice: (id: string) => downloadFile(client, '/api/v1/user/transaction/invoice', { id }, 'invoice.pdf'),
    /** The buyer's statement of one financial year ("2026-27") as a PDF or CSV. */
    statement: (fy: string, format: 'pdf' | 'csv') =>
      downloadFile(client, '/api/v1/user/statement', { fy, format }, `statement-${fy}.${format}`),
    /** The buyer's KYC (numbers masked, documents as signed links). */
    kycGet: () => call<Kyc>(client.get('/api/v1/user/kyc/get')),
    /** NONE or REJECTED → PENDING: the PAN, the name on it and UIDAI's offline e-KYC zip with its share code (multipart). */
    kycSubmit: (body: KycSubmitRequest) => {
      const form = new FormData();
      form.append('panNumber', body.panNumber);
      form.append('panName', body.panName);
      form.append('shareCode', body.shareCode);
      form.append('file', body.file, body.file instanceof File ? body.file.name : 'ekyc.zip');
      // The evidence: the browser's location or its refusal, one JSON part.
      if (body.location) form.append('location', JSON.stringify(body.location));
      return call<Kyc>(client.post('/api/v1/user/kyc/submit', form, { headers: { 'Content-Type': 'multipart/form-data' } }));
    },
    /** Sends a six-digit code by SMS to the mobile (the email codes' rules and limits). */
    mobileOtp: (body: MobileOtpRequest) => call<null>(client.post('/api/v1/user/auth/mobile/otp', body)),
    /** Checks the SMS code: the mobile becomes the buyer's, verified. */
    mobileVerify: (body: MobileVerifyRequest) => call<MobileState>(client.post('/api/v1/user/auth/mobile/verify', body)),
    /** The buyer's verified bank account (null when none); the number only as its last 4 digits. */
    bankAccountGet: () => call<BankAccount | null>(client.get('/api/v1/user/bank-account/get')),
    /** Verifies the account with the bank and makes it the buyer's. */
    bankAccountSave: (body: BankAccountRequest) => call<BankAccount>(client.post('/api/v1/user/bank-account', withoutEmpty(body))),
    /** The buyer's proved wallet (nulls when none). */
    walletGet: () => call<BuyerWallet>(client.get('/api/v1/user/wallet/get')),
    /** The one-time message to sign (personal_sign) with this address. */
    walletChallenge: (address: string) =>
      call<WalletChallenge>(client.get('/api/v1/user/wallet/challenge', { params: { address } })),
    /** Proves the wallet with a signature of the current message (password to replace one). */
    walletVerify: (body: WalletVerifyRequest) => call<BuyerWallet>(client.post('/api/v1/user/wallet/verify', withoutEmpty(body))),
    globalStockList: (page: number, limit: number) =>
      call<BuyerListPage<GlobalStockRow>>(client.get('/api/v1/user/stock/global/list', { params: { page, limit } })),
    myStockList: (page: number, limit: number) =>
      call<BuyerListPage<MyStockRow>>(client.get('/api/v1/user/stock/my/list', { params: { page, limit } })),
    stockDelivery: () => call<StockDelivery>(client.get('/api/v1/user/stock/delivery/get')),
    /** Multipart upload, field 'medias'; data is an array whose first item has the id. */
    mediaAdd: (file: File | Blob, filename?: string) => call(postMedia<UploadedMedia[]>(client, file, filename)),
  };
}

export type BuyerApi = ReturnType<typeof buyerApi>;
