package main

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/company"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
	"prelaunch/core/seed"
	"prelaunch/core/superadmin"
	"prelaunch/core/user"
)

const seedPW = "Admin@12345"

// harness: company A is the seeded demo company; company B is added through the core rule.
type harness struct {
	t        *testing.T
	d        *runtime.Deps
	app      *fiber.App
	cidA     string
	cidB     string
	adminA   string // token
	adminB   string
	buyer    string // buyer of A, user audience
	super    string
	adminAID string
	buyerID  string
	seq      int
	totpStep int64 // when set, h.totp counts steps from it instead of from now
}

func setup(t *testing.T) *harness {
	t.Helper()
	return setupWith(t, nil)
}

// setupWith is setup on the given clock (nil: the system's), for the rules that move with time.
func setupWith(t *testing.T, clk clock.Clock) *harness {
	t.Helper()
	d := testkit.Deps(t, "bffadmin", 9)
	if clk != nil {
		d.Clock = clk
	}
	h := &harness{t: t, d: d, app: newServer(d), cidA: testkit.Seed(t, d, seedPW)}
	ctx := context.Background()
	cidB, err := d.Build().Companies.Add(ctx, audit.Actor{Kind: "system"}, company.AddInput{CompanyName: "Beta Ltd",
		Email: "owner@beta.test", Mobile: "9876500000", CompanyAadhaarCard: "499118665246", CompanyPan: "BETAS1234B",
		CompanyAddress: "1 Beta Street", CompanyPincode: "400001", TokenName: "Beta Coin", TokenSymbol: "BTC2",
		TokenPrice: decimal.NewFromInt(5), AdminName: "Beta Admin", AdminPassword: "BetaPass#1"})
	if err != nil {
		t.Fatal(err)
	}
	testkit.OpenSale(t, d.DB, cidB)
	h.cidB = cidB
	h.adminA = h.adminLogin(seed.DemoAdminEmail, seedPW)
	h.adminB = h.adminLogin("owner@beta.test", "BetaPass#1")
	var a, b user.User
	h.scan(&a, seed.DemoAdminEmail)
	h.scan(&b, seed.DemoBuyerEmail)
	h.adminAID, h.buyerID = a.ID, b.ID
	if h.buyer, err = d.Tokens.Issue(b.ID, b.CompanyID, b.Role, auth.AudienceUser, b.TokenVersion); err != nil {
		t.Fatal(err)
	}
	var sa superadmin.SuperAdmin
	if err := d.DB.NewSelect().Model(&sa).Where("email = ?", seed.DemoSuperAdmin).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if h.super, err = d.Tokens.Issue(sa.ID, "", auth.RoleSuperAdmin, auth.AudienceSuperAdmin, 0); err != nil {
		t.Fatal(err)
	}
	return h
}

func (h *harness) scan(u *user.User, email string) {
	h.t.Helper()
	if err := h.d.DB.NewSelect().Model(u).Where("company_id = ?", h.cidA).Where("email = ?", email).Scan(context.Background()); err != nil {
		h.t.Fatalf("user %s: %v", email, err)
	}
}

type reply = testkit.Reply

func (h *harness) http() testkit.HTTP {
	return testkit.HTTP{T: h.t, App: h.app, Spec: testkit.AdminAPI}
}

func (h *harness) send(req *http.Request) reply { return h.http().Send(req) }

// call sends a JSON body (nil for none) with an optional token ("raw:" prefix sends it without Bearer).
func (h *harness) call(method, path, token string, body any) reply {
	return h.http().Call(method, path, token, body)
}

func (h *harness) want(r reply, code int) reply {
	h.t.Helper()
	if r.Code != code {
		h.t.Fatalf("want %d, got %d: %s (data %s)", code, r.Code, r.Msg(), r.Data)
	}
	if r.Status != (code < 400) {
		h.t.Fatalf("status flag %v for %d", r.Status, code)
	}
	return r
}

func (h *harness) adminLogin(email, pw string) string {
	h.t.Helper()
	r := h.want(h.call("POST", "/api/v1/company/auth/login", "", map[string]any{"email": email, "password": pw}), 200)
	var d struct{ Token string }
	r.Into(h.t, &d)
	if d.Token == "" {
		h.t.Fatal("no token")
	}
	return d.Token
}

func (h *harness) num(q string, args ...any) int64 {
	h.t.Helper()
	var n int64
	if err := h.d.DB.QueryRowContext(context.Background(), q, args...).Scan(&n); err != nil {
		h.t.Fatalf("%s: %v", q, err)
	}
	return n
}

func (h *harness) exec(q string, args ...any) {
	h.t.Helper()
	if _, err := h.d.DB.ExecContext(context.Background(), q, args...); err != nil {
		h.t.Fatalf("%s: %v", q, err)
	}
	// A direct change stands for another process's: evict here at once, as core's own writes
	// do after their commit (the users trigger's notification would do it a moment later).
	h.d.Verifier.Cache.Revoke("*")
}

// newBuyer inserts a buyer of company cid.
func (h *harness) newBuyer(cid, name, email string, referredBy *string) string {
	h.t.Helper()
	h.seq++
	u := &user.User{CompanyID: cid, Role: user.RoleUser, Name: name, Email: email, Mobile: fmt.Sprintf("98%08d", h.seq),
		PasswordHash: "x", ReferralCode: fmt.Sprintf("PL-BA%06d", h.seq), ReferredBy: referredBy,
		Status: user.StatusActive, StockBalance: decimal.Zero}
	if _, err := h.d.DB.NewInsert().Model(u).Returning("id").Exec(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	return u.ID
}

// pending inserts a PENDING purchase (the buyer flow's end state: reservation already deducted).
func (h *harness) pending(cid, userID string, qty int64, method, ref string, receiptID *string) string {
	h.t.Helper()
	h.seq++
	q := decimal.NewFromInt(qty)
	amount := q.Mul(decimal.NewFromInt(10))
	fee := amount.Mul(decimal.NewFromInt(2)).Div(decimal.NewFromInt(100)).Round(2)
	now := time.Now()
	p := &purchase.Purchase{CompanyID: cid, UserID: userID, OrderNumber: fmt.Sprintf("PUR-BA%06d", h.seq),
		TransactionID: fmt.Sprintf("TXN-BA%06d", h.seq), Status: purchase.StatusPending, PaymentMethod: &method,
		Amount: amount, Price: decimal.NewFromInt(10), Quantity: q, PlatformChargePercent: decimal.NewFromInt(2),
		Fee: fee, FinalAmount: amount.Add(fee), ReferenceNumber: &ref, ReceiptID: receiptID,
		ExpiresAt: now.Add(15 * time.Minute), SubmittedAt: &now}
	if _, err := h.d.DB.NewInsert().Model(p).Returning("id").Exec(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	h.exec("UPDATE tokens SET remaining_private_supply = remaining_private_supply - ? WHERE company_id = ?", qty, cid)
	return p.ID
}

// mails returns the email tasks enqueued for to.
func (h *harness) mails(to string) []tasks.EmailSendPayload {
	return testkit.QueuedEmails(h.t, h.d.Redis, to)
}

func (h *harness) lastCode(to string) string { return testkit.EmailedCode(h.t, h.d.Redis, to) }
