package purchase_test

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/purchase"
)

// TestPaidAmountIsKept: the amount the buyer says they paid in the proof form is kept and listed
// for the admin and the super admin beside the amount due; none stated lists as null; a bad figure
// is 422 and the order stays unsubmitted.
func TestPaidAmountIsKept(t *testing.T) {
	d, svc, cid := setup(t)
	bs := addBuyers(t, d, cid, 1)
	ctx := context.Background()

	short, err := svc.CreateOrder(ctx, bs[0], amt("500"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Submit(ctx, bs[0], purchase.SubmitInput{PurchaseID: short.ID, PaymentMethod: "MANUAL", PaidAmount: amt("12.345")}); !apperr.Is(err, apperr.KindInvalid) {
		t.Fatalf("three decimals: %v", err)
	}
	if _, err := svc.Submit(ctx, bs[0], purchase.SubmitInput{PurchaseID: short.ID, PaymentMethod: "MANUAL", PaidAmount: amt("500")}); err != nil {
		t.Fatal(err)
	}
	none, err := svc.Submit(ctx, bs[0], purchase.SubmitInput{PaymentMethod: "MANUAL", Amount: amt("100")})
	if err != nil {
		t.Fatal(err)
	}
	admin, err := views(svc).Purchases(ctx, cid, purchase.ReviewFilter{Status: "PENDING"})
	if err != nil {
		t.Fatal(err)
	}
	super, err := views(svc).AllPurchases(ctx, purchase.ReviewFilter{CompanyID: cid})
	if err != nil {
		t.Fatal(err)
	}
	for name, recs := range map[string][]purchase.AdminRecord{"admin": admin.Records, "super admin": super.Records} {
		if len(recs) != 2 {
			t.Fatalf("%s list: %d rows", name, len(recs))
		}
		for _, r := range recs {
			switch r.ID {
			case short.ID:
				if r.PaidAmount == nil || !r.PaidAmount.Equal(decimal.NewFromInt(500)) || r.FinalAmount.Equal(*r.PaidAmount) {
					t.Errorf("%s list: paid %v beside due %s, want 500 (short of the fee)", name, r.PaidAmount, r.FinalAmount)
				}
			case none.ID:
				if r.PaidAmount != nil {
					t.Errorf("%s list: no amount stated but paid %s", name, r.PaidAmount)
				}
			}
		}
	}
}
