package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/uptrace/bun"
)

const (
	noRoundsName  = "user package/price/get, no rounds"
	twoRoundsName = "user package/price/get, two rounds"
)

type loadFunc func(name string, n int, d time.Duration, dialer func(int) *net.Dialer, call func(*http.Client, int) error) result

// measureRounds measures price/get with no rounds and with two rounds defined, in -pairs rounds
// of none-then-two, and answers both rows (median req/s); the two-rounds row's note gives the
// median of its ratios to the no-rounds run just before it (1.00: no cost). The rounds are removed.
func measureRounds(ctx context.Context, db *bun.DB, companyID string, load loadFunc, skip func(string) bool,
	call func(*http.Client, int) error) ([]result, error) {
	if skip(noRoundsName) && skip(twoRoundsName) {
		return nil, nil
	}
	var tokenID string
	if err := db.NewRaw(`SELECT id FROM tokens WHERE company_id = ?`, companyID).Scan(ctx, &tokenID); err != nil {
		return nil, err
	}
	var saved int
	if err := db.NewRaw(`SELECT count(*) FROM token_rounds WHERE token_id = ?`, tokenID).Scan(ctx, &saved); err != nil {
		return nil, err
	}
	if saved > 0 {
		return nil, fmt.Errorf("the ACW token already has %d rounds; the rounds pair needs none", saved)
	}
	clear := func() error {
		_, err := db.ExecContext(ctx, `DELETE FROM token_rounds WHERE token_id = ?`, tokenID)
		return err
	}
	defer func() { _ = clear() }()
	two := func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO token_rounds (token_id, position, name, price, allocation, starts_at, ends_at)
			VALUES (?, 1, 'Seed', 8, 1000000, now() - interval '1 day', now() + interval '1 day'),
			       (?, 2, 'Early', 9, 2000000, NULL, NULL)`, tokenID, tokenID)
		return err
	}
	settle := func() { time.Sleep(1200 * time.Millisecond) } // company.SiteTTL, and then some
	var none, with result
	var ratios, noneRPS, twoRPS []float64
	for round := 0; round < *pairs; round++ {
		if err := clear(); err != nil {
			return nil, err
		}
		settle()
		none = load(noRoundsName, *conns, *dur, nil, call)
		if err := two(); err != nil {
			return nil, err
		}
		settle()
		with = load(twoRoundsName, *conns, *dur, nil, call)
		ratios = append(ratios, with.RPS/none.RPS)
		noneRPS, twoRPS = append(noneRPS, none.RPS), append(twoRPS, with.RPS)
		fmt.Printf("  rounds pair %d: price/get no rounds %9.0f req/s, two rounds %9.0f req/s = %.2f\n",
			round+1, none.RPS, with.RPS, with.RPS/none.RPS)
	}
	strs := make([]string, len(ratios))
	for i, r := range ratios {
		strs[i] = fmt.Sprintf("%.2f (%.0f vs %.0f)", r, twoRPS[i], noneRPS[i])
	}
	none.RPS, with.RPS = median(noneRPS), median(twoRPS)
	none.Note = fmt.Sprintf("median of %d runs, each just before a two-rounds run", len(noneRPS))
	with.Note = fmt.Sprintf("× no rounds: %.2f, median of paired runs %s", median(ratios), strings.Join(strs, ", "))
	return []result{none, with}, nil
}
