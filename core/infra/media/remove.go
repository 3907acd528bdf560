package media

import (
	"context"
	"errors"
	"fmt"

	"github.com/uptrace/bun"
)

// Forget deletes the media rows of ids in the caller's transaction and answers their storage
// names; once it commits, RemoveBlobs deletes the files (a rollback keeps both). The retention
// job uses it for the files of records whose retention ended.
func Forget(ctx context.Context, db bun.IDB, ids []string) ([]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var names []string
	if err := db.NewRaw("DELETE FROM media WHERE id IN (?) RETURNING storage_name", bun.List(ids)).Scan(ctx, &names); err != nil {
		return nil, fmt.Errorf("forget media: %w", err)
	}
	return names, nil
}

// RemoveBlobs deletes the stored files of names (Forget's answer); a file already gone is no error.
func (s *Store) RemoveBlobs(ctx context.Context, names []string) error {
	var errs []error
	for _, n := range names {
		if err := s.Blobs.Delete(ctx, n); err != nil {
			errs = append(errs, fmt.Errorf("remove %s: %w", n, err))
		}
	}
	return errors.Join(errs...)
}

// ForgetOwned is Forget of every file the given owners uploaded (owner kind "user": a buyer's
// KYC documents, proofs of payment and profile photo).
func ForgetOwned(ctx context.Context, db bun.IDB, ownerKind string, ownerIDs []string) ([]string, error) {
	if len(ownerIDs) == 0 {
		return nil, nil
	}
	var names []string
	if err := db.NewRaw("DELETE FROM media WHERE owner_kind = ? AND owner_id IN (?) RETURNING storage_name",
		ownerKind, bun.List(ownerIDs)).Scan(ctx, &names); err != nil {
		return nil, fmt.Errorf("forget media: %w", err)
	}
	return names, nil
}
