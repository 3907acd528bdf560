package main

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/hibiken/asynq"

	"prelaunch/core/infra/tasks"
	"prelaunch/core/infra/testkit"
)

// TestWholeTokensOnly: an order charges for the tokens it buys.
func TestWholeTokensOnly(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	for _, c := range []struct {
		typed           any
		amount, qty     float64
		fee, finalAmout float64
	}{{1005, 1000, 100, 20, 1020}, {"105", 100, 10, 2, 102}, {10, 10, 1, 0.2, 10.2}} {
		o := h.order(tok, c.typed)
		if o.Amount != c.amount || o.Quantity != c.qty || o.Fee != c.fee || o.FinalAmount != c.finalAmout {
			t.Fatalf("%v: %+v", c.typed, o)
		}
	}
	r := h.call("POST", "/api/v1/user/package/order", tok, map[string]any{"amount": 9.99})
	h.want(r, 422)
	if !strings.Contains(r.Msg(), "too small to buy one token") {
		t.Fatalf("below one token: %s", r.Msg())
	}
}

// TestOrderCancel: POST /user/package/order/cancel moves the buyer's own INITIATED order to
// CANCELLED, returns its tokens at once and deletes its expiry task; 404 for another buyer's,
// 409 from any other status.
func TestOrderCancel(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	before := h.remaining()
	o := h.order(tok, 100)
	otherTok, _ := h.newBuyer("other@x.test")
	h.want(h.call("POST", "/api/v1/user/package/order/cancel", otherTok, map[string]any{"id": o.ID}), 404)
	h.want(h.call("POST", "/api/v1/user/package/order/cancel", tok, map[string]any{"id": "nope"}), 404)
	h.want(h.call("POST", "/api/v1/user/package/order/cancel", tok, map[string]any{}), 422)

	r := h.call("POST", "/api/v1/user/package/order/cancel", tok, map[string]any{"id": o.ID})
	h.want(r, 200)
	var got order
	r.Into(t, &got)
	if r.Msg() != "Order cancelled successfully" || got.Status != "CANCELLED" || got.OrderNumber != o.OrderNumber {
		t.Fatalf("cancel: %s %+v", r.Msg(), got)
	}
	if h.remaining() != before {
		t.Fatalf("remaining %s, want %s", h.remaining(), before)
	}
	ins := asynq.NewInspectorFromRedisClient(h.d.Redis)
	if _, err := ins.GetTaskInfo(tasks.QueueDefault, tasks.ExpireTaskID(o.ID)); err == nil {
		t.Fatal("the expire task is still scheduled")
	}
	r = h.call("POST", "/api/v1/user/package/order/cancel", tok, map[string]any{"id": o.ID})
	h.want(r, 409)
	if r.Msg() != "This order can no longer be cancelled." {
		t.Fatalf("second cancel: %s", r.Msg())
	}
	// A submitted order cannot be cancelled either; the history lists CANCELLED.
	o2 := h.order(tok, 50)
	h.want(h.call("POST", "/api/v1/user/package/purchase", tok, map[string]any{"purchaseId": o2.ID, "paymentMethod": "MANUAL"}), 200)
	h.want(h.call("POST", "/api/v1/user/package/order/cancel", tok, map[string]any{"id": o2.ID}), 409)
	r = h.call("GET", "/api/v1/user/transaction/list?status=cancelled", tok, nil)
	h.want(r, 200)
	var list struct {
		Records []struct{ ID, OrderNumber, Status string }
		Total   int
	}
	r.Into(t, &list)
	if list.Total != 1 || list.Records[0].ID != o.ID || list.Records[0].OrderNumber != o.OrderNumber {
		t.Fatalf("cancelled list %+v", list)
	}
	testkit.CheckSupply(t, h.d.DB)
}

// idem sends a JSON POST with an Idempotency-Key.
func (h *harness) idem(path, tok, key, body string) reply {
	h.t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Idempotency-Key", key)
	return h.send(req)
}

func (h *harness) countOrders() int {
	h.t.Helper()
	var n int
	if err := h.d.DB.QueryRowContext(context.Background(), "SELECT count(*) FROM purchases").Scan(&n); err != nil {
		h.t.Fatal(err)
	}
	return n
}

// TestIdempotencyKey: the same key from the same buyer answers the first answer again; another
// buyer's same key acts; another body with the key is 422; without a key nothing changes.
func TestIdempotencyKey(t *testing.T) {
	h := setup(t)
	tok := h.buyerToken()
	otherTok, _ := h.newBuyer("other@x.test")
	const path = "/api/v1/user/package/order"

	first := h.idem(path, tok, "k-1", `{"amount":100}`)
	h.want(first, 200)
	again := h.idem(path, tok, "k-1", `{"amount":100}`)
	h.want(again, 200)
	if string(again.Data) != string(first.Data) || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay %s, first %s", again.Data, first.Data)
	}
	if n := h.countOrders(); n != 1 {
		t.Fatalf("%d orders, want 1", n)
	}
	h.want(h.idem(path, otherTok, "k-1", `{"amount":100}`), 200)
	if n := h.countOrders(); n != 2 {
		t.Fatalf("%d orders, want 2", n)
	}
	r := h.idem(path, tok, "k-1", `{"amount":200}`)
	h.want(r, 422)
	if r.Msg() != "This Idempotency-Key was used for a different request." {
		t.Fatalf("mismatch: %s", r.Msg())
	}
	// A refusal is an answer too: it is replayed, not acted again.
	h.want(h.idem(path, tok, "k-small", `{"amount":5}`), 422)
	h.want(h.idem(path, tok, "k-small", `{"amount":5}`), 422)
	// The key is per route: the same key on purchase acts there.
	var o order
	first.Into(t, &o)
	sub := h.idem("/api/v1/user/package/purchase", tok, "k-1", `{"purchaseId":"`+o.ID+`","paymentMethod":"MANUAL"}`)
	h.want(sub, 200)
	h.want(h.idem("/api/v1/user/package/purchase", tok, "k-1", `{"purchaseId":"`+o.ID+`","paymentMethod":"MANUAL"}`), 200)
	h.want(h.idem(path, tok, strings.Repeat("x", 256), `{"amount":100}`), 422)
	testkit.CheckSupply(t, h.d.DB)
}

// TestIdempotencyConcurrentDoubleSubmit: the same submit sent ten times at once (a double tap)
// makes exactly one order; the duplicates get the first answer or 409 while it is in flight.
func TestIdempotencyConcurrentDoubleSubmit(t *testing.T) {
	s := secSetup(t)
	tok := s.secBuyers(1)[0]
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code, _ := s.secDoKey("POST", "/api/v1/user/package/purchase", tok, "double-tap",
				map[string]any{"amount": 100, "paymentMethod": "MANUAL"})
			mu.Lock()
			codes[code]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if codes[200]+codes[409] != 10 || codes[200] < 1 {
		t.Fatalf("answers %v", codes)
	}
	var n int
	if err := s.d.DB.QueryRowContext(context.Background(), "SELECT count(*) FROM purchases").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("%d purchases, want 1", n)
	}
	testkit.CheckSupply(t, s.d.DB)
}
