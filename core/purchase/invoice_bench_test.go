package purchase_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"prelaunch/core/infra/testkit"
)

// BenchmarkApproveInvoicing measures approvals per second with invoicing off (no GSTIN) and on
// (a GSTIN: each approval also takes the counter row and inserts its invoice), eight admins
// approving at once, one database for both so the figures sit side by side (make bench).
func BenchmarkApproveInvoicing(b *testing.B) {
	f := invSetup(b, "")
	ctx := context.Background()
	for _, mode := range []struct {
		name  string
		gstin string
	}{{"off", ""}, {"on", "27AAPFU0939F1ZV"}} {
		b.Run(mode.name, func(b *testing.B) {
			if _, err := f.d.DB.ExecContext(ctx, `UPDATE tokens SET gstin = ?, tax_legal_name = 'Acme' WHERE company_id = ?`, mode.gstin, f.cid); err != nil {
				b.Fatal(err)
			}
			testkit.SetRemaining(b, f.d.DB, f.cid, 0)
			if _, err := f.d.DB.ExecContext(ctx, `UPDATE tokens SET remaining_private_supply = private_supply WHERE company_id = ?`, f.cid); err != nil {
				b.Fatal(err)
			}
			ids := make([]string, b.N)
			for i := range ids {
				ids[i] = f.pending(b, f.cid, f.buyer(b, nil), 1, "UPI", fmt.Sprintf("UTRB%s%07d", mode.name, f.seq))
			}
			svc := f.svc()
			work := make(chan string, len(ids))
			for _, id := range ids {
				work <- id
			}
			close(work)
			b.ResetTimer()
			start := time.Now()
			var wg sync.WaitGroup
			for w := 0; w < 8; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for id := range work {
						if _, err := svc.Approve(ctx, f.actor(), f.cid, id); err != nil {
							b.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()
			b.StopTimer()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "approvals/s")
		})
	}
}
