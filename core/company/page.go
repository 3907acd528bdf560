package company

import (
	"bytes"
	"encoding/json"
	"html"
	"regexp"
)

var (
	pageTitleRE    = regexp.MustCompile(`(?s)<title>.*?</title>`)
	pageDescRE     = regexp.MustCompile(`(?s)<meta\s+name="description"\s+content="[^"]*"\s*/?>`)
	pageKeywordsRE = regexp.MustCompile(`(?s)<meta\s+name="keywords"\s+content="[^"]*"\s*/?>`)
	pageIconRE     = regexp.MustCompile(`(?s)<link\s+rel="icon"[^>]*>`)
	pageHeadEndRE  = regexp.MustCompile(`</head>`)
)

// SiteDataID is the id of the JSON script element of index.html that holds the site's site/get
// data (packages/api servedBuyerSite reads it).
const SiteDataID = "pl-site"

// Page is the buyer app's index.html for this site: its token's title, description,
// keywords and icon in the <title>, the meta tags and the icon link, and the same as Open Graph
// tags, so shared links and search engines see the right sale. Every value is HTML-escaped.
func (s *Site) Page(index []byte) []byte {
	t := s.Token
	title := t.PageTitle()
	e := html.EscapeString
	out := pageTitleRE.ReplaceAllLiteral(index, []byte("<title>"+e(title)+"</title>"))
	out = pageDescRE.ReplaceAllLiteral(out, []byte(`<meta name="description" content="`+e(t.MetaDescription)+`" />`))
	out = pageKeywordsRE.ReplaceAllLiteral(out, []byte(`<meta name="keywords" content="`+e(t.MetaKeywords)+`" />`))
	if t.IconURL != "" {
		out = pageIconRE.ReplaceAllLiteral(out, []byte(`<link rel="icon" href="`+e(t.IconURL)+`" />`))
	}
	var og bytes.Buffer
	og.WriteString(`<meta property="og:title" content="` + e(title) + `" />`)
	og.WriteString(`<meta property="og:description" content="` + e(t.MetaDescription) + `" />`)
	og.WriteString(`<meta property="og:site_name" content="` + e(s.CompanyName) + `" />`)
	if t.IconURL != "" {
		og.WriteString(`<meta property="og:image" content="` + e(t.IconURL) + `" />`)
	}
	// site/get's answer, so the app's first render already shows this company (not the built-in ACW
	// defaults) before its own site/get returns. encoding/json escapes <, > and & (and U+2028/9),
	// so no value can end the script element; a JSON script is data, never run (the CSP holds).
	if data, err := json.Marshal(PublicSite(s)); err == nil {
		og.WriteString(`<script id="` + SiteDataID + `" type="application/json">`)
		og.Write(data)
		og.WriteString(`</script>`)
	}
	og.WriteString("</head>")
	return pageHeadEndRE.ReplaceAllLiteral(out, og.Bytes())
}
