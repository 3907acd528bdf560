package auth_test

import (
	"context"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"prelaunch/core/auth"
	"prelaunch/core/infra/admission"
)

// A password hash or check gives the request's admission place back first: a quarter of a
// second of CPU must not hold a place short requests could use.
func TestPasswordWorkLeavesTheAdmissionGate(t *testing.T) {
	auth.Cost = bcrypt.MinCost
	g := admission.New(1, 20*time.Millisecond)
	for name, work := range map[string]func(context.Context){
		"hash":  func(ctx context.Context) { _, _ = auth.HashPassword(ctx, "Passw0rd!") },
		"check": func(ctx context.Context) { auth.CheckPassword(ctx, "$2a$04$invalid", "Passw0rd!") },
		"burn":  func(ctx context.Context) { auth.BurnTime(ctx, "Passw0rd!") },
	} {
		ctx, leave, err := g.Enter(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		work(ctx)
		_, leave2, err := g.Enter(context.Background())
		if err != nil {
			t.Fatalf("%s: the place is still held after the password work: %v", name, err)
		}
		leave()
		leave2()
	}
}
