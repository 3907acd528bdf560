package readmodel

import (
	"context"
	"strings"

	"prelaunch/core/company"
	"prelaunch/core/infra/pagination"
)

// A company as the super admin's Company Manage table and detail show it: the company, its
// domains, its token's name and symbol and its figures (the trigger-kept company_stat_deltas,
// core/stats).
const companyColumns = `SELECT c.id, c.name AS company_name, c.email, c.mobile, c.aadhaar_last4, c.pan, c.address, c.pincode,
		COALESCE(t.name, '') AS token_name, COALESCE(t.symbol, '') AS token_symbol, c.status, c.suspension_reason, c.require_2fa,
		ARRAY(SELECT d.host FROM company_domains AS d WHERE d.company_id = c.id ORDER BY d.position) AS domains,
		f.buyers AS fig_buyers, f.approved_amount AS fig_approved_amount, f.tokens_sold AS fig_tokens_sold, c.created_at`

const companyFrom = ` FROM companies AS c LEFT JOIN tokens AS t ON t.company_id = c.id
	LEFT JOIN LATERAL (SELECT COALESCE(sum(s.users_total), 0) AS buyers, COALESCE(sum(s.approved_amount), 0) AS approved_amount,
		COALESCE(sum(s.approved_quantity), 0) AS tokens_sold FROM company_stat_deltas AS s WHERE s.company_id = c.id) AS f ON true`

// Companies is superadmin company/list: companies newest first, searched over name, email and
// mobile (trigram-indexed companies.search_text), the token's name and symbol and the domains,
// filtered by status.
func (s *Service) Companies(ctx context.Context, page, limit, search, status string) (pagination.List[company.ListRecord], error) {
	var empty pagination.List[company.ListRecord]
	pg, err := pagination.Parse(page, limit, pagination.DefaultLimit)
	if err != nil {
		return empty, err
	}
	var conds []string
	var args []any
	if term := pagination.SearchPattern(search); term != "" {
		conds = append(conds, `(c.search_text LIKE ? OR lower(t.name) LIKE ? OR lower(t.symbol) LIKE ?
			OR EXISTS (SELECT 1 FROM company_domains AS d WHERE d.company_id = c.id AND d.host LIKE ?))`)
		args = append(args, term, term, term, term)
	}
	if status = strings.ToUpper(strings.TrimSpace(status)); status != "" {
		if status != company.StatusActive && status != company.StatusSuspended {
			return empty, company.ErrBadStatus
		}
		conds = append(conds, "c.status = ?")
		args = append(args, status)
	}
	where := ""
	if len(conds) > 0 {
		where = " WHERE " + strings.Join(conds, " AND ")
	}
	var total int
	if err := s.DB.NewRaw(`SELECT count(*) FROM companies AS c LEFT JOIN tokens AS t ON t.company_id = c.id`+where, args...).
		Scan(ctx, &total); err != nil {
		return empty, err
	}
	recs := []company.ListRecord{}
	q := companyColumns + companyFrom + where + ` ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`
	if err := s.DB.NewRaw(q, append(args, pg.Limit, pg.Offset())...).Scan(ctx, &recs); err != nil {
		return empty, err
	}
	for i := range recs {
		recs[i].Finish(s.Links)
	}
	return pagination.NewList(recs, total, pg), nil
}

// Company reads one company (id a uuid) as Companies lists it; nil when there is none.
// company.Service.Get (company/get) adds what a suspension would touch.
func (s *Service) Company(ctx context.Context, id string) (*company.ListRecord, error) {
	var recs []company.ListRecord
	if err := s.DB.NewRaw(companyColumns+companyFrom+` WHERE c.id = ?`, id).Scan(ctx, &recs); err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, nil
	}
	recs[0].Finish(s.Links)
	return &recs[0], nil
}
