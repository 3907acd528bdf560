package sale_test

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"

	"prelaunch/core/audit"
	"prelaunch/core/beneficiary"
	"prelaunch/core/company"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/sale"
)

// A company the super admin adds starts with its sale paused, and the sale opens only once the
// company has payment details (a bank account or a UPI id); the demo seed's company is open.
func TestNewCompanySaleStartsPausedAndOpensWithPaymentDetails(t *testing.T) {
	d := testkit.Deps(t, "sale", 10)
	ctx := context.Background()
	seeded := testkit.Seed(t, d, "Admin@12345")
	svc := d.Build()
	if ts, err := svc.Sales.TokenSettings(ctx, seeded); err != nil || ts.Sale.Paused || ts.Sale.Status != sale.SaleOpen {
		t.Fatalf("the demo company's sale must be open: %+v %v", ts, err)
	}
	cid, err := svc.Companies.Add(ctx, audit.Actor{Kind: "system"}, company.AddInput{CompanyName: "Gamma Ltd",
		Email: "owner@gamma.test", Mobile: "9876500001", CompanyAadhaarCard: "499118665246", CompanyPan: "GAMMA1234G",
		CompanyAddress: "1 Gamma Street", CompanyPincode: "400001", TokenName: "Gamma Coin", TokenSymbol: "GMC",
		TokenPrice: decimal.NewFromInt(5), AdminName: "Gamma Admin", AdminPassword: "GammaPass#1"})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := svc.Sales.TokenSettings(ctx, cid)
	if err != nil {
		t.Fatal(err)
	}
	if !ts.Sale.Paused || ts.Sale.Status != sale.SalePaused {
		t.Fatalf("a new company's sale must start paused: %+v", ts.Sale)
	}
	admin := audit.Actor{Kind: "admin", CompanyID: cid}
	open := sale.SettingsInput{Sale: &sale.SaleInput{Paused: false}}
	_, err = svc.Sales.UpdateTokenSettings(ctx, admin, open)
	if !apperr.Is(err, apperr.KindConflict) {
		t.Fatalf("opening without payment details: want 409, got %v", err)
	}
	if ae, ok := apperr.As(err); !ok || ae.Message != sale.MsgPaymentDetailsFirst {
		t.Fatalf("opening without payment details: want %q, got %v", sale.MsgPaymentDetailsFirst, err)
	}
	// Other settings still save while the sale stays paused.
	if _, err := svc.Sales.UpdateTokenSettings(ctx, admin, sale.SettingsInput{Sale: &sale.SaleInput{Paused: true}}); err != nil {
		t.Fatalf("saving a paused sale: %v", err)
	}
	// The payout change is confirmed with the admin's own password.
	var adminID string
	if err := d.DB.NewRaw("SELECT id FROM users WHERE company_id = ? AND email = ?", cid, "owner@gamma.test").Scan(ctx, &adminID); err != nil {
		t.Fatal(err)
	}
	owner := audit.Actor{Kind: "admin", ID: adminID, CompanyID: cid}
	if _, err := svc.Beneficiaries.Update(ctx, owner, cid, beneficiary.UpdateInput{HolderName: "Gamma Ltd", BankName: "State Bank",
		Branch: "Fort", AccountNumber: "123456789012", ConfirmAccountNumber: "123456789012", IFSCCode: "SBIN0000001",
		UPI: "gamma@upi", CurrentPassword: "GammaPass#1"}); err != nil {
		t.Fatal(err)
	}
	ts, err = svc.Sales.UpdateTokenSettings(ctx, admin, open)
	if err != nil {
		t.Fatalf("opening with payment details: %v", err)
	}
	if ts.Sale.Paused || ts.Sale.Status != sale.SaleOpen {
		t.Fatalf("the sale must be open: %+v", ts.Sale)
	}
}
