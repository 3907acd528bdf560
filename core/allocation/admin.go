package allocation

import (
	"context"
	"fmt"
	"time"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/pagination"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

var defaultPage = pagination.Page{Page: 1, Limit: 50}

// AdminRequest is one request as the admin's allocation view lists it.
type AdminRequest struct {
	UserID    string          `json:"userId"`
	Name      string          `json:"name"`
	Email     string          `json:"email"`
	Amount    decimal.Decimal `json:"amount"`
	Quantity  decimal.Decimal `json:"quantity"`
	Allocated decimal.Decimal `json:"allocated"` // every pass's allocations (lapsed ones included)
	UpdatedAt time.Time       `json:"updatedAt"`
}

// AdminAllocation is one allocation row.
type AdminAllocation struct {
	UserID     string          `json:"userId"`
	Name       string          `json:"name"`
	Email      string          `json:"email"`
	Pass       int             `json:"pass"`
	Quantity   decimal.Decimal `json:"quantity"`
	Amount     decimal.Decimal `json:"amount"`
	PayBy      time.Time       `json:"payBy"`
	Status     string          `json:"status"`
	PurchaseID *string         `json:"purchaseId"`
}

// AdminDraw is one pass: the tokens it had, the level and what it gave.
type AdminDraw struct {
	Pass      int             `json:"pass"`
	Available decimal.Decimal `json:"available"`
	Level     decimal.Decimal `json:"level"`
	Allocated decimal.Decimal `json:"allocated"`
	Requests  int             `json:"requests"`
	Asked     decimal.Decimal `json:"asked"`
	At        time.Time       `json:"at"`
}

// AdminView is GET admin/token/round/allocation.
type AdminView struct {
	Round RoundBrief `json:"round"`
	// Count and Asked are the requests now (tokens); AskedAmount in INR; Available is what pass 1
	// would share now (before allocation) or had; Oversubscription is asked ÷ available (2 decimals,
	// null with nothing available).
	Count            int                              `json:"count"`
	Asked            decimal.Decimal                  `json:"asked"`
	AskedAmount      decimal.Decimal                  `json:"askedAmount"`
	Available        decimal.Decimal                  `json:"available"`
	Oversubscription *decimal.Decimal                 `json:"oversubscription"`
	Requests         pagination.List[AdminRequest]    `json:"requests"`
	Draws            []AdminDraw                      `json:"draws"`
	Allocations      pagination.List[AdminAllocation] `json:"allocations"`
	// SecondPassFrom: when the admin can start a second pass (every allocation ordered or past
	// its pay-by); null before allocation.
	SecondPassFrom *time.Time `json:"secondPassFrom"`
}

// AdminView answers the allocation view of one of the company's rounds sold by requests: the
// requests (a page, with each buyer's name and email), their count, total and oversubscription,
// and after allocation each pass (level) with its allocations and the revealed seed.
func (s *Service) AdminView(ctx context.Context, companyID, roundID string, p pagination.Page) (*AdminView, error) {
	r, err := sale.RoundOf(ctx, s.DB, companyID, roundID)
	if err != nil {
		return nil, err
	}
	if !r.ByRequests() {
		return nil, errNotByRequests(r)
	}
	v := &AdminView{Draws: []AdminDraw{}}
	if v.Round, err = s.brief(ctx, s.DB, r, s.now()); err != nil {
		return nil, err
	}
	var sums struct {
		Count  int                 `bun:"count"`
		Asked  decimal.NullDecimal `bun:"asked"`
		Amount decimal.NullDecimal `bun:"amount"`
	}
	if err := s.DB.NewSelect().Model((*Request)(nil)).ColumnExpr("count(*) AS count, sum(quantity) AS asked, sum(amount) AS amount").
		Where("round_id = ?", r.ID).Scan(ctx, &sums); err != nil {
		return nil, fmt.Errorf("request totals: %w", err)
	}
	v.Count, v.Asked, v.AskedAmount = sums.Count, sums.Asked.Decimal, sums.Amount.Decimal
	var draws []DrawRow
	if err := s.DB.NewSelect().Model(&draws).Where("round_id = ?", r.ID).Order("pass").Scan(ctx); err != nil {
		return nil, err
	}
	for _, d := range draws {
		v.Draws = append(v.Draws, AdminDraw{Pass: d.Pass, Available: d.Available, Level: d.Level, Allocated: d.Allocated,
			Requests: d.Requests, Asked: d.Asked, At: d.CreatedAt.UTC().Truncate(time.Second)})
	}
	if len(draws) > 0 {
		v.Available = draws[0].Available
	} else {
		tok, err := sale.Pricing(ctx, s.DB, companyID)
		if err != nil {
			return nil, err
		}
		v.Available = available(tok, r)
	}
	if v.Available.IsPositive() {
		o := v.Asked.DivRound(v.Available, 2)
		v.Oversubscription = &o
	}
	var reqs []Request
	n, err := s.DB.NewSelect().Model(&reqs).Where("round_id = ?", r.ID).Order("quantity DESC", "user_id").
		Limit(int64(p.Limit)).Offset(int64(p.Offset())).ScanAndCount(ctx)
	if err != nil {
		return nil, fmt.Errorf("list requests: %w", err)
	}
	var allocs []Allocation
	an, err := s.DB.NewSelect().Model(&allocs).Where("round_id = ?", r.ID).Order("pass", "quantity DESC", "user_id").
		Limit(int64(p.Limit)).Offset(int64(p.Offset())).ScanAndCount(ctx)
	if err != nil {
		return nil, fmt.Errorf("list allocations: %w", err)
	}
	ids := make([]string, 0, len(reqs)+len(allocs))
	for _, q := range reqs {
		ids = append(ids, q.UserID)
	}
	for _, a := range allocs {
		ids = append(ids, a.UserID)
	}
	who, err := user.Contacts(ctx, s.DB, ids)
	if err != nil {
		return nil, err
	}
	given := map[string]decimal.Decimal{}
	if len(reqs) > 0 {
		var rows []struct {
			UserID string          `bun:"user_id"`
			Qty    decimal.Decimal `bun:"qty"`
		}
		if err := s.DB.NewSelect().Model((*Allocation)(nil)).ColumnExpr("user_id, sum(quantity) AS qty").Where("round_id = ?", r.ID).
			Group("user_id").Scan(ctx, &rows); err != nil {
			return nil, err
		}
		for _, row := range rows {
			given[row.UserID] = row.Qty
		}
	}
	out := make([]AdminRequest, 0, len(reqs))
	for _, q := range reqs {
		c := who[q.UserID]
		out = append(out, AdminRequest{UserID: q.UserID, Name: c.Name, Email: c.Email, Amount: q.Amount, Quantity: q.Quantity,
			Allocated: given[q.UserID], UpdatedAt: q.UpdatedAt.UTC().Truncate(time.Second)})
	}
	v.Requests = pagination.NewList(out, int(n), p)
	rows := make([]AdminAllocation, 0, len(allocs))
	for _, a := range allocs {
		c := who[a.UserID]
		rows = append(rows, AdminAllocation{UserID: a.UserID, Name: c.Name, Email: c.Email, Pass: a.Pass, Quantity: a.Quantity,
			Amount: a.Amount, PayBy: a.PayBy.UTC().Truncate(time.Second), Status: a.Status, PurchaseID: a.PurchaseID})
	}
	v.Allocations = pagination.NewList(rows, int(an), p)
	if r.DrawStatus == sale.DrawAllocated {
		var last []time.Time
		if err := s.DB.NewSelect().Model((*Allocation)(nil)).ColumnExpr("max(pay_by)").Where("round_id = ?", r.ID).
			Where("status = ?", StatusAllocated).Scan(ctx, &last); err != nil {
			return nil, err
		}
		from := s.now().UTC().Truncate(time.Second)
		if len(last) == 1 && !last[0].IsZero() && last[0].After(from) {
			from = last[0].UTC().Truncate(time.Second)
		}
		v.SecondPassFrom = &from
	}
	return v, nil
}
