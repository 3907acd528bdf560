package readmodel

import (
	"context"
	"time"

	"prelaunch/core/infra/pagination"
)

// BeneficiaryRecord is one company's beneficiary in the super admin's read-only list. Companies
// without one are listed with empty fields and a null updatedAt.
type BeneficiaryRecord struct {
	CompanyID     string     `json:"companyId" bun:"company_id"`
	CompanyName   string     `json:"companyName" bun:"company_name"`
	HolderName    string     `json:"holderName" bun:"holder_name"`
	BankName      string     `json:"bankName" bun:"bank_name"`
	Branch        string     `json:"branch" bun:"branch"`
	AccountNumber string     `json:"accountNumber" bun:"account_number"`
	IFSCCode      string     `json:"ifscCode" bun:"ifsc_code"`
	UPI           string     `json:"upi" bun:"upi"`
	UpdatedAt     *time.Time `json:"updatedAt" bun:"updated_at"`
}

// Beneficiaries is superadmin beneficiary/list: every company's beneficiary, newest company
// first, searched over company name, holder, bank and UPI id.
func (s *Service) Beneficiaries(ctx context.Context, page, limit, search string) (pagination.List[BeneficiaryRecord], error) {
	var empty pagination.List[BeneficiaryRecord]
	pg, err := pagination.Parse(page, limit, pagination.DefaultLimit)
	if err != nil {
		return empty, err
	}
	where, args := "", []any{}
	if term := pagination.SearchPattern(search); term != "" {
		where = ` WHERE c.search_text LIKE ? OR lower(b.holder_name) LIKE ? OR lower(b.bank_name) LIKE ? OR lower(b.upi) LIKE ?`
		args = []any{term, term, term, term}
	}
	from := ` FROM companies AS c LEFT JOIN beneficiaries AS b ON b.company_id = c.id` + where
	var total int
	if err := s.DB.NewRaw(`SELECT count(*)`+from, args...).Scan(ctx, &total); err != nil {
		return empty, err
	}
	recs := []BeneficiaryRecord{}
	q := `SELECT c.id AS company_id, c.name AS company_name, COALESCE(b.holder_name, '') AS holder_name,
		COALESCE(b.bank_name, '') AS bank_name, COALESCE(b.branch, '') AS branch,
		COALESCE(b.account_number, '') AS account_number, COALESCE(b.ifsc_code, '') AS ifsc_code,
		COALESCE(b.upi, '') AS upi, b.updated_at` + from + ` ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`
	if err := s.DB.NewRaw(q, append(args, pg.Limit, pg.Offset())...).Scan(ctx, &recs); err != nil {
		return empty, err
	}
	return pagination.NewList(recs, total, pg), nil
}
