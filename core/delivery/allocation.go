package delivery

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/purchase"
)

// Unlocked is each buyer's unlocked amount at now in the token's smallest unit, by user id: the
// sum over their allocations (purchase.Allocations) of what each has unlocked by its round's
// schedule. Every buyer with an allocation is in the map (0 before the TGE or with no TGE set).
// The transfer engine sends each buyer Unlocked − what they have already received.
func (s *Service) Unlocked(ctx context.Context, db bun.IDB, companyID string, now time.Time) (map[string]*big.Int, error) {
	plan, err := LoadPlan(ctx, db, companyID)
	if err != nil {
		return nil, err
	}
	allocs, err := purchase.Allocations(ctx, db, companyID, "")
	if err != nil {
		return nil, err
	}
	out, _ := sumUnlocked(plan, allocs, now)
	return out, nil
}

// sumUnlocked is each buyer's unlocked amount and everything's base (allocated) total.
func sumUnlocked(plan *Plan, allocs []purchase.Allocation, now time.Time) (map[string]*big.Int, *big.Int) {
	out := map[string]*big.Int{}
	total := new(big.Int)
	for _, a := range allocs {
		u, base, _ := plan.Unlocked(a.Quantity.BigInt(), a.RoundID, now)
		total.Add(total, base)
		if cur, ok := out[a.UserID]; ok {
			cur.Add(cur, u)
		} else {
			out[a.UserID] = u
		}
	}
	return out, total
}

func (s *Service) totals(ctx context.Context, db bun.IDB, companyID string, plan *Plan, now time.Time) (*Totals, error) {
	allocs, err := purchase.Allocations(ctx, db, companyID, "")
	if err != nil {
		return nil, err
	}
	byUser, allocated := sumUnlocked(plan, allocs, now)
	unlocked := new(big.Int)
	for _, u := range byUser {
		unlocked.Add(unlocked, u)
	}
	delivered, queued := new(big.Int), new(big.Int)
	if s.Delivered != nil {
		d, err := s.Delivered(ctx, db, companyID)
		if err != nil {
			return nil, err
		}
		for _, x := range d {
			if x.Amount != nil {
				delivered.Add(delivered, x.Amount)
			}
		}
	}
	if s.Outstanding != nil {
		q, err := s.Outstanding(ctx, db, companyID)
		if err != nil {
			return nil, err
		}
		if q != nil {
			queued.Set(q)
		}
	}
	return &Totals{Allocated: allocated.String(), Unlocked: unlocked.String(), Delivered: delivered.String(), Queued: queued.String()}, nil
}

// Claims are the proved wallets' unlocked amounts at now (amount > 0), one per address (two
// buyers naming one wallet are summed), ordered by address.
func (s *Service) Claims(ctx context.Context, companyID string, now time.Time) ([]Claim, error) {
	unlocked, err := s.Unlocked(ctx, s.DB, companyID, now)
	if err != nil {
		return nil, err
	}
	if s.Wallets == nil {
		return nil, nil
	}
	wallets, err := s.Wallets(ctx, s.DB, companyID, now)
	if err != nil {
		return nil, err
	}
	byAddr := map[string]*big.Int{}
	for user, amount := range unlocked {
		w, ok := wallets[user]
		if !ok || amount.Sign() <= 0 {
			continue
		}
		addr, ok := Checksum(w)
		if !ok {
			s.log().Warn("claims: a wallet that is not an address", "company", companyID, "user", user)
			continue
		}
		if cur, ok := byAddr[addr]; ok {
			cur.Add(cur, amount)
		} else {
			byAddr[addr] = new(big.Int).Set(amount)
		}
	}
	out := make([]Claim, 0, len(byAddr))
	for a, amt := range byAddr {
		out = append(out, Claim{Address: a, Amount: amt})
	}
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i].Address) < strings.ToLower(out[j].Address) })
	return out, nil
}

// MsgNoClaims is the 409 of a Merkle tree with no leaf.
const MsgNoClaims = "No proved wallet has unlocked tokens yet: there is nothing to put in the tree."

// SnapshotAt reads the optional `at` of the claim downloads: "" is now; else an ISO 8601 time not
// in the future (422 on the field "at"). The same at gives merkle.json and claims.csv the same
// amounts, whenever each is downloaded.
func (s *Service) SnapshotAt(raw string) (time.Time, error) {
	now := s.now()
	if strings.TrimSpace(raw) == "" {
		return now, nil
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(raw))
	if err != nil {
		return time.Time{}, apperr.InvalidField("bad_at", "at", "at must be a date and time (ISO 8601).")
	}
	if t.After(now) {
		return time.Time{}, apperr.InvalidField("future_at", "at", "at cannot be in the future.")
	}
	return t, nil
}

// Merkle is GET /admin/distribution/merkle.json: the StandardMerkleTree dump of Claims at at.
func (s *Service) Merkle(ctx context.Context, companyID string, at time.Time) (*MerkleDump, error) {
	claims, err := s.Claims(ctx, companyID, at)
	if err != nil {
		return nil, err
	}
	if len(claims) == 0 {
		return nil, apperr.Conflict("no_claims", MsgNoClaims)
	}
	return BuildMerkle(claims)
}

// ClaimsCSV is GET /admin/distribution/claims.csv: "address,amount" then a line per claim
// (amount in the token's smallest unit); a cell that a spreadsheet would read as a formula is
// neutralised as the other exports do (core/export).
func (s *Service) ClaimsCSV(ctx context.Context, companyID string, at time.Time) ([]byte, error) {
	claims, err := s.Claims(ctx, companyID, at)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("address,amount\r\n")
	for _, c := range claims {
		fmt.Fprintf(&b, "%s,%s\r\n", csvCell(c.Address), csvCell(c.Amount.String()))
	}
	return b.Bytes(), nil
}

// csvCell quotes a cell when it must be and neutralises one starting like a formula.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		s = "'" + s
	}
	if strings.ContainsAny(s, ",\"\r\n") {
		s = `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}
