// Package sale owns a company's token and its sale: the tokens and token_rounds rows, the sale
// rules (status, rounds, limits), the supply arithmetic (Reserve, Release and the rounds' sold
// counts) and the admin's token settings. Another noun that must change these rows calls the
// functions here with its own transaction (bun.IDB).
package sale

import (
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"
)

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
	// The sale: an optional window, a pause, optional INR limits, and the version of
	// these settings (it moves with every admin change; sale_reserve checks it).
	SaleStartsAt        *time.Time       `bun:"sale_starts_at"`
	SaleEndsAt          *time.Time       `bun:"sale_ends_at"`
	SalePaused          bool             `bun:"sale_paused,notnull"`
	MinOrderINR         *decimal.Decimal `bun:"min_order_inr,type:numeric(18,2)"`
	MaxOrderINR         *decimal.Decimal `bun:"max_order_inr,type:numeric(18,2)"`
	MaxPerBuyerINR      *decimal.Decimal `bun:"max_per_buyer_inr,type:numeric(18,2)"`
	KYCRequiredAboveINR *decimal.Decimal `bun:"kyc_required_above_inr,type:numeric(18,2)"`
	// KYCNameMatchMin: the least fields.NameScore of a KYC's PAN name and e-KYC name before the
	// reviewer is warned; nil is fields.NameMatchThreshold.
	KYCNameMatchMin *int  `bun:"kyc_name_match_min"`
	SettingsVersion int64 `bun:"settings_version,notnull"`
	// The company's GST registration (migration …0100_tax_settings): no GSTIN, no invoices.
	GSTIN          string          `bun:"gstin,notnull"`
	TaxLegalName   string          `bun:"tax_legal_name,notnull"`
	TaxAddress     string          `bun:"tax_address,notnull"`
	GSTRatePercent decimal.Decimal `bun:"gst_rate_percent,type:numeric(5,2),notnull"`
	CreatedAt      time.Time       `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt      time.Time       `bun:"updated_at,notnull,default:current_timestamp"`
}

// Round is one stage of a token's sale: its price holds for its allocation, within its
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
	Closed   bool       `bun:"closed,notnull"`
	StartsAt *time.Time `bun:"starts_at"`
	EndsAt   *time.Time `bun:"ends_at"`
	// Mode FCFS (orders first come, first served) or REQUESTS (migration …0100_round_requests:
	// buyers ask during the request window, core/allocation shares the round out at its close and
	// each buyer has PaymentHours to pay). The draw's seed is never loaded here (Seed reads it once
	// the round is allocated); DrawCommitment is its SHA-256, public from the start.
	Mode            string     `bun:"mode,notnull"`
	RequestStartsAt *time.Time `bun:"request_starts_at"`
	RequestEndsAt   *time.Time `bun:"request_ends_at"`
	PaymentHours    int        `bun:"payment_hours,notnull"`
	DrawCommitment  *string    `bun:"draw_commitment"`
	DrawStatus      string     `bun:"draw_status,notnull"`
	AllocatedAt     *time.Time `bun:"allocated_at"`
	CreatedAt       time.Time  `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt       time.Time  `bun:"updated_at,notnull,default:current_timestamp"`

	seed []byte // drawn by the settings when the round is set to REQUESTS, written by writeSeed
}

// Round modes and draw states (token_rounds.mode, draw_status).
const (
	ModeFCFS     = "FCFS"
	ModeRequests = "REQUESTS"

	DrawNone      = "NONE"
	DrawOpen      = "OPEN"
	DrawAllocated = "ALLOCATED"

	// DefaultPaymentHours is how long a buyer has to pay for an allocation unless the round says.
	DefaultPaymentHours = 48
)

// ByRequests reports whether the round is sold by requests.
func (r *Round) ByRequests() bool { return r.Mode == ModeRequests }

// RequestsOpen reports whether the round takes requests at now: by requests, not yet allocated,
// within its request window.
func (r *Round) RequestsOpen(now time.Time) bool {
	return r.ByRequests() && r.DrawStatus == DrawOpen && r.RequestStartsAt != nil && !now.Before(*r.RequestStartsAt) &&
		r.RequestEndsAt != nil && now.Before(*r.RequestEndsAt)
}

// WindowOpened reports whether the round's request window has begun (its mode and window are fixed from then).
func (r *Round) WindowOpened(now time.Time) bool {
	return r.ByRequests() && (r.DrawStatus == DrawAllocated || (r.RequestStartsAt != nil && !now.Before(*r.RequestStartsAt)))
}

type MetaData struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Keywords    string `json:"keywords"`
}

// TokenView is the token config names its fields.
type TokenView struct {
	Address           string       `json:"address"`
	Symbol            string       `json:"symbol"`
	Name              string       `json:"name"`
	Decimals          int          `json:"decimals"`
	IconURL           string       `json:"icon_url"`
	DefaultLogo       string       `json:"defaultLogo"`
	HeaderLogo        string       `json:"headerLogo"`
	Title             string       `json:"title"`
	TokenDistribution []string     `json:"tokenDistribution"`
	SocialLinks       []SocialLink `json:"socialLinks"`
	ChartImg          string       `json:"chartImg"`
	FooterNote        string       `json:"footerNote"`
	MetaData          MetaData     `json:"metaData"`
}

func (t *Token) View() TokenView {
	dist := t.TokenDistribution
	if dist == nil {
		dist = []string{}
	}
	links := t.SocialLinks
	if links == nil {
		links = []SocialLink{}
	}
	return TokenView{Address: t.Address, Symbol: t.Symbol, Name: t.Name, Decimals: t.Decimals, IconURL: t.IconURL,
		DefaultLogo: t.DefaultLogo, HeaderLogo: t.HeaderLogo, Title: t.Title, TokenDistribution: dist,
		SocialLinks: links, ChartImg: t.ChartImg, FooterNote: t.FooterNote,
		MetaData: MetaData{Title: t.MetaTitle, Description: t.MetaDescription, Keywords: t.MetaKeywords}}
}

// PageTitle is the title of the buyer site's pages: the meta title, else the token's title, else
// its name. index.html (Page) and site/get (PublicSite) both use it, so the app never replaces the
// served title with another.
func (t *Token) PageTitle() string {
	switch {
	case t.MetaTitle != "":
		return t.MetaTitle
	case t.Title != "":
		return t.Title
	}
	return t.Name
}
