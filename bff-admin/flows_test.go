package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"prelaunch/core/seed"
)

type userRec struct {
	ID, Name, Mobile, Email, Role, ReferralCode string
	IsApproved                                  bool
	CreatedAt                                   string
}

type userList struct {
	Records                      []userRec
	Total, Page, Limit, LastPage int
}

func (h *harness) users(token, query string) userList {
	h.t.Helper()
	var l userList
	h.want(h.call("GET", "/api/v1/admin/auth/list"+query, token, nil), 200).Into(h.t, &l)
	return l
}

func (h *harness) audits(action string) int64 {
	return h.num("SELECT count(*) FROM audit_log WHERE action = ?", action)
}

func TestAdminLoginIsGenericAndRateLimited(t *testing.T) {
	h := setup(t)
	bad := h.want(h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": seed.DemoAdminEmail, "password": "wrong"}), 401)
	unknown := h.want(h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": "nobody@x.test", "password": "wrong"}), 401)
	buyer := h.want(h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": seed.DemoBuyerEmail, "password": seedPW}), 401)
	if bad.Msg() != "Invalid email or password." || unknown.Msg() != bad.Msg() || buyer.Msg() != bad.Msg() {
		t.Fatalf("messages differ: %q %q %q", bad.Msg(), unknown.Msg(), buyer.Msg())
	}
	h.want(h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": "", "password": ""}), 422)
	h.want(h.call("POST", "/api/v1/company/auth/login", "", "not an object"), 400)
	// The same email as admin of two companies: each password opens its own company.
	h.exec("UPDATE users SET email = ? WHERE company_id = ? AND role = 'ADMIN'", seed.DemoAdminEmail, h.cidB)
	tokB := h.adminLogin(seed.DemoAdminEmail, "BetaPass#1")
	var prof struct {
		Company struct{ ID string }
		Token   struct{ Symbol string }
	}
	h.want(h.call("GET", "/api/v1/admin/auth/profile/get", tokB, nil), 200).Into(t, &prof)
	if prof.Company.ID != h.cidB || prof.Token.Symbol != "BTC2" {
		t.Fatalf("profile %+v", prof)
	}
	var last reply
	for i := 0; i < 12; i++ {
		last = h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": "victim@x.test", "password": "guess"})
	}
	h.want(last, 429)
	if last.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
}

func TestUserManagement(t *testing.T) {
	h := setup(t)
	add := func(body map[string]any, code int) reply {
		t.Helper()
		return h.want(h.call("POST", "/api/v1/admin/auth/add", h.adminA, body), code)
	}
	r := add(map[string]any{}, 422)
	if msgs, ok := r.Message.([]any); !ok || len(msgs) != 5 {
		t.Fatalf("want five messages, got %v", r.Message)
	}
	add(map[string]any{"name": "X", "mobile": "+917100000001", "email": "bad", "role": "USER", "password": "Passw0rd!"}, 422)
	add(map[string]any{"name": "X", "mobile": "+917100000002", "email": "x@y.test", "role": "OWNER", "password": "Passw0rd!"}, 422)
	add(map[string]any{"name": "X", "mobile": "+917100000003", "email": "x@y.test", "role": "USER", "password": "short"}, 422)
	add(map[string]any{"name": "X", "mobile": "+917100000004", "email": "BUYER@demo.test", "role": "USER", "password": "Passw0rd!"}, 409)
	for i, n := range []string{"Zara Khan", "Ravi_Kumar", "Meena Iyer"} {
		add(map[string]any{"name": n, "mobile": fmt.Sprintf("70000000%02d", i), "email": fmt.Sprintf("u%d@a.test", i), "role": "user", "password": "Passw0rd!"}, 200)
	}
	// The same email may exist in company B.
	h.want(h.call("POST", "/api/v1/admin/auth/add", h.adminB, map[string]any{"name": "Zara B", "mobile": "+917100000005", "email": "u0@a.test", "role": "USER", "password": "Passw0rd!"}), 200)
	if n := h.audits("user.create"); n != 4 {
		t.Fatalf("%d user.create audit rows, want 4", n)
	}
	var hashLeak int64 = h.num("SELECT count(*) FROM audit_log WHERE after::text ILIKE '%password%' OR after::text LIKE '%$2a$%'")
	if hashLeak != 0 {
		t.Fatal("audit log holds a password")
	}

	// The buyers only: the company's admin is listed under role=ADMIN, never among them.
	all := h.users(h.adminA, "")
	if all.Total != 4 || all.Page != 1 || all.Limit != 10 || all.LastPage != 1 {
		t.Fatalf("list: %+v", all)
	}
	for _, r := range all.Records {
		if r.Role != "USER" {
			t.Fatalf("an admin among the buyers: %+v", r)
		}
	}
	if l := h.users(h.adminA, "?role=admin"); l.Total != 1 || len(l.Records) != 1 || l.Records[0].Role != "ADMIN" {
		t.Fatalf("admins: %+v", l)
	}
	if l := h.users(h.adminA, "?search=demo.test"); l.Total != 1 || l.Records[0].Role != "USER" {
		t.Fatalf("a search finds no admin among the buyers: %+v", l)
	}
	byName := h.users(h.adminA, "?sort=name")
	for i := 1; i < len(byName.Records); i++ {
		if strings.ToLower(byName.Records[i-1].Name) > strings.ToLower(byName.Records[i].Name) {
			t.Fatalf("sort=name not A→Z: %+v", byName.Records)
		}
	}
	if l := h.users(h.adminA, "?sort=name&dir=desc"); l.Records[0].Name != byName.Records[len(byName.Records)-1].Name {
		t.Fatalf("sort=name&dir=desc: %+v", l.Records)
	}
	if l := h.users(h.adminA, "?sort=date&dir=asc"); l.Records[len(l.Records)-1].Name != "Meena Iyer" {
		t.Fatalf("oldest first: %+v", l.Records)
	}
	h.want(h.call("GET", "/api/v1/admin/auth/list?sort=email", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/auth/list?dir=up", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/auth/list?role=OWNER", h.adminA, nil), 422)
	if all.Records[0].Name != "Meena Iyer" {
		t.Fatalf("newest first: %+v", all.Records[0])
	}
	waiting := h.users(h.adminA, "?isApproved=false")
	if waiting.Total != 3 {
		t.Fatalf("waiting: %d", waiting.Total)
	}
	if l := h.users(h.adminA, "?isApproved=true"); l.Total != 1 {
		t.Fatalf("approved: %d", l.Total)
	}
	if l := h.users(h.adminA, "?search=ZARA"); l.Total != 1 || l.Records[0].Email != "u0@a.test" {
		t.Fatalf("search by name: %+v", l)
	}
	if l := h.users(h.adminA, "?search=7000000001"); l.Total != 1 || l.Records[0].Name != "Ravi_Kumar" {
		t.Fatalf("search by mobile: %+v", l)
	}
	if l := h.users(h.adminA, "?search=i_k"); l.Total != 1 {
		t.Fatalf("underscore literal: %+v", l)
	}
	if l := h.users(h.adminA, "?search=%25"); l.Total != 0 {
		t.Fatalf("percent literal: %+v", l)
	}
	code := all.Records[0].ReferralCode
	if l := h.users(h.adminA, "?search="+strings.ToLower(code)); l.Total != 1 {
		t.Fatalf("search by referral code: %+v", l)
	}
	if l := h.users(h.adminA, "?limit=2&page=2"); len(l.Records) != 2 || l.LastPage != 2 {
		t.Fatalf("paging: %+v", l)
	}
	h.want(h.call("GET", "/api/v1/admin/auth/list?isApproved=maybe", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/auth/list?limit=101", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/auth/list?page=0", h.adminA, nil), 422)

	meena := all.Records[0]
	upd := func(body map[string]any, code int) reply {
		t.Helper()
		return h.want(h.call("PUT", "/api/v1/admin/auth/update", h.adminA, body), code)
	}
	upd(map[string]any{"id": meena.ID, "isApproved": true}, 200)
	upd(map[string]any{"id": meena.ID, "isApproved": false}, 422)
	upd(map[string]any{"id": meena.ID, "email": "u1@a.test", "currentPassword": seedPW}, 409)
	upd(map[string]any{"id": meena.ID, "email": "nope"}, 422)
	upd(map[string]any{"id": meena.ID, "name": ""}, 422)
	upd(map[string]any{"id": meena.ID, "role": "ROOT"}, 422)
	upd(map[string]any{"id": meena.ID}, 422)
	upd(map[string]any{"name": "x"}, 422)
	upd(map[string]any{"id": "not-a-uuid", "name": "x"}, 404)
	upd(map[string]any{"id": meena.ID, "name": "Meena R", "mobile": "7111111111", "email": "Meena@A.test", "role": "ADMIN", "currentPassword": seedPW}, 200)
	upd(map[string]any{"id": h.adminAID, "role": "USER"}, 422)
	if l := h.users(h.adminA, "?role=ADMIN&search=meena@a.test"); l.Total != 1 || !l.Records[0].IsApproved || l.Records[0].Role != "ADMIN" || l.Records[0].Name != "Meena R" {
		t.Fatalf("after update: %+v", l)
	}
	if h.audits("user.approve") != 1 || h.audits("user.update") != 1 {
		t.Fatalf("update audits: approve %d, update %d", h.audits("user.approve"), h.audits("user.update"))
	}
	var before, after map[string]any
	var b, a []byte
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT before, after FROM audit_log WHERE action = 'user.update'").Scan(&b, &a); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(b, &before)
	_ = json.Unmarshal(a, &after)
	if before["role"] != "USER" || after["role"] != "ADMIN" || after["email"] != "meena@a.test" {
		t.Fatalf("audit before %s after %s", b, a)
	}

	// Delete: not oneself; another user's tokens stop working; they leave the list.
	r = h.want(h.call("DELETE", "/api/v1/admin/auth/delete", h.adminA, map[string]any{"id": h.adminAID}), 403)
	if r.Msg() != "You cannot delete your own account." {
		t.Fatalf("self delete: %s", r.Msg())
	}
	h.want(h.call("DELETE", "/api/v1/admin/auth/delete", h.adminA, map[string]any{}), 422)
	h.want(h.call("GET", "/api/v1/admin/dashboard/get", h.buyer, nil), 403) // still valid buyer token
	h.want(h.call("DELETE", "/api/v1/admin/auth/delete", h.adminA, map[string]any{"id": h.buyerID}), 200)
	h.want(h.call("GET", "/api/v1/admin/dashboard/get", h.buyer, nil), 401) // revoked: no longer verifies anywhere
	h.want(h.call("DELETE", "/api/v1/admin/auth/delete", h.adminA, map[string]any{"id": h.buyerID}), 404)
	if l := h.users(h.adminA, "?search=buyer@demo.test"); l.Total != 0 {
		t.Fatal("deleted user still listed")
	}
	if h.audits("user.delete") != 1 {
		t.Fatal("no delete audit")
	}
	// Closed: the buyer's account is anonymised at once (docs/compliance.md).
	if h.num("SELECT count(*) FROM users WHERE id = ? AND name = 'Closed account' AND email LIKE 'closed-%@closed.invalid' AND mobile = ''", h.buyerID) != 1 {
		t.Fatal("the closed buyer's account is not anonymised")
	}
	// The email is free again.
	add(map[string]any{"name": "Back", "mobile": "+917100000006", "email": "buyer@demo.test", "role": "USER", "password": "Passw0rd!"}, 200)
}

func TestBeneficiary(t *testing.T) {
	h := setup(t)
	var b map[string]string
	h.want(h.call("GET", "/api/v1/admin/beneficiary/get", h.adminA, nil), 200).Into(t, &b)
	if b["ifscCode"] != "SBIN0001234" || b["upi"] != "democompany@sbi" {
		t.Fatalf("seeded beneficiary: %v", b)
	}
	r := h.want(h.call("GET", "/api/v1/admin/beneficiary/get", h.adminB, nil), 200)
	if string(r.Data) != "null" {
		t.Fatalf("company B has none: %s", r.Data)
	}
	r = h.want(h.call("PUT", "/api/v1/admin/beneficiary/update", h.adminB, map[string]any{}), 422)
	if msgs, ok := r.Message.([]any); !ok || len(msgs) != 6 {
		t.Fatalf("six required fields: %v", r.Message)
	}
	good := map[string]any{"holderName": "Beta Ltd", "bankName": "HDFC", "branch": "Fort", "accountNumber": "50100012345678",
		"confirmAccountNumber": "5010 0012 3456 78", "ifscCode": " hdfc0000060 ", "upi": "beta.ltd@hdfcbank", "currentPassword": "BetaPass#1"}
	for k, v := range map[string]string{"ifscCode": "HDFC1000060", "upi": "beta-no-handle", "accountNumber": "12ab"} {
		bad := map[string]any{}
		for kk, vv := range good {
			bad[kk] = vv
		}
		bad[k] = v
		h.want(h.call("PUT", "/api/v1/admin/beneficiary/update", h.adminB, bad), 422)
	}
	h.want(h.call("PUT", "/api/v1/admin/beneficiary/update", h.adminB, good), 200)
	h.want(h.call("GET", "/api/v1/admin/beneficiary/get", h.adminB, nil), 200).Into(t, &b)
	if b["ifscCode"] != "HDFC0000060" || b["holderName"] != "Beta Ltd" {
		t.Fatalf("after insert: %v", b)
	}
	good["branch"] = "Colaba"
	h.want(h.call("PUT", "/api/v1/admin/beneficiary/update", h.adminB, good), 200)
	if n := h.num("SELECT count(*) FROM beneficiaries WHERE company_id = ?", h.cidB); n != 1 {
		t.Fatalf("%d rows", n)
	}
	if h.audits("beneficiary.update") != 2 {
		t.Fatal("audit rows")
	}
	// Company A's beneficiary is untouched; the super admin sees both.
	h.want(h.call("GET", "/api/v1/admin/beneficiary/get", h.adminA, nil), 200).Into(t, &b)
	if b["bankName"] != "State Bank of India" {
		t.Fatalf("A changed: %v", b)
	}
	var l struct {
		Total   int
		Records []map[string]any
	}
	h.want(h.call("GET", "/api/v1/superadmin/beneficiary/list?search=colaba", h.super, nil), 200).Into(t, &l)
	if l.Total != 0 { // branch is not searched; company name, holder, bank and UPI are
		t.Fatalf("search colaba: %+v", l)
	}
	h.want(h.call("GET", "/api/v1/superadmin/beneficiary/list?search=hdfc", h.super, nil), 200).Into(t, &l)
	if l.Total != 1 || l.Records[0]["companyName"] != "Beta Ltd" || l.Records[0]["branch"] != "Colaba" {
		t.Fatalf("super list: %+v", l)
	}
}

func TestCompanies(t *testing.T) {
	h := setup(t)
	body := map[string]any{"companyName": "Gamma Pvt", "email": "Boss@Gamma.test", "mobile": "9000000001",
		"companyAadhaarCard": "2341 2341 2346", "companyPan": "abcde1234f", "companyAddress": "2 Gamma Road",
		"companyPincode": "110001", "tokenName": "Gamma", "tokenSymbol": "gmx", "tokenPrice": 2.5,
		"adminName": "Gamma Boss", "adminPassword": "GammaPass1"}
	for k, v := range map[string]any{"companyPan": "ABCD1234F", "companyAadhaarCard": "12345", "companyPincode": "1100",
		"email": "bad", "tokenPrice": 0, "adminPassword": "short", "tokenSymbol": ""} {
		bad := map[string]any{}
		for kk, vv := range body {
			bad[kk] = vv
		}
		bad[k] = v
		h.want(h.call("POST", "/api/v1/superadmin/company/add", h.super, bad), 422)
	}
	// A company's Aadhaar passes the same Verhoeff check as a buyer's: 12 digits are not enough.
	noCheck := map[string]any{}
	for k, v := range body {
		noCheck[k] = v
	}
	noCheck["companyAadhaarCard"] = "234123412345"
	if r := h.call("POST", "/api/v1/superadmin/company/add", h.super, noCheck); r.Code != 422 || r.Msg() != "This Aadhaar number is not valid." {
		t.Fatalf("checksum: %d %s", r.Code, r.Msg())
	}
	noCheck["companyAadhaarCard"] = "2341234123"
	if r := h.call("POST", "/api/v1/superadmin/company/add", h.super, noCheck); r.Code != 422 || r.Msg() != "Aadhaar number must be 12 digits." {
		t.Fatalf("length: %d %s", r.Code, r.Msg())
	}
	dup := map[string]any{}
	for k, v := range body {
		dup[k] = v
	}
	dup["tokenSymbol"] = "acw"
	h.want(h.call("POST", "/api/v1/superadmin/company/add", h.super, dup), 409)
	var created struct{ ID string }
	h.want(h.call("POST", "/api/v1/superadmin/company/add", h.super, body), 200).Into(t, &created)
	h.want(h.call("POST", "/api/v1/superadmin/company/add", h.super, body), 409)
	if h.audits("company.create") != 2 { // company B (setup) and Gamma
		t.Fatal("no audit")
	}
	// The owner admin signs in and sees the new company with its token and default supply.
	tok := h.adminLogin("boss@gamma.test", "GammaPass1")
	var dash map[string]any
	h.want(h.call("GET", "/api/v1/admin/dashboard/get", tok, nil), 200).Into(t, &dash)
	if dash["privateSupply"] != 1e7 || dash["remainingPrivateSupply"] != 1e7 || dash["totalMember"] != 0.0 {
		t.Fatalf("new company dashboard: %v", dash)
	}
	var l struct {
		Total   int
		Records []map[string]any
	}
	h.want(h.call("GET", "/api/v1/superadmin/company/list?search=gmx", h.super, nil), 200).Into(t, &l)
	if l.Total != 1 || l.Records[0]["id"] != created.ID || l.Records[0]["companyPan"] != "XXXXXX234F" ||
		l.Records[0]["companyAadhaarCard"] != "XXXX XXXX 2346" || l.Records[0]["tokenName"] != "Gamma" || l.Records[0]["tokenSymbol"] != "GMX" {
		t.Fatalf("company list: %+v", l)
	}
	h.want(h.call("GET", "/api/v1/superadmin/company/list", h.super, nil), 200).Into(t, &l)
	if l.Total != 3 || l.Records[0]["companyName"] != "Gamma Pvt" {
		t.Fatalf("all companies: %+v", l)
	}
	var sd struct {
		Companies int
	}
	h.want(h.call("GET", "/api/v1/superadmin/dashboard/get", h.super, nil), 200).Into(t, &sd)
	if sd.Companies != 3 {
		t.Fatalf("super dashboard: %+v", sd)
	}
}

func TestSuperAdminOTPLogin(t *testing.T) {
	h := setup(t)
	otpURL := "/api/v1/superadmin/auth/login/email/otp?email="
	a := h.want(h.call("GET", otpURL+"nobody@x.test", "", nil), 200)
	b := h.want(h.call("GET", otpURL+"SuperAdmin@demo.test", "", nil), 200)
	if a.Msg() != b.Msg() {
		t.Fatalf("answers differ: %q vs %q", a.Msg(), b.Msg())
	}
	if len(h.mails("nobody@x.test")) != 0 {
		t.Fatal("a code was mailed to a non super admin")
	}
	h.want(h.call("GET", otpURL, "", nil), 422)
	h.want(h.call("GET", otpURL+"bad", "", nil), 422)
	code := h.lastCode(seed.DemoSuperAdmin)
	// A second request within a minute re-sends the same code. The super admin runs
	// the platform, not one company's sale: the email names Prelaunch.
	h.want(h.call("GET", otpURL+seed.DemoSuperAdmin, "", nil), 200)
	if again := h.lastCode(seed.DemoSuperAdmin); again != code {
		t.Fatalf("re-sent %s, first %s", again, code)
	}
	ms := h.mails(seed.DemoSuperAdmin)
	if len(ms) != 2 {
		t.Fatalf("%d super admin emails, want 2", len(ms))
	}
	for _, m := range ms {
		if m.Subject != "Your Prelaunch super admin sign-in code" || strings.Contains(m.Subject+m.Text, "ACW") {
			t.Fatalf("super admin email: %+v", m)
		}
	}
	verify := "/api/v1/superadmin/auth/login/verify"
	h.want(h.call("POST", verify, "", map[string]any{"email": seed.DemoSuperAdmin, "otp": "12ab56"}), 422)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	h.want(h.call("POST", verify, "", map[string]any{"email": seed.DemoSuperAdmin, "otp": wrong}), 422)
	h.want(h.call("POST", verify, "", map[string]any{"email": "nobody@x.test", "otp": code}), 422)
	var tok struct{ Token string }
	h.want(h.call("POST", verify, "", map[string]any{"email": seed.DemoSuperAdmin, "otp": code}), 200).Into(t, &tok)
	h.want(h.call("GET", "/api/v1/superadmin/company/list", tok.Token, nil), 200)
	h.want(h.call("GET", "/api/v1/admin/auth/list", tok.Token, nil), 403)
	// Single use.
	h.want(h.call("POST", verify, "", map[string]any{"email": seed.DemoSuperAdmin, "otp": code}), 422)
	// Five wrong tries burn a fresh code.
	h.want(h.call("GET", otpURL+seed.DemoSuperAdmin, "", nil), 200)
	code = h.lastCode(seed.DemoSuperAdmin)
	for i := 0; i < 5; i++ {
		w := fmt.Sprintf("%06d", i)
		if w == code {
			w = "999999"
		}
		h.want(h.call("POST", verify, "", map[string]any{"email": seed.DemoSuperAdmin, "otp": w}), 422)
	}
	h.want(h.call("POST", verify, "", map[string]any{"email": seed.DemoSuperAdmin, "otp": code}), 422)
	// Sends are rate limited per email.
	var last reply
	for i := 0; i < 6; i++ {
		last = h.call("GET", otpURL+"someone@x.test", "", nil)
	}
	h.want(last, 429)
}

func TestPurchaseReviewOverHTTP(t *testing.T) {
	h := setup(t)
	referrer := h.newBuyer(h.cidA, "Referrer", "ref@a.test", nil)
	buyer := h.newBuyer(h.cidA, "Priya_Shah", "priya@a.test", &referrer)
	h.exec(`INSERT INTO media (id, company_id, owner_kind, owner_id, storage_name, content_type, size_bytes)
		VALUES ('11111111-1111-4111-8111-111111111111', ?, 'user', ?, 'x.png', 'image/png', 10)`, h.cidA, buyer)
	rid := "11111111-1111-4111-8111-111111111111"
	p1 := h.pending(h.cidA, buyer, 200, "UPI", "UTR-HTTP-1", &rid)
	p2 := h.pending(h.cidA, buyer, 50, "BANK", "UTR-HTTP-2", nil)
	// p1's buyer typed ₹2,005.50 (whole tokens only: 200 at ₹10 charge ₹2,000); p2 was inserted
	// without a typed figure, as orders from before it was kept, so it lists its amount.
	h.exec("UPDATE purchases SET entered_amount = 2005.50 WHERE id = ?", p1)

	var l struct {
		Total   int
		Records []struct {
			ID, OrderNumber, Status string
			TotalQuantity           float64
			Amount, EnteredAmount   float64
			PaymentMethod           string
			ReferenceNumber         string
			User                    struct{ ID, ReferralCode, Name, Mobile string }
			Receipt                 *struct{ ID, URL string }
		}
	}
	h.want(h.call("GET", "/api/v1/admin/transaction/list?status=PENDING&search=priya", h.adminA, nil), 200).Into(t, &l)
	if l.Total != 2 || l.Records[1].ID != p1 || l.Records[1].Receipt == nil || l.Records[0].Receipt != nil {
		t.Fatalf("pending list: %+v", l)
	}
	r0 := l.Records[1]
	if !strings.HasPrefix(r0.Receipt.URL, "/api/v1/media/file/"+rid+"?exp=") || r0.TotalQuantity != 200 ||
		r0.User.Name != "Priya_Shah" || r0.User.ReferralCode == "" || r0.PaymentMethod != "UPI" || r0.ReferenceNumber != "UTR-HTTP-1" {
		t.Fatalf("record: %+v", r0)
	}
	if r0.EnteredAmount != 2005.5 || r0.Amount != 2000 || l.Records[0].EnteredAmount != 500 || l.Records[0].Amount != 500 {
		t.Fatalf("entered amounts: %+v / %+v", r0, l.Records[0])
	}
	h.want(h.call("GET", "/api/v1/admin/transaction/list?status=INITIATED", h.adminA, nil), 422)
	h.want(h.call("POST", "/api/v1/admin/transaction/approve", h.adminA, map[string]any{"id": p1}), 200)
	r := h.want(h.call("POST", "/api/v1/admin/transaction/approve", h.adminA, map[string]any{"id": p1}), 409)
	if r.Msg() != "This purchase has already been processed." {
		t.Fatalf("409 message %q", r.Msg())
	}
	h.want(h.call("POST", "/api/v1/admin/transaction/reject", h.adminA, map[string]any{"id": p2}), 200)
	h.want(h.call("POST", "/api/v1/admin/transaction/reject", h.adminA, map[string]any{"id": p1}), 409)
	if got := h.num("SELECT stock_balance FROM users WHERE id = ?", buyer); got != 200 {
		t.Fatalf("buyer balance %d", got)
	}
	if got := h.num("SELECT stock_balance FROM users WHERE id = ?", referrer); got != 10 {
		t.Fatalf("referrer balance %d", got)
	}
	mails := h.mails("priya@a.test")
	if len(mails) != 2 || !strings.Contains(mails[0].Subject+mails[1].Subject, "approved") || !strings.Contains(mails[0].Subject+mails[1].Subject, "rejected") {
		t.Fatalf("decision mails: %+v", mails)
	}
	h.want(h.call("GET", "/api/v1/admin/transaction/list?status=APPROVED", h.adminA, nil), 200).Into(t, &l)
	if l.Total != 1 || l.Records[0].ID != p1 {
		t.Fatalf("approved list: %+v", l)
	}
	var dash struct {
		TransactionSummary map[string]float64
		TransactionCount   map[string]int
		PrivateSupplyData  map[string]float64
	}
	h.want(h.call("GET", "/api/v1/admin/dashboard/get", h.adminA, nil), 200).Into(t, &dash)
	if dash.TransactionSummary["upi"] != 2040 || dash.TransactionSummary["total"] != 2040 || dash.TransactionCount["bank"] != 0 ||
		dash.PrivateSupplyData["stockBalance"] != 210 || dash.PrivateSupplyData["remaining"] != 10_000_000-200 {
		t.Fatalf("dashboard: %+v", dash)
	}
	var sl struct {
		Total   int
		Records []struct {
			ID            string
			Company       struct{ ID, Name string }
			EnteredAmount float64
		}
	}
	h.want(h.call("GET", "/api/v1/superadmin/transaction/list?companyId="+h.cidA, h.super, nil), 200).Into(t, &sl)
	entered := map[string]float64{}
	for _, r := range sl.Records {
		entered[r.ID] = r.EnteredAmount
	}
	if sl.Total != 2 || sl.Records[0].Company.Name != "Demo Company" || entered[p1] != 2005.5 || entered[p2] != 500 {
		t.Fatalf("super list: %+v", sl)
	}
	h.want(h.call("GET", "/api/v1/superadmin/transaction/list?companyId="+h.cidB, h.super, nil), 200).Into(t, &sl)
	if sl.Total != 0 {
		t.Fatalf("B has none: %+v", sl)
	}
}
