package sale

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/infra/apperr"
)

// The reads and writes of token_rounds that core/allocation makes for a round sold by requests
// (docs/decisions/0014-allocation-by-requests.md). Lock order: the token row (LockToken) before
// its round, as everywhere.

// DueDraw is a round whose request window is over and which is not yet allocated.
type DueDraw struct {
	RoundID   string `bun:"id"`
	CompanyID string `bun:"company_id"`
}

// DueDraws answers the rounds sold by requests whose window ended by now and which are still OPEN.
func DueDraws(ctx context.Context, db bun.IDB, now time.Time) ([]DueDraw, error) {
	var out []DueDraw
	err := db.NewRaw(`SELECT r.id, t.company_id FROM token_rounds AS r JOIN tokens AS t ON t.id = r.token_id
		WHERE r.draw_status = ? AND r.request_ends_at <= ? ORDER BY r.request_ends_at LIMIT 100`, DrawOpen, now).Scan(ctx, &out)
	if err != nil {
		return nil, fmt.Errorf("due draws: %w", err)
	}
	return out, nil
}

// BeginDraw moves the round from OPEN to ALLOCATED in one conditional UPDATE and answers its seed
// and the round as it is; ok is false when another transaction did it first (or the window is not
// over at now). Call it after LockToken in the allocation's transaction: a request's transaction
// holds the round FOR SHARE (ShareRound) until it commits, so every request is either in before
// this UPDATE or sees ALLOCATED after it.
func BeginDraw(ctx context.Context, tx bun.IDB, roundID string, now time.Time) (*Round, []byte, bool, error) {
	var seed sql.NullString
	err := tx.NewRaw(`UPDATE token_rounds SET draw_status = ?, allocated_at = ?, updated_at = now()
		WHERE id = ? AND mode = ? AND draw_status = ? AND request_ends_at <= ? RETURNING draw_seed`,
		DrawAllocated, now, roundID, ModeRequests, DrawOpen, now).Scan(ctx, &seed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, false, nil
	}
	if err != nil {
		return nil, nil, false, fmt.Errorf("begin draw: %w", err)
	}
	if !seed.Valid {
		return nil, nil, false, nil
	}
	b, err := hex.DecodeString(seed.String)
	if err != nil {
		return nil, nil, false, fmt.Errorf("draw seed of round %s: %w", roundID, err)
	}
	var r Round
	if err := tx.NewSelect().Model(&r).Where("id = ?", roundID).Scan(ctx); err != nil {
		return nil, nil, false, fmt.Errorf("read round: %w", err)
	}
	return &r, b, true, nil
}

// ErrRoundNotFound is a round that is not one of the company's.
func ErrRoundNotFound() error { return apperr.NotFound("round_not_found", "Round not found.") }

// RoundOf reads one of the company's rounds (404 for any other), unlocked.
func RoundOf(ctx context.Context, db bun.IDB, companyID, roundID string) (*Round, error) {
	return roundOf(ctx, db, companyID, roundID, "")
}

// ShareRound reads one of the company's rounds FOR SHARE: a request's transaction holds it until
// its commit, so the allocation's BeginDraw waits for it (and it waits for the allocation).
func ShareRound(ctx context.Context, tx bun.IDB, companyID, roundID string) (*Round, error) {
	return roundOf(ctx, tx, companyID, roundID, "SHARE OF r")
}

func roundOf(ctx context.Context, db bun.IDB, companyID, roundID, lock string) (*Round, error) {
	var r Round
	q := db.NewSelect().Model(&r).Where("r.id = ?", roundID).
		Where("r.token_id = (SELECT id FROM tokens WHERE company_id = ? LIMIT 1)", companyID)
	if lock != "" {
		q = q.For(lock)
	}
	err := q.Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrRoundNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("read round: %w", err)
	}
	return &r, nil
}

// Seed is the round's draw seed (hex), answered only once the round is allocated ("" before).
func Seed(ctx context.Context, db bun.IDB, roundID string) (string, error) {
	var seed sql.NullString
	err := db.NewRaw(`SELECT draw_seed FROM token_rounds WHERE id = ? AND draw_status = ?`, roundID, DrawAllocated).Scan(ctx, &seed)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read draw seed: %w", err)
	}
	return seed.String, nil
}
