// Package superadmin holds the platform operators who sign in by emailed code only.
package superadmin

import (
	"time"

	"github.com/uptrace/bun"
)

type SuperAdmin struct {
	bun.BaseModel `bun:"table:super_admins,alias:sa"`

	ID        string    `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	Email     string    `bun:"email,notnull"`
	Name      string    `bun:"name,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull,default:current_timestamp"`
}
