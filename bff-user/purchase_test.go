package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"prelaunch/core/infra/tasks"
)

type order struct {
	ID, OrderNumber, TransactionID, Status, ExpiresAt string
	Amount, Price, Quantity, PlatformChargePercent    float64
	EnteredAmount, Fee, FinalAmount                   float64
}

func (h *harness) order(tok string, amount any) order {
	h.t.Helper()
	r := h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": amount})
	h.want(r, 200)
	var o order
	r.Into(h.t, &o)
	return o
}

var receiptSeq atomic.Int64

// receipt uploads a JPEG of its own (one receipt backs one purchase of the company).
func (h *harness) receipt(tok string) string {
	h.t.Helper()
	r := h.upload(tok, "receipt.jpg", append(append([]byte{}, jpegBytes...), fmt.Sprintf("#%d", receiptSeq.Add(1))...))
	h.want(r, 200)
	var up []struct{ ID string }
	r.Into(h.t, &up)
	return up[0].ID
}

func TestOrderPricesReservesAndSchedulesExpiry(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	// Whole tokens only: ₹105.50 at ₹10 buys 10 tokens and is charged ₹100.
	o := h.order(tok, 105.5)
	if !strings.HasPrefix(o.OrderNumber, "PUR-") || !strings.HasPrefix(o.TransactionID, "TXN") || o.Status != "INITIATED" ||
		o.Quantity != 10 || o.Amount != 100 || o.Price != 10 || o.Fee != 2 || o.FinalAmount != 102 || o.PlatformChargePercent != 2 ||
		o.EnteredAmount != 105.5 {
		t.Fatalf("order %+v", o)
	}
	// The typed figure is kept beside the charged one, for order/get and the history too.
	var got order
	r := h.call("GET", "/api/v1/user/package/order/get?id="+o.ID, tok, nil)
	h.want(r, 200)
	r.Into(t, &got)
	if got.EnteredAmount != 105.5 || got.Amount != 100 {
		t.Fatalf("order/get %+v", got)
	}
	var hist struct{ Records []order }
	r = h.call("GET", "/api/v1/user/transaction/list?status=INITIATED", tok, nil)
	h.want(r, 200)
	r.Into(t, &hist)
	if len(hist.Records) != 1 || hist.Records[0].EnteredAmount != 105.5 || hist.Records[0].Amount != 100 {
		t.Fatalf("history %+v", hist.Records)
	}
	exp, err := time.Parse(time.RFC3339, o.ExpiresAt)
	if err != nil || time.Until(exp) < 14*time.Minute || time.Until(exp) > 16*time.Minute {
		t.Fatalf("expiresAt %q", o.ExpiresAt)
	}
	if got := h.remaining(); got != "9999990" {
		t.Fatalf("remaining %s", got)
	}
	ins := asynq.NewInspectorFromRedisClient(h.d.Redis)
	info, err := ins.GetTaskInfo(tasks.QueueDefault, tasks.ExpireTaskID(o.ID))
	if err != nil || info.State != asynq.TaskStateScheduled {
		t.Fatalf("expire task: %v %+v", err, info)
	}
	// String amounts work too; bad ones are 422.
	h.order(tok, "20")
	for _, bad := range []any{0, -5, "abc", "1.234", "", nil, "1e3", 5} {
		r := h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": bad})
		h.want(r, 422)
	}
	// order/get: own order yes; others, unknown and malformed ids 404.
	r = h.call("GET", "/api/v1/user/package/order/get?id="+o.ID, tok, nil)
	h.want(r, 200)
	otherTok, _ := h.newBuyer("other@x.test")
	h.want(h.call("GET", "/api/v1/user/package/order/get?id="+o.ID, otherTok, nil), 404)
	h.want(h.call("GET", "/api/v1/user/package/order/get?id=nope", tok, nil), 404)
	h.want(h.call("GET", "/api/v1/user/package/order/get?id=00000000-0000-0000-0000-000000000000", tok, nil), 404)
}

func TestOrderRefusedWhenSupplyShort(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	h.exec("UPDATE tokens SET remaining_private_supply = 5 WHERE company_id = ?", h.companyID)
	r := h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": 60})
	h.want(r, 409)
	if r.Msg() != "Not enough tokens left in the private sale." {
		t.Fatalf("message %q", r.Msg())
	}
	h.order(tok, 50)
	h.want(h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": 10}), 409)
	if h.remaining() != "0" {
		t.Fatalf("remaining %s", h.remaining())
	}
}

func TestSubmitStateMachine(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	otherTok, _ := h.newBuyer("other@x.test")
	o := h.order(tok, 100)
	rc := h.receipt(tok)
	otherRc := h.receipt(otherTok)
	sub := "/api/v1/user/package/purchase"

	h.want(h.call("POST", sub, tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI", "receiptId": rc}), 422)                   // no UTR
	h.want(h.call("POST", sub, tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI", "referenceNumber": "412345671001"}), 422) // no receipt
	h.want(h.call("POST", sub, tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI", "referenceNumber": "412345671001", "receiptId": otherRc}), 422)
	h.want(h.call("POST", sub, tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "CASH"}), 422)
	h.want(h.call("POST", sub, otherTok, map[string]any{"purchaseId": o.ID, "paymentMethod": "MANUAL"}), 404)
	h.want(h.call("POST", sub, tok, map[string]any{"purchaseId": "bogus", "paymentMethod": "MANUAL"}), 404)

	r := h.call("POST", sub, tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI", "referenceNumber": "412345671001",
		"receiptId": rc, "amount": 1})
	h.want(r, 200)
	var got order
	r.Into(t, &got)
	if got.Status != "PENDING" || got.Amount != 100 || got.FinalAmount != 102 {
		t.Fatalf("submitted %+v", got)
	}
	// The expire task is gone.
	ins := asynq.NewInspectorFromRedisClient(h.d.Redis)
	if _, err := ins.GetTaskInfo(tasks.QueueDefault, tasks.ExpireTaskID(o.ID)); err == nil {
		t.Fatal("expire task still scheduled after submission")
	}
	// Twice: 409.
	r = h.call("POST", sub, tok, map[string]any{"purchaseId": o.ID, "paymentMethod": "MANUAL"})
	h.want(r, 409)
	// Same UTR on another order of the company (any buyer): 409, and the order stays INITIATED.
	o2 := h.order(otherTok, 50)
	r = h.call("POST", sub, otherTok, map[string]any{"purchaseId": o2.ID, "paymentMethod": "BANK", "referenceNumber": "4123-4567-1oo1",
		"receiptId": otherRc, "bankName": "SBI"})
	h.want(r, 409)
	if !strings.Contains(r.Msg(), "already been submitted") {
		t.Fatalf("message %q", r.Msg())
	}
	h.want(h.call("POST", sub, otherTok, map[string]any{"purchaseId": o2.ID, "paymentMethod": "BANK", "referenceNumber": "HDFCN52026112700002002",
		"receiptId": otherRc, "bankName": "SBI"}), 200)

	// After the window: 410, and the reservation comes back.
	o3 := h.order(tok, 30)
	before := h.remaining()
	h.exec("UPDATE purchases SET expires_at = now() - interval '1 second' WHERE id = ?", o3.ID)
	r = h.call("POST", sub, tok, map[string]any{"purchaseId": o3.ID, "paymentMethod": "MANUAL"})
	h.want(r, 410)
	if after := h.remaining(); after == before {
		t.Fatalf("reservation not released: %s", after)
	}
	r = h.call("GET", "/api/v1/user/package/order/get?id="+o3.ID, tok, nil)
	r.Into(t, &got)
	if got.Status != "EXPIRED" {
		t.Fatalf("status %s", got.Status)
	}
	h.want(h.call("POST", sub, tok, map[string]any{"purchaseId": o3.ID, "paymentMethod": "MANUAL"}), 410)
}

func TestSubmitWithoutOrderCreatesAndSubmits(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	sub := "/api/v1/user/package/purchase"
	h.want(h.call("POST", sub, tok, map[string]any{"paymentMethod": "MANUAL"}), 422) // no amount
	r := h.call("POST", sub, tok, map[string]any{"paymentMethod": "MANUAL", "amount": 250})
	h.want(r, 200)
	var o order
	r.Into(t, &o)
	if o.Status != "PENDING" || o.Quantity != 25 || h.remaining() != "9999975" {
		t.Fatalf("one-step %+v remaining %s", o, h.remaining())
	}
	// A duplicate UTR in one step rolls the order back entirely.
	rc := h.receipt(tok)
	h.want(h.call("POST", sub, tok, map[string]any{"paymentMethod": "UPI", "amount": 100, "referenceNumber": "U9", "receiptId": rc}), 422) // too short
	h.want(h.call("POST", sub, tok, map[string]any{"paymentMethod": "UPI", "amount": 100, "referenceNumber": "412345670999", "receiptId": rc}), 200)
	h.want(h.call("POST", sub, tok, map[string]any{"paymentMethod": "UPI", "amount": 100, "referenceNumber": "412345670999", "receiptId": rc}), 409)
	if h.remaining() != "9999965" {
		t.Fatalf("remaining %s", h.remaining())
	}
}

func TestTooManyOpenOrders(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	for i := 0; i < 5; i++ {
		h.order(tok, 10)
	}
	h.want(h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": 10}), 409)
}

func TestTransactionListFiltersAndSearch(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	otherTok, _ := h.newBuyer("other@x.test")
	h.order(otherTok, 10) // not visible to the buyer
	rc := h.receipt(tok)
	o1 := h.order(tok, 100)
	h.want(h.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"purchaseId": o1.ID, "paymentMethod": "UPI", "referenceNumber": "SBINR52026112700000077", "receiptId": rc}), 200)
	h.order(tok, 20)
	h.want(h.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"paymentMethod": "MANUAL", "amount": 30}), 200)

	list := func(q string) (int, []map[string]any) {
		r := h.call("GET", "/api/v1/user/transaction/list"+q, tok, nil)
		h.want(r, 200)
		var l struct {
			Records                      []map[string]any
			Total, Page, Limit, LastPage int
		}
		r.Into(t, &l)
		return l.Total, l.Records
	}
	if n, recs := list(""); n != 3 || len(recs) != 3 {
		t.Fatalf("all: %d", n)
	}
	if n, _ := list("?status=PENDING"); n != 2 {
		t.Fatalf("pending: %d", n)
	}
	if n, _ := list("?status=initiated"); n != 1 {
		t.Fatalf("initiated: %d", n)
	}
	n, recs := list("?search=sbinr5202")
	if n != 1 || recs[0]["referenceNumber"] != "SBINR52026112700000077" || recs[0]["receipt"] == nil {
		t.Fatalf("search: %d %v", n, recs)
	}
	for _, k := range []string{"id", "orderNumber", "createdAt", "paymentMethod", "referenceNumber", "transactionId", "amount", "finalAmount", "quantity", "price", "fee", "status", "receipt"} {
		if _, ok := recs[0][k]; !ok {
			t.Fatalf("record lacks %s", k)
		}
	}
	if n, _ := list("?search=manual"); n != 1 {
		t.Fatalf("search by method: %d", n)
	}
	if n, recs := list("?page=2&limit=2"); n != 3 || len(recs) != 1 {
		t.Fatalf("page 2: %d %d", n, len(recs))
	}
	h.want(h.call("GET", "/api/v1/user/transaction/list?status=DONE", tok, nil), 422)
	h.want(h.call("GET", "/api/v1/user/transaction/list?limit=500", tok, nil), 422)
	h.want(h.call("GET", "/api/v1/user/transaction/list?page=0", tok, nil), 422)
}

func TestStockListsFromApprovedPurchases(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	var buyerID, code string
	_ = h.d.DB.QueryRowContext(context.Background(), "SELECT id, referral_code FROM users WHERE email = 'buyer@demo.test'").Scan(&buyerID, &code)
	// A referred buyer, registered with the demo buyer's Member ID.
	h.want(h.call("POST", "/api/v1/user/auth/register/otp", "", map[string]any{"companyId": h.companyID, "name": "Ref", "email": "ref@x.test", "mobile": "9876543210"}), 200)
	h.want(h.call("POST", "/api/v1/user/auth/register", "", map[string]any{"companyId": h.companyID, "name": "Ref", "mobile": "9876543210",
		"email": "ref@x.test", "otp": h.lastCode("ref@x.test"), "dateOfBirth": "1991-01-01", "gender": "other", "pincode": "110001",
		"referralCode": code, "password": "Passw0rd!"}), 200)
	refTok := h.login("ref@x.test", "Passw0rd!")

	mk := func(tk string, amount int) order {
		r := h.call("POST", "/api/v1/user/package/purchase", tk, map[string]any{"paymentMethod": "MANUAL", "amount": amount})
		h.want(r, 200)
		var o order
		r.Into(t, &o)
		return o
	}
	small := mk(tok, 100)  // 10 tokens
	big := mk(refTok, 500) // 50 tokens
	mk(tok, 70)            // stays PENDING: not listed
	// Approve as the admin flow would: status, balance, referral reward.
	h.exec("UPDATE purchases SET status = 'APPROVED', decided_at = now() WHERE id IN (?, ?)", small.ID, big.ID)
	h.exec("UPDATE users SET stock_balance = stock_balance + 10 WHERE id = ?", buyerID)
	h.exec(`INSERT INTO referral_rewards (company_id, purchase_id, referrer_id, referred_user_id, quantity, percent)
		SELECT company_id, id, ?, user_id, 2, 5 FROM purchases WHERE id = ?`, buyerID, big.ID)
	h.exec("UPDATE users SET stock_balance = stock_balance + 2 WHERE id = ?", buyerID)
	h.exec("UPDATE tokens SET launch_at = now() + interval '1 day'")
	// Both buyers proved a wallet: the caller sees their own whole and the other's masked.
	const ownWallet, otherWallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"
	h.exec(`INSERT INTO wallets (user_id, company_id, address, verified_at, deliverable_from)
		SELECT id, company_id, CASE WHEN id = ? THEN ? ELSE ? END, now(), now() FROM users WHERE email IN ('buyer@demo.test', 'ref@x.test')`,
		buyerID, ownWallet, otherWallet)

	r := h.call("GET", "/api/v1/user/stock/global/list", tok, nil)
	h.want(r, 200)
	var g struct {
		Records []struct {
			Rank               int
			WalletAddress      *string
			MemberID, Quantity string
		}
		Total int
	}
	r.Into(t, &g)
	// One row per holder: the demo buyer holds 10 bought and 2 as a referral reward. The caller
	// sees their own wallet whole and the other holder's masked.
	if g.Total != 2 || g.Records[0].Rank != 1 || g.Records[0].Quantity != "50" || g.Records[1].Quantity != "12" ||
		strings.Contains(g.Records[1].MemberID, code[5:8]) ||
		g.Records[1].WalletAddress == nil || *g.Records[1].WalletAddress != ownWallet ||
		g.Records[0].WalletAddress == nil || *g.Records[0].WalletAddress != "0xfB69…d359" {
		t.Fatalf("global %+v", g)
	}
	r = h.call("GET", "/api/v1/user/stock/my/list", tok, nil)
	h.want(r, 200)
	var m struct {
		Records []struct {
			Kind, MemberID, Reference, Status, Quantity, Unlocked, Locked string
			Reward                                                        float64
			TransactionHash                                               *string
			TimeLeft                                                      *int64
		}
		Total int
	}
	r.Into(t, &m)
	if m.Total != 2 {
		t.Fatalf("my %+v", m)
	}
	sum := 0
	kinds := map[string]bool{}
	for _, rec := range m.Records {
		q, _ := strconv.Atoi(rec.Quantity)
		sum += q
		kinds[rec.Kind] = true
		// No TGE yet: everything is locked, with no time left to tell.
		if rec.Status != "ALLOCATED" || rec.Unlocked != "0" || rec.Locked != rec.Quantity || rec.TransactionHash != nil || rec.TimeLeft != nil {
			t.Fatalf("row before TGE %+v", rec)
		}
		if rec.Kind == "referral" && (rec.Reward != 2 || rec.Reference != big.TransactionID) {
			t.Fatalf("reward row %+v", rec)
		}
		if rec.Kind == "purchase" && (rec.MemberID != code || rec.Reward != 0 || rec.Reference != small.TransactionID) {
			t.Fatalf("purchase row %+v", rec)
		}
	}
	if sum != 12 || !kinds["referral"] || !kinds["purchase"] {
		t.Fatalf("my rows %+v", m.Records)
	}
	r = h.call("GET", "/api/v1/user/auth/profile/get", tok, nil)
	var p struct{ GlobalStake, StockBalance float64 }
	r.Into(t, &p)
	if p.GlobalStake != 60 || p.StockBalance != 12 {
		t.Fatalf("profile stake %+v", p)
	}
	r = h.call("GET", "/api/v1/user/stock/my/list", refTok, nil)
	r.Into(t, &m)
	if m.Total != 1 || m.Records[0].Quantity != "50" {
		t.Fatalf("referred buyer's my list %+v", m)
	}
	_ = fmt.Sprint()
}

// Issue 27, finding 8: the same bytes uploaded twice got two file ids, and each backed a purchase.
// A receipt's SHA-256 is kept; its content backs one live purchase of the company (409 naming the
// order), whichever file id carries it; a rejection frees it, as it frees the file and the UTR.
func TestOneReceiptContentOnePurchase(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	otherTok, _ := h.newBuyer("second@x.test")
	same := append(append([]byte{}, jpegBytes...), "one transfer"...)
	upload := func(tok string) string {
		r := h.upload(tok, "proof.jpg", same)
		h.want(r, 200)
		var up []struct{ ID string }
		r.Into(t, &up)
		return up[0].ID
	}
	sub := "/api/v1/user/package/purchase"
	first := h.order(tok, 100)
	h.want(h.call("POST", sub, tok, map[string]any{"purchaseId": first.ID, "paymentMethod": "UPI", "referenceNumber": "578816794120",
		"receiptId": upload(tok)}), 200)
	for _, who := range []string{tok, otherTok} {
		o := h.order(who, 100)
		r := h.call("POST", sub, who, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI", "referenceNumber": "578816794999",
			"receiptId": upload(who)})
		h.want(r, 409)
		if msg := r.Msg(); msg != "This receipt was already used for order "+first.OrderNumber+"." {
			t.Fatalf("409 message %q", msg)
		}
		// one step (no purchaseId) too
		r = h.call("POST", sub, who, map[string]any{"paymentMethod": "UPI", "referenceNumber": "578816794998", "receiptId": upload(who), "amount": 100})
		h.want(r, 409)
	}
	// a rejection frees the receipt
	ctx := context.Background()
	if _, err := h.d.DB.ExecContext(ctx, "UPDATE purchases SET status = 'REJECTED', decided_at = now() WHERE id = ?", first.ID); err != nil {
		t.Fatal(err)
	}
	o := h.order(otherTok, 100)
	h.want(h.call("POST", sub, otherTok, map[string]any{"purchaseId": o.ID, "paymentMethod": "UPI", "referenceNumber": "578816794997",
		"receiptId": upload(otherTok)}), 200)
	var sums int
	if err := h.d.DB.QueryRowContext(ctx, "SELECT count(DISTINCT sha256) FROM media WHERE sha256 IS NOT NULL AND original_name = 'proof.jpg'").Scan(&sums); err != nil || sums != 1 {
		t.Fatalf("kept sums: %d %v", sums, err)
	}
}
