// Package delivery puts a company's sold tokens on chain: the chain settings, the TGE (token
// generation event, when vesting starts), the vesting schedules, each buyer's unlocked amount,
// the Merkle tree and the claims list of those amounts (Service), and the transfers themselves
// (Distributor). It owns distribution_settings and vesting_schedules (core/ownership/owners.go).
package delivery

import (
	"math/big"
	"time"
)

// Schedule is how an allocation unlocks: TGEUnlockBP hundredths of a percent at the TGE
// (10000 = 100%), nothing more until the cliff has passed, then the rest linearly over
// VestingDays (all at once at the cliff's end when VestingDays is 0).
type Schedule struct {
	TGEUnlockBP int64 // 0..10000: the percent with 2 decimals, times 100
	CliffDays   int64
	VestingDays int64
}

// AllAtTGE is the schedule of a company that set none: everything unlocks at the TGE.
var AllAtTGE = Schedule{TGEUnlockBP: 10000}

const day = 24 * time.Hour

// Base is an allocation of q whole tokens in the token's smallest unit: q·10^decimals.
func Base(q *big.Int, decimals int) *big.Int {
	return new(big.Int).Mul(q, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil))
}

// End is when an allocation under s is fully unlocked: TGE + cliff + vesting.
func (s Schedule) End(tge time.Time) time.Time {
	return tge.Add(time.Duration(s.CliffDays)*day + time.Duration(s.VestingDays)*day)
}

// Unlocked is how much of base (in the token's smallest unit) has unlocked at t, in integers:
//
//	0 before the TGE;
//	tgePart = floor(base·bp/10000) from the TGE on;
//	tgePart + floor(rest·elapsed/vesting) after the cliff, rest = base − tgePart, elapsed and
//	vesting in whole seconds (elapsed counted from the cliff's end, at most vesting);
//	base exactly from TGE + cliff + vesting on.
//
// The wei the TGE part's floor leaves over vests with the rest, so the whole never exceeds base,
// never decreases as t grows, and is base at the end.
func Unlocked(base *big.Int, tge time.Time, s Schedule, t time.Time) *big.Int {
	if base.Sign() <= 0 || t.Before(tge) {
		return new(big.Int)
	}
	if !t.Before(s.End(tge)) {
		return new(big.Int).Set(base)
	}
	bp := s.TGEUnlockBP
	if bp < 0 {
		bp = 0
	}
	if bp > 10000 {
		bp = 10000
	}
	tgePart := new(big.Int).Mul(base, big.NewInt(bp))
	tgePart.Quo(tgePart, big.NewInt(10000))
	cliffEnd := tge.Add(time.Duration(s.CliffDays) * day)
	if t.Before(cliffEnd) || s.VestingDays == 0 {
		// VestingDays 0 with t before the end means t is before the cliff's end.
		return tgePart
	}
	elapsed := int64(t.Sub(cliffEnd) / time.Second)
	vesting := s.VestingDays * int64(day/time.Second)
	rest := new(big.Int).Sub(base, tgePart)
	part := rest.Mul(rest, big.NewInt(elapsed))
	part.Quo(part, big.NewInt(vesting))
	return part.Add(part, tgePart)
}

// TimeLeft is the seconds from now until an allocation under s is fully unlocked (0 once it is),
// rounded up so that 0 means unlocked.
func TimeLeft(tge time.Time, s Schedule, now time.Time) int64 {
	d := s.End(tge).Sub(now)
	if d <= 0 {
		return 0
	}
	secs := int64(d / time.Second)
	if d%time.Second != 0 {
		secs++
	}
	return secs
}
