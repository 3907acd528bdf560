package company

import (
	"prelaunch/core/sale"
	"time"

	"github.com/shopspring/decimal"
)

// SiteView is the public branding and token config of the site a buyer app serves.
type SiteView struct {
	CompanyID   string `json:"companyId"`
	CompanyName string `json:"companyName"`
	Suspended   bool   `json:"suspended"`
	// SuspensionReason: the super admin's reason while suspended, for the buyers' banner ("" otherwise).
	SuspensionReason string         `json:"suspensionReason"`
	Token            sale.TokenView `json:"token"`
}

// PublicSite is site/get: the public branding and token config of the site (with
// suspended while the super admin has suspended the company). Its metaData.title is the title the
// pages are served with (Token.PageTitle), never empty.
func PublicSite(site *Site) *SiteView {
	tv := site.Token.View()
	tv.MetaData.Title = site.Token.PageTitle()
	return &SiteView{CompanyID: site.CompanyID, CompanyName: site.CompanyName, Suspended: site.Suspended(),
		SuspensionReason: site.SuspensionReason, Token: tv}
}

// Price is package/price/get at now for a buyer who has bought boughtSoFar INR, from the site as
// loaded (at most SiteTTL old): sale.Price of the site's token and rounds.
func (site *Site) Price(now time.Time, boughtSoFar decimal.Decimal) *sale.PriceView {
	return sale.Price(site.Token, site.Rounds, now, boughtSoFar)
}

// PublicSale is sale/get at now, from the site as loaded (at most SiteTTL old).
func (site *Site) PublicSale(now time.Time) *sale.PublicSaleView {
	return sale.PublicSale(site.Token, site.Rounds, now)
}
