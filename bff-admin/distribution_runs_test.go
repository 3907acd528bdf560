package main

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/uptrace/bun"

	"prelaunch/core/delivery"
	"prelaunch/core/infra/chain"
)

// distributionHarness: company A's buyer is owed 500 base units of a token deployed on a
// simulated chain (a real EVM), sent from a treasury holding 1,000.
func distributionHarness(t *testing.T) (*harness, *delivery.Distributor, *simulated.Backend) {
	h := setup(t)
	ctx := context.Background()
	dev, _ := crypto.GenerateKey()
	treasury, _ := crypto.GenerateKey()
	sim := simulated.NewBackend(types.GenesisAlloc{
		chain.Address(dev):      {Balance: new(big.Int).Lsh(big.NewInt(1), 100)},
		chain.Address(treasury): {Balance: new(big.Int).Lsh(big.NewInt(1), 80)},
	})
	t.Cleanup(func() { _ = sim.Close() })
	b := sim.Client()
	token, s, err := chain.Deploy(ctx, b, dev, "Demo", "ACW", 18, big.NewInt(1000), chain.Address(treasury))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ { // the simulated pool promotes a new transaction asynchronously
		sim.Commit()
		if r, _ := chain.Receipt(ctx, b, s.Hash); r != nil {
			break
		}
		if i == 100 {
			t.Fatal("the token was never deployed")
		}
		time.Sleep(10 * time.Millisecond)
	}
	id, _ := b.ChainID(ctx)
	wallet, _ := crypto.GenerateKey()
	svc := h.d.Build()
	dist := svc.Distributor
	dist.Confirmations = 1
	dist.Target = func(context.Context, string) (delivery.Target, error) {
		return delivery.Target{Backend: b, ChainID: id, Token: token, Key: treasury}, nil
	}
	dist.Owed = func(ctx context.Context, db bun.IDB, companyID string, _ time.Time) ([]delivery.Owed, error) {
		if companyID != h.cidA {
			return nil, nil
		}
		out, err := dist.Outstanding(ctx, db, companyID)
		if err != nil {
			return nil, err
		}
		owed := big.NewInt(500)
		if have := out[h.buyerID]; have != nil {
			owed.Sub(owed, have)
		}
		if owed.Sign() <= 0 {
			return nil, nil
		}
		return []delivery.Owed{{UserID: h.buyerID, Address: chain.Address(wallet).Hex(), Amount: owed}}, nil
	}
	h.app = newServerWith(h.d, svc)
	return h, dist, sim
}

func TestDistributionCalls(t *testing.T) {
	h, dist, sim := distributionHarness(t)
	const base = "/api/v1/admin/distribution/"

	var p delivery.Preview
	h.want(h.call("GET", base+"preview", h.adminA, nil), 200).Into(t, &p)
	if len(p.Transfers) != 1 || p.Total != "500" || !p.Enough || p.TreasuryBalance != "1000" || p.Transfers[0].Name == "" {
		t.Fatalf("preview %+v", p)
	}
	var st delivery.Started
	h.want(h.call("POST", base+"run", h.adminA, map[string]any{}), 200).Into(t, &st)
	if st.Total != "500" || st.Transfers != 1 {
		t.Fatalf("run %+v", st)
	}
	h.want(h.call("POST", base+"run", h.adminA, nil), 409)

	var list struct {
		Records []struct {
			ID, Status, Amount string
			User               struct{ Name, Email string }
		}
		Total  int
		Counts map[string]int
	}
	h.want(h.call("GET", base+"list?runId="+st.RunID, h.adminA, nil), 200).Into(t, &list)
	if list.Total != 1 || list.Records[0].Status != "QUEUED" || list.Records[0].Amount != "500" || list.Counts["QUEUED"] != 1 {
		t.Fatalf("list %+v", list)
	}
	queued := list.Records[0].ID
	h.want(h.call("GET", base+"list?status=DONE", h.adminA, nil), 422)
	h.want(h.call("GET", base+"list?runId=nope", h.adminA, nil), 422)
	h.want(h.call("GET", base+"list?page=0", h.adminA, nil), 422)
	// Another company sees none of it and cannot retry it.
	h.want(h.call("GET", base+"list", h.adminB, nil), 200).Into(t, &list)
	if list.Total != 0 {
		t.Fatalf("company B sees %d transfers", list.Total)
	}
	h.want(h.call("POST", base+"retry", h.adminB, map[string]any{"id": queued}), 404)
	h.want(h.call("POST", base+"retry", h.adminA, map[string]any{"id": queued}), 409)
	h.want(h.call("POST", base+"retry", h.adminA, map[string]any{"id": "not-a-uuid"}), 404)
	h.want(h.call("POST", base+"retry", h.adminA, map[string]any{}), 422)
	// Buyers and strangers have no access.
	h.want(h.call("GET", base+"preview", h.buyer, nil), 403)
	h.want(h.call("GET", base+"list", "", nil), 401)

	for i := 0; i < 10; i++ {
		if err := dist.Process(context.Background(), h.cidA); err != nil {
			t.Fatal(err)
		}
		sim.Commit()
	}
	h.want(h.call("GET", base+"list?status=CONFIRMED", h.adminA, nil), 200).Into(t, &list)
	if list.Total != 1 || list.Counts["CONFIRMED"] != 1 {
		t.Fatalf("after the worker %+v", list)
	}
	var empty delivery.Preview
	h.want(h.call("GET", base+"preview", h.adminA, nil), 200).Into(t, &empty)
	if len(empty.Transfers) != 0 || empty.Total != "0" {
		t.Fatalf("preview after %+v", empty)
	}
	h.want(h.call("POST", base+"run", h.adminA, nil), 409)
	if n := h.num(`SELECT count(*) FROM audit_log WHERE action = 'distribution.run' AND actor_id = ?`, h.adminAID); n != 1 {
		t.Fatalf("%d audit rows", n)
	}
}

func TestDistributionNotSetUpIs503(t *testing.T) {
	h := setup(t)
	h.want(h.call("GET", "/api/v1/admin/distribution/preview", h.adminA, nil), 503)
	h.want(h.call("POST", "/api/v1/admin/distribution/run", h.adminA, nil), 503)
	h.want(h.call("GET", "/api/v1/admin/distribution/list", h.adminA, nil), 200)
}
