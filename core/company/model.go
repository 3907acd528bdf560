// Package company holds companies and their token configuration.
package company

import (
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
)

type Company struct {
	bun.BaseModel `bun:"table:companies,alias:c"`

	ID     string `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	Name   string `bun:"name,notnull"`
	Email  string `bun:"email,notnull"`
	Mobile string `bun:"mobile,notnull"`
	// The Aadhaar number is never kept whole (docs/security.md, issue 27 finding 1): its last 4
	// digits for the masked display and its HMAC under PII_KEY.
	AadhaarLast4 string `bun:"aadhaar_last4,notnull"`
	AadhaarHash  string `bun:"aadhaar_hash,notnull"`
	PAN          string `bun:"pan,notnull"`
	Address      string `bun:"address,notnull"`
	Pincode      string `bun:"pincode,notnull"`
	Status       string `bun:"status,notnull,default:'ACTIVE'"` // StatusActive or StatusSuspended
	// SuspensionReason: why the super admin suspended it, shown to its admins and buyers; "" while active.
	SuspensionReason string    `bun:"suspension_reason,notnull"`
	Require2FA       bool      `bun:"require_2fa,notnull"`
	CreatedAt        time.Time `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt        time.Time `bun:"updated_at,notnull,default:current_timestamp"`

	Token *Token `bun:"rel:has-one,join:id=company_id"`
}

type SocialLink struct {
	MediaName string `json:"mediaName"`
	Link      string `json:"link"`
}

// Token is a company's token: its branding, price and supply figures.
type Token struct {
	bun.BaseModel `bun:"table:tokens,alias:t"`

	ID                      string          `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	CompanyID               string          `bun:"company_id,type:uuid,notnull"`
	Symbol                  string          `bun:"symbol,notnull"`
	Name                    string          `bun:"name,notnull"`
	Decimals                int             `bun:"decimals,notnull"`
	Address                 string          `bun:"address,notnull"`
	IconURL                 string          `bun:"icon_url,notnull"`
	DefaultLogo             string          `bun:"default_logo,notnull"`
	HeaderLogo              string          `bun:"header_logo,notnull"`
	Title                   string          `bun:"title,notnull"`
	TokenDistribution       []string        `bun:"token_distribution,type:jsonb,notnull"`
	SocialLinks             []SocialLink    `bun:"social_links,type:jsonb,notnull"`
	ChartImg                string          `bun:"chart_img,notnull"`
	FooterNote              string          `bun:"footer_note,notnull"`
	MetaTitle               string          `bun:"meta_title,notnull"`
	MetaDescription         string          `bun:"meta_description,notnull"`
	MetaKeywords            string          `bun:"meta_keywords,notnull"`
	Price                   decimal.Decimal `bun:"price,type:numeric(18,4),notnull"`
	PlatformChargePercent   decimal.Decimal `bun:"platform_charge_percent,type:numeric(5,2),notnull"`
	TotalSupply             decimal.Decimal `bun:"total_supply,type:numeric(38,0),notnull"`
	PrivateSupply           decimal.Decimal `bun:"private_supply,type:numeric(38,0),notnull"`
	RemainingPrivateSupply  decimal.Decimal `bun:"remaining_private_supply,type:numeric(38,0),notnull"`
	PublicCellSupply        decimal.Decimal `bun:"public_cell_supply,type:numeric(38,0),notnull"`
	AngelInvestorSupply     decimal.Decimal `bun:"angel_investor_supply,type:numeric(38,0),notnull"`
	FounderTeamSupply       decimal.Decimal `bun:"founder_team_supply,type:numeric(38,0),notnull"`
	AirdropSupply           decimal.Decimal `bun:"airdrop_supply,type:numeric(38,0),notnull"`
	ReferralSupply          decimal.Decimal `bun:"referral_supply,type:numeric(38,0),notnull"`
	RemainingReferralSupply decimal.Decimal `bun:"remaining_referral_supply,type:numeric(38,0),notnull"`
	ReferralPercent         decimal.Decimal `bun:"referral_percent,type:numeric(5,2),notnull"`
	LaunchAt                *time.Time      `bun:"launch_at"`
	// The sale (DESIGN §10): an optional window, a pause, optional INR limits, and the version of
	// these settings (it moves with every admin change; purchase.reservePriced checks it).
	SaleStartsAt        *time.Time       `bun:"sale_starts_at"`
	SaleEndsAt          *time.Time       `bun:"sale_ends_at"`
	SalePaused          bool             `bun:"sale_paused,notnull"`
	MinOrderINR         *decimal.Decimal `bun:"min_order_inr,type:numeric(18,2)"`
	MaxOrderINR         *decimal.Decimal `bun:"max_order_inr,type:numeric(18,2)"`
	MaxPerBuyerINR      *decimal.Decimal `bun:"max_per_buyer_inr,type:numeric(18,2)"`
	KYCRequiredAboveINR *decimal.Decimal `bun:"kyc_required_above_inr,type:numeric(18,2)"`
	SettingsVersion     int64            `bun:"settings_version,notnull"`
	CreatedAt           time.Time        `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt           time.Time        `bun:"updated_at,notnull,default:current_timestamp"`
}

// Round is one stage of a token's sale (DESIGN §10): its price holds for its allocation, within its
// optional window. sold counts the tokens of the INITIATED, PENDING and APPROVED orders it priced.
type Round struct {
	bun.BaseModel `bun:"table:token_rounds,alias:r"`

	ID         string          `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	TokenID    string          `bun:"token_id,type:uuid,notnull"`
	Position   int             `bun:"position,notnull"`
	Name       string          `bun:"name,notnull"`
	Price      decimal.Decimal `bun:"price,type:numeric(18,4),notnull"`
	Allocation decimal.Decimal `bun:"allocation,type:numeric(38,0),notnull"`
	Sold       decimal.Decimal `bun:"sold,type:numeric(38,0),notnull"`
	// Closed: a later round has sold, so this one never sells again (migration
	// …0100_round_closed); tokens its orders give back go to the current round (purchase.ReleaseRound).
	Closed    bool       `bun:"closed,notnull"`
	StartsAt  *time.Time `bun:"starts_at"`
	EndsAt    *time.Time `bun:"ends_at"`
	CreatedAt time.Time  `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt time.Time  `bun:"updated_at,notnull,default:current_timestamp"`
}
