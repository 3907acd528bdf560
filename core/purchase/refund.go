package purchase

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/mail"
	"prelaunch/core/infra/pgerr"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/invoice"
	"prelaunch/core/sale"
)

// MaxRefundReference is the longest refund reference, in characters.
const MaxRefundReference = 100

func errNotRefundable() error {
	return apperr.Conflict("not_refundable", "Only a rejected purchase can be refunded.")
}

type refundAudit struct {
	Status          string `json:"status"`
	RefundReference string `json:"refundReference,omitempty"`
	CreditNote      string `json:"creditNote,omitempty"`
}

// Refund records that the payment of a REJECTED purchase of the company went back to the buyer:
// REJECTED -> REFUNDED in one conditional update, with the bank's reference of the
// refund, audited; the buyer is emailed after commit. The supply is untouched: it went back at
// the rejection. A REFUNDED purchase holds its payment's claim again (one payment, one claim), so
// a rejected payment claimed since by another purchase cannot be marked refunded (409).
func (s *Service) Refund(ctx context.Context, actor audit.Actor, companyID, id, refundReference string) (*Purchase, error) {
	id = strings.TrimSpace(id)
	ref := strings.TrimSpace(refundReference)
	var v apperr.Validation
	v.Check(id != "", "id is required.")
	v.Check(ref != "", "refundReference is required.")
	v.Check(utf8.RuneCountInString(ref) <= MaxRefundReference, fmt.Sprintf("The refund reference must be at most %d characters.", MaxRefundReference))
	v.Check(fields.OneLine(ref), "The refund reference must be one line, without control characters.")
	if err := v.Err(); err != nil {
		return nil, err
	}
	if !fields.UUID(id) {
		return nil, errPurchaseNotFound()
	}
	var p Purchase
	var n Notice
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		q := tx.NewUpdate().Model(&p).
			Set("status = ?", StatusRefunded).Set("refund_reference = ?", ref).
			Set("refunded_at = now()").Set("updated_at = now()").
			Where("id = ?", id).Where("company_id = ?", companyID).Where("status = ?", StatusRejected).
			Returning("*")
		if actor.ID != "" {
			q = q.Set("refunded_by = ?", actor.ID)
		}
		err := q.Scan(ctx)
		switch {
		case pgerr.IsUnique(err, "purchases_company_ref_claim_key"):
			return apperr.Conflict("claimed_again", "This UTR / transaction number has been claimed again by another purchase; decide that one first.")
		case pgerr.IsUnique(err, "purchases_receipt_claim_key"), pgerr.IsUnique(err, "purchases_receipt_content_claim_key"):
			return apperr.Conflict("claimed_again", "This transaction file has been attached to another purchase since; decide that one first.")
		case errors.Is(err, sql.ErrNoRows):
			if _, err := statusOf(ctx, tx, companyID, id); err != nil {
				return err
			}
			return errNotRefundable()
		case err != nil:
			return fmt.Errorf("refund purchase: %w", err)
		}
		if err := tx.NewSelect().TableExpr("purchases AS p").ColumnExpr("p.user_id, p.company_id").
			Where("p.id = ?", p.ID).Scan(ctx, &n); err != nil {
			return fmt.Errorf("load buyer: %w", err)
		}
		ns, err := withSenders(ctx, tx, []Notice{n})
		if err != nil {
			return fmt.Errorf("load buyer: %w", err)
		}
		if len(ns) != 1 {
			return fmt.Errorf("load buyer: %w", sql.ErrNoRows)
		}
		n = ns[0]
		// An invoiced purchase gets its credit note in the same transaction. Only a REJECTED
		// purchase is refunded today and it never had an invoice, so this issues nothing until
		// a refund of an approved purchase exists.
		cn, err := invoice.CreditNote(ctx, tx, s.Clock.Now(), p.ID)
		if err != nil {
			return err
		}
		after := refundAudit{Status: StatusRefunded, RefundReference: ref}
		if cn != nil {
			after.CreditNote = cn.Number
		}
		return audit.Write(ctx, tx, actor, "purchase.refund", "purchase", p.ID, refundAudit{Status: StatusRejected}, after)
	})
	if err != nil {
		return nil, err
	}
	n.PurchaseID, n.OrderNumber, n.Reference, n.Amount, n.RefundReference =
		p.ID, p.OrderNumber, deref(p.ReferenceNumber), p.FinalAmount, ref
	if err := s.sendRefundNotice(ctx, n); err != nil {
		// The refund stands; the worker's sweep queues the email later (SendPendingNotices).
		s.logError("refund mail not queued; the sweep will retry", "purchase", p.ID, "err", err)
	}
	return &p, nil
}

// sendRefundNotice queues the refund email (once: its task id names the purchase) and records that
// it was queued. A deleted buyer gets no mail, but the notice is settled.
func (s *Service) sendRefundNotice(ctx context.Context, n Notice) error {
	if !n.Deleted && n.Email != "" {
		msg := mail.RefundMessage(n.Email, n.Name, s.from(n), n.OrderNumber, n.Reference, sale.Rupees(n.Amount), n.RefundReference)
		if err := s.queueMail(ctx, msg, "refund:"+n.PurchaseID); err != nil {
			return fmt.Errorf("queue refund mail: %w", err)
		}
	}
	_, err := s.DB.NewUpdate().Table("purchases").Set("refund_notified_at = now()").
		Where("id = ?", n.PurchaseID).Where("refund_notified_at IS NULL").Exec(ctx)
	return err
}

// queueMail queues an email once under taskID (a second try with the same id counts as sent).
func (s *Service) queueMail(ctx context.Context, msg tasks.EmailSendPayload, taskID string) error {
	task, err := tasks.NewEmailSendTask(msg)
	if err != nil {
		return err
	}
	_, err = s.Tasks.EnqueueContext(ctx, task, asynq.TaskID(taskID), asynq.Retention(24*time.Hour))
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return err
	}
	return nil
}
