package purchase_test

import (
	"prelaunch/core/purchase"
	"prelaunch/core/readmodel"
)

// views is the read-only side over svc's connection: the admin and super admin purchase lists
// live in core/readmodel.
func views(svc *purchase.Service) *readmodel.Service {
	return &readmodel.Service{DB: svc.DB, Media: svc.Media}
}
