package company

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"prelaunch/core/apperr"
)

// SiteView is the public branding and token config of the site a buyer app serves (SPEC §3).
type SiteView struct {
	CompanyID   string    `json:"companyId"`
	CompanyName string    `json:"companyName"`
	Token       TokenView `json:"token"`
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

// PublicSite is site/get: the public site of the token the servers sell.
func (s *Service) PublicSite(ctx context.Context) (*SiteView, error) {
	return siteBySymbol(ctx, s.DB, s.Symbol)
}

// siteBySymbol returns the public site of the token with this symbol (case-insensitive).
func siteBySymbol(ctx context.Context, db bun.IDB, symbol string) (*SiteView, error) {
	var t Token
	err := db.NewSelect().Model(&t).Where("upper(symbol) = ?", strings.ToUpper(strings.TrimSpace(symbol))).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.NotFound("token_not_found", "Please select a token to proceed.")
	}
	if err != nil {
		return nil, err
	}
	var c Company
	if err := db.NewSelect().Model(&c).Column("id", "name").Where("id = ?", t.CompanyID).Scan(ctx); err != nil {
		return nil, err
	}
	return &SiteView{CompanyID: c.ID, CompanyName: c.Name, Token: t.View()}, nil
}
