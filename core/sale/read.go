package sale

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// The reads of tokens and rounds the site resolver (company.Resolver) makes for many companies
// at once: the sale package owns both tables.

// CompaniesBySymbol answers the company of each of these token symbols, keyed by the symbol in
// upper case (symbols are compared without case).
func CompaniesBySymbol(ctx context.Context, db bun.IDB, symbols []string) (map[string]string, error) {
	out := make(map[string]string, len(symbols))
	if len(symbols) == 0 {
		return out, nil
	}
	var toks []struct {
		Symbol    string `bun:"symbol"`
		CompanyID string `bun:"company_id"`
	}
	if err := db.NewSelect().Table("tokens").ColumnExpr("upper(symbol) AS symbol, company_id").
		Where("upper(symbol) IN (?)", bun.List(symbols)).Scan(ctx, &toks); err != nil {
		return nil, fmt.Errorf("load tokens by symbol: %w", err)
	}
	for _, t := range toks {
		out[t.Symbol] = t.CompanyID
	}
	return out, nil
}

// TokensOf reads the tokens of these companies (none for a company without one), their remaining
// supply folded.
func TokensOf(ctx context.Context, db bun.IDB, companyIDs []string) ([]Token, error) {
	var toks []Token
	if len(companyIDs) == 0 {
		return toks, nil
	}
	if err := FoldRemaining(db.NewSelect().Model(&toks)).Where("company_id IN (?)", bun.List(companyIDs)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("load tokens: %w", err)
	}
	return toks, nil
}

// RoundsOf reads the rounds of these tokens, by token and in position order.
func RoundsOf(ctx context.Context, db bun.IDB, tokenIDs []string) ([]Round, error) {
	var rounds []Round
	if len(tokenIDs) == 0 {
		return rounds, nil
	}
	if err := db.NewSelect().Model(&rounds).Where("token_id IN (?)", bun.List(tokenIDs)).
		Order("token_id", "position").Scan(ctx); err != nil {
		return nil, fmt.Errorf("load rounds: %w", err)
	}
	return rounds, nil
}

// Versions answers, for each of these companies that has a token, the versions (xmin) of its
// token row, of its supply slices and of its rounds: an equal answer means the same token,
// remaining supply and rounds.
func Versions(ctx context.Context, db bun.IDB, companyIDs []string) (map[string]string, error) {
	out := make(map[string]string, len(companyIDs))
	if len(companyIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		CompanyID string `bun:"company_id"`
		Version   string `bun:"version"`
	}
	err := db.NewRaw(`SELECT t.company_id, t.xmin::text || '/' ||
		COALESCE((SELECT string_agg(s.xmin::text, ',' ORDER BY s.slot) FROM token_supply_slices AS s WHERE s.token_id = t.id), '') || '/' ||
		COALESCE((SELECT string_agg(r.id::text || '@' || r.xmin::text, ',' ORDER BY r.position) FROM token_rounds AS r WHERE r.token_id = t.id), '') AS version
		FROM tokens AS t WHERE t.company_id IN (?)`, bun.List(companyIDs)).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("token versions: %w", err)
	}
	for _, row := range rows {
		out[row.CompanyID] = row.Version
	}
	return out, nil
}
