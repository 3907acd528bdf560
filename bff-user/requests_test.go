package main

import (
	"testing"
)

// A round sold by requests over HTTP: the request, its change and withdrawal, the view, a
// first-come order refused, each answer checked against the contract.
func TestRoundRequestsOverHTTP(t *testing.T) {
	h := setup(t)
	var tokenID string
	if err := h.d.DB.QueryRow("SELECT id FROM tokens WHERE company_id = ?", h.companyID).Scan(&tokenID); err != nil {
		t.Fatal(err)
	}
	var roundID string
	if err := h.d.DB.QueryRow(`INSERT INTO token_rounds (token_id, position, name, price, allocation, sold, mode,
		request_starts_at, request_ends_at, draw_seed, draw_commitment, draw_status)
		VALUES (?, 1, 'Launch', 10, 1000, 0, 'REQUESTS', now() - interval '1 minute', now() + interval '1 hour',
		'00', '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d', 'OPEN') RETURNING id`, tokenID).Scan(&roundID); err != nil {
		t.Fatal(err)
	}
	tok := h.buyerToken()
	r := h.call("GET", "/api/v1/user/package/price/get", tok, nil)
	h.want(r, 200)
	var p struct {
		Round *struct {
			Name string `json:"name"`
			Mode string `json:"mode"`
		} `json:"round"`
		RequestRound *struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"requestRound"`
	}
	r.Into(t, &p)
	if p.RequestRound == nil || p.RequestRound.ID != roundID || p.RequestRound.Status != "OPEN" {
		t.Fatalf("price/get requestRound %+v", p.RequestRound)
	}
	// The current round is sold by requests: Buy Token shows its panel instead of BUY NOW.
	if p.Round == nil || p.Round.Name != "Launch" || p.Round.Mode != "REQUESTS" {
		t.Fatalf("price/get round %+v", p.Round)
	}
	h.want(h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": 100}), 409)
	h.want(h.call("POST", "/api/v1/user/package/request", tok, map[string]any{"roundId": roundID, "amount": "abc"}), 422)
	r = h.call("POST", "/api/v1/user/package/request", tok, map[string]any{"roundId": roundID, "amount": 1005})
	h.want(r, 200)
	var v struct {
		Request *struct {
			Quantity float64 `json:"quantity"`
		} `json:"request"`
		Allocation any `json:"allocation"`
	}
	r.Into(t, &v)
	if v.Request == nil || v.Request.Quantity != 100 || v.Allocation != nil {
		t.Fatalf("%+v", v)
	}
	h.want(h.call("GET", "/api/v1/user/package/request/get?roundId="+roundID, tok, nil), 200)
	r = h.call("POST", "/api/v1/user/package/request", tok, map[string]any{"roundId": roundID, "amount": 0})
	h.want(r, 200)
	if r.Msg() != "Request withdrawn successfully" {
		t.Fatal(r.Msg())
	}
	h.exec("UPDATE token_rounds SET request_ends_at = now() - interval '1 second' WHERE id = ?", roundID)
	r = h.call("POST", "/api/v1/user/package/request", tok, map[string]any{"roundId": roundID, "amount": 100})
	h.want(r, 409)
}
