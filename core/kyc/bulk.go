package kyc

import (
	"context"
	"strings"

	"prelaunch/core/audit"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pagination"
)

// BulkInput is the body of POST /admin/kyc/bulk: the buyers, approve or reject, and for a
// rejection the one reason (required) all of them are sent.
type BulkInput struct {
	UserIDs []string `json:"userIds"`
	Action  string   `json:"action"`
	Reason  string   `json:"reason"`
}

// BulkRow is one buyer's outcome: ok with the new status, or the single call's message.
type BulkRow struct {
	UserID  string `json:"userId"`
	Name    string `json:"name,omitempty"`
	OK      bool   `json:"ok"`
	Status  string `json:"status,omitempty"`
	Message string `json:"message,omitempty"`
}

// BulkResult is every row in the order asked and how many were decided.
type BulkResult struct {
	Results []BulkRow `json:"results"`
	Decided int       `json:"decided"`
	Failed  int       `json:"failed"`
}

// Bulk approves or rejects several buyers' PENDING submissions. Each row is the single call's
// decision (its own transaction: the buyer locked, one conditional UPDATE, the audit row, the
// email), so a row another admin decided meanwhile fails with the single call's 409 and the
// others go on. A refused reason (empty, several lines, too long) refuses the whole call.
func (s *Service) Bulk(ctx context.Context, actor audit.Actor, companyID string, in BulkInput) (*BulkResult, error) {
	action := strings.ToLower(strings.TrimSpace(in.Action))
	if action != "approve" && action != "reject" {
		return nil, apperr.Invalid("bad_action", "action must be approve or reject.")
	}
	ids, err := pagination.Selected(in.UserIDs)
	if err != nil {
		return nil, err
	}
	res := &BulkResult{Results: make([]BulkRow, 0, len(ids))}
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var rec *AdminRecord
		if action == "approve" {
			rec, err = s.Approve(ctx, actor, companyID, id)
		} else {
			rec, err = s.Reject(ctx, actor, companyID, id, in.Reason)
		}
		row := BulkRow{UserID: id}
		if err != nil {
			e, ok := apperr.As(err)
			if !ok || e.Kind.Status() >= 500 || (e.Kind == apperr.KindInvalid && len(res.Results) == 0) {
				return nil, err
			}
			row.Message = e.Message
			if len(e.Messages) > 0 {
				row.Message = strings.Join(e.Messages, " ")
			}
			res.Failed++
		} else {
			row.OK, row.Status, row.Name = true, rec.Status, rec.Name
			res.Decided++
		}
		res.Results = append(res.Results, row)
	}
	return res, nil
}
