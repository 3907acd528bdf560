package media

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// The reads another package makes of the media rows (kyc's documents, a purchase's receipt), in
// its own transaction or connection: media is read here, by its owner, and in the read-only
// packages.

// OwnedTypes answers the content type of each of ids that belongs to (ownerKind, ownerID), keyed
// by id; an id of another owner, or of no file, is left out.
func OwnedTypes(ctx context.Context, db bun.IDB, ids []string, ownerKind, ownerID string) (map[string]string, error) {
	out := make(map[string]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID          string `bun:"id"`
		ContentType string `bun:"content_type"`
	}
	if err := db.NewSelect().Model((*Media)(nil)).Column("id", "content_type").
		Where("id IN (?)", bun.List(ids)).Where("owner_kind = ?", ownerKind).Where("owner_id = ?", ownerID).
		Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.ContentType
	}
	return out, nil
}

// ContentTypes answers the content type of each of ids, keyed by id (an unknown id is left out).
func ContentTypes(ctx context.Context, db bun.IDB, ids []string) (map[string]string, error) {
	out := make(map[string]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID          string `bun:"id"`
		ContentType string `bun:"content_type"`
	}
	if err := db.NewSelect().Model((*Media)(nil)).Column("id", "content_type").
		Where("id IN (?)", bun.List(ids)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.ContentType
	}
	return out, nil
}

// Unsealed answers the ids among those sub selects (one column of media ids) whose blob is not
// sealed yet.
func Unsealed(ctx context.Context, db bun.IDB, sub *bun.SelectQuery) ([]string, error) {
	var ids []string
	if err := db.NewSelect().Model((*Media)(nil)).Column("id").Where("NOT sealed").
		Where("id IN (?)", sub).Scan(ctx, &ids); err != nil {
		return nil, err
	}
	return ids, nil
}

// SHA256 is the hex checksum of the file's content (nil for an upload made before it was kept).
func SHA256(ctx context.Context, db bun.IDB, id string) (*string, error) {
	var sum *string
	if err := db.NewSelect().Model((*Media)(nil)).Column("sha256").Where("id = ?", id).Scan(ctx, &sum); err != nil {
		return nil, fmt.Errorf("media sum: %w", err)
	}
	return sum, nil
}
