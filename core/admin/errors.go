package admin

import (
	"database/sql"
	"errors"

	"prelaunch/core/apperr"
)

// notFoundOr maps "no rows" to a 404 with the given slug and message, and passes others on.
func notFoundOr(err error, slug, msg string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.NotFound(slug, msg)
	}
	return err
}
