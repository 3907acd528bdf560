package readmodel

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/pagination"
)

// ActivityFilter is the activity list's query. CompanyID is the admin's company, or the super admin's
// companyId; AnyCompany (super admin only, no companyId) lists every company's records.
type ActivityFilter struct {
	Page, Limit, Action, ActorID, From, To string
	CompanyID                              string
	AnyCompany                             bool
}

// ActivityActor is who acted, as the screens show them.
type ActivityActor struct {
	ID    *string `json:"id"`
	Name  string  `json:"name"`
	Email string  `json:"email"`
	Role  string  `json:"role"`
}

// ActivityTarget is what the action was done to, with what names it today: an order number, a person's
// name, a company's name, a token's symbol, a statement's file (Name); a person's email or a
// purchase's buyer, "Name · email" (Detail). Both are empty when the target is gone.
type ActivityTarget struct {
	Type   string `json:"type"`
	ID     string `json:"id"`
	Name   string `json:"name"`
	Detail string `json:"detail"`
}

// ActivityRecord is one line of the activity list.
type ActivityRecord struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	CompanyID *string   `json:"companyId"`
	// CompanyName names CompanyID (null with it).
	CompanyName *string         `json:"companyName"`
	Actor       ActivityActor   `json:"actor"`
	Action      string          `json:"action"`
	Target      ActivityTarget  `json:"target"`
	Before      json.RawMessage `json:"before"`
	After       json.RawMessage `json:"after"`
	IP          string          `json:"ip"`
}

type activityRow struct {
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

// names names each record's actor, target and company from their own tables, as scalar
// subqueries: each CASE branch runs only for records of its kind (so the uuid cast meets only
// ids of that kind), and each lookup is one primary-key read. As ten joins (seven of them
// LATERAL) planning the page took 2 ms, three times its run (docs/performance.md).
const names = `COALESCE(CASE WHEN al.actor_kind IN ('admin', 'user') THEN (SELECT u.name FROM users AS u WHERE u.id = al.actor_id)
		WHEN al.actor_kind = 'superadmin' THEN (SELECT sa.name FROM super_admins AS sa WHERE sa.id = al.actor_id) END, '') AS actor_name,
	COALESCE(CASE WHEN al.actor_kind IN ('admin', 'user') THEN (SELECT u.email FROM users AS u WHERE u.id = al.actor_id)
		WHEN al.actor_kind = 'superadmin' THEN (SELECT sa.email FROM super_admins AS sa WHERE sa.id = al.actor_id) END, '') AS actor_email,
	COALESCE(CASE al.target_type
		WHEN 'user' THEN (SELECT tu.name FROM users AS tu WHERE tu.id = al.target_id::uuid)
		WHEN 'purchase' THEN (SELECT tp.order_number FROM purchases AS tp WHERE tp.id = al.target_id::uuid)
		WHEN 'company' THEN (SELECT tc.name FROM companies AS tc WHERE tc.id = al.target_id::uuid)
		WHEN 'token' THEN (SELECT tt.symbol FROM tokens AS tt WHERE tt.id = al.target_id::uuid)
		WHEN 'beneficiary' THEN (SELECT bc.name FROM beneficiaries AS tb JOIN companies AS bc ON bc.id = tb.company_id WHERE tb.id = al.target_id::uuid)
		WHEN 'reconcile_import' THEN (SELECT ti.file_name FROM reconcile_imports AS ti WHERE ti.id = al.target_id::uuid) END, '') AS target_name,
	COALESCE(CASE al.target_type
		WHEN 'user' THEN (SELECT tu.email FROM users AS tu WHERE tu.id = al.target_id::uuid)
		WHEN 'purchase' THEN (SELECT pu.name || ' · ' || pu.email FROM purchases AS tp JOIN users AS pu ON pu.id = tp.user_id
			WHERE tp.id = al.target_id::uuid) END, '') AS target_detail,
	(SELECT rc.name FROM companies AS rc WHERE rc.id = COALESCE(al.company_id, CASE WHEN al.target_type = 'company' THEN al.target_id::uuid END)) AS company_name`

// activityColumns are a page's columns of audit_log (al), beside the names.
const activityColumns = "al.id, al.created_at, COALESCE(al.company_id::text, CASE WHEN al.target_type = 'company' THEN al.target_id END) AS company_id, " +
	"al.actor_id, al.actor_kind, al.action, al.target_type, al.target_id, al.before, al.after, al.ip"

// activityPageSQL is one page of a company's list without a filter, newest first: its own
// records ($1) and the super admin's on the company itself ($2, the same id as text), each
// branch's first $3 (offset + limit) records on its own index, the page ($4 limit, $5 offset)
// cut from both before the names are looked up. Columns are named, never al.*: a column added
// by a migration must not change a prepared statement's result under a running server.
const activityPageSQL = "SELECT " + activityColumns + ", " + names + " FROM (SELECT * FROM (" +
	"(SELECT " + activityRaw + " FROM audit_log AS al WHERE al.company_id = $1 ORDER BY al.created_at DESC, al.id DESC LIMIT $3) UNION ALL " +
	"(SELECT " + activityRaw + " FROM audit_log AS al WHERE al.company_id IS NULL AND al.target_type = 'company' AND al.target_id = $2 " +
	"ORDER BY al.created_at DESC, al.id DESC LIMIT $3)) AS al ORDER BY al.created_at DESC, al.id DESC LIMIT $4 OFFSET $5) AS al " +
	"ORDER BY al.created_at DESC, al.id DESC"

// activityRaw are the columns of audit_log a page reads.
const activityRaw = "al.id, al.created_at, al.company_id, al.actor_id, al.actor_kind, al.action, al.target_type, al.target_id, al.before, al.after, al.ip"

var activityRoles = map[string]string{"admin": "ADMIN", "user": "USER", "superadmin": "SUPERADMIN", "system": "SYSTEM"}

// Activity is admin and superadmin audit/list: the log (core/audit) newest first, filtered, each
// record with who acted and what its target is called today.
func (s *Service) Activity(ctx context.Context, f ActivityFilter) (pagination.List[ActivityRecord], error) {
	var none pagination.List[ActivityRecord]
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
	// A company's list is its own records and the super admin's on the company itself (company_id
	// NULL, target the company): two disjoint branches, each read and counted on its own index
	// (migration 20261640000200). As one OR no index could order them, so each page sorted the
	// company's million records (docs/performance.md).
	own := func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("al.company_id = ?", company) }
	onCompany := func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("al.company_id IS NULL AND al.target_type = 'company' AND al.target_id = ?", company)
	}
	filter := func(q *bun.SelectQuery) *bun.SelectQuery {
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
	const newest = "al.created_at DESC, al.id DESC"
	var total int64
	// source is the records the page is cut from: the whole log for every company, else each
	// branch's first Offset+Limit records, newest first.
	var source *bun.SelectQuery
	// Without a filter the total is the count the triggers keep per branch (audit.Counted: a read
	// of a few rows; counting a company's million records took 151 ms a page). A filtered list
	// counts what it matches.
	filtered := action != "" || actor != "" || !from.IsZero() || !to.IsZero()
	if !filtered {
		scope := company
		if f.AnyCompany {
			scope = ""
		}
		if total, err = audit.Counted(ctx, s.DB, scope); err != nil {
			return none, err
		}
	}
	if !filtered && !f.AnyCompany {
		// A company's list without a filter, the one every admin opens, as a prepared
		// statement: planning the names' subqueries cost Postgres about twelve times running
		// them (pgbench, 8 clients: 370–420 pages/s planned each time, 5,100–5,700 prepared;
		// docs/performance.md).
		var rows []activityRow
		if err := s.stmts.Scan(ctx, s.DB, &rows, activityPageSQL, company, company,
			page.Offset()+page.Limit, page.Limit, page.Offset()); err != nil {
			return none, err
		}
		return pagination.NewList(activityRecords(rows), int(total), page), nil
	}
	if f.AnyCompany {
		if filtered {
			n, err := filter(s.DB.NewSelect().TableExpr("audit_log AS al")).Count(ctx)
			if err != nil {
				return none, err
			}
			total = int64(n)
		}
	} else {
		branch := func(b func(*bun.SelectQuery) *bun.SelectQuery) *bun.SelectQuery {
			return filter(b(s.DB.NewSelect().TableExpr("audit_log AS al")))
		}
		if filtered {
			if err := s.DB.NewSelect().ColumnExpr("(?) + (?)", branch(own).ColumnExpr("count(*)"), branch(onCompany).ColumnExpr("count(*)")).
				Scan(ctx, &total); err != nil {
				return none, err
			}
		}
		end := int64(page.Offset() + page.Limit)
		both := branch(own).ColumnExpr("al.*").OrderExpr(newest).Limit(end).
			UnionAll(branch(onCompany).ColumnExpr("al.*").OrderExpr(newest).Limit(end))
		// The page is cut before the names are looked up, so only its records are joined.
		source = s.DB.NewSelect().ColumnExpr("*").TableExpr("(?) AS al", both).
			OrderExpr(newest).Limit(int64(page.Limit)).Offset(int64(page.Offset()))
	}
	q := s.DB.NewSelect().OrderExpr(newest)
	if source != nil {
		q = q.TableExpr("(?) AS al", source)
	} else {
		q = filter(q.TableExpr("audit_log AS al")).Limit(int64(page.Limit)).Offset(int64(page.Offset()))
	}
	var rows []activityRow
	if err := q.ColumnExpr(activityColumns).ColumnExpr(names).Scan(ctx, &rows); err != nil {
		return none, err
	}
	return pagination.NewList(activityRecords(rows), int(total), page), nil
}

// activityRecords makes the rows of a page into the list's records.
func activityRecords(rows []activityRow) []ActivityRecord {
	out := make([]ActivityRecord, len(rows))
	for i, r := range rows {
		name := r.ActorName
		if r.ActorKind == "system" && name == "" {
			name = "System"
		}
		out[i] = ActivityRecord{ID: r.ID, At: r.CreatedAt, CompanyID: r.CompanyID, CompanyName: r.CompanyName,
			Actor:  ActivityActor{ID: r.ActorID, Name: name, Email: r.ActorEmail, Role: activityRoles[r.ActorKind]},
			Action: r.Action, Target: ActivityTarget{Type: r.TargetType, ID: r.TargetID, Name: r.TargetName, Detail: r.TargetDetail},
			Before: jsonOrNull(r.Before), After: jsonOrNull(r.After), IP: r.IP}
	}
	return out
}

func jsonOrNull(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return b
}
