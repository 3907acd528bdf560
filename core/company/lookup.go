package company

import (
	"context"
	"database/sql"
	"time"

	"github.com/uptrace/bun"
)

// The lookups another noun makes of one company, in its own transaction or connection (bun.IDB):
// companies are read here, by their owner, and nowhere else but the read-only packages.

// OwnerID is the id of the company's owner admin (companies.owner_id; "" when it has none).
func OwnerID(ctx context.Context, db bun.IDB, companyID string) (string, error) {
	var owner sql.NullString
	if err := db.NewRaw("SELECT owner_id FROM companies WHERE id = ?", companyID).Scan(ctx, &owner); err != nil {
		return "", err
	}
	return owner.String, nil
}

// RequiresTwoFactor reports whether the company requires its admins to sign in with a code
// (false for a company that is not there).
func RequiresTwoFactor(ctx context.Context, db bun.IDB, companyID string) (bool, error) {
	var required bool
	err := db.NewRaw(`SELECT COALESCE((SELECT require_2fa FROM companies WHERE id = ?), false)`, companyID).Scan(ctx, &required)
	return required, err
}

// RequiresTwoFactorSQL is RequiresTwoFactor of the company of the user aliased u, for a query
// that reads the user (session's token check reads it with the account).
const RequiresTwoFactorSQL = "COALESCE((SELECT rc.require_2fa FROM companies AS rc WHERE rc.id = u.company_id), false)"

// StatusOf is the company's status (StatusActive or StatusSuspended); sql.ErrNoRows when it is
// not there.
func StatusOf(ctx context.Context, db bun.IDB, companyID string) (string, error) {
	var status string
	err := db.NewSelect().Table("companies").Column("status").Where("id = ?", companyID).Scan(ctx, &status)
	return status, err
}

// NameOf is the company's name; sql.ErrNoRows when it is not there.
func NameOf(ctx context.Context, db bun.IDB, companyID string) (string, error) {
	var name string
	err := db.NewRaw("SELECT name FROM companies WHERE id = ? LIMIT 1", companyID).Scan(ctx, &name)
	return name, err
}

// Brief is what a list of a person's companies shows of each.
type Brief struct {
	ID        string    `bun:"id"`
	Name      string    `bun:"name"`
	Status    string    `bun:"status"`
	CreatedAt time.Time `bun:"created_at"`
}

// Briefs reads the companies of ids, keyed by id (an unknown id is left out).
func Briefs(ctx context.Context, db bun.IDB, ids []string) (map[string]Brief, error) {
	out := make(map[string]Brief, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Brief
	if err := db.NewRaw("SELECT id, name, status, created_at FROM companies WHERE id IN (?)", bun.List(ids)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// Sender is what a notice says of the company it comes from: its name, its address (the reply-to
// of a purchase's notices) and its first domain ("" when it has none).
type Sender struct {
	ID     string `bun:"id"`
	Name   string `bun:"name"`
	Email  string `bun:"email"`
	Domain string `bun:"domain"`
}

// Senders reads the companies of ids as their notices name them, keyed by id (an unknown id is
// left out).
func Senders(ctx context.Context, db bun.IDB, ids []string) (map[string]Sender, error) {
	out := make(map[string]Sender, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Sender
	if err := db.NewRaw(`SELECT c.id, c.name, c.email,
		COALESCE((SELECT d.host FROM company_domains AS d WHERE d.company_id = c.id ORDER BY d.position LIMIT 1), '') AS domain
		FROM companies AS c WHERE c.id IN (?)`, bun.List(ids)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// Postal is how a receipt names its company: name, address and PIN code.
type Postal struct {
	Name    string `bun:"name"`
	Address string `bun:"address"`
	Pincode string `bun:"pincode"`
}

// PostalOf reads the company's name and postal address; sql.ErrNoRows when it is not there.
func PostalOf(ctx context.Context, db bun.IDB, companyID string) (Postal, error) {
	var p Postal
	err := db.NewRaw("SELECT name, address, pincode FROM companies WHERE id = ?", companyID).Scan(ctx, &p)
	return p, err
}
