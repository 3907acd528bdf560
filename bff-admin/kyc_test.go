package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"prelaunch/core/audit"
	"prelaunch/core/fields"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/kyc"
	"prelaunch/core/user"
)

type adminKYC struct {
	UserID, Name, Email, Mobile, MemberID, Status, PanNumber, AadhaarNumber, Reason string
	Source, PanName                                                                 string
	NameScore                                                                       *int
	NameMatchMin                                                                    int
	NameMismatch                                                                    bool
	EKYC                                                                            *struct{ Name, DOB, Gender, PhotoURL, GeneratedAt string }
	IsApproved                                                                      bool
	Documents                                                                       []struct{ Kind, MediaID, URL, ContentType string }
	Resubmitted                                                                     bool
	ChangedDocuments                                                                []string
	SubmittedAt                                                                     string
	DecidedAt                                                                       *string
	ExpiresAt                                                                       *string
	Expired, HighRisk                                                               bool
}

// aadhaarFor is a valid Aadhaar number of the buyer's own: one number is refused on a second
// account of the company.
func aadhaarFor(userID string) string {
	sum := sha256.Sum256([]byte(userID))
	base := "4"
	for _, b := range sum[:10] {
		base += strconv.Itoa(int(b) % 10)
	}
	for d := 0; d < 10; d++ {
		if n := base + strconv.Itoa(d); fields.Aadhaar(n) {
			return n
		}
	}
	panic("no Verhoeff check digit for " + base)
}

// submitKYC submits the buyer's KYC as the buyer app does: an e-KYC file of Aadhaar …5246 and
// the PAN ABCPE1234F with the file's name on it.
func (h *harness) submitKYC(cid, userID string) {
	h.t.Helper()
	h.submitKYCWith(cid, userID, "499118665246")
}

// ekycNameOf is a name of the buyer's own: one person (Aadhaar last 4, date of birth, gender and
// name) is refused on a second account of the company.
func ekycNameOf(userID string) string {
	sum := sha256.Sum256([]byte(userID))
	b := []byte("Buyer ")
	for _, c := range sum[:8] {
		b = append(b, 'a'+c%26)
	}
	return string(b)
}

// submitKYCWith is submitKYC with the given Aadhaar number's last 4 digits, named for the buyer.
func (h *harness) submitKYCWith(cid, userID, aadhaar string) {
	h.t.Helper()
	h.submitEKYC(cid, userID, aadhaar[len(aadhaar)-4:], ekycNameOf(userID), ekycNameOf(userID))
}

// submitEKYC submits an e-KYC file of name with panName typed as the name on the PAN.
func (h *harness) submitEKYC(cid, userID, last4, name, panName string) {
	h.t.Helper()
	// A KYC is submitted once the buyer has proved their mobile by SMS.
	if _, err := h.d.DB.ExecContext(context.Background(), "UPDATE users SET mobile_verified_at = now() WHERE id = ?", userID); err != nil {
		h.t.Fatal(err)
	}
	if _, err := h.d.Build().KYC.Submit(context.Background(), user.Buyer{UserID: userID, CompanyID: cid}, kyc.SubmitInput{
		PanNumber: "ABCPE1234F", PanName: panName, ShareCode: "Ab12",
		File: testkit.EKYCZip(h.t, name, last4, "Ab12", h.d.Clock.Now().Add(-2*time.Hour))}); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) kycList(tok, query string) (recs []adminKYC, total int) {
	h.t.Helper()
	r := h.want(h.call("GET", "/api/v1/admin/kyc/list"+query, tok, nil), 200)
	var l struct {
		Records []adminKYC
		Total   int
	}
	r.Into(h.t, &l)
	return l.Records, l.Total
}

func TestKYCReviewApprovesRejectsAndEmails(t *testing.T) {
	h := setup(t)
	buyer := h.newBuyer(h.cidA, "Kavya Iyer", "kavya@a.test", nil)
	other := h.newBuyer(h.cidA, "Not Submitted", "none@a.test", nil)
	h.submitKYC(h.cidA, buyer)
	buyerB := h.newBuyer(h.cidB, "Beta Buyer", "bb@b.test", nil)
	h.submitKYC(h.cidB, buyerB)

	recs, total := h.kycList(h.adminA, "")
	if total != 1 || len(recs) != 1 {
		t.Fatalf("company A's list: %d %+v", total, recs)
	}
	k := recs[0]
	if k.UserID != buyer || k.Name != "Kavya Iyer" || k.Email != "kavya@a.test" || k.MemberID == "" || k.Status != "PENDING" ||
		k.IsApproved || k.PanNumber != "ABCPE1234F" || k.AadhaarNumber != "XXXX XXXX 5246" || len(k.Documents) != 0 ||
		k.Resubmitted || len(k.ChangedDocuments) != 0 || k.DecidedAt != nil || k.Source != "OFFLINE_EKYC" ||
		k.PanName != ekycNameOf(buyer) || k.NameScore == nil || *k.NameScore != 100 || k.NameMatchMin != 80 || k.NameMismatch ||
		k.EKYC == nil || k.EKYC.Name != ekycNameOf(buyer) || k.EKYC.DOB != "1990-01-31" || k.EKYC.Gender != "F" ||
		!strings.HasPrefix(k.EKYC.PhotoURL, "/api/v1/media/file/") || k.EKYC.GeneratedAt == "" {
		t.Fatalf("record: %+v", k)
	}
	// The reviewer's photo link serves the photo (sealed in the store).
	if f := h.call("GET", k.EKYC.PhotoURL, "", nil); f.Code != 200 || !bytes.Equal(f.Data, testkit.EKYCPhoto) {
		t.Fatalf("photo link: %d", f.Code)
	}
	if _, n := h.kycList(h.adminA, "?status=pending&search="+k.MemberID); n != 1 {
		t.Fatalf("search by member id: %d", n)
	}
	if _, n := h.kycList(h.adminA, "?search=KAVYA@A"); n != 1 {
		t.Fatalf("search by email: %d", n)
	}
	if _, n := h.kycList(h.adminA, "?status=APPROVED"); n != 0 {
		t.Fatalf("approved: %d", n)
	}
	if _, n := h.kycList(h.adminA, "?search=beta"); n != 0 {
		t.Fatal("another company's buyer found")
	}
	h.want(h.call("GET", "/api/v1/admin/kyc/list?status=DONE", h.adminA, nil), 422)
	h.want(h.call("GET", "/api/v1/admin/kyc/list?limit=101", h.adminA, nil), 422)
	if recs, _ := h.kycList(h.adminB, ""); len(recs) != 1 || recs[0].UserID != buyerB {
		t.Fatalf("company B's list: %+v", recs)
	}

	// Who may decide: no token 401, a buyer 403, another company's admin 404, a buyer without a
	// submission 404; nothing changes.
	approve := func(tok, id string) reply {
		return h.call("POST", "/api/v1/admin/kyc/approve", tok, map[string]any{"userId": id})
	}
	reject := func(tok, id, reason string) reply {
		return h.call("POST", "/api/v1/admin/kyc/reject", tok, map[string]any{"userId": id, "reason": reason})
	}
	h.want(approve("", buyer), 401)
	h.want(approve(h.buyer, buyer), 403)
	h.want(approve(h.super, buyer), 403)
	r := h.want(approve(h.adminB, buyer), 404)
	if r.Msg() != "KYC request not found." {
		t.Fatalf("other company: %q", r.Msg())
	}
	h.want(reject(h.adminB, buyer, "No."), 404)
	h.want(approve(h.adminA, other), 404)
	h.want(approve(h.adminA, "not-a-uuid"), 404)
	h.want(approve(h.adminA, ""), 422)
	for reason, msg := range map[string]string{
		"":                       "Please enter a reason for the rejection.",
		"   ":                    "Please enter a reason for the rejection.",
		"Blurred\r\nBcc: x@y":    "The reason must be one line.",
		strings.Repeat("é", 501): "The reason must be at most 500 characters.",
	} {
		if r := h.want(reject(h.adminA, buyer, reason), 422); r.Msg() != msg {
			t.Fatalf("reason %q: %q", reason, r.Msg())
		}
	}
	if h.num("SELECT count(*) FROM kyc_submissions WHERE status = 'PENDING'") != 2 || h.num("SELECT count(*) FROM audit_log WHERE action LIKE 'kyc.%'") != 0 {
		t.Fatal("a refused decision changed something")
	}

	reason := "The Aadhaar back side is cut off."
	r = h.want(reject(h.adminA, buyer, "  "+reason+" "), 200)
	var dec adminKYC
	r.Into(t, &dec)
	if dec.Status != "REJECTED" || dec.Reason != reason || dec.DecidedAt == nil || dec.IsApproved {
		t.Fatalf("rejected: %+v", dec)
	}
	if r := h.want(reject(h.adminA, buyer, reason), 409); r.Msg() != "This KYC request has already been processed." {
		t.Fatalf("twice: %q", r.Msg())
	}
	h.want(approve(h.adminA, buyer), 409)
	mails := h.mails("kavya@a.test")
	if len(mails) != 1 || !strings.Contains(mails[0].Subject, "verification was rejected") ||
		!strings.Contains(mails[0].Text, "Reason: "+reason) || !strings.Contains(mails[0].HTML, reason) {
		t.Fatalf("rejection mail: %+v", mails)
	}
	if h.num("SELECT count(*) FROM audit_log WHERE action = 'kyc.reject' AND target_id = ? AND company_id = ? AND after->>'reason' = ?",
		buyer, h.cidA, reason) != 1 {
		t.Fatal("rejection not audited")
	}

	// The buyer submits again with a name on the PAN unlike the e-KYC's: the reviewer is warned,
	// with the score, below the company's threshold; a lower threshold clears the warning.
	h.submitEKYC(h.cidA, buyer, "5246", ekycNameOf(buyer), "Rahul Sharma")
	recs, _ = h.kycList(h.adminA, "")
	if len(recs) != 1 || !recs[0].Resubmitted || recs[0].PanName != "Rahul Sharma" || recs[0].NameScore == nil ||
		*recs[0].NameScore >= 80 || !recs[0].NameMismatch || recs[0].NameMatchMin != 80 {
		t.Fatalf("mismatch: %+v", recs)
	}
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"limits": map[string]any{"kycNameMatchMin": 101}}), 422)
	h.want(h.call("PUT", "/api/v1/admin/token/update", h.adminA, map[string]any{"limits": map[string]any{"kycNameMatchMin": 1}}), 200)
	if recs, _ = h.kycList(h.adminA, ""); recs[0].NameMatchMin != 1 || recs[0].NameMismatch != (*recs[0].NameScore < 1) {
		t.Fatalf("threshold 1: %+v", recs[0])
	}
	// Approval verifies the account.
	r = h.want(approve(h.adminA, buyer), 200)
	r.Into(t, &dec)
	if dec.Status != "APPROVED" || dec.Reason != "" || !dec.IsApproved {
		t.Fatalf("approved: %+v", dec)
	}
	if h.num("SELECT count(*) FROM users WHERE id = ? AND is_approved", buyer) != 1 {
		t.Fatal("approval did not set isApproved")
	}
	h.want(approve(h.adminA, buyer), 409)
	mails = h.mails("kavya@a.test")
	if len(mails) != 2 || !strings.Contains(mails[1].Subject, "verification is complete") {
		t.Fatalf("approval mail: %+v", mails)
	}
	if h.num("SELECT count(*) FROM audit_log WHERE action = 'kyc.approve' AND target_id = ? AND (after->>'isApproved')::boolean", buyer) != 1 {
		t.Fatal("approval not audited")
	}
	if recs, _ := h.kycList(h.adminA, ""); len(recs) != 1 || recs[0].Status != "APPROVED" || recs[0].DecidedAt == nil {
		t.Fatalf("after: %+v", recs)
	}
	if recs, _ := h.kycList(h.adminB, ""); len(recs) != 1 || recs[0].Status != "PENDING" {
		t.Fatalf("company B's untouched: %+v", recs)
	}
}

// TestReviewShowsBuyerVerification: the admin's user list and purchase review show whether the
// buyer is verified and their KYC status.
func TestReviewShowsBuyerVerification(t *testing.T) {
	h := setup(t)
	buyer := h.newBuyer(h.cidA, "Review Buyer", "review@a.test", nil)
	h.pending(h.cidA, buyer, 10, "UPI", "UTR-KYC-1", nil)
	type userRef struct {
		ID, KYCStatus string
		IsApproved    bool
	}
	check := func(status string, approved bool) {
		t.Helper()
		r := h.want(h.call("GET", "/api/v1/admin/transaction/list?status=PENDING&search=review@a.test", h.adminA, nil), 200)
		var l struct{ Records []struct{ User userRef } }
		r.Into(t, &l)
		if len(l.Records) != 1 || l.Records[0].User.ID != buyer || l.Records[0].User.KYCStatus != status || l.Records[0].User.IsApproved != approved {
			t.Fatalf("purchase review: %+v", l.Records)
		}
		r = h.want(h.call("GET", "/api/v1/admin/auth/list?search=review@a.test", h.adminA, nil), 200)
		var u struct{ Records []userRef }
		r.Into(t, &u)
		if len(u.Records) != 1 || u.Records[0].KYCStatus != status || u.Records[0].IsApproved != approved {
			t.Fatalf("user list: %+v", u.Records)
		}
	}
	check("NONE", false)
	h.submitKYC(h.cidA, buyer)
	check("PENDING", false)
	h.want(h.call("POST", "/api/v1/admin/kyc/approve", h.adminA, map[string]any{"userId": buyer}), 200)
	check("APPROVED", true)
	// The unsearched list pages too.
	r := h.want(h.call("GET", "/api/v1/admin/auth/list?limit=100", h.adminA, nil), 200)
	if !strings.Contains(string(r.Data), `"kycStatus":"APPROVED"`) {
		t.Fatalf("user list: %s", r.Data)
	}
	// An approval whose expiry has passed reads EXPIRED in both lists (docs/compliance.md, "An
	// expired KYC counts as none"), and PENDING again once the buyer submits again.
	h.exec("UPDATE kyc_submissions SET expires_at = now() - interval '1 minute' WHERE user_id = ?", buyer)
	check("EXPIRED", true)
	r = h.want(h.call("GET", "/api/v1/admin/auth/list?limit=100", h.adminA, nil), 200)
	if !strings.Contains(string(r.Data), `"kycStatus":"EXPIRED"`) || strings.Contains(string(r.Data), `"kycStatus":"APPROVED"`) {
		t.Fatalf("user list after expiry: %s", r.Data)
	}
	h.submitKYC(h.cidA, buyer)
	check("PENDING", true)
}

// With Redis down when an admin decides, the KYC decision stands and its email is not lost: the
// worker's sweep queues it once Redis answers, exactly once; with Redis up the decision's own
// attempt settles it and the sweep sends nothing more.
func TestKYCDecisionNoticeSurvivesARedisOutage(t *testing.T) {
	h := setup(t)
	ctx := context.Background()
	buyer := h.newBuyer(h.cidA, "Outage Buyer", "outage@a.test", nil)
	h.submitKYC(h.cidA, buyer)
	actor := audit.Actor{ID: h.adminAID, Kind: "admin", CompanyID: h.cidA}
	down := *h.d.Build().KYC
	noRedis := asynq.NewClient(asynq.RedisClientOpt{Addr: "127.0.0.1:1", DialTimeout: 200 * time.Millisecond})
	defer noRedis.Close()
	down.Tasks = noRedis
	if _, err := down.Reject(ctx, actor, h.cidA, buyer, "The PAN photo is blurred."); err != nil {
		t.Fatalf("the decision must not fail because mail cannot be queued: %v", err)
	}
	notified := func() int64 {
		return h.num("SELECT count(*) FROM kyc_submissions WHERE user_id = '" + buyer + "' AND decision_notified_at IS NOT NULL")
	}
	if notified() != 0 {
		t.Fatal("an email that was never queued is marked sent")
	}
	svc := h.d.Build().KYC
	if n, err := svc.SendPendingNotices(ctx, time.Now()); err != nil || n != 0 {
		t.Fatalf("a fresh decision swept: %d %v", n, err)
	}
	later := time.Now().Add(2 * time.Minute)
	for i, want := range []int{1, 0} {
		if n, err := svc.SendPendingNotices(ctx, later); err != nil || n != want {
			t.Fatalf("sweep %d: queued %d (%v), want %d", i+1, n, err, want)
		}
	}
	mails := testkit.QueuedEmails(t, h.d.Redis, "outage@a.test")
	if len(mails) != 1 || !strings.Contains(mails[0].Text, "The PAN photo is blurred.") || notified() != 1 {
		t.Fatalf("want one rejection mail with its reason and the notice settled, got %+v", mails)
	}

	// Resubmitted and approved with Redis up: mailed by the decision, not again by the sweep.
	h.submitKYC(h.cidA, buyer)
	if notified() != 0 {
		t.Fatal("a resubmission kept the old decision's notice mark")
	}
	if _, err := svc.Approve(ctx, actor, h.cidA, buyer); err != nil {
		t.Fatal(err)
	}
	if n, err := svc.SendPendingNotices(ctx, later); err != nil || n != 0 || notified() != 1 {
		t.Fatalf("sweep after a queued decision email: %d %v", n, err)
	}
	if mails := testkit.QueuedEmails(t, h.d.Redis, "outage@a.test"); len(mails) != 2 {
		t.Fatalf("want the rejection and the approval mailed once each, got %d", len(mails))
	}
}
