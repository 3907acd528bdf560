package main

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/delivery"
	"prelaunch/core/seed"
)

// My Stock follows the vesting: locked before the TGE, the TGE part at the TGE, all of it at the
// end (UNLOCKED), DELIVERED with the transfer's hash once it reached the proved wallet; Global
// Stock shows the viewer's own wallet whole (others masked); delivery/get says when and where.
func TestStockVestingAndDelivery(t *testing.T) {
	h := setup(t)
	var buyerID string
	_ = h.d.DB.QueryRowContext(context.Background(), "SELECT id FROM users WHERE email = ?", seed.DemoBuyerEmail).Scan(&buyerID)
	const addr = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
	svc := h.d.Build()
	delivered := map[string]delivery.Delivery{}
	svc.Delivery.Wallets = func(ctx context.Context, db bun.IDB, companyID string, now time.Time) (map[string]string, error) {
		return map[string]string{buyerID: addr}, nil
	}
	svc.Delivery.Delivered = func(ctx context.Context, db bun.IDB, companyID string) (map[string]delivery.Delivery, error) {
		return delivered, nil
	}
	h.app = newServerWith(h.d, svc)
	tok := h.buyerToken()
	// The buyer's proved wallet: Global Stock and the delivery card show it whole to its owner.
	h.exec(`INSERT INTO wallets (user_id, company_id, address, verified_at, deliverable_from)
		SELECT id, company_id, ?, now(), now() FROM users WHERE id = ?`, addr, buyerID)

	h.want(h.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"paymentMethod": "MANUAL", "amount": 1000}), 200)
	h.exec("UPDATE purchases SET status = 'APPROVED', decided_at = now() WHERE user_id = ?", buyerID)
	var qty string
	_ = h.d.DB.QueryRowContext(context.Background(), "SELECT quantity::text FROM purchases WHERE user_id = ?", buyerID).Scan(&qty)

	type row struct {
		Status, Quantity, Unlocked, Locked string
		TransactionHash                    *string
		ExplorerURL                        *string `json:"explorerUrl"`
		TimeLeft                           *int64
	}
	mine := func() row {
		t.Helper()
		r := h.call("GET", "/api/v1/user/stock/my/list", tok, nil)
		h.want(r, 200)
		var l struct{ Records []row }
		r.Into(t, &l)
		if len(l.Records) != 1 {
			t.Fatalf("rows %+v", l)
		}
		return l.Records[0]
	}
	// 25% at the TGE, a 10-day cliff, 30 days of vesting; the token has 18 decimals.
	h.exec(`INSERT INTO distribution_settings (company_id, chain_id, explorer_url, tge_at) VALUES (?, 1, 'https://explorer.test/', now() + interval '1 hour')`, h.companyID)
	h.exec(`INSERT INTO vesting_schedules (company_id, round_id, tge_unlock_percent, cliff_days, vesting_days) VALUES (?, NULL, 25, 10, 30)`, h.companyID)
	r := mine()
	if r.Status != "ALLOCATED" || r.Unlocked != "0" || r.Locked != qty || r.TimeLeft == nil || *r.TimeLeft < 40*86400 {
		t.Fatalf("before TGE %+v", r)
	}
	h.exec(`UPDATE distribution_settings SET tge_at = now() - interval '1 day' WHERE company_id = ?`, h.companyID)
	r = mine()
	q, _ := new(big.Int).SetString(qty, 10)
	quarter := new(big.Rat).SetFrac(q, big.NewInt(4)).FloatString(2)
	if r.Status != "ALLOCATED" || r.Unlocked == "0" || trimZeros(quarter) != r.Unlocked {
		t.Fatalf("in the cliff %+v (want %s)", r, quarter)
	}
	h.exec(`UPDATE distribution_settings SET tge_at = now() - interval '41 days' WHERE company_id = ?`, h.companyID)
	r = mine()
	if r.Status != "UNLOCKED" || r.Unlocked != qty || r.Locked != "0" || *r.TimeLeft != 0 || r.TransactionHash != nil {
		t.Fatalf("after the end %+v", r)
	}
	base := delivery.Base(q, 18)
	delivered[buyerID] = delivery.Delivery{Amount: base, TxHash: "0x" + "ab12"}
	r = mine()
	if r.Status != "DELIVERED" || r.TransactionHash == nil || r.ExplorerURL == nil || *r.ExplorerURL != "https://explorer.test/tx/0xab12" {
		t.Fatalf("delivered %+v", r)
	}

	var g struct {
		Records []struct {
			WalletAddress *string
			Quantity      string
		}
	}
	gr := h.call("GET", "/api/v1/user/stock/global/list", tok, nil)
	h.want(gr, 200)
	gr.Into(t, &g)
	if len(g.Records) != 1 || g.Records[0].WalletAddress == nil || *g.Records[0].WalletAddress != addr {
		t.Fatalf("global %+v", g)
	}

	var d struct {
		TGEAt     *string `json:"tgeAt"`
		Schedules []struct {
			Round                  string
			TGEUnlockPercent       float64
			CliffDays, VestingDays int
		}
		Allocated, Unlocked, Locked, Delivered string
		Wallet                                 *string
	}
	dr := h.call("GET", "/api/v1/user/stock/delivery/get", tok, nil)
	h.want(dr, 200)
	dr.Into(t, &d)
	if d.TGEAt == nil || len(d.Schedules) != 1 || d.Schedules[0].TGEUnlockPercent != 25 || d.Schedules[0].CliffDays != 10 ||
		d.Allocated != qty || d.Unlocked != qty || d.Locked != "0" || d.Delivered != qty || d.Wallet == nil || *d.Wallet != addr {
		t.Fatalf("delivery %+v", d)
	}
	h.want(h.call("GET", "/api/v1/user/stock/delivery/get", "", nil), 401)
}

func trimZeros(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '0' || s[len(s)-1] == '.') {
		if s[len(s)-1] == '.' {
			return s[:len(s)-1]
		}
		s = s[:len(s)-1]
	}
	return s
}
