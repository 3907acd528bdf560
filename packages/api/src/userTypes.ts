/**
 * Buyer wire types (bff-user), generated from docs/openapi/user.yaml (`make contract`). Field names
 * are the server's: note `icon_url` (snake case) on the token config and the price response.
 */
import type { components, operations } from './generated/user';

type S = components['schemas'];

export type BuyerMetaData = S['MetaData'];
export type BuyerSocialLink = S['SocialLink'];
/**
 * Token config as served by GET /api/v1/user/site/get. The app also holds a default
 * token before the site has loaded, of which only symbol and name are certain.
 */
export type BuyerToken = Pick<S['TokenConfig'], 'symbol' | 'name'> & Partial<S['TokenConfig']>;
export type BuyerSite = S['Site'];

export type RegisterOtpRequest = S['RegisterOtpRequest'];
export type Gender = NonNullable<S['RegisterRequest']['gender']>;
export type RegisterRequest = S['RegisterRequest'];
export type ForgotPasswordOtpRequest = S['ForgotPasswordOtpRequest'];
export type ForgotPasswordRequest = S['ForgotPasswordRequest'];
export type PasswordUpdateRequest = S['PasswordUpdateRequest'];
export type AccountCloseRequest = S['AccountCloseRequest'];

export type BuyerMediaRef = S['MediaRef'];
export type BuyerProfile = S['Profile'];
/** PUT /api/v1/user/auth/profile/update; email and referralCode are read-only on the server. */
export type ProfileUpdateRequest = S['ProfileUpdateRequest'];

export type TokenPrice = S['TokenPrice'];
/** sale/get: the sale a visitor sees before signing in (price/get without the buyer's limits). */
export type PublicSale = S['PublicSale'];
/** The sale as a buyer sees it on price/get. */
export type BuyerSaleStatus = S['SaleStatus'];
export type PriceSale = S['PriceSale'];
export type PriceRound = S['PriceRound'];
export type PriceNextRound = S['PriceNextRound'];
/** The round sold by requests on price/get (docs/decisions/0014-allocation-by-requests.md). */
export type PriceRequestRound = S['PriceRequestRound'];
/** GET /api/v1/user/package/request/get: the round, the buyer's request and allocation. */
export type RoundRequestView = S['RequestView'];
export type PriceLimits = S['PriceLimits'];
export type BankDetail = S['BankDetail'];
export type PaymentDetails = S['PaymentDetails'];

export type BuyerPurchaseStatus = S['PurchaseStatus'];
export type PaymentMethod = S['PaymentMethod'];
export type PurchaseOrder = S['Order'];
export type PurchaseRequest = S['PurchaseRequest'];
/** POST /api/v1/user/package/order/cancel: INITIATED → CANCELLED. */
export type OrderCancelRequest = S['OrderCancelRequest'];
export type BuyerTransaction = S['Transaction'];

/** A page of any buyer list: the generated list shape with records of T. */
export type BuyerListPage<T> = Omit<S['TransactionList'], 'records'> & { records: T[] };

export type TransactionListQuery = NonNullable<operations['transactionList']['parameters']['query']>;

export type GlobalStockRow = S['GlobalStockRow'];
export type MyStockRow = S['MyStockRow'];
/** GET /api/v1/user/stock/delivery/get: when and where the buyer's tokens arrive. */
export type StockDelivery = S['StockDelivery'];
export type UploadedMedia = S['UploadedMedia'];

/** KYC: the buyer's verification (GET /api/v1/user/kyc/get). */
export type KycStatus = S['KycStatus'];
export type KycDocumentKind = S['KycDocumentKind'];
export type KycDocument = S['KycDocument'];
export type Kyc = S['Kyc'];
/** The KYC form: the contract's KycSubmitRequest with the e-KYC zip as the browser holds it. */
export type KycSubmitRequest = Omit<S['KycSubmitRequest'], 'file'> & { file: File | Blob };
/** The browser's location (or its refusal) sent with a KYC submission as evidence. */
export type KycLocation = S['KycLocation'];
/** Mobile verification by SMS and the buyer's bank account (refunds go there). */
export type MobileOtpRequest = S['MobileOtpRequest'];
export type MobileVerifyRequest = S['MobileVerifyRequest'];
export type MobileState = S['MobileState'];
export type BankAccount = S['BankAccount'];
export type BankAccountRequest = S['BankAccountRequest'];
export type BuyerWallet = S['Wallet'];
export type WalletChallenge = S['WalletChallenge'];
export type WalletVerifyRequest = S['WalletVerifyRequest'];
