package sale

import (
	"time"

	"github.com/uptrace/bun"

	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/media"
)

// Service is the admin's token settings (GET /admin/token/get, PUT /admin/token/update).
type Service struct {
	DB    *bun.DB
	Clock clock.Clock   // the sale's status is computed at its now (time.Now when nil)
	Media *media.Signer // signs the links of uploaded logos
}

func (s *Service) now() time.Time {
	if s.Clock != nil {
		return s.Clock.Now()
	}
	return time.Now()
}
