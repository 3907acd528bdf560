package main

import (
	"context"
	"encoding/json"
	"io"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/delivery"
	"prelaunch/core/infra/testkit"
)

type distView struct {
	Chain struct {
		ChainID      int64
		RPCURL       string `json:"rpcUrl"`
		ExplorerURL  string `json:"explorerUrl"`
		TokenAddress string
		Decimals     int
	}
	Treasury struct {
		Address, TokenBalance, GasBalance, Reason *string
	}
	TGEAt     *string `json:"tgeAt"`
	Locked    bool
	Rounds    []struct{ ID, Name string }
	Schedules []struct {
		RoundID          *string
		TGEUnlockPercent float64
		CliffDays        int
		VestingDays      int
	}
	Totals struct{ Allocated, Unlocked, Delivered, Queued string }
}

const wallet1 = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"

// approved inserts an APPROVED purchase of qty tokens for userID in company cid (round optional).
func (h *harness) approved(cid, userID string, qty int64, round *string) string {
	h.t.Helper()
	id := h.pending(cid, userID, qty, "BANK", "UTR"+strings.Repeat("7", 6)+time.Now().Format("150405.000000"), nil)
	h.exec("UPDATE purchases SET status = 'APPROVED', decided_at = now(), round_id = ? WHERE id = ?", round, id)
	return id
}

func distBody(tge any, scheds []map[string]any) map[string]any {
	if scheds == nil {
		scheds = []map[string]any{}
	}
	return map[string]any{
		"chain": map[string]any{"chainId": 11155111, "rpcUrl": "https://rpc.example.org", "explorerUrl": "https://explorer.example.org",
			"tokenAddress": strings.ToLower(wallet1), "decimals": 18},
		"tgeAt": tge, "schedules": scheds,
	}
}

func TestDistributionSettings(t *testing.T) {
	h := setup(t)
	const get, put = "/api/v1/admin/distribution/get", "/api/v1/admin/distribution/update"

	// Permissions: no token, a buyer, the super admin.
	h.want(h.call("GET", get, "", nil), 401)
	h.want(h.call("GET", get, h.buyer, nil), 403)
	h.want(h.call("GET", get, h.super, nil), 403)
	h.want(h.call("PUT", put, h.buyer, distBody(nil, nil)), 403)

	var v distView
	h.want(h.call("GET", get, h.adminA, nil), 200).Into(t, &v)
	if v.TGEAt != nil || v.Locked || len(v.Schedules) != 0 || v.Totals.Queued != "0" || v.Treasury.Reason == nil || v.Treasury.Address != nil {
		t.Fatalf("fresh settings: %+v", v)
	}

	tge := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)
	h.want(h.call("PUT", put, h.adminA, distBody(tge.Format(time.RFC3339), []map[string]any{
		{"roundId": nil, "tgeUnlockPercent": "12.5", "cliffDays": 30, "vestingDays": 180}})), 200).Into(t, &v)
	if v.Chain.ChainID != 11155111 || v.Chain.TokenAddress != wallet1 || v.Chain.Decimals != 18 || v.TGEAt == nil ||
		len(v.Schedules) != 1 || v.Schedules[0].TGEUnlockPercent != 12.5 || v.Schedules[0].RoundID != nil || v.Locked {
		t.Fatalf("after update: %+v", v)
	}
	if n := h.num("SELECT count(*) FROM audit_log WHERE action = 'distribution.update' AND company_id = ?", h.cidA); n != 1 {
		t.Errorf("audit rows %d", n)
	}
	// Tenants: company B sees none of A's settings and A's round ids are not B's.
	var vb distView
	h.want(h.call("GET", get, h.adminB, nil), 200).Into(t, &vb)
	if vb.TGEAt != nil || len(vb.Schedules) != 0 || vb.Chain.ChainID != 0 {
		t.Fatalf("B sees A's settings: %+v", vb)
	}
	h.exec("INSERT INTO token_rounds (token_id, position, name, price, allocation) SELECT id, 1, 'Seed', 5, 1000 FROM tokens WHERE company_id = ?", h.cidA)
	var roundA string
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT r.id FROM token_rounds r JOIN tokens t ON t.id = r.token_id WHERE t.company_id = ?", h.cidA).Scan(&roundA); err != nil {
		t.Fatal(err)
	}
	r := h.want(h.call("PUT", put, h.adminB, distBody(nil, []map[string]any{{"roundId": roundA, "tgeUnlockPercent": 0, "cliffDays": 0, "vestingDays": 0}})), 422)
	if !strings.Contains(r.FieldMsg("schedules[0].roundId"), "not one of the token's rounds") {
		t.Errorf("another company's round: %v", r.Errors)
	}

	// Validation, each field named.
	bad := distBody("yesterday", []map[string]any{
		{"roundId": nil, "tgeUnlockPercent": "100.01", "cliffDays": -1, "vestingDays": 1.5},
		{"roundId": nil, "tgeUnlockPercent": "1.234", "cliffDays": 0, "vestingDays": 0}})
	bad["chain"] = map[string]any{"chainId": "x", "rpcUrl": "ftp://rpc", "explorerUrl": "javascript:alert(1)",
		"tokenAddress": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "decimals": 99}
	r = h.want(h.call("PUT", put, h.adminA, bad), 422)
	for _, f := range []string{"chain.chainId", "chain.rpcUrl", "chain.explorerUrl", "chain.tokenAddress", "chain.decimals", "tgeAt",
		"schedules[0].tgeUnlockPercent", "schedules[0].cliffDays", "schedules[0].vestingDays", "schedules[1].roundId", "schedules[1].tgeUnlockPercent"} {
		if r.FieldMsg(f) == "" {
			t.Errorf("no error on %s: %v", f, r.Errors)
		}
	}
	r = h.want(h.call("PUT", put, h.adminA, distBody(time.Now().Add(-time.Hour).Format(time.RFC3339), nil)), 422)
	if r.FieldMsg("tgeAt") != "TGE must be in the future." {
		t.Errorf("past TGE: %v", r.Errors)
	}
	h.want(h.call("PUT", put, h.adminA, map[string]any{"tgeAt": nil, "schedules": []any{}}), 422)
	h.want(h.call("PUT", put, h.adminA, "not an object"), 400)

	// A round's own schedule next to the token-wide one.
	h.want(h.call("PUT", put, h.adminA, distBody(tge.Format(time.RFC3339), []map[string]any{
		{"roundId": nil, "tgeUnlockPercent": "12.5", "cliffDays": 30, "vestingDays": 180},
		{"roundId": roundA, "tgeUnlockPercent": 100, "cliffDays": 0, "vestingDays": 0}})), 200).Into(t, &v)
	if len(v.Schedules) != 2 || len(v.Rounds) != 1 {
		t.Fatalf("two schedules: %+v", v)
	}

	// After the TGE: 409 for the TGE, the schedules and the contract; the RPC may still change.
	h.exec("UPDATE distribution_settings SET tge_at = now() - interval '1 day' WHERE company_id = ?", h.cidA)
	h.want(h.call("GET", get, h.adminA, nil), 200).Into(t, &v)
	if !v.Locked {
		t.Fatal("not locked after the TGE")
	}
	same := distBody(*v.TGEAt, []map[string]any{
		{"roundId": nil, "tgeUnlockPercent": 12.5, "cliffDays": 30, "vestingDays": 180},
		{"roundId": roundA, "tgeUnlockPercent": "100.00", "cliffDays": 0, "vestingDays": 0}})
	same["chain"].(map[string]any)["rpcUrl"] = "https://other-rpc.example.org/v1"
	h.want(h.call("PUT", put, h.adminA, same), 200).Into(t, &v)
	if v.Chain.RPCURL != "https://other-rpc.example.org/v1" {
		t.Errorf("rpc after TGE: %+v", v.Chain)
	}
	for name, change := range map[string]func(b map[string]any){
		"tgeAt":    func(b map[string]any) { b["tgeAt"] = tge.Add(24 * time.Hour).Format(time.RFC3339) },
		"no tgeAt": func(b map[string]any) { b["tgeAt"] = nil },
		"schedule": func(b map[string]any) { b["schedules"].([]map[string]any)[0]["cliffDays"] = 0 },
		"dropped":  func(b map[string]any) { b["schedules"] = b["schedules"].([]map[string]any)[:1] },
		"decimals": func(b map[string]any) { b["chain"].(map[string]any)["decimals"] = 6 },
		"contract": func(b map[string]any) {
			b["chain"].(map[string]any)["tokenAddress"] = "0x1111111111111111111111111111111111111111"
		},
	} {
		b := distBody(*v.TGEAt, []map[string]any{
			{"roundId": nil, "tgeUnlockPercent": 12.5, "cliffDays": 30, "vestingDays": 180},
			{"roundId": roundA, "tgeUnlockPercent": 100, "cliffDays": 0, "vestingDays": 0}})
		change(b)
		r := h.want(h.call("PUT", put, h.adminA, b), 409)
		if r.Msg() != delivery.MsgFrozen {
			t.Errorf("%s: %s", name, r.Msg())
		}
	}
}

// The totals, the Merkle tree and the claims from the buyers' allocations and proved wallets.
func TestDistributionClaims(t *testing.T) {
	h := setup(t)
	svc := h.d.Build()
	var walletsOf = map[string]string{}
	svc.Delivery.Wallets = func(ctx context.Context, db bun.IDB, companyID string, now time.Time) (map[string]string, error) {
		if companyID != h.cidA {
			return map[string]string{}, nil
		}
		return walletsOf, nil
	}
	svc.Delivery.Delivered = func(ctx context.Context, db bun.IDB, companyID string) (map[string]delivery.Delivery, error) {
		return map[string]delivery.Delivery{h.buyerID: {Amount: big.NewInt(5), TxHash: "0xabc"}}, nil
	}
	svc.Delivery.Outstanding = func(ctx context.Context, db bun.IDB, companyID string) (*big.Int, error) { return big.NewInt(7), nil }
	svc.Delivery.Treasury = func(ctx context.Context, companyID string) (*delivery.Treasury, error) {
		return &delivery.Treasury{Address: wallet1, TokenBalance: big.NewInt(1000), GasBalance: big.NewInt(3)}, nil
	}
	h.app = newServerWith(h.d, svc)
	const merkle, claims = "/api/v1/admin/distribution/merkle.json", "/api/v1/admin/distribution/claims.csv"

	h.want(h.call("GET", merkle, "", nil), 401)
	h.want(h.call("GET", claims, h.super, nil), 403)
	// No allocation, no wallet: nothing to put in the tree.
	h.want(h.call("GET", merkle, h.adminA, nil), 409)

	other := h.newBuyer(h.cidA, "Other Buyer", "other@a.test", nil)
	h.approved(h.cidA, h.buyerID, 100, nil)
	h.approved(h.cidA, h.buyerID, 50, nil)
	h.approved(h.cidA, other, 3, nil)
	bBuyer := h.newBuyer(h.cidB, "B Buyer", "b@b.test", nil)
	h.approved(h.cidB, bBuyer, 999, nil)
	walletsOf[h.buyerID] = strings.ToLower(wallet1)
	walletsOf[other] = "0x1111111111111111111111111111111111111111"

	body := distBody(time.Now().Add(time.Hour).Format(time.RFC3339), []map[string]any{
		{"roundId": nil, "tgeUnlockPercent": 10, "cliffDays": 0, "vestingDays": 100}})
	body["chain"].(map[string]any)["decimals"] = 2
	var v distView
	h.want(h.call("PUT", "/api/v1/admin/distribution/update", h.adminA, body), 200).Into(t, &v)
	if v.Totals.Allocated != "15300" || v.Totals.Unlocked != "0" || v.Totals.Delivered != "5" || v.Totals.Queued != "7" ||
		v.Treasury.TokenBalance == nil || *v.Treasury.TokenBalance != "1000" || v.Treasury.Reason != nil {
		t.Fatalf("before TGE: %+v", v)
	}
	// Before the TGE nothing is unlocked: no leaf.
	h.want(h.call("GET", merkle, h.adminA, nil), 409)
	r := h.file(h.call("GET", claims, h.adminA, nil))
	if string(r.Data) != "address,amount\r\n" {
		t.Errorf("claims before TGE: %q", r.Data)
	}

	h.exec("UPDATE distribution_settings SET tge_at = now() - interval '1 second' WHERE company_id = ?", h.cidA)
	r = h.file(h.call("GET", merkle, h.adminA, nil))
	if cd := r.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="merkle-`) {
		t.Errorf("disposition %q", cd)
	}
	var dump delivery.MerkleDump
	if err := json.Unmarshal(h.raw("GET", merkle, h.adminA), &dump); err != nil {
		t.Fatal(err)
	}
	// 10% at the TGE: 15000 → 1500, 300 → 30 (base units of 2 decimals); a second of vesting adds
	// less than one unit.
	got := map[string]string{}
	for _, v := range dump.Values {
		got[v.Value[0]] = v.Value[1]
	}
	if len(got) != 2 || got[wallet1] != "1500" || got["0x1111111111111111111111111111111111111111"] != "30" || dump.Format != "standard-v1" {
		t.Errorf("leaves %v", got)
	}
	r = h.file(h.call("GET", claims, h.adminA, nil))
	want := "address,amount\r\n0x1111111111111111111111111111111111111111,30\r\n" + wallet1 + ",1500\r\n"
	if string(r.Data) != want || r.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("claims %q", r.Data)
	}
	// A snapshot: at the TGE's second the same leaves; before the TGE none; in the future or
	// unreadable, 422 on at.
	var tgeAt string
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT to_char(tge_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') FROM distribution_settings WHERE company_id = ?", h.cidA).Scan(&tgeAt); err != nil {
		t.Fatal(err)
	}
	before, _ := time.Parse(time.RFC3339, tgeAt)
	r = h.file(h.call("GET", claims+"?at="+before.Add(-time.Second).Format(time.RFC3339), h.adminA, nil))
	if string(r.Data) != "address,amount\r\n" {
		t.Errorf("claims before the TGE: %q", r.Data)
	}
	h.want(h.call("GET", merkle+"?at="+before.Add(-time.Second).Format(time.RFC3339), h.adminA, nil), 409)
	r = h.want(h.call("GET", merkle+"?at="+time.Now().Add(time.Hour).UTC().Format(time.RFC3339), h.adminA, nil), 422)
	if r.FieldMsg("at") == "" {
		t.Errorf("future at: %v", r.Errors)
	}
	h.want(h.call("GET", claims+"?at=soon", h.adminA, nil), 422)
	// Company B's admin gets B's (no wallets there).
	h.want(h.call("GET", merkle, h.adminB, nil), 409)
}

// raw is an answer's body as sent (a download that is JSON but no envelope).
func (h *harness) raw(method, path, token string) []byte {
	h.t.Helper()
	resp, err := h.app.Test(testkit.JSONRequest(method, path, token, nil))
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return b
}

// file checks a download's 200 (no envelope).
func (h *harness) file(r reply) reply {
	h.t.Helper()
	if r.Code != 200 {
		h.t.Fatalf("want 200, got %d: %s", r.Code, r.Msg())
	}
	return r
}

// Saves racing on one company are serialised by the settings row's lock: each answers 200 and the
// schedules end as one of the bodies sent, never doubled (one per round and one token-wide).
func TestDistributionConcurrentSaves(t *testing.T) {
	h := setup(t)
	tge := time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339)
	const n = 6
	codes := make(chan int, n)
	for i := 0; i < n; i++ {
		go func(i int) {
			b := distBody(tge, []map[string]any{{"roundId": nil, "tgeUnlockPercent": i, "cliffDays": i, "vestingDays": 10}})
			codes <- h.http().Call("PUT", "/api/v1/admin/distribution/update", h.adminA, b).Code
		}(i)
	}
	for i := 0; i < n; i++ {
		if c := <-codes; c != 200 {
			t.Errorf("a concurrent save answered %d", c)
		}
	}
	if got := h.num("SELECT count(*) FROM vesting_schedules WHERE company_id = ?", h.cidA); got != 1 {
		t.Errorf("%d token-wide schedules", got)
	}
	if got := h.num("SELECT count(*) FROM distribution_settings WHERE company_id = ?", h.cidA); got != 1 {
		t.Errorf("%d settings rows", got)
	}
}
