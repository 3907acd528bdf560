package purchase

import (
	"context"
	"strings"

	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pagination"
)

// BulkInput is the body of POST /admin/transaction/bulk: the purchases, approve or reject, and
// for a rejection one optional reason for all of them.
type BulkInput struct {
	IDs    []string `json:"ids"`
	Action string   `json:"action"`
	Reason string   `json:"reason"`
}

// BulkRow is one purchase's outcome: ok with its new status, or the message the single call
// would have answered (409 "already processed" when another admin decided it first, 404 ...).
type BulkRow struct {
	ID          string          `json:"id"`
	OrderNumber string          `json:"orderNumber"`
	OK          bool            `json:"ok"`
	Status      string          `json:"status,omitempty"`
	FinalAmount decimal.Decimal `json:"finalAmount"`
	Quantity    decimal.Decimal `json:"quantity"`
	Message     string          `json:"message,omitempty"`
}

// BulkResult is the answer: every row in the order asked, and the totals of those decided.
type BulkResult struct {
	Results     []BulkRow       `json:"results"`
	Decided     int             `json:"decided"`
	Failed      int             `json:"failed"`
	TotalAmount decimal.Decimal `json:"totalAmount"`
	TotalTokens decimal.Decimal `json:"totalTokens"`
}

// Bulk approves or rejects several PENDING purchases of the company. Each row goes through the
// very transition a single Approve or Reject makes (decide: one conditional UPDATE in its own
// transaction, the credit, the referral reward, the release, the audit row and the email), so a
// row another admin decided meanwhile — a second bulk call over an overlapping selection, say —
// fails with the same 409 a second click would and is never credited twice. A row's failure
// does not stop the others.
func (s *Service) Bulk(ctx context.Context, actor audit.Actor, companyID string, in BulkInput) (*BulkResult, error) {
	action := strings.ToLower(strings.TrimSpace(in.Action))
	if action != "approve" && action != "reject" {
		return nil, apperr.Invalid("bad_action", "action must be approve or reject.")
	}
	ids, err := pagination.Selected(in.IDs)
	if err != nil {
		return nil, err
	}
	if action == "reject" {
		if err := checkRejectReason(strings.TrimSpace(in.Reason)); err != nil {
			return nil, err
		}
	}
	res := &BulkResult{Results: make([]BulkRow, 0, len(ids)), TotalAmount: decimal.Zero, TotalTokens: decimal.Zero}
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var dec *ReviewDecision
		var err error
		if action == "approve" {
			dec, err = s.Approve(ctx, actor, companyID, id)
		} else {
			dec, err = s.Reject(ctx, actor, companyID, id, in.Reason)
		}
		row := BulkRow{ID: id, FinalAmount: decimal.Zero, Quantity: decimal.Zero}
		if err != nil {
			e, ok := apperr.As(err)
			if !ok || e.Kind.Status() >= 500 {
				return nil, err
			}
			row.Message = e.Message
			res.Failed++
		} else {
			p := dec.Purchase
			row.OK, row.Status, row.OrderNumber, row.FinalAmount, row.Quantity = true, p.Status, p.OrderNumber, p.FinalAmount, p.Quantity
			res.Decided++
			res.TotalAmount = res.TotalAmount.Add(p.FinalAmount)
			res.TotalTokens = res.TotalTokens.Add(p.Quantity)
		}
		res.Results = append(res.Results, row)
	}
	return res, nil
}
