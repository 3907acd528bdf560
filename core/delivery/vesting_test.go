package delivery

import (
	"math/big"
	"testing"
	"time"
)

func bi(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return v
}

var tge = time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)

func TestUnlockedEdges(t *testing.T) {
	s := Schedule{TGEUnlockBP: 1000, CliffDays: 30, VestingDays: 100} // 10% at TGE
	base := Base(big.NewInt(1000), 0)                                 // 1000 units, no decimals
	cases := []struct {
		name string
		at   time.Time
		want string
	}{
		{"long before TGE", tge.Add(-365 * day), "0"},
		{"a second before TGE", tge.Add(-time.Second), "0"},
		{"a nanosecond before TGE", tge.Add(-1), "0"},
		{"at TGE", tge, "100"},
		{"the cliff's last second", tge.Add(30*day - time.Second), "100"},
		{"the cliff's end", tge.Add(30 * day), "100"},
		{"half the vesting", tge.Add(30*day + 50*day), "550"},
		{"a second before the end", tge.Add(130*day - time.Second), "999"},
		{"the end", tge.Add(130 * day), "1000"},
		{"long after", tge.Add(1000 * day), "1000"},
	}
	for _, c := range cases {
		if got := Unlocked(base, tge, s, c.at); got.String() != c.want {
			t.Errorf("%s: unlocked %s, want %s", c.name, got, c.want)
		}
	}
}

func TestUnlockedNoVestingAllAtCliff(t *testing.T) {
	s := Schedule{TGEUnlockBP: 2500, CliffDays: 10}
	base := big.NewInt(8)
	if got := Unlocked(base, tge, s, tge.Add(10*day-time.Second)); got.Int64() != 2 {
		t.Errorf("before the cliff's end: %s, want 2", got)
	}
	if got := Unlocked(base, tge, s, tge.Add(10*day)); got.Int64() != 8 {
		t.Errorf("at the cliff's end: %s, want 8", got)
	}
	if got := Unlocked(base, tge, AllAtTGE, tge); got.Int64() != 8 {
		t.Errorf("all at TGE: %s", got)
	}
	if got := TimeLeft(tge, s, tge); got != 10*86400 {
		t.Errorf("time left %d", got)
	}
}

// 1-wei remainders: floors never give more than base, the wei the TGE part leaves over is not
// lost, and the amount never decreases.
func TestUnlockedRemainders(t *testing.T) {
	s := Schedule{TGEUnlockBP: 3333, CliffDays: 0, VestingDays: 3} // 33.33%
	base := big.NewInt(7)
	if got := Unlocked(base, tge, s, tge); got.Int64() != 2 { // floor(7·0.3333) = 2
		t.Errorf("at TGE %s", got)
	}
	prev := big.NewInt(0)
	for sec := int64(0); sec <= 3*86400; sec += 3517 {
		got := Unlocked(base, tge, s, tge.Add(time.Duration(sec)*time.Second))
		if got.Cmp(base) > 0 || got.Cmp(prev) < 0 {
			t.Fatalf("at %ds: %s (prev %s)", sec, got, prev)
		}
		prev = got
	}
	if got := Unlocked(base, tge, s, tge.Add(3*day-time.Second)); got.Int64() != 6 {
		t.Errorf("a second before the end: %s, want 6", got)
	}
	if got := Unlocked(base, tge, s, tge.Add(3*day)); got.Int64() != 7 {
		t.Errorf("the end: %s, want 7", got)
	}
	one := big.NewInt(1)
	if got := Unlocked(one, tge, s, tge.Add(3*day-time.Second)); got.Int64() != 0 {
		t.Errorf("one wei just before the end: %s", got)
	}
	if got := Unlocked(one, tge, s, tge.Add(3*day)); got.Int64() != 1 {
		t.Errorf("one wei at the end: %s", got)
	}
}

// 10^9 tokens of 18 decimals (10^27 wei, beyond int64 and float precision), 12.34% at TGE.
func TestUnlockedEighteenDecimals(t *testing.T) {
	base := Base(bi("1000000000"), 18)
	if base.String() != "1000000000000000000000000000" {
		t.Fatalf("base %s", base)
	}
	s := Schedule{TGEUnlockBP: 1234, CliffDays: 90, VestingDays: 365}
	if got := Unlocked(base, tge, s, tge); got.String() != "123400000000000000000000000" {
		t.Errorf("TGE part %s", got)
	}
	// One second into the vesting: rest·1/31536000, floored.
	rest := bi("876600000000000000000000000")
	want := new(big.Int).Quo(rest, big.NewInt(365*86400))
	want.Add(want, bi("123400000000000000000000000"))
	if got := Unlocked(base, tge, s, tge.Add(90*day+time.Second)); got.Cmp(want) != 0 {
		t.Errorf("one second in: %s, want %s", got, want)
	}
	if got := Unlocked(base, tge, s, s.End(tge)); got.Cmp(base) != 0 {
		t.Errorf("end %s", got)
	}
	if got := Unlocked(base, tge, s, s.End(tge).Add(-time.Second)); got.Cmp(base) >= 0 {
		t.Errorf("a second before the end is already all: %s", got)
	}
}

func TestUnlockedPercentBounds(t *testing.T) {
	base := big.NewInt(10001)
	if got := Unlocked(base, tge, Schedule{TGEUnlockBP: 1, VestingDays: 1}, tge); got.Int64() != 1 { // 0.01%
		t.Errorf("0.01%%: %s", got)
	}
	if got := Unlocked(base, tge, Schedule{TGEUnlockBP: 10000, VestingDays: 5}, tge); got.Int64() != 10001 {
		t.Errorf("100%%: %s", got)
	}
	if got := Unlocked(base, tge, Schedule{TGEUnlockBP: 0, CliffDays: 1, VestingDays: 5}, tge.Add(day-time.Second)); got.Sign() != 0 {
		t.Errorf("0%% in the cliff: %s", got)
	}
	if got := Unlocked(big.NewInt(0), tge, AllAtTGE, tge); got.Sign() != 0 {
		t.Errorf("nothing allocated: %s", got)
	}
}

func TestTimeLeft(t *testing.T) {
	s := Schedule{TGEUnlockBP: 0, CliffDays: 1, VestingDays: 1}
	if got := TimeLeft(tge, s, tge.Add(-time.Hour)); got != 2*86400+3600 {
		t.Errorf("before TGE: %d", got)
	}
	if got := TimeLeft(tge, s, tge.Add(2*day-time.Millisecond)); got != 1 {
		t.Errorf("rounded up: %d", got)
	}
	if got := TimeLeft(tge, s, tge.Add(2*day)); got != 0 {
		t.Errorf("at the end: %d", got)
	}
	if got := TimeLeft(tge, s, tge.Add(3*day)); got != 0 {
		t.Errorf("after: %d", got)
	}
}
