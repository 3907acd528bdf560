package testkit

import (
	"context"
	"fmt"
	"testing"

	"github.com/uptrace/bun"
)

// CheckSupply asserts the money invariants of every company's token (docs/security.md):
//
//	remaining private supply (folded: the token row's and its slices', token_remaining) +
//	reserved (INITIATED + PENDING quantities, and the allocations of
//	rounds sold by requests still to order) + credited (APPROVED quantities) = private_supply
//	remaining_referral_supply + sum(referral_rewards.quantity) = referral_supply
//	the buyers' stock balances = their APPROVED quantities + the rewards paid to them
//	each round's sold = the quantities of its INITIATED, PENDING and APPROVED orders and of its
//	ALLOCATED allocations, within 0..allocation
//
// Referral rewards are paid from the referral supply, not from the private supply.
// Run it after every scenario that moves supply.
func CheckSupply(t testing.TB, db bun.IDB) {
	t.Helper()
	problems, err := SupplyProblems(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// SupplyProblems is CheckSupply's rules as sentences, one per broken company, buyer or round
// (none: the invariant holds). tools/reconbench checks its runs with it.
func SupplyProblems(ctx context.Context, db bun.IDB) ([]string, error) {
	var problems []string
	var bad []struct {
		CompanyID string `bun:"company_id"`
		Private   string `bun:"private_supply"`
		Remaining string `bun:"remaining_private_supply"`
		Reserved  string `bun:"reserved"`
		Credited  string `bun:"credited"`
		Referral  string `bun:"referral_supply"`
		RemRef    string `bun:"remaining_referral_supply"`
		Rewards   string `bun:"rewards"`
	}
	err := db.NewRaw(`
	SELECT t.company_id, t.private_supply::text, token_remaining(t.id)::text AS remaining_private_supply,
	       (COALESCE(p.reserved, 0) + COALESCE(a.allocated, 0))::text AS reserved, COALESCE(p.credited, 0)::text AS credited,
	       t.referral_supply::text, t.remaining_referral_supply::text, COALESCE(r.rewards, 0)::text AS rewards
	  FROM tokens t
	  LEFT JOIN (SELECT company_id,
	                    sum(quantity) FILTER (WHERE status IN ('INITIATED', 'PENDING')) AS reserved,
	                    sum(quantity) FILTER (WHERE status = 'APPROVED') AS credited
	               FROM purchases GROUP BY company_id) p ON p.company_id = t.company_id
	  LEFT JOIN (SELECT company_id, sum(quantity) AS rewards FROM referral_rewards GROUP BY company_id) r
	         ON r.company_id = t.company_id
	  LEFT JOIN (SELECT company_id, sum(quantity) AS allocated FROM round_allocations WHERE status = 'ALLOCATED'
	              GROUP BY company_id) a ON a.company_id = t.company_id
	 WHERE token_remaining(t.id) + COALESCE(p.reserved, 0) + COALESCE(a.allocated, 0) + COALESCE(p.credited, 0) <> t.private_supply
	    OR t.remaining_referral_supply + COALESCE(r.rewards, 0) <> t.referral_supply
	    OR t.remaining_private_supply < 0 OR t.remaining_referral_supply < 0`).Scan(ctx, &bad)
	if err != nil {
		return nil, fmt.Errorf("supply invariant query: %w", err)
	}
	for _, b := range bad {
		problems = append(problems, fmt.Sprintf("supply invariant broken for company %s: private %s != remaining %s + reserved %s + credited %s; referral %s != remaining %s + rewards %s",
			b.CompanyID, b.Private, b.Remaining, b.Reserved, b.Credited, b.Referral, b.RemRef, b.Rewards))
	}
	var users []struct {
		ID      string `bun:"id"`
		Balance string `bun:"stock_balance"`
		Want    string `bun:"want"`
	}
	err = db.NewRaw(`
	SELECT u.id, u.stock_balance::text,
	       (COALESCE((SELECT sum(quantity) FROM purchases WHERE user_id = u.id AND status = 'APPROVED'), 0) +
	        COALESCE((SELECT sum(quantity) FROM referral_rewards WHERE referrer_id = u.id), 0))::text AS want
	  FROM users u
	 WHERE u.stock_balance <> COALESCE((SELECT sum(quantity) FROM purchases WHERE user_id = u.id AND status = 'APPROVED'), 0) +
	                          COALESCE((SELECT sum(quantity) FROM referral_rewards WHERE referrer_id = u.id), 0)`).Scan(ctx, &users)
	if err != nil {
		return nil, fmt.Errorf("balance invariant query: %w", err)
	}
	for _, u := range users {
		problems = append(problems, fmt.Sprintf("stock balance of user %s is %s, want approved + rewards = %s", u.ID, u.Balance, u.Want))
	}
	var rounds []struct {
		ID         string `bun:"id"`
		Name       string `bun:"name"`
		Sold       string `bun:"sold"`
		Allocation string `bun:"allocation"`
		Held       string `bun:"held"`
	}
	err = db.NewRaw(`
	SELECT r.id, r.name, r.sold::text, r.allocation::text, COALESCE(p.held, 0)::text AS held
	  FROM token_rounds r
	  LEFT JOIN (SELECT round_id, sum(quantity) AS held FROM (
	               SELECT round_id, quantity FROM purchases
	                WHERE round_id IS NOT NULL AND status IN ('INITIATED', 'PENDING', 'APPROVED')
	               UNION ALL
	               SELECT round_id, quantity FROM round_allocations WHERE status = 'ALLOCATED') AS h
	              GROUP BY round_id) p ON p.round_id = r.id
	 WHERE r.sold <> COALESCE(p.held, 0) OR r.sold < 0 OR r.sold > r.allocation`).Scan(ctx, &rounds)
	if err != nil {
		return nil, fmt.Errorf("round invariant query: %w", err)
	}
	for _, r := range rounds {
		problems = append(problems, fmt.Sprintf("round %s (%s): sold %s, allocation %s, but its live orders hold %s", r.Name, r.ID, r.Sold, r.Allocation, r.Held))
	}
	return problems, nil
}
