package retention_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"prelaunch/core/audit"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/kyc"
	"prelaunch/core/seed"
	"prelaunch/core/user"
)

var png = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{0}, 64)...)

// Closing a buyer anonymises the account at once and keeps its purchases, KYC record and audit
// entries; 5 years later the retention job purges their personal data — a dry run first, which
// changes nothing — and leaves the amounts, statuses and the audit trail's shape.
func TestClosingAnonymisesAndRetentionPurgesAfterFiveYears(t *testing.T) {
	ctx := context.Background()
	clk := clock.NewFixed(time.Date(2027, 2, 1, 6, 0, 0, 0, time.UTC))
	d := testkit.Deps(t, "retention", 11)
	d.Clock = clk
	cid := testkit.Seed(t, d, "Admin@12345")
	svc := d.Build()
	num := func(q string, args ...any) int {
		t.Helper()
		var n int
		if err := d.DB.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	var adminID string
	if err := d.DB.QueryRowContext(ctx, "SELECT id FROM users WHERE email = ?", seed.DemoAdminEmail).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	admin := audit.Actor{ID: adminID, Kind: "admin", CompanyID: cid, IP: "203.0.113.9"}
	u := &user.User{CompanyID: cid, Role: user.RoleUser, Name: "Ravi Kumar", Email: "ravi@a.test", Mobile: "+919811122233",
		PasswordHash: "x", ReferralCode: "PL-RET0001", Status: user.StatusActive, Pincode: "560001"}
	if _, err := d.DB.NewInsert().Model(u).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	up, err := svc.Media.Save(ctx, media.Owner{Kind: "user", ID: u.ID, CompanyID: cid},
		[]media.File{{Name: "pan.png", Data: png}, {Name: "front.png", Data: png}, {Name: "back.png", Data: png}, {Name: "proof.png", Data: png}})
	if err != nil {
		t.Fatal(err)
	}
	// A KYC is sent once the mobile is proved by SMS, with the buyer's offline e-KYC file.
	if _, err := d.DB.ExecContext(ctx, "UPDATE users SET mobile_verified_at = ? WHERE id = ?", clk.Now(), u.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.KYC.Submit(ctx, user.Buyer{UserID: u.ID, CompanyID: cid}, kyc.SubmitInput{PanNumber: "ABCPE1234F",
		PanName: "Ravi Kumar", ShareCode: "Ab12", File: testkit.EKYCZip(t, "Ravi Kumar", "5246", "Ab12", clk.Now().Add(-time.Hour))}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.KYC.Approve(ctx, admin, cid, u.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DB.ExecContext(ctx, `INSERT INTO purchases (company_id, user_id, order_number, transaction_id, status, payment_method,
		amount, entered_amount, price, quantity, final_amount, reference_number, bank_name, receipt_id, expires_at, submitted_at, decided_at)
		VALUES (?, ?, 'ORD-RET-1', 'TX-RET-1', 'APPROVED', 'BANK', 1000, 1000, 10, 100, 1000, 'UTRRET0001', 'HDFC Bank', ?, now(), now(), now())`,
		cid, u.ID, up[3].ID); err != nil {
		t.Fatal(err)
	}

	// Closed: anonymised and signed out at once; the records stay.
	if err := svc.Users.Delete(ctx, admin, cid, u.ID); err != nil {
		t.Fatal(err)
	}
	closedAt := clk.Now()
	if num(`SELECT count(*) FROM users WHERE id = ? AND name = 'Closed account' AND email = ? AND mobile = '' AND pincode = ''
		AND password_hash = '!' AND deleted_at IS NOT NULL AND token_version = 1`, u.ID, user.ClosedEmail(u.ID)) != 1 {
		t.Fatal("closing did not anonymise the account")
	}
	if num("SELECT count(*) FROM kyc_submissions WHERE user_id = ?", u.ID) != 1 ||
		num("SELECT count(*) FROM purchases WHERE user_id = ? AND reference_number = 'UTRRET0001'", u.ID) != 1 ||
		num("SELECT count(*) FROM audit_log WHERE action = 'user.delete' AND target_id = ? AND before->>'name' = 'Ravi Kumar'", u.ID) != 1 {
		t.Fatal("closing removed a kept record")
	}

	// A day short of 5 years: nothing to purge.
	clk.Set(closedAt.AddDate(5, 0, -1))
	if r, err := svc.Retention.Run(ctx, true); err != nil || r.Accounts != 0 {
		t.Fatalf("before 5 years: %+v %v", r, err)
	}
	// Past 5 years: the dry run reports and changes nothing.
	clk.Set(closedAt.AddDate(5, 0, 1))
	dry, err := svc.Retention.Run(ctx, true)
	if err != nil || !dry.DryRun || dry.Accounts != 1 || dry.KYCRecords != 1 || dry.KYCDocuments != 0 || dry.Purchases != 1 ||
		dry.AuditEntries < 2 || dry.Files != 5 {
		t.Fatalf("dry run: %+v %v", dry, err)
	}
	if num("SELECT count(*) FROM kyc_submissions WHERE user_id = ?", u.ID) != 1 ||
		num("SELECT count(*) FROM media WHERE owner_id = ?", u.ID) != 5 {
		t.Fatal("the dry run changed something")
	}
	done, err := svc.Retention.Run(ctx, false)
	if err != nil || done.DryRun || done.Accounts != dry.Accounts || done.KYCRecords != dry.KYCRecords ||
		done.Purchases != dry.Purchases || done.AuditEntries != dry.AuditEntries || done.Files != dry.Files {
		t.Fatalf("purge %+v, dry run said %+v (%v)", done, dry, err)
	}
	// Gone: the KYC record and documents, the files, the payment details, the audit's personal data.
	if num("SELECT count(*) FROM kyc_submissions WHERE user_id = ?", u.ID) != 0 ||
		num("SELECT count(*) FROM kyc_documents WHERE user_id = ?", u.ID) != 0 ||
		num("SELECT count(*) FROM media WHERE owner_id = ?", u.ID) != 0 ||
		num("SELECT count(*) FROM purchases WHERE user_id = ? AND (reference_number IS NOT NULL OR bank_name <> '' OR receipt_id IS NOT NULL)", u.ID) != 0 ||
		num(`SELECT count(*) FROM audit_log WHERE (target_id = ? OR actor_id = ?) AND (ip <> '' OR jsonb_exists(before, 'name') OR jsonb_exists(after, 'name'))`,
			u.ID, u.ID) != 0 {
		t.Fatal("personal data left after the purge")
	}
	// Stays: the purchase's figures, the audit trail's entries and their states, the anonymised row.
	if num("SELECT count(*) FROM purchases WHERE user_id = ? AND status = 'APPROVED' AND amount = 1000 AND quantity = 100", u.ID) != 1 ||
		num("SELECT count(*) FROM audit_log WHERE action = 'kyc.approve' AND target_id = ? AND after->>'status' = 'APPROVED'", u.ID) != 1 ||
		num("SELECT count(*) FROM audit_log WHERE action = 'user.delete' AND target_id = ?", u.ID) != 1 ||
		num("SELECT count(*) FROM users WHERE id = ? AND retention_purged_at IS NOT NULL", u.ID) != 1 {
		t.Fatal("a kept record went")
	}
	if r, err := svc.Retention.Run(ctx, false); err != nil || r.Accounts != 0 {
		t.Fatalf("second purge: %+v %v", r, err)
	}
}
