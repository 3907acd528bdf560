export interface MetaData {
  title: string;
  description: string;
  keywords: string;
}

export interface SocialLink {
  mediaName: string;
  link: string;
}

/** SPEC §3 token config as served by GET /api/v1/user/site/get. */
export interface TokenConfig {
  symbol: string;
  name: string;
  icon_url?: string;
  title?: string;
  address?: string;
  decimals?: number;
  defaultLogo?: string;
  headerLogo?: string;
  tokenDistribution?: string[];
  socialLinks?: SocialLink[];
  chartImg?: string;
  footerNote?: string;
  metaData?: MetaData;
}

export interface SiteInfo {
  companyId: string;
  token: TokenConfig;
}

export interface UserLoginRequest {
  companyId: string;
  /** The email. */
  user: string;
  password: string;
}

export interface AdminLoginRequest {
  email: string;
  password: string;
}

export interface TokenData {
  token: string;
}
