package beneficiary

import (
	"context"
	"database/sql"
	"errors"
)

// Bank is one bank account a buyer may pay into.
type Bank struct {
	ID            string `json:"id"`
	BankName      string `json:"bankName"`
	AccountNumber string `json:"accountNumber"`
	HolderName    string `json:"holderName"`
	IFSCCode      string `json:"ifscCode"`
	Branch        string `json:"branch"`
}

// PaymentDetails is package/beneficiary/get: the first bank's fields flat, every bank in banks,
// and the UPI id ("" and an empty list when the company has none).
type PaymentDetails struct {
	BankName      string `json:"bankName"`
	HolderName    string `json:"holderName"`
	AccountNumber string `json:"accountNumber"`
	IFSCCode      string `json:"ifscCode"`
	Branch        string `json:"branch"`
	UPI           string `json:"upi"`
	Banks         []Bank `json:"banks"`
}

// PaymentDetails is package/beneficiary/get.
func (s *Service) PaymentDetails(ctx context.Context, companyID string) (*PaymentDetails, error) {
	out := &PaymentDetails{Banks: []Bank{}}
	var b Beneficiary
	err := s.DB.NewSelect().Model(&b).Where("company_id = ?", companyID).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	// The beneficiary's name is the payee of every method (the UPI link and QR name it too).
	out.UPI, out.HolderName = b.UPI, b.HolderName
	if b.BankName != "" && b.AccountNumber != "" {
		out.BankName, out.HolderName, out.AccountNumber, out.IFSCCode, out.Branch =
			b.BankName, b.HolderName, b.AccountNumber, b.IFSCCode, b.Branch
		out.Banks = append(out.Banks, Bank{ID: b.ID, BankName: b.BankName, AccountNumber: b.AccountNumber,
			HolderName: b.HolderName, IFSCCode: b.IFSCCode, Branch: b.Branch})
	}
	return out, nil
}
