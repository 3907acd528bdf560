package main

import (
	"context"
	"testing"
	"time"
)

// The admin's allocation view and second pass over HTTP, checked against the contract.
func TestRoundAllocationOverHTTP(t *testing.T) {
	h := setup(t)
	var tokenID, roundID string
	if err := h.d.DB.QueryRow("SELECT id FROM tokens WHERE company_id = ?", h.cidA).Scan(&tokenID); err != nil {
		t.Fatal(err)
	}
	if err := h.d.DB.QueryRow(`INSERT INTO token_rounds (token_id, position, name, price, allocation, sold, mode,
		request_starts_at, request_ends_at, draw_seed, draw_commitment, draw_status)
		VALUES (?, 1, 'Launch', 10, 100, 0, 'REQUESTS', now() - interval '1 hour', now() - interval '1 second',
		'00', '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d', 'OPEN') RETURNING id`, tokenID).Scan(&roundID); err != nil {
		t.Fatal(err)
	}
	h.exec(`INSERT INTO round_requests (round_id, company_id, user_id, amount, quantity) VALUES (?, ?, ?, 1500, 150)`, roundID, h.cidA, h.buyerID)
	r := h.want(h.call("GET", "/api/v1/admin/token/round/allocation?roundId="+roundID, h.adminA, nil), 200)
	var v struct {
		Count            int      `json:"count"`
		Oversubscription *float64 `json:"oversubscription"`
		Round            struct {
			Seed *string `json:"seed"`
		} `json:"round"`
	}
	r.Into(t, &v)
	if v.Count != 1 || v.Oversubscription == nil || *v.Oversubscription != 1.5 || v.Round.Seed != nil {
		t.Fatalf("%+v", v)
	}
	// Another company's admin does not see it.
	h.want(h.call("GET", "/api/v1/admin/token/round/allocation?roundId="+roundID, h.adminB, nil), 404)
	if n, _, err := h.d.Build().Allocations.Tick(context.Background(), time.Now()); n != 1 || err != nil {
		t.Fatal(n, err)
	}
	r = h.want(h.call("GET", "/api/v1/admin/token/round/allocation?roundId="+roundID, h.adminA, nil), 200)
	r.Into(t, &v)
	if v.Round.Seed == nil || *v.Round.Seed != "00" {
		t.Fatalf("seed not revealed: %+v", v)
	}
	h.want(h.call("POST", "/api/v1/admin/token/round/allocation/second-pass", h.adminA, map[string]any{"roundId": roundID}), 409)
}
