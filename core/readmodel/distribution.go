package readmodel

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pagination"
)

// DistributionTransfer is one token transfer in the admin's list, with its buyer.
type DistributionTransfer struct {
	ID    string `json:"id"`
	RunID string `json:"runId"`
	User  struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Email string `json:"email"`
	} `json:"user"`
	Address       string    `json:"address"`
	Amount        string    `json:"amount"`
	TxHash        *string   `json:"txHash"`
	TxURL         *string   `json:"txUrl"`
	Status        string    `json:"status"`
	Confirmations int       `json:"confirmations"`
	Error         string    `json:"error"`
	RetryOf       *string   `json:"retryOf"`
	RetriedBy     *string   `json:"retriedBy"`
	CreatedAt     time.Time `json:"createdAt"`
	UpdatedAt     time.Time `json:"updatedAt"`
}

// DistributionList is a page of transfers and the counts by status of the filter's run.
type DistributionList struct {
	pagination.List[DistributionTransfer]
	Counts map[string]int `json:"counts"`
}

// DistributionFilter narrows the list: a run, a status.
type DistributionFilter struct {
	RunID, Status, Page, Limit string
}

var transferStatuses = map[string]bool{"": true, "QUEUED": true, "SENT": true, "CONFIRMED": true, "FAILED": true}

// DistributionTransfers lists a company's token transfers, newest first (core/delivery writes them).
func (s *Service) DistributionTransfers(ctx context.Context, companyID string, f DistributionFilter) (*DistributionList, error) {
	var v apperr.Validation
	v.CheckField(f.RunID == "" || fields.UUID(f.RunID), "runId", "runId is not a run's id.")
	v.CheckField(transferStatuses[f.Status], "status", "status must be QUEUED, SENT, CONFIRMED or FAILED.")
	if err := v.Err(); err != nil {
		return nil, err
	}
	p, err := pagination.Parse(f.Page, f.Limit, 20)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		ID            string    `bun:"id"`
		RunID         string    `bun:"run_id"`
		UserID        string    `bun:"user_id"`
		UserName      string    `bun:"user_name"`
		UserEmail     string    `bun:"user_email"`
		Address       string    `bun:"address"`
		Amount        string    `bun:"amount"`
		TxHash        *string   `bun:"tx_hash"`
		Status        string    `bun:"status"`
		Confirmations int       `bun:"confirmations"`
		Error         string    `bun:"error"`
		RetryOf       *string   `bun:"retry_of"`
		RetriedBy     *string   `bun:"retried_by"`
		CreatedAt     time.Time `bun:"created_at"`
		UpdatedAt     time.Time `bun:"updated_at"`
		Explorer      string    `bun:"explorer_url"`
		Total         int       `bun:"total_count"`
	}
	if err := s.DB.NewRaw(`SELECT t.id, t.run_id, t.user_id, u.name AS user_name, u.email AS user_email, t.address,
			t.amount::text AS amount, t.tx_hash, t.status, t.confirmations, t.error, t.retry_of,
			(SELECT r.id FROM distribution_transfers r WHERE r.retry_of = t.id) AS retried_by,
			t.created_at, t.updated_at, coalesce(ds.explorer_url, '') AS explorer_url, count(*) OVER () AS total_count
		FROM distribution_transfers t JOIN users u ON u.id = t.user_id
		LEFT JOIN distribution_settings ds ON ds.company_id = t.company_id
		WHERE t.company_id = ? AND (? = '' OR t.run_id::text = ?) AND (? = '' OR t.status = ?)
		ORDER BY t.created_at DESC, t.id DESC LIMIT ? OFFSET ?`,
		companyID, f.RunID, f.RunID, f.Status, f.Status, p.Limit, p.Offset()).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make([]DistributionTransfer, 0, len(rows))
	total := 0
	for _, r := range rows {
		t := DistributionTransfer{ID: r.ID, RunID: r.RunID, Address: r.Address, Amount: r.Amount, TxHash: r.TxHash,
			Status: r.Status, Confirmations: r.Confirmations, Error: r.Error, RetryOf: r.RetryOf, RetriedBy: r.RetriedBy,
			CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
		t.User.ID, t.User.Name, t.User.Email = r.UserID, r.UserName, r.UserEmail
		if r.TxHash != nil && *r.TxHash != "" && r.Explorer != "" {
			u := strings.TrimRight(r.Explorer, "/") + "/tx/" + *r.TxHash
			t.TxURL = &u
		}
		out = append(out, t)
		total = r.Total
	}
	if len(rows) == 0 && p.Page > 1 {
		if err := s.DB.NewRaw(`SELECT count(*) FROM distribution_transfers t WHERE t.company_id = ? AND (? = '' OR t.run_id::text = ?) AND (? = '' OR t.status = ?)`,
			companyID, f.RunID, f.RunID, f.Status, f.Status).Scan(ctx, &total); err != nil {
			return nil, err
		}
	}
	var counts []struct {
		Status string `bun:"status"`
		N      int    `bun:"n"`
	}
	if err := s.DB.NewRaw(`SELECT t.status, count(*) AS n FROM distribution_transfers t
		WHERE t.company_id = ? AND (? = '' OR t.run_id::text = ?) GROUP BY t.status`, companyID, f.RunID, f.RunID).Scan(ctx, &counts); err != nil {
		return nil, err
	}
	list := &DistributionList{List: pagination.NewList(out, total, p),
		Counts: map[string]int{"QUEUED": 0, "SENT": 0, "CONFIRMED": 0, "FAILED": 0}}
	for _, c := range counts {
		list.Counts[c.Status] = c.N
	}
	return list, nil
}

// DistributionPeople names a company's buyers for the distribution preview.
func (s *Service) DistributionPeople(ctx context.Context, companyID string, userIDs []string) (map[string]struct{ Name, Email string }, error) {
	var rows []struct {
		ID    string `bun:"id"`
		Name  string `bun:"name"`
		Email string `bun:"email"`
	}
	out := map[string]struct{ Name, Email string }{}
	if len(userIDs) == 0 {
		return out, nil
	}
	if err := s.DB.NewRaw(`SELECT id, name, email FROM users WHERE company_id = ? AND id::text IN (?)`, companyID, bun.List(userIDs)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = struct{ Name, Email string }{r.Name, r.Email}
	}
	return out, nil
}
