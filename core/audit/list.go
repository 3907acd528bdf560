package audit

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pagination"
)

// Actions are the action names written today, for the activity filter. A new audited action
// belongs here too.
var Actions = []string{
	"admin.2fa.disable", "admin.2fa.enable", "admin.2fa.reset",
	"beneficiary.update",
	"company.create", "company.update",
	"distribution.update",
	"kyc.approve", "kyc.reject",
	"purchase.approve", "purchase.refund", "purchase.reject",
	"reconcile.import",
	"token.update",
	"user.approve", "user.create", "user.delete", "user.update",
}

// Service reads the log.
type Service struct{ DB *bun.DB }

// Filter is the activity list's query. CompanyID is the admin's company, or the super admin's
// companyId; AnyCompany (super admin only, no companyId) lists every company's records.
type Filter struct {
	Page, Limit, Action, ActorID, From, To string
	CompanyID                              string
	AnyCompany                             bool
}

// ActorView is who acted, as the screens show them.
type ActorView struct {
	ID    *string `json:"id"`
	Name  string  `json:"name"`
	Email string  `json:"email"`
	Role  string  `json:"role"`
}

// Target is what the action was done to, with what names it today: an order number, a person's
// name, a company's name, a token's symbol, a statement's file (Name); a person's email or a
// purchase's buyer, "Name · email" (Detail). Both are empty when the target is gone.
type Target struct {
	Type   string `json:"type"`
	ID     string `json:"id"`
	Name   string `json:"name"`
	Detail string `json:"detail"`
}

// Record is one line of the activity list.
type Record struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	CompanyID *string   `json:"companyId"`
	// CompanyName names CompanyID (null with it).
	CompanyName *string         `json:"companyName"`
	Actor       ActorView       `json:"actor"`
	Action      string          `json:"action"`
	Target      Target          `json:"target"`
	Before      json.RawMessage `json:"before"`
	After       json.RawMessage `json:"after"`
	IP          string          `json:"ip"`
}

type row struct {
	ID           int64           `bun:"id"`
	CreatedAt    time.Time       `bun:"created_at"`
	CompanyID    *string         `bun:"company_id"`
	ActorID      *string         `bun:"actor_id"`
	ActorKind    string          `bun:"actor_kind"`
	Action       string          `bun:"action"`
	TargetType   string          `bun:"target_type"`
	TargetID     string          `bun:"target_id"`
	Before       json.RawMessage `bun:"before"`
	After        json.RawMessage `bun:"after"`
	IP           string          `bun:"ip"`
	ActorName    string          `bun:"actor_name"`
	ActorEmail   string          `bun:"actor_email"`
	TargetName   string          `bun:"target_name"`
	TargetDetail string          `bun:"target_detail"`
	CompanyName  *string         `bun:"company_name"`
}

// targetNames names each record's target from its own table; the CASE keeps the uuid cast to the
// rows of that type, so each lookup is one primary-key read.
const targetNames = `LEFT JOIN LATERAL (
	SELECT tu.name, tu.email FROM users AS tu
	WHERE al.target_type = 'user' AND tu.id = CASE WHEN al.target_type = 'user' THEN al.target_id::uuid END) AS t_user ON true
LEFT JOIN LATERAL (
	SELECT tp.order_number, pu.name, pu.email FROM purchases AS tp JOIN users AS pu ON pu.id = tp.user_id
	WHERE al.target_type = 'purchase' AND tp.id = CASE WHEN al.target_type = 'purchase' THEN al.target_id::uuid END) AS t_purchase ON true
LEFT JOIN LATERAL (
	SELECT tc.name FROM companies AS tc
	WHERE al.target_type = 'company' AND tc.id = CASE WHEN al.target_type = 'company' THEN al.target_id::uuid END) AS t_company ON true
LEFT JOIN LATERAL (
	SELECT tt.symbol FROM tokens AS tt
	WHERE al.target_type = 'token' AND tt.id = CASE WHEN al.target_type = 'token' THEN al.target_id::uuid END) AS t_token ON true
LEFT JOIN LATERAL (
	SELECT bc.name FROM beneficiaries AS tb JOIN companies AS bc ON bc.id = tb.company_id
	WHERE al.target_type = 'beneficiary' AND tb.id = CASE WHEN al.target_type = 'beneficiary' THEN al.target_id::uuid END) AS t_benef ON true
LEFT JOIN LATERAL (
	SELECT ti.file_name FROM reconcile_imports AS ti
	WHERE al.target_type = 'reconcile_import' AND ti.id = CASE WHEN al.target_type = 'reconcile_import' THEN al.target_id::uuid END) AS t_import ON true
LEFT JOIN companies AS rc ON rc.id = COALESCE(al.company_id, CASE WHEN al.target_type = 'company' THEN al.target_id::uuid END)`

const targetColumns = `COALESCE(t_user.name, t_purchase.order_number, t_company.name, t_token.symbol, t_benef.name, t_import.file_name, '') AS target_name,
	COALESCE(t_user.email, CASE WHEN t_purchase.name IS NOT NULL THEN t_purchase.name || ' · ' || t_purchase.email END, '') AS target_detail,
	rc.name AS company_name`

var roles = map[string]string{"admin": "ADMIN", "user": "USER", "superadmin": "SUPERADMIN", "system": "SYSTEM"}

// List answers the log newest first, filtered.
func (s *Service) List(ctx context.Context, f Filter) (pagination.List[Record], error) {
	var none pagination.List[Record]
	page, err := pagination.Parse(f.Page, f.Limit, 0)
	if err != nil {
		return none, err
	}
	action := strings.TrimSpace(f.Action)
	actor := strings.TrimSpace(f.ActorID)
	company := strings.TrimSpace(f.CompanyID)
	var v apperr.Validation
	v.Check(len(action) <= 64, "action must be at most 64 characters.")
	v.Check(actor == "" || fields.UUID(actor), "actorId must be a valid id.")
	v.Check(f.AnyCompany || fields.UUID(company), "companyId must be a valid id.")
	from, to, problems := fields.DayRange(f.From, f.To)
	for _, p := range problems {
		v.Add(p)
	}
	if err := v.Err(); err != nil {
		return none, err
	}
	where := func(q *bun.SelectQuery) *bun.SelectQuery {
		if !f.AnyCompany {
			// A company's own records, and the super admin's on the company itself.
			q = q.WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
				return q.Where("al.company_id = ?", company).
					WhereOr("al.company_id IS NULL AND al.target_type = 'company' AND al.target_id = ?", company)
			})
		}
		if action != "" {
			q = q.Where("al.action = ?", action)
		}
		if actor != "" {
			q = q.Where("al.actor_id = ?", actor)
		}
		if !from.IsZero() {
			q = q.Where("al.created_at >= ?", from)
		}
		if !to.IsZero() {
			q = q.Where("al.created_at < ?", to)
		}
		return q
	}
	total, err := where(s.DB.NewSelect().TableExpr("audit_log AS al")).Count(ctx)
	if err != nil {
		return none, err
	}
	var rows []row
	err = where(s.DB.NewSelect().TableExpr("audit_log AS al").
		ColumnExpr("al.id, al.created_at, COALESCE(al.company_id::text, CASE WHEN al.target_type = 'company' THEN al.target_id END) AS company_id, al.actor_id, al.actor_kind, al.action, al.target_type, al.target_id, al.before, al.after, al.ip").
		ColumnExpr("COALESCE(u.name, sa.name, '') AS actor_name, COALESCE(u.email, sa.email, '') AS actor_email").
		Join("LEFT JOIN users AS u ON al.actor_kind IN ('admin', 'user') AND u.id = al.actor_id").
		Join("LEFT JOIN super_admins AS sa ON al.actor_kind = 'superadmin' AND sa.id = al.actor_id").
		ColumnExpr(targetColumns).Join(targetNames)).
		OrderExpr("al.created_at DESC, al.id DESC").Limit(int64(page.Limit)).Offset(int64(page.Offset())).Scan(ctx, &rows)
	if err != nil {
		return none, err
	}
	out := make([]Record, len(rows))
	for i, r := range rows {
		name := r.ActorName
		if r.ActorKind == "system" && name == "" {
			name = "System"
		}
		out[i] = Record{ID: r.ID, At: r.CreatedAt, CompanyID: r.CompanyID, CompanyName: r.CompanyName,
			Actor:  ActorView{ID: r.ActorID, Name: name, Email: r.ActorEmail, Role: roles[r.ActorKind]},
			Action: r.Action, Target: Target{Type: r.TargetType, ID: r.TargetID, Name: r.TargetName, Detail: r.TargetDetail},
			Before: orNull(r.Before), After: orNull(r.After), IP: r.IP}
	}
	return pagination.NewList(out, int(total), page), nil
}

func orNull(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return b
}
