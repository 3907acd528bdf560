package allocation

import (
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"testing"
	"testing/quick"

	"github.com/shopspring/decimal"
)

func asks(qs ...int64) []Ask {
	out := make([]Ask, len(qs))
	for i, q := range qs {
		out[i] = Ask{Key: fmt.Sprintf("buyer-%02d", i), Qty: decimal.NewFromInt(q)}
	}
	return out
}

func qtys(r Result) []int64 {
	out := make([]int64, len(r.Shares))
	for i, s := range r.Shares {
		out[i] = s.Qty.IntPart()
	}
	return out
}

// CoinList's example: 10,000 tokens over six requests.
func TestDrawGolden(t *testing.T) {
	r := Draw(asks(1200, 2600, 3500, 700, 5000, 900), decimal.NewFromInt(10000), []byte("seed"))
	want := []int64{1200, 2400, 2400, 700, 2400, 900}
	if fmt.Sprint(qtys(r)) != fmt.Sprint(want) || r.Level.IntPart() != 2400 || len(r.Extra) != 0 {
		t.Fatalf("got %v level %s extra %v, want %v level 2400", qtys(r), r.Level, r.Extra, want)
	}
}

func TestDrawRemainderGoesOneEachByTheSeed(t *testing.T) {
	// 10 tokens over three asks of 5: level 3, one token left for one of the three.
	r := Draw(asks(5, 5, 5), decimal.NewFromInt(10), []byte("s1"))
	if r.Level.IntPart() != 3 || len(r.Extra) != 1 {
		t.Fatalf("level %s extra %v", r.Level, r.Extra)
	}
	again := Draw(asks(5, 5, 5), decimal.NewFromInt(10), []byte("s1"))
	if fmt.Sprint(qtys(r)) != fmt.Sprint(qtys(again)) {
		t.Fatal("same seed, different result")
	}
	// Over many seeds, each buyer gets the extra token sometimes.
	seen := map[string]int{}
	for i := 0; i < 300; i++ {
		seen[Draw(asks(5, 5, 5), decimal.NewFromInt(10), []byte(fmt.Sprint(i))).Extra[0]]++
	}
	for _, k := range []string{"buyer-00", "buyer-01", "buyer-02"} {
		if seen[k] < 60 {
			t.Fatalf("extra token shares %v: %s is starved", seen, k)
		}
	}
}

func TestDrawUndersubscribedGivesEveryoneTheirAsk(t *testing.T) {
	r := Draw(asks(10, 0, 30), decimal.NewFromInt(1000), nil)
	if fmt.Sprint(qtys(r)) != "[10 0 30]" || r.Level.IntPart() != 30 {
		t.Fatalf("%v level %s", qtys(r), r.Level)
	}
	if r := Draw(nil, decimal.NewFromInt(5), nil); len(r.Shares) != 0 {
		t.Fatal(r)
	}
	if r := Draw(asks(4, 9), decimal.Zero, nil); fmt.Sprint(qtys(r)) != "[0 0]" {
		t.Fatal(qtys(r))
	}
}

func TestCommitmentIsSHA256OfTheSeed(t *testing.T) {
	if got := Commitment([]byte("abc")); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Fatal(got)
	}
}

type drawCase struct {
	Qs    []int64
	Avail int64
	Seed  []byte
	Perm  []int
}

func (drawCase) Generate(r *rand.Rand, size int) reflect.Value {
	n := r.Intn(12)
	c := drawCase{Qs: make([]int64, n), Avail: r.Int63n(int64(200 * (n + 1))), Seed: []byte(fmt.Sprint(r.Int63())), Perm: r.Perm(n)}
	for i := range c.Qs {
		c.Qs[i] = r.Int63n(150)
		if r.Intn(5) == 0 {
			c.Qs[i] = 0
		}
	}
	return reflect.ValueOf(c)
}

func TestDrawProperties(t *testing.T) {
	prop := func(c drawCase) bool {
		a := asks(c.Qs...)
		avail := decimal.NewFromInt(c.Avail)
		r := Draw(a, avail, c.Seed)
		var sum, asked int64
		for i, s := range r.Shares {
			q := s.Qty.IntPart()
			if s.Key != a[i].Key || q < 0 || q > c.Qs[i] {
				t.Logf("share %d: %d of %d", i, q, c.Qs[i])
				return false // nobody gets more than asked
			}
			sum += q
			asked += c.Qs[i]
		}
		if sum != min(c.Avail, asked) {
			t.Logf("total %d, want min(%d, %d)", sum, c.Avail, asked)
			return false
		}
		// A smaller ask is never cut while a larger one gets more (beyond the remainder token).
		for i := range a {
			for j := range a {
				qi, qj := r.Shares[i].Qty.IntPart(), r.Shares[j].Qty.IntPart()
				if c.Qs[i] <= c.Qs[j] && qi < c.Qs[i] && qj > qi+1 {
					t.Logf("ask %d got %d while ask %d got %d", c.Qs[i], qi, c.Qs[j], qj)
					return false
				}
			}
		}
		// The order of the asks is irrelevant; the same seed gives the same result.
		shuffled := make([]Ask, len(a))
		for i, p := range c.Perm {
			shuffled[p] = a[i]
		}
		r2 := Draw(shuffled, avail, c.Seed)
		got := map[string]int64{}
		for _, s := range r2.Shares {
			got[s.Key] = s.Qty.IntPart()
		}
		for _, s := range r.Shares {
			if got[s.Key] != s.Qty.IntPart() {
				t.Logf("order changed %s: %d vs %d", s.Key, got[s.Key], s.Qty.IntPart())
				return false
			}
		}
		r3 := Draw(a, avail, c.Seed)
		return fmt.Sprint(qtys(r3)) == fmt.Sprint(qtys(r)) && r3.Level.Equal(r.Level)
	}
	if err := quick.Check(prop, &quick.Config{MaxCount: 2000}); err != nil {
		t.Fatal(err)
	}
}

func TestShuffleIsAPermutation(t *testing.T) {
	xs := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	Shuffle(xs, []byte("x"))
	s := append([]int(nil), xs...)
	sort.Ints(s)
	if fmt.Sprint(s) != "[0 1 2 3 4 5 6 7 8 9]" {
		t.Fatal(xs)
	}
}
