package company

// SiteView is the public branding and token config of the site a buyer app serves (SPEC §3).
type SiteView struct {
	CompanyID   string `json:"companyId"`
	CompanyName string `json:"companyName"`
	Suspended   bool   `json:"suspended"`
	// SuspensionReason: the super admin's reason while suspended, for the buyers' banner ("" otherwise).
	SuspensionReason string    `json:"suspensionReason"`
	Token            TokenView `json:"token"`
}

type MetaData struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Keywords    string `json:"keywords"`
}

// TokenView is the token config as SPEC §3 names its fields.
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

// PublicSite is site/get: the public branding and token config of the site (DESIGN §11: with
// suspended while the super admin has suspended the company). Its metaData.title is the title the
// pages are served with (Token.PageTitle), never empty.
func PublicSite(site *Site) *SiteView {
	tv := site.Token.View()
	tv.MetaData.Title = site.Token.PageTitle()
	return &SiteView{CompanyID: site.CompanyID, CompanyName: site.CompanyName, Suspended: site.Suspended(),
		SuspensionReason: site.SuspensionReason, Token: tv}
}
