package allocation

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/hibiken/asynq"
	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/sale"
	"prelaunch/core/user"
)

// Tick is the worker's step (run by every purchase sweep): allocate every round whose request
// window is over, then lapse the allocations not ordered by their pay-by. Safe to run in many
// workers at once. It returns how many rounds it allocated and allocations it lapsed.
func (s *Service) Tick(ctx context.Context, now time.Time) (allocated, lapsed int, err error) {
	due, err := sale.DueDraws(ctx, s.DB, now)
	if err != nil {
		return 0, 0, err
	}
	var errs []error
	for _, d := range due {
		ok, err := s.Allocate(ctx, d.CompanyID, d.RoundID, now)
		if err != nil {
			errs = append(errs, fmt.Errorf("allocate round %s: %w", d.RoundID, err))
		}
		if ok {
			allocated++
		}
	}
	lapsed, err = s.Lapse(ctx, now)
	return allocated, lapsed, errors.Join(append(errs, err)...)
}

// Allocate runs pass 1 of a round whose request window is over: in one transaction it locks the
// token row with its supply folded (sale.LockSupply), moves the round OPEN → ALLOCATED (sale.BeginDraw; a second worker finds it done and
// answers false), shares the round's available tokens among the requests (Draw, with the round's
// seed), reserves them from the token and the round (sale.ReserveSupply, sale.ReserveRound) and
// records the draw and each allocation. The result emails are queued after the commit.
func (s *Service) Allocate(ctx context.Context, companyID, roundID string, now time.Time) (bool, error) {
	var mails []resultMail
	done := false
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		tok, err := sale.LockSupply(ctx, tx, companyID)
		if err != nil {
			return err
		}
		r, seed, ok, err := sale.BeginDraw(ctx, tx, roundID, now)
		if err != nil || !ok {
			return err
		}
		var reqs []Request
		if err := tx.NewSelect().Model(&reqs).Where("round_id = ?", roundID).Order("user_id").Scan(ctx); err != nil {
			return fmt.Errorf("read requests: %w", err)
		}
		asks := make([]Ask, len(reqs))
		for i, q := range reqs {
			asks[i] = Ask{Key: q.UserID, Qty: q.Quantity}
		}
		mails, err = s.pass(ctx, tx, tok, r, 1, asks, seed, now)
		done = err == nil
		return err
	})
	if err != nil {
		return false, err
	}
	s.sendResults(ctx, mails)
	return done, nil
}

// available is what a pass can give: the round's unsold allocation within the token's remaining
// private supply; nothing once a later round has sold (the round is closed).
func available(tok *sale.Token, r *sale.Round) decimal.Decimal {
	if r.Closed {
		return decimal.Zero
	}
	return decimal.Max(decimal.Zero, decimal.Min(r.Remaining(), tok.RemainingPrivateSupply))
}

// pass draws, records and reserves one pass in tx (the token row locked, the round ALLOCATED).
func (s *Service) pass(ctx context.Context, tx bun.Tx, tok *sale.Token, r *sale.Round, pass int, asks []Ask, seed []byte, now time.Time) ([]resultMail, error) {
	avail := available(tok, r)
	res := Draw(asks, avail, PassSeed(seed, pass))
	asked, total := decimal.Zero, decimal.Zero
	for i, a := range asks {
		asked = asked.Add(a.Qty)
		total = total.Add(res.Shares[i].Qty)
	}
	d := &DrawRow{RoundID: r.ID, Pass: pass, Available: avail, Level: res.Level, Allocated: total, Requests: len(asks), Asked: asked, CreatedAt: now}
	if _, err := tx.NewInsert().Model(d).Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert draw: %w", err)
	}
	payBy := now.Add(time.Duration(r.PaymentHours) * time.Hour)
	mails := make([]resultMail, 0, len(asks))
	for i, a := range asks {
		q := res.Shares[i].Qty
		m := resultMail{RoundID: r.ID, UserID: a.Key, CompanyID: tok.CompanyID, Round: r.Name, Pass: pass, Asked: a.Qty, Quantity: q, PayBy: payBy}
		if q.IsPositive() {
			al := &Allocation{RoundID: r.ID, CompanyID: tok.CompanyID, UserID: a.Key, Pass: pass, Quantity: q, Price: r.Price,
				Amount: AmountOf(q, r.Price), PayBy: payBy, Status: StatusAllocated, CreatedAt: now, UpdatedAt: now}
			if _, err := tx.NewInsert().Model(al).Returning("id").Exec(ctx); err != nil {
				return nil, fmt.Errorf("insert allocation: %w", err)
			}
			m.Amount, m.AllocationID = al.Amount, al.ID
		}
		mails = append(mails, m)
	}
	if total.IsPositive() {
		if err := sale.ReserveSupply(ctx, tx, tok.CompanyID, total); err != nil {
			return nil, err
		}
		if err := sale.ReserveRound(ctx, tx, r, total); err != nil {
			return nil, err
		}
	}
	return mails, nil
}

// Lapse ends the allocations not ordered by their pay-by: ALLOCATED → LAPSED, their tokens back to
// the token and the round (sale.ReleaseSupply, sale.ReleaseRound), a round at a time with its
// token row locked first. Concurrent runs and orders never double-release: the rows move by one
// conditional UPDATE.
func (s *Service) Lapse(ctx context.Context, now time.Time) (int, error) {
	var due []struct {
		RoundID   string `bun:"round_id"`
		CompanyID string `bun:"company_id"`
	}
	if err := s.DB.NewSelect().Model((*Allocation)(nil)).ColumnExpr("DISTINCT round_id, company_id").
		Where("status = ?", StatusAllocated).Where("pay_by <= ?", now).Limit(100).Scan(ctx, &due); err != nil {
		return 0, fmt.Errorf("due lapses: %w", err)
	}
	total := 0
	for _, d := range due {
		err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if _, err := sale.LockToken(ctx, tx, d.CompanyID); err != nil {
				return err
			}
			n, err := lapseRound(ctx, tx, d.CompanyID, d.RoundID, now)
			total += n
			return err
		})
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// lapseRound lapses the round's due allocations in tx (the token row locked).
func lapseRound(ctx context.Context, tx bun.IDB, companyID, roundID string, now time.Time) (int, error) {
	var rows []Allocation
	if _, err := tx.NewUpdate().Model((*Allocation)(nil)).Set("status = ?", StatusLapsed).Set("updated_at = ?", now).
		Where("round_id = ?", roundID).Where("status = ?", StatusAllocated).Where("pay_by <= ?", now).
		Returning("quantity").Exec(ctx, &rows); err != nil {
		return 0, fmt.Errorf("lapse allocations: %w", err)
	}
	qty := decimal.Zero
	for _, a := range rows {
		qty = qty.Add(a.Quantity)
	}
	if err := sale.ReleaseSupply(ctx, tx, companyID, qty); err != nil {
		return 0, err
	}
	if err := sale.ReleaseRound(ctx, tx, roundID, qty); err != nil {
		return 0, err
	}
	return len(rows), nil
}

// SecondPass is the admin's POST token/round/allocation/second-pass: once every allocation of the
// round was ordered or its pay-by passed, it lapses those not ordered and shares the round's
// available tokens (what lapsed, and any order that expired or was rejected gave back) among the
// unfilled remainder of the requests, leaving out buyers who let an allocation lapse — the same
// Draw, seeded with the round's seed and "/pass/N". The results are emailed.
func (s *Service) SecondPass(ctx context.Context, actor audit.Actor, roundID string) (*AdminView, error) {
	now := s.now()
	var mails []resultMail
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		// The token row first (the lock order), read again below once the lapses released supply.
		var tok *sale.Token
		if _, err := sale.LockToken(ctx, tx, actor.CompanyID); err != nil {
			return err
		}
		r, err := sale.ShareRound(ctx, tx, actor.CompanyID, roundID)
		if err != nil {
			return err
		}
		if !r.ByRequests() {
			return errNotByRequests(r)
		}
		if r.DrawStatus != sale.DrawAllocated {
			return apperr.Conflict("not_allocated", fmt.Sprintf("%s has not been allocated yet.", r.Name))
		}
		var open []Allocation
		if err := tx.NewSelect().Model(&open).Where("round_id = ?", r.ID).Where("status = ?", StatusAllocated).
			Where("pay_by > ?", now).Order("pay_by DESC").Limit(1).Scan(ctx); err != nil {
			return err
		}
		if len(open) > 0 {
			return apperr.Conflict("allocations_open", fmt.Sprintf(
				"Buyers can still order their allocations until %s; start the second pass after that.", istTime(open[0].PayBy)))
		}
		if _, err := lapseRound(ctx, tx, actor.CompanyID, r.ID, now); err != nil {
			return err
		}
		if tok, err = sale.LockSupply(ctx, tx, actor.CompanyID); err != nil { // the supply as released
			return err
		}
		if r, err = sale.ShareRound(ctx, tx, actor.CompanyID, roundID); err != nil {
			return err
		}
		if !available(tok, r).IsPositive() {
			return apperr.Conflict("nothing_to_allocate", "No tokens to allocate: every allocation was ordered.")
		}
		asks, err := remainders(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		if len(asks) == 0 {
			return apperr.Conflict("nothing_to_allocate", "No request is still short of what it asked.")
		}
		var last int
		if err := tx.NewSelect().Model((*DrawRow)(nil)).ColumnExpr("COALESCE(max(pass), 0)").Where("round_id = ?", r.ID).Scan(ctx, &last); err != nil {
			return err
		}
		seed, err := sale.Seed(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		seedBytes, err := decodeSeed(seed)
		if err != nil {
			return err
		}
		if mails, err = s.pass(ctx, tx, tok, r, last+1, asks, seedBytes, now); err != nil {
			return err
		}
		return audit.Write(ctx, tx, actor, "round.second_pass", "token_round", r.ID, nil, map[string]any{"pass": last + 1, "buyers": len(asks)})
	})
	if err != nil {
		return nil, err
	}
	s.sendResults(ctx, mails)
	return s.AdminView(ctx, actor.CompanyID, roundID, defaultPage)
}

// remainders are the requests still short of what they asked after every pass, leaving out the
// buyers who let an allocation lapse; sorted by buyer.
func remainders(ctx context.Context, db bun.IDB, roundID string) ([]Ask, error) {
	var rows []struct {
		UserID string          `bun:"user_id"`
		Left   decimal.Decimal `bun:"left"`
	}
	err := db.NewSelect().Model((*Request)(nil)).
		ColumnExpr("rq.user_id, rq.quantity - COALESCE((SELECT sum(ra.quantity) FROM round_allocations AS ra WHERE ra.round_id = rq.round_id AND ra.user_id = rq.user_id), 0) AS left").
		Where("rq.round_id = ?", roundID).
		Where("NOT EXISTS (SELECT 1 FROM round_allocations AS ra WHERE ra.round_id = rq.round_id AND ra.user_id = rq.user_id AND ra.status = ?)", StatusLapsed).
		Order("rq.user_id").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("request remainders: %w", err)
	}
	out := make([]Ask, 0, len(rows))
	for _, r := range rows {
		if r.Left.IsPositive() {
			out = append(out, Ask{Key: r.UserID, Qty: r.Left})
		}
	}
	return out, nil
}

// resultMail is one buyer's result of a pass, emailed after the commit.
type resultMail struct {
	AllocationID string
	RoundID      string
	UserID       string
	CompanyID    string
	Round        string
	Pass         int
	Asked        decimal.Decimal
	Quantity     decimal.Decimal
	Amount       decimal.Decimal
	PayBy        time.Time
}

// sendResults queues each buyer's result email (task id allocation:<round>:<pass>:<user>, so a
// retry never sends twice) and marks the allocations notified. A failure is logged: the result is
// on the buyer's Buy Token page either way.
func (s *Service) sendResults(ctx context.Context, ms []resultMail) {
	if s.Tasks == nil || len(ms) == 0 {
		return
	}
	ids := make([]string, 0, len(ms))
	for _, m := range ms {
		ids = append(ids, m.UserID)
	}
	parties, err := user.Parties(ctx, s.DB, ids)
	if err != nil {
		s.warn("allocation emails not sent", "err", err)
		return
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].UserID < ms[j].UserID })
	for _, m := range ms {
		p, ok := parties[m.UserID]
		if !ok || p.Buyer.Deleted || p.Buyer.Email == "" || p.Buyer.CompanyID != m.CompanyID {
			continue
		}
		var domains []string
		if p.Sender.Domain != "" {
			domains = []string{p.Sender.Domain}
		}
		from := mail.From{Brand: p.Brand.Name, Company: p.Sender.Name, ReplyTo: p.Sender.Email}
		if s.SiteURL != nil {
			from.URL = s.SiteURL(p.Brand.Symbol, domains)
		}
		msg := mail.AllocationMessage(p.Buyer.Email, p.Buyer.Name, from, m.Round, sale.Grouped(m.Asked, 0),
			sale.Grouped(m.Quantity, 0), p.Brand.Symbol, sale.Rupees(m.Amount), istTime(m.PayBy), m.Pass)
		task, err := tasks.NewEmailSendTask(msg)
		if err == nil {
			_, err = s.Tasks.EnqueueContext(ctx, task, asynq.TaskID(fmt.Sprintf("allocation:%s:%d:%s", m.RoundID, m.Pass, m.UserID)),
				asynq.Retention(24*time.Hour))
		}
		if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
			s.warn("allocation email not queued", "user", m.UserID, "err", err)
			continue
		}
		if m.AllocationID != "" {
			if _, err := s.DB.NewUpdate().Model((*Allocation)(nil)).Set("notified_at = now()").Where("id = ?", m.AllocationID).Exec(ctx); err != nil {
				s.warn("allocation not marked notified", "allocation", m.AllocationID, "err", err)
			}
		}
	}
}

func (s *Service) warn(msg string, args ...any) {
	if s.Log != nil {
		s.Log.Warn(msg, args...)
	}
}
