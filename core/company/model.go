// Package company holds companies and their token configuration.
package company

import (
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
)

type Company struct {
	bun.BaseModel `bun:"table:companies,alias:c"`

	ID        string    `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	Name      string    `bun:"name,notnull"`
	Email     string    `bun:"email,notnull"`
	Mobile    string    `bun:"mobile,notnull"`
	Aadhaar   string    `bun:"aadhaar,notnull"`
	PAN       string    `bun:"pan,notnull"`
	Address   string    `bun:"address,notnull"`
	Pincode   string    `bun:"pincode,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt time.Time `bun:"updated_at,notnull,default:current_timestamp"`

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
	CreatedAt               time.Time       `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt               time.Time       `bun:"updated_at,notnull,default:current_timestamp"`
}
