// Package media stores uploads (receipts, profile images) and signs links to them.
package media

import (
	"time"

	"github.com/uptrace/bun"
)

type Media struct {
	bun.BaseModel `bun:"table:media,alias:m"`

	ID           string    `bun:"id,pk,type:uuid,default:gen_random_uuid()"`
	CompanyID    *string   `bun:"company_id,type:uuid"`
	OwnerKind    string    `bun:"owner_kind,notnull"`
	OwnerID      string    `bun:"owner_id,type:uuid,notnull"`
	StorageName  string    `bun:"storage_name,notnull"`
	OriginalName string    `bun:"original_name,notnull"`
	ContentType  string    `bun:"content_type,notnull"`
	SizeBytes    int64     `bun:"size_bytes,notnull"`
	Sealed       bool      `bun:"sealed,notnull"` // encrypted in the store (seal.go)
	SHA256       *string   `bun:"sha256"`         // hex; nil for uploads made before it was kept
	CreatedAt    time.Time `bun:"created_at,notnull,default:current_timestamp"`
}
