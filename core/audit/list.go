package audit

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/apperr"
	"prelaunch/core/fields"
	"prelaunch/core/pagination"
)

// Actions are the action names written today, for the activity filter. A new audited action
// belongs here too.
var Actions = []string{
	"admin.2fa.disable", "admin.2fa.enable", "admin.2fa.reset",
	"beneficiary.update",
	"company.create", "company.update",
	"kyc.approve", "kyc.reject",
	"purchase.approve", "purchase.refund", "purchase.reject",
	"reconcile.import",
	"token.update",
	"user.approve", "user.create", "user.delete", "user.update",
}

// Service reads the log (DESIGN §13 "Activity").
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

// Target is what the action was done to.
type Target struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// Record is one line of the activity list.
type Record struct {
	ID        int64           `json:"id"`
	At        time.Time       `json:"at"`
	CompanyID *string         `json:"companyId"`
	Actor     ActorView       `json:"actor"`
	Action    string          `json:"action"`
	Target    Target          `json:"target"`
	Before    json.RawMessage `json:"before"`
	After     json.RawMessage `json:"after"`
	IP        string          `json:"ip"`
}

type row struct {
	ID         int64           `bun:"id"`
	CreatedAt  time.Time       `bun:"created_at"`
	CompanyID  *string         `bun:"company_id"`
	ActorID    *string         `bun:"actor_id"`
	ActorKind  string          `bun:"actor_kind"`
	Action     string          `bun:"action"`
	TargetType string          `bun:"target_type"`
	TargetID   string          `bun:"target_id"`
	Before     json.RawMessage `bun:"before"`
	After      json.RawMessage `bun:"after"`
	IP         string          `bun:"ip"`
	ActorName  string          `bun:"actor_name"`
	ActorEmail string          `bun:"actor_email"`
}

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
		Join("LEFT JOIN super_admins AS sa ON al.actor_kind = 'superadmin' AND sa.id = al.actor_id")).
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
		out[i] = Record{ID: r.ID, At: r.CreatedAt, CompanyID: r.CompanyID,
			Actor:  ActorView{ID: r.ActorID, Name: name, Email: r.ActorEmail, Role: roles[r.ActorKind]},
			Action: r.Action, Target: Target{Type: r.TargetType, ID: r.TargetID},
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
