/**
 * Wire types shared by both apps, generated from the contract (docs/openapi, `make contract`).
 * The names are the ones the apps import; the shapes are the documents'.
 */
import type { components as User } from './generated/user';
import type { components as Admin } from './generated/admin';

type US = User['schemas'];

export type MetaData = US['MetaData'];
export type SocialLink = US['SocialLink'];
/** Token config as served by GET /api/v1/user/site/get. */
export type TokenConfig = US['TokenConfig'];
export type SiteInfo = US['Site'];
export type UserLoginRequest = US['UserLoginRequest'];
export type AdminLoginRequest = Admin['schemas']['AdminLoginRequest'];
export type TokenData = US['TokenData'];
