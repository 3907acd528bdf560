// Package audit records every admin mutation: who, what, before, after, when and from where.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

type Entry struct {
	bun.BaseModel `bun:"table:audit_log,alias:al"`

	ID         int64           `bun:"id,pk,autoincrement"`
	CompanyID  *string         `bun:"company_id,type:uuid"`
	ActorID    *string         `bun:"actor_id,type:uuid"`
	ActorKind  string          `bun:"actor_kind,notnull"`
	Action     string          `bun:"action,notnull"`
	TargetType string          `bun:"target_type,notnull"`
	TargetID   string          `bun:"target_id,notnull"`
	Before     json.RawMessage `bun:"before,type:jsonb"`
	After      json.RawMessage `bun:"after,type:jsonb"`
	IP         string          `bun:"ip,notnull"`
	CreatedAt  time.Time       `bun:"created_at,notnull,default:current_timestamp"`
}

// Actor is who did something, as the BFF knows it from the token and the request.
type Actor struct {
	ID        string
	Kind      string // user | admin | superadmin | system
	CompanyID string // empty for the super admin
	IP        string
}

// Write appends one row; call it inside the mutation's transaction so both land or neither does.
func Write(ctx context.Context, db bun.IDB, a Actor, action, targetType, targetID string, before, after any) error {
	e := &Entry{ActorKind: a.Kind, Action: action, TargetType: targetType, TargetID: targetID, IP: a.IP}
	if a.ID != "" {
		e.ActorID = &a.ID
	}
	if a.CompanyID != "" {
		e.CompanyID = &a.CompanyID
	}
	var err error
	if e.Before, err = toJSON(before); err != nil {
		return err
	}
	if e.After, err = toJSON(after); err != nil {
		return err
	}
	if _, err := db.NewInsert().Model(e).Exec(ctx); err != nil {
		return fmt.Errorf("audit insert: %w", err)
	}
	return nil
}

func toJSON(v any) (json.RawMessage, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("audit marshal: %w", err)
	}
	return b, nil
}
