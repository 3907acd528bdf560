package company

import (
	"encoding/json"
	"prelaunch/core/sale"
	"strings"
	"testing"
)

// TestSiteGetTitleIsThePagesTitle: site/get's metaData.title is the title index.html is served
// with (meta title, else title, else name), so the app never replaces it with another.
func TestSiteGetTitleIsThePagesTitle(t *testing.T) {
	index := []byte(`<html><head><title>ACW | The Decentralized Future of Digital Finance</title></head></html>`)
	for _, tc := range []struct {
		tok  sale.Token
		want string
	}{
		{sale.Token{Name: "Gamma Token", Title: "Gamma — token pre-launch", MetaTitle: "Gamma sale"}, "Gamma sale"},
		{sale.Token{Name: "Gamma Token", Title: "Gamma — token pre-launch"}, "Gamma — token pre-launch"},
		{sale.Token{Name: "Gamma Token"}, "Gamma Token"},
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
	if v := (&sale.Token{Name: "Gamma Token"}).View(); v.MetaData.Title != "" {
		t.Errorf("the token's own view changed its meta title: %q", v.MetaData.Title)
	}
}

// TestPageCarriesTheSiteData: index.html holds site/get's data in a JSON script element, and no
// value can close that element or open another.
func TestPageCarriesTheSiteData(t *testing.T) {
	hostile := `</script><script>alert(1)</script><!--`
	site := &Site{CompanyID: "c1", CompanyName: "Gamma & <Co>", Status: StatusSuspended,
		Token: &sale.Token{Name: hostile, Symbol: "GAM", MetaTitle: "Gamma\u2028sale", FooterNote: hostile}}
	page := string(site.Page([]byte(`<html><head><title>x</title></head><body></body></html>`)))
	open := `<script id="` + SiteDataID + `" type="application/json">`
	i := strings.Index(page, open)
	if i < 0 {
		t.Fatalf("no site data in %s", page)
	}
	rest := page[i+len(open):]
	end := strings.Index(rest, "</script>")
	if end < 0 || !strings.HasPrefix(rest[end:], "</script></head>") {
		t.Fatalf("the data element does not end where it should: %s", rest)
	}
	if strings.Contains(rest[:end], "<") || strings.Contains(rest[:end], "\u2028") {
		t.Errorf("unescaped < or U+2028 in the data: %s", rest[:end])
	}
	var got SiteView
	if err := json.Unmarshal([]byte(rest[:end]), &got); err != nil {
		t.Fatal(err)
	}
	want := PublicSite(site)
	if got.CompanyID != "c1" || got.CompanyName != want.CompanyName || !got.Suspended || got.Token.Name != hostile ||
		got.Token.MetaData.Title != "Gamma\u2028sale" || got.Token.FooterNote != hostile {
		t.Errorf("site data %+v, want %+v", got, want)
	}
}
