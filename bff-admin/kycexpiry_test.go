package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/tasks"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/kyc"
	"prelaunch/core/user"
)

func (h *harness) kycOf(tok, userID, query string) adminKYC {
	h.t.Helper()
	recs, _ := h.kycList(tok, query)
	for _, r := range recs {
		if r.UserID == userID {
			return r
		}
	}
	h.t.Fatalf("%s not in the list %q: %+v", userID, query, recs)
	return adminKYC{}
}

func (h *harness) inList(tok, userID, query string) bool {
	h.t.Helper()
	recs, _ := h.kycList(tok, query)
	for _, r := range recs {
		if r.UserID == userID {
			return true
		}
	}
	return false
}

func expiryMails(ms []tasks.EmailSendPayload) []tasks.EmailSendPayload {
	var out []tasks.EmailSendPayload
	for _, m := range ms {
		if strings.Contains(m.Subject, "verification expires on") {
			out = append(out, m)
		}
	}
	return out
}

// An approval lasts 12 months, 6 once the admin marks the buyer high-risk (audited; the current
// approval's expiry recomputed); the worker's reminders go 30 and 7 days before, each once even
// when the job runs again, restarts or loses its record; once expired the KYC counts as none, the
// admin's filters find it and the buyer submits again.
func TestKYCExpiryRiskAndReminders(t *testing.T) {
	start := time.Date(2027, 1, 10, 4, 30, 0, 0, time.UTC)
	clk := clock.NewFixed(start)
	h := setupWith(t, clk)
	ctx := context.Background()
	buyer := h.newBuyer(h.cidA, "Meera Rao", "meera@a.test", nil)
	h.submitKYC(h.cidA, buyer)
	approved := h.want(h.call("POST", "/api/v1/admin/kyc/approve", h.adminA, map[string]any{"userId": buyer}), 200)
	var rec adminKYC
	approved.Into(t, &rec)
	if rec.ExpiresAt == nil || *rec.ExpiresAt != "2028-01-10T04:30:00Z" || rec.Expired || rec.HighRisk {
		t.Fatalf("approval: %+v", rec)
	}
	if ok, err := kyc.Approved(ctx, h.d.DB, buyer, clk.Now()); err != nil || !ok {
		t.Fatalf("approved now: %v %v", ok, err)
	}
	if !h.inList(h.adminA, buyer, "?status=APPROVED") || h.inList(h.adminA, buyer, "?status=EXPIRING") ||
		h.inList(h.adminA, buyer, "?status=EXPIRED") {
		t.Fatal("filters of a fresh approval")
	}

	// The risk flag: who may set it, what it needs, and that it is audited.
	risk := func(tok string, body map[string]any) reply {
		return h.call("POST", "/api/v1/admin/kyc/risk", tok, body)
	}
	h.want(risk("", map[string]any{"userId": buyer, "highRisk": true}), 401)
	h.want(risk(h.buyer, map[string]any{"userId": buyer, "highRisk": true}), 403)
	h.want(risk(h.adminB, map[string]any{"userId": buyer, "highRisk": true}), 404)
	h.want(risk(h.adminA, map[string]any{"userId": "not-a-uuid", "highRisk": true}), 404)
	if r := h.want(risk(h.adminA, map[string]any{"userId": buyer}), 422); !strings.Contains(r.Msg(), "highRisk is required") {
		t.Fatalf("422: %s", r.Msg())
	}
	if h.num("SELECT count(*) FROM audit_log WHERE action = 'kyc.risk'") != 0 {
		t.Fatal("a refused call was audited")
	}
	h.want(risk(h.adminA, map[string]any{"userId": buyer, "highRisk": true}), 200).Into(t, &rec)
	if !rec.HighRisk || rec.ExpiresAt == nil || *rec.ExpiresAt != "2027-07-10T04:30:00Z" {
		t.Fatalf("high-risk: %+v", rec)
	}
	if h.num(`SELECT count(*) FROM audit_log WHERE action = 'kyc.risk' AND target_id = ? AND actor_id = ?
		AND before->>'highRisk' = 'false' AND after->>'highRisk' = 'true' AND after->>'expiresAt' LIKE '2027-07-10%'`,
		buyer, h.adminAID) != 1 {
		t.Fatal("kyc.risk not audited with before and after")
	}
	if k := h.kycOf(h.adminA, buyer, ""); !k.HighRisk || *k.ExpiresAt != "2027-07-10T04:30:00Z" {
		t.Fatalf("list after risk: %+v", k)
	}

	// Reminders: none 35 days before; the first at 28 days, once, even run again or by a
	// restarted worker (a new service).
	remind := func() int {
		t.Helper()
		n, err := h.d.Build().KYC.SendExpiryReminders(ctx, clk.Now())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	clk.Set(time.Date(2027, 6, 5, 4, 30, 0, 0, time.UTC))
	if n := remind(); n != 0 {
		t.Fatalf("35 days before: %d", n)
	}
	clk.Set(time.Date(2027, 6, 12, 4, 30, 0, 0, time.UTC))
	if n := remind(); n != 1 {
		t.Fatalf("28 days before: %d", n)
	}
	if n := remind() + remind(); n != 0 {
		t.Fatalf("first reminder again: %d", n)
	}
	ms := expiryMails(h.mails("meera@a.test"))
	if len(ms) != 1 || !strings.Contains(ms[0].Subject, "10 Jul 2027") || !strings.Contains(ms[0].Text, "Verification page") {
		t.Fatalf("first reminder: %+v", ms)
	}
	if !h.inList(h.adminA, buyer, "?status=EXPIRING") || !h.inList(h.adminA, buyer, "?status=approved") {
		t.Fatal("expiring filter")
	}
	// The second at 6 days; a run that lost its record (the row's mark cleared) sends no second mail.
	clk.Set(time.Date(2027, 7, 4, 4, 30, 0, 0, time.UTC))
	if n := remind(); n != 1 {
		t.Fatalf("6 days before: %d", n)
	}
	h.exec("UPDATE kyc_submissions SET reminded_7_at = NULL WHERE user_id = ?", buyer)
	remind()
	if n := remind(); n != 0 {
		t.Fatalf("second reminder again: %d", n)
	}
	if ms := expiryMails(h.mails("meera@a.test")); len(ms) != 2 {
		t.Fatalf("reminders sent: %d", len(ms))
	}
	// Still verified: submitting again is refused.
	svc := h.d.Build()
	_, err := svc.KYC.Submit(ctx, user.Buyer{UserID: buyer, CompanyID: h.cidA}, kyc.SubmitInput{PanNumber: "ABCPE1234F",
		PanName: ekycNameOf(buyer), ShareCode: "Ab12", File: testkit.EKYCZip(t, ekycNameOf(buyer), "6246", "Ab12", clk.Now().Add(-time.Hour))})
	if e, ok := apperr.As(err); !ok || e.Slug != "kyc_approved" {
		t.Fatalf("submission while verified: %v", err)
	}

	// Expired: no longer approved, found by the expired filter, and the buyer submits again.
	clk.Set(time.Date(2027, 7, 10, 4, 30, 1, 0, time.UTC))
	if ok, err := kyc.Approved(ctx, h.d.DB, buyer, clk.Now()); err != nil || ok {
		t.Fatalf("approved after expiry: %v %v", ok, err)
	}
	if n := remind(); n != 0 {
		t.Fatalf("a reminder after expiry: %d", n)
	}
	if k := h.kycOf(h.adminA, buyer, "?status=EXPIRED"); !k.Expired || k.Status != "APPROVED" {
		t.Fatalf("expired record: %+v", k)
	}
	if h.inList(h.adminA, buyer, "?status=APPROVED") || h.inList(h.adminA, buyer, "?status=EXPIRING") {
		t.Fatal("an expired approval listed as current")
	}
	// The user list reads the same clock: EXPIRED a second after the expiry.
	var ul struct {
		Records []struct{ ID, KYCStatus string }
	}
	h.want(h.call("GET", "/api/v1/admin/auth/list?search=meera@a.test", h.adminA, nil), 200).Into(t, &ul)
	if len(ul.Records) != 1 || ul.Records[0].KYCStatus != kyc.StatusExpired {
		t.Fatalf("user list after expiry: %+v", ul.Records)
	}
	var v *kyc.View
	v, err = h.d.Build().KYC.Get(ctx, user.Buyer{UserID: buyer, CompanyID: h.cidA})
	if err != nil || !v.Expired || v.ExpiresAt == nil {
		t.Fatalf("buyer's view: %+v %v", v, err)
	}
	h.submitKYC(h.cidA, buyer)
	if k := h.kycOf(h.adminA, buyer, "?status=PENDING"); !k.Resubmitted || k.ExpiresAt != nil || !k.HighRisk {
		t.Fatalf("resubmitted: %+v", k)
	}
	// The new approval lasts 6 months (still high-risk); clearing the flag makes it 12, audited.
	h.want(h.call("POST", "/api/v1/admin/kyc/approve", h.adminA, map[string]any{"userId": buyer}), 200).Into(t, &rec)
	if *rec.ExpiresAt != "2028-01-10T04:30:01Z" {
		t.Fatalf("second approval: %+v", rec)
	}
	h.want(risk(h.adminA, map[string]any{"userId": buyer, "highRisk": false}), 200).Into(t, &rec)
	if rec.HighRisk || *rec.ExpiresAt != "2028-07-10T04:30:01Z" || h.num("SELECT count(*) FROM audit_log WHERE action = 'kyc.risk'") != 2 {
		t.Fatalf("cleared: %+v", rec)
	}
	if ok, _ := kyc.Approved(ctx, h.d.DB, buyer, clk.Now()); !ok {
		t.Fatal("the new approval does not count")
	}
}
