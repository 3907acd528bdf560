package company

import (
	"strings"
	"testing"
)

// TestSiteGetTitleIsThePagesTitle: site/get's metaData.title is the title index.html is served
// with (meta title, else title, else name), so the app never replaces it with another.
func TestSiteGetTitleIsThePagesTitle(t *testing.T) {
	index := []byte(`<html><head><title>ACW | The Decentralized Future of Digital Finance</title></head></html>`)
	for _, tc := range []struct {
		tok  Token
		want string
	}{
		{Token{Name: "Gamma Token", Title: "Gamma — token pre-launch", MetaTitle: "Gamma sale"}, "Gamma sale"},
		{Token{Name: "Gamma Token", Title: "Gamma — token pre-launch"}, "Gamma — token pre-launch"},
		{Token{Name: "Gamma Token"}, "Gamma Token"},
	} {
		site := &Site{CompanyID: "c", CompanyName: "Gamma Ltd", Status: StatusActive, Token: &tc.tok}
		if got := PublicSite(site).Token.MetaData.Title; got != tc.want {
			t.Errorf("site/get title %q, want %q", got, tc.want)
		}
		if page := string(site.Page(index)); !strings.Contains(page, "<title>"+tc.want+"</title>") {
			t.Errorf("index.html without <title>%s</title>: %s", tc.want, page)
		}
	}
	// The admin's token settings keep what was stored: an empty meta title stays empty there.
	if v := (&Token{Name: "Gamma Token"}).View(); v.MetaData.Title != "" {
		t.Errorf("the token's own view changed its meta title: %q", v.MetaData.Title)
	}
}
