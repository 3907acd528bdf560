package readmodel

import (
	"context"
	"math/big"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/delivery"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/user"
	"prelaunch/core/wallet"
)

// Stock is the buyer's stock screens: My Stock (each allocation with its vesting and delivery),
// Global Stock (holders ranked) and how the tokens arrive. Vesting comes from core/delivery.
type Stock struct {
	DB       *bun.DB
	Clock    clock.Clock
	Delivery *delivery.Service
}

const (
	StatusAllocated = "ALLOCATED" // bought; not all of it unlocked yet
	StatusUnlocked  = "UNLOCKED"  // all unlocked, not yet all received
	StatusDelivered = "DELIVERED" // all received on chain
)

// MyStockRow is one allocation of 'My Stock Details': a purchase (kind "purchase": memberId the
// caller's Member ID, reward 0) or a referral reward (kind "referral": memberId the referred
// buyer's masked Member ID, quantity = reward). quantity is whole tokens; unlocked and locked its
// split now, in tokens (decimal strings, exact); reference the purchase's transaction id;
// transactionHash and explorerUrl the on-chain transfer once DELIVERED; timeLeft seconds until
// all of it is unlocked (null while no TGE is set).
type MyStockRow struct {
	Kind            string          `json:"kind"`
	MemberID        string          `json:"memberId"`
	Quantity        string          `json:"quantity"`
	Status          string          `json:"status"`
	Unlocked        string          `json:"unlocked"`
	Locked          string          `json:"locked"`
	Reference       string          `json:"reference"`
	TransactionHash *string         `json:"transactionHash"`
	ExplorerURL     *string         `json:"explorerUrl"`
	CreatedAt       string          `json:"createdAt"`
	Reward          decimal.Decimal `json:"reward"`
	TimeLeft        *int64          `json:"timeLeft"`
}

// GlobalStockRow is one holder of 'Global Stock Details': their allocations summed (whole
// tokens), their proved wallet masked (0x12ab…cdef; null when none), their Member ID masked.
type GlobalStockRow struct {
	Rank          int     `json:"rank"`
	WalletAddress *string `json:"walletAddress"`
	MemberID      string  `json:"memberId"`
	Quantity      string  `json:"quantity"`
	Since         string  `json:"since"`
}

func (s *Stock) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

// Units writes base (the token's smallest unit) as tokens: exact, no trailing zeros ("12.5").
func Units(base *big.Int, decimals int) string {
	neg := base.Sign() < 0
	s := new(big.Int).Abs(base).String()
	if decimals > 0 {
		if len(s) <= decimals {
			s = strings.Repeat("0", decimals-len(s)+1) + s
		}
		s = s[:len(s)-decimals] + "." + s[len(s)-decimals:]
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if neg {
		s = "-" + s
	}
	return s
}

const myStockSQL = `
	SELECT 'purchase' AS kind, u.referral_code AS member, p.quantity, p.transaction_id AS ref, p.created_at, 0::numeric AS reward,
	       p.round_id::text AS round_id, p.id::text AS rid
	  FROM purchases p JOIN users u ON u.id = p.user_id
	 WHERE p.user_id = ?0 AND p.company_id = ?1 AND p.status = 'APPROVED'
	UNION ALL
	SELECT 'referral', ru.referral_code, rr.quantity, p.transaction_id, rr.created_at, rr.quantity, NULL, rr.id::text
	  FROM referral_rewards rr JOIN purchases p ON p.id = rr.purchase_id JOIN users ru ON ru.id = rr.referred_user_id
	 WHERE rr.referrer_id = ?0 AND rr.company_id = ?1 AND rr.quantity > 0`

type stockRow struct {
	Kind      string          `bun:"kind"`
	Member    string          `bun:"member"`
	Quantity  decimal.Decimal `bun:"quantity"`
	Ref       string          `bun:"ref"`
	CreatedAt time.Time       `bun:"created_at"`
	Reward    decimal.Decimal `bun:"reward"`
	RoundID   *string         `bun:"round_id"`
	RID       string          `bun:"rid"`
}

// mine is each of the buyer's allocations with its vesting, oldest first, and the buyer's totals.
func (s *Stock) mine(ctx context.Context, companyID, userID string, now time.Time) ([]stockRow, []MyStockRow, *delivery.Plan, *BuyerTotals, error) {
	var rows []stockRow
	if err := s.DB.NewRaw("SELECT * FROM ("+myStockSQL+") x ORDER BY created_at ASC, rid ASC", userID, companyID).Scan(ctx, &rows); err != nil {
		return nil, nil, nil, nil, err
	}
	plan, err := delivery.LoadPlan(ctx, s.DB, companyID)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	var got delivery.Delivery
	if s.Delivery != nil && s.Delivery.Delivered != nil {
		d, err := s.Delivery.Delivered(ctx, s.DB, companyID)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		got = d[userID]
	}
	left := new(big.Int) // what the transfers have covered, spent on the oldest allocations first
	if got.Amount != nil {
		left.Set(got.Amount)
	}
	t := &BuyerTotals{allocated: new(big.Int), unlocked: new(big.Int), delivered: new(big.Int).Set(left)}
	out := make([]MyStockRow, len(rows))
	for i, r := range rows {
		q := r.Quantity.BigInt()
		unl, base, tl := plan.Unlocked(q, r.RoundID, now)
		t.allocated.Add(t.allocated, base)
		t.unlocked.Add(t.unlocked, unl)
		if tl != nil && (t.timeLeft == nil || *tl > *t.timeLeft) {
			t.timeLeft = tl
		}
		row := MyStockRow{Kind: r.Kind, MemberID: r.Member, Quantity: q.String(), Status: StatusAllocated,
			Unlocked: Units(unl, plan.Decimals), Locked: Units(new(big.Int).Sub(base, unl), plan.Decimals),
			Reference: r.Ref, CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339), Reward: r.Reward, TimeLeft: tl}
		if r.Kind == "referral" {
			row.MemberID = user.MaskMemberID(r.Member)
		}
		if unl.Cmp(base) == 0 && base.Sign() > 0 {
			row.Status = StatusUnlocked
		}
		if left.Cmp(base) >= 0 && base.Sign() > 0 && got.TxHash != "" {
			left.Sub(left, base)
			row.Status = StatusDelivered
			h := got.TxHash
			row.TransactionHash = &h
			if u := plan.TxURL(h); u != "" {
				row.ExplorerURL = &u
			}
		} else {
			left.SetInt64(0)
		}
		out[i] = row
	}
	return rows, out, plan, t, nil
}

// MyStock lists the caller's allocations, newest first.
func (s *Stock) MyStock(ctx context.Context, companyID, userID string, pg pagination.Page) (pagination.List[MyStockRow], error) {
	_, all, _, _, err := s.mine(ctx, companyID, userID, s.now())
	if err != nil {
		return pagination.List[MyStockRow]{}, err
	}
	page := make([]MyStockRow, 0, pg.Limit)
	for i := len(all) - 1 - pg.Offset(); i >= 0 && len(page) < pg.Limit; i-- {
		page = append(page, all[i])
	}
	return pagination.NewList(page, len(all), pg), nil
}

// GlobalStock ranks the company's holders by their allocations summed, largest first (ties: the
// earlier first allocation). Each holder's proved wallet is masked (0x12ab…cdef), except the
// viewer's own, which they see whole.
func (s *Stock) GlobalStock(ctx context.Context, companyID, viewerID string, pg pagination.Page) (pagination.List[GlobalStockRow], error) {
	const holders = `
	SELECT a.user_id, sum(a.quantity) AS quantity, min(a.created_at) AS since FROM (
		SELECT user_id, quantity, created_at FROM purchases WHERE company_id = ?0 AND status = 'APPROVED'
		UNION ALL
		SELECT referrer_id, quantity, created_at FROM referral_rewards WHERE company_id = ?0 AND quantity > 0
	) a GROUP BY a.user_id`
	var total int
	if err := s.DB.NewRaw("SELECT count(*) FROM ("+holders+") h", companyID).Scan(ctx, &total); err != nil {
		return pagination.List[GlobalStockRow]{}, err
	}
	var rows []struct {
		UserID   string          `bun:"user_id"`
		Quantity decimal.Decimal `bun:"quantity"`
		Since    time.Time       `bun:"since"`
		Code     string          `bun:"referral_code"`
		Wallet   *string         `bun:"wallet"`
	}
	err := s.DB.NewRaw("SELECT h.user_id::text AS user_id, h.quantity, h.since, u.referral_code, w.address AS wallet FROM ("+holders+") h"+
		" JOIN users u ON u.id = h.user_id LEFT JOIN wallets w ON w.user_id = h.user_id"+
		" ORDER BY h.quantity DESC, h.since ASC, h.user_id ASC LIMIT ?1 OFFSET ?2", companyID, pg.Limit, pg.Offset()).Scan(ctx, &rows)
	if err != nil {
		return pagination.List[GlobalStockRow]{}, err
	}
	out := make([]GlobalStockRow, 0, len(rows))
	for i, r := range rows {
		row := GlobalStockRow{Rank: pg.Offset() + i + 1, MemberID: user.MaskMemberID(r.Code), Quantity: r.Quantity.BigInt().String(),
			Since: r.Since.UTC().Format(time.RFC3339)}
		if r.Wallet != nil && *r.Wallet != "" {
			w := *r.Wallet
			if r.UserID != viewerID {
				w = wallet.Mask(w)
			}
			row.WalletAddress = &w
		}
		out = append(out, row)
	}
	return pagination.NewList(out, total, pg), nil
}

// BuyerTotals are a buyer's allocations in the token's smallest unit.
type BuyerTotals struct {
	allocated, unlocked, delivered *big.Int
	timeLeft                       *int64
}

// BuyerDelivery is how and when the buyer's tokens arrive (the dashboard's delivery card):
// the TGE (null while not set), the schedules that apply to what they bought, their totals in
// tokens (exact decimal strings), the seconds until all is unlocked, and the proved wallet that
// receives them (masked; null when they have none: they set one in Profile).
type BuyerDelivery struct {
	TGEAt     *time.Time          `json:"tgeAt"`
	Schedules []BuyerScheduleView `json:"schedules"`
	Allocated string              `json:"allocated"`
	Unlocked  string              `json:"unlocked"`
	Locked    string              `json:"locked"`
	Delivered string              `json:"delivered"`
	TimeLeft  *int64              `json:"timeLeft"`
	Wallet    *string             `json:"wallet"`
}

// BuyerScheduleView is one schedule a buyer's allocations follow; round "" for the token-wide.
type BuyerScheduleView struct {
	Round            string          `json:"round"`
	TGEUnlockPercent decimal.Decimal `json:"tgeUnlockPercent"`
	CliffDays        int64           `json:"cliffDays"`
	VestingDays      int64           `json:"vestingDays"`
}

// Delivery is GET /user/stock/delivery/get.
func (s *Stock) BuyerDelivery(ctx context.Context, companyID, userID string) (*BuyerDelivery, error) {
	now := s.now()
	rows, _, plan, t, err := s.mine(ctx, companyID, userID, now)
	if err != nil {
		return nil, err
	}
	out := &BuyerDelivery{TGEAt: plan.TGEAt, Schedules: []BuyerScheduleView{}, TimeLeft: t.timeLeft,
		Allocated: Units(t.allocated, plan.Decimals), Unlocked: Units(t.unlocked, plan.Decimals),
		Locked: Units(new(big.Int).Sub(t.allocated, t.unlocked), plan.Decimals), Delivered: Units(t.delivered, plan.Decimals)}
	if out.TGEAt != nil {
		u := out.TGEAt.UTC()
		out.TGEAt = &u
	}
	names := map[string]string{}
	var rounds []struct {
		ID   string `bun:"id"`
		Name string `bun:"name"`
	}
	if err := s.DB.NewRaw(`SELECT r.id::text AS id, r.name FROM token_rounds r JOIN tokens t ON t.id = r.token_id WHERE t.company_id = ?`, companyID).Scan(ctx, &rounds); err != nil {
		return nil, err
	}
	for _, r := range rounds {
		names[r.ID] = r.Name
	}
	seen := map[string]bool{}
	for _, r := range rows {
		k := ""
		if r.RoundID != nil {
			if _, own := plan.ByRound[*r.RoundID]; own {
				k = *r.RoundID
			}
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		sc := plan.For(r.RoundID)
		if k == "" {
			sc = plan.For(nil)
		}
		out.Schedules = append(out.Schedules, BuyerScheduleView{Round: names[k], TGEUnlockPercent: decimal.New(sc.TGEUnlockBP, -2),
			CliffDays: sc.CliffDays, VestingDays: sc.VestingDays})
	}
	// The buyer's own proved wallet, also while a replacement waits its 24 hours.
	a, err := wallet.AddressOf(ctx, s.DB, userID)
	if err != nil {
		return nil, err
	}
	if a != "" {
		out.Wallet = &a
	}
	return out, nil
}
