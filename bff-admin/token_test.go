package main

import (
	"encoding/json"
	"prelaunch/core/infra/testkit"
	"strings"
	"testing"
	"time"
)

type tokenSettings struct {
	Name, Symbol                                  string
	Price, PlatformChargePercent, ReferralPercent float64
	Supply                                        map[string]float64
	Sale                                          struct {
		StartsAt, EndsAt *string
		Paused           bool
		Status           string
	}
	Limits map[string]*float64
	Rounds []struct {
		ID                      string
		Position                int
		Name                    string
		Price, Allocation, Sold float64
		StartsAt, EndsAt        *string
	}
	Branding struct {
		Title, IconURL, HeaderLogo, DefaultLogo, ChartImg, FooterNote string
		MetaData                                                      map[string]string
		TokenDistribution                                             []string
		SocialLinks                                                   []map[string]string
	}
}

func (h *harness) tokenSettings(token string) tokenSettings {
	h.t.Helper()
	var s tokenSettings
	h.want(h.call("GET", "/api/v1/admin/token/get", token, nil), 200).Into(h.t, &s)
	return s
}

func messages(r reply) []string {
	switch m := r.Message.(type) {
	case string:
		return []string{m}
	case []any:
		out := make([]string, len(m))
		for i, x := range m {
			out[i], _ = x.(string)
		}
		return out
	}
	return nil
}

func TestTokenSettingsGetAndUpdate(t *testing.T) {
	h := setup(t)
	s := h.tokenSettings(h.adminA)
	if s.Symbol != "ACW" || s.Price != 10 || s.PlatformChargePercent != 2 || s.Supply["privateSupply"] != 10000000 ||
		s.Sale.Status != "OPEN" || s.Sale.StartsAt != nil || len(s.Rounds) != 0 || s.Limits["minOrder"] != nil ||
		len(s.Branding.SocialLinks) != 6 || s.Branding.IconURL != "/token-icon.svg" {
		t.Fatalf("seeded settings: %+v", s)
	}
	if b := h.tokenSettings(h.adminB); b.Symbol != "BTC2" || b.Price != 5 {
		t.Fatalf("company B: %+v", b)
	}
	start := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	end := time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339)
	good := map[string]any{
		"price": "12.5", "platformChargePercent": 3, "referralPercent": 4.5,
		"sale":   map[string]any{"startsAt": start, "endsAt": end, "paused": false, "status": "CLOSED"},
		"limits": map[string]any{"minOrder": 100, "maxOrder": "50000", "maxPerBuyer": 100000, "kycRequiredAbove": nil},
		"rounds": []any{
			map[string]any{"position": 2, "name": "Early", "price": 15, "allocation": 200000, "sold": 99},
			map[string]any{"position": 1, "name": "Seed", "price": "12.5", "allocation": 100000, "endsAt": end},
		},
	}
	r := h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, good), 200)
	var out tokenSettings
	r.Into(t, &out)
	if out.Price != 12.5 || out.PlatformChargePercent != 3 || out.ReferralPercent != 4.5 || out.Sale.Status != "OPEN" ||
		*out.Limits["maxOrder"] != 50000 || out.Limits["kycRequiredAbove"] != nil || len(out.Rounds) != 2 ||
		out.Rounds[0].Name != "Seed" || out.Rounds[1].Sold != 0 || out.Name != "ACW" || out.Branding.Title != s.Branding.Title {
		t.Fatalf("after update: %+v", out)
	}
	if h.audits("token.update") != 1 {
		t.Fatal("audit row")
	}
	var before, after string
	if err := h.d.DB.QueryRow("SELECT before->>'price', after->>'price' FROM audit_log WHERE action = 'token.update'").Scan(&before, &after); err != nil ||
		before != "10" || after != "12.5" {
		t.Fatalf("audit before/after: %q %q %v", before, after, err)
	}

	// A round's sold count stays when it is sent back with its id; a pause shows at once.
	h.pending(h.cidA, h.buyerID, 30, "UPI", "UTR-TOK-1", nil)
	h.exec("UPDATE token_rounds SET sold = 30 WHERE name = 'Seed'")
	h.exec("UPDATE purchases SET round_id = (SELECT id FROM token_rounds WHERE name = 'Seed')")
	seed := out.Rounds[0]
	r = h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{
		"sale":   map[string]any{"paused": true},
		"rounds": []any{map[string]any{"id": seed.ID, "position": 1, "name": "Seed round", "price": 11, "allocation": 100000, "sold": 0}},
	}), 200)
	r.Into(t, &out)
	if len(out.Rounds) != 1 || out.Rounds[0].ID != seed.ID || out.Rounds[0].Sold != 30 || out.Rounds[0].Price != 11 ||
		out.Sale.Status != "PAUSED" || out.Sale.StartsAt != nil || out.Price != 12.5 {
		t.Fatalf("kept round: %+v", out)
	}
	if h.num("SELECT count(*) FROM purchases WHERE price = 10 AND quantity = 30") != 1 {
		t.Fatal("an existing order changed")
	}

	// Every failing field is named in one 422.
	bad := map[string]any{
		"name": " ", "symbol": "XYZ", "price": "0.00001", "platformChargePercent": 101, "referralPercent": "-1",
		"supply": map[string]any{"totalSupply": 1.5, "privateSupply": 10, "publicCellSupply": -1, "angelInvestorSupply": "x",
			"founderTeamSupply": 0, "airdropSupply": 0, "referralSupply": 0},
		"sale":   map[string]any{"startsAt": end, "endsAt": start},
		"limits": map[string]any{"minOrder": 500, "maxOrder": 100, "maxPerBuyer": 0, "kycRequiredAbove": "1.234"},
		"rounds": []any{
			map[string]any{"id": seed.ID, "position": 1, "name": "", "price": 0, "allocation": 20},
			map[string]any{"position": 1, "name": "B", "price": "1.23456", "allocation": 0, "startsAt": end, "endsAt": start},
			map[string]any{"position": 0, "name": "C", "price": 1, "allocation": 1.5},
		},
		"branding": map[string]any{"title": "", "iconUrl": "http://x.test/i.png", "headerLogo": "javascript:alert(1)",
			"defaultLogo": "", "chartImg": "/token-chart.svg",
			"socialLinks": []any{map[string]any{"mediaName": "myspace", "link": "http://x.test"}, map[string]any{"mediaName": "x", "link": "https://x.com/a"}}},
	}
	r = h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, bad), 422)
	got := strings.Join(messages(r), "\n")
	for _, want := range []string{
		"Token name is required.", "The token symbol cannot be changed.", "Price can have at most 4 decimals.",
		"Platform charge percent must be between 0 and 100.", "Referral percent must be between 0 and 100.",
		"Total supply must be a whole number of at least 0.", "Public cell supply must be a whole number of at least 0.",
		"Angel investor supply must be a whole number of at least 0.",
		"Private supply cannot be less than the 30 tokens already sold or reserved.",
		"The sale end must be after its start.", "Maximum per buyer must be greater than 0.",
		"KYC required above can have at most 2 decimals.", "Minimum order cannot be more than the maximum order.",
		"Round 1: name is required.", "Round 1: price must be greater than 0.",
		"Round 1: allocation cannot be less than the 30 tokens it has sold.", "Round 2: price can have at most 4 decimals.",
		"Round 2: allocation must be a whole number greater than 0.", "Round 2: the end must be after its start.",
		"Round 3: position must be a whole number of at least 1.", "Round 3: allocation must be a whole number greater than 0.",
		"Round positions must be distinct.", "Title is required.",
		"Social link 1: media must be one of youtube, facebook, instagram, telegram, whatsApp, X.",
		"Social link 1: the link must be an https URL.", "Icon must be an uploaded file or an https URL.",
		"Header logo must be an uploaded file or an https URL.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("422 lacks %q", want)
		}
	}
	// Issue 29 item 5: each sentence is named by the request field it refuses.
	for field, msg := range map[string]string{
		"name": "Token name is required.", "symbol": "The token symbol cannot be changed.",
		"price": "Price can have at most 4 decimals.", "platformChargePercent": "Platform charge percent must be between 0 and 100.",
		"supply.totalSupply":                "Total supply must be a whole number of at least 0.",
		"supply.angelInvestorSupply":        "Angel investor supply must be a whole number of at least 0.",
		"supply.privateSupply":              "Private supply cannot be less than the 30 tokens already sold or reserved.",
		"sale.endsAt":                       "The sale end must be after its start.",
		"limits.minOrder":                   "Minimum order cannot be more than the maximum order.",
		"limits.kycRequiredAbove":           "KYC required above can have at most 2 decimals.",
		"rounds[0].name":                    "Round 1: name is required.",
		"rounds[0].price":                   "Round 1: price must be greater than 0.",
		"rounds[1].price":                   "Round 2: price can have at most 4 decimals.",
		"rounds[1].endsAt":                  "Round 2: the end must be after its start.",
		"rounds[2].position":                "Round 3: position must be a whole number of at least 1.",
		"rounds":                            "Round positions must be distinct.",
		"branding.title":                    "Title is required.",
		"branding.socialLinks[0].mediaName": "Social link 1: media must be one of youtube, facebook, instagram, telegram, whatsApp, X.",
		"branding.socialLinks[0].link":      "Social link 1: the link must be an https URL.",
		"branding.headerLogo":               "Header logo must be an uploaded file or an https URL.",
	} {
		if got := r.FieldMsg(field); got != msg {
			t.Errorf("errors on %s: %q, want %q", field, got, msg)
		}
	}
	if len(r.Errors) != len(messages(r)) {
		t.Errorf("every sentence of this 422 has its field: %d errors for %d sentences", len(r.Errors), len(messages(r)))
	}
	for _, not := range []string{"Social link 2", "Chart image", "Default logo", "Founder team supply"} {
		if strings.Contains(got, not) {
			t.Errorf("422 names %q, which is valid", not)
		}
	}
	// Nothing of a refused update is kept.
	if now := h.tokenSettings(h.adminA); now.Price != 12.5 || now.Rounds[0].Name != "Seed round" || h.audits("token.update") != 2 {
		t.Fatalf("refused update changed something: %+v", now)
	}
	// More allocations than the private supply; removing a round that has sold.
	r = h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"rounds": []any{
		map[string]any{"position": 1, "name": "Huge", "price": 1, "allocation": "10000001"}}}), 422)
	got = strings.Join(messages(r), "\n")
	if !strings.Contains(got, "Round allocations (1,00,00,001) cannot exceed the private supply (1,00,00,000).") ||
		!strings.Contains(got, "Round Seed round has sold 30 tokens and cannot be removed.") {
		t.Fatalf("allocations and removal: %s", got)
	}
	// Supply: remaining is recomputed from what is sold or reserved.
	r = h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"supply": map[string]any{
		"totalSupply": 1000000, "privateSupply": 200030, "remainingPrivateSupply": 5, "publicCellSupply": 1,
		"angelInvestorSupply": 2, "founderTeamSupply": 3, "airdropSupply": 4, "referralSupply": 5}}), 200)
	r.Into(t, &out)
	if out.Supply["remainingPrivateSupply"] != 200000 || out.Supply["referralSupply"] != 5 {
		t.Fatalf("supply: %+v", out.Supply)
	}
	r = h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"supply": map[string]any{"totalSupply": 1}}), 422)
	if got := strings.Join(messages(r), "\n"); !strings.Contains(got, "Private supply is required.") {
		t.Fatalf("missing supply figures: %s", got)
	}

	// Logos: an image this admin uploaded (stored as a lasting link), not another admin's.
	h.exec(`INSERT INTO media (id, company_id, owner_kind, owner_id, storage_name, original_name, content_type, size_bytes)
		VALUES ('6f1c3b9e-0000-4000-8000-000000000001', ?, 'admin', ?, 'a', 'logo.png', 'image/png', 10),
		       ('6f1c3b9e-0000-4000-8000-000000000002', ?, 'admin', ?, 'b', 'doc.pdf', 'application/pdf', 10)`,
		h.cidA, h.adminAID, h.cidA, h.adminAID)
	brand := map[string]any{"title": "New title", "iconUrl": "6f1c3b9e-0000-4000-8000-000000000001",
		"headerLogo": "https://cdn.example.com/logo.png", "defaultLogo": "", "chartImg": "/token-chart.svg",
		"footerNote": "Note", "metaData": map[string]any{"title": "T", "description": "D", "keywords": "K"},
		"tokenDistribution": []any{"60% Sale", " ", "40% Team"},
		"socialLinks":       []any{map[string]any{"mediaName": "WHATSAPP", "link": "https://wa.me/1"}}}
	r = h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"branding": brand}), 200)
	r.Into(t, &out)
	b := out.Branding
	if !strings.HasPrefix(b.IconURL, "/api/v1/media/file/6f1c3b9e-0000-4000-8000-000000000001?exp=") ||
		b.HeaderLogo != "https://cdn.example.com/logo.png" || b.DefaultLogo != "" || len(b.TokenDistribution) != 2 ||
		b.SocialLinks[0]["mediaName"] != "whatsApp" || b.MetaData["keywords"] != "K" {
		t.Fatalf("branding: %+v", b)
	}
	// site/get on the company's own host shows it at once; sending the link back unchanged keeps it.
	h.want(h.call("PUT", "/api/v1/superadmin/company/update", h.super, map[string]any{"id": h.cidA,
		"domains": []string{"acw.example.test"}}), 200)
	var site struct{ Token map[string]any }
	req := testkit.JSONRequest("GET", "/api/v1/company/site/get", "", nil)
	req.Host = "acw.example.test"
	h.want(h.send(req), 200).Into(t, &site)
	if site.Token["title"] != "New title" || site.Token["icon_url"] != b.IconURL {
		t.Fatalf("site: %v", site.Token)
	}
	brand["iconUrl"] = b.IconURL
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"branding": brand}), 200).Into(t, &out)
	if out.Branding.IconURL != b.IconURL {
		t.Fatal("unchanged link was replaced")
	}
	for _, id := range []string{"6f1c3b9e-0000-4000-8000-000000000002", "6f1c3b9e-0000-4000-8000-000000000003"} {
		brand["iconUrl"] = id
		r = h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"branding": brand}), 422)
		if r.Msg() != "Icon must be an uploaded file or an https URL." {
			t.Fatalf("%s: %v", id, r.Message)
		}
	}
	brand["iconUrl"] = "6f1c3b9e-0000-4000-8000-000000000001"
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminB, map[string]any{"branding": brand}), 422)

	// Company B is untouched; bad bodies are 4xx.
	if nb := h.tokenSettings(h.adminB); nb.Price != 5 || nb.Branding.Title == "New title" {
		t.Fatalf("company B changed: %+v", nb)
	}
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"price": true}), 400)
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"rounds": "x"}), 400)
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, json.RawMessage(`{"sale":{"paused":"yes"}}`)), 400)
}

// TestOpeningASaleNeedsPaymentDetails: a paused sale opens only once buyers can pay the company
// (a bank account or a UPI id): 409 with the message before, 200 after.
func TestOpeningASaleNeedsPaymentDetails(t *testing.T) {
	h := setup(t)
	h.exec("DELETE FROM beneficiaries WHERE company_id = ?", h.cidB)
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminB, map[string]any{"sale": map[string]any{"paused": true}}), 200)
	r := h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminB, map[string]any{"sale": map[string]any{"paused": false}}), 409)
	if r.Msg() != "Add the bank account or UPI id buyers pay to (Beneficiary Manage) before opening the sale." {
		t.Fatalf("409: %q", r.Msg())
	}
	if !h.tokenSettings(h.adminB).Sale.Paused {
		t.Fatal("the refused update opened the sale")
	}
	// Other settings of a paused sale still save.
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminB, map[string]any{"sale": map[string]any{"paused": true}, "name": "Beta Coin"}), 200)
	h.exec(`INSERT INTO beneficiaries (company_id, holder_name, bank_name, branch, account_number, ifsc_code, upi)
		VALUES (?, 'Beta Ltd', '', '', '', '', 'beta@upi')`, h.cidB)
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminB, map[string]any{"sale": map[string]any{"paused": false}}), 200)
	if h.tokenSettings(h.adminB).Sale.Paused {
		t.Fatal("the sale did not open")
	}
}
