// Package allocation sells a token round by requests (docs/decisions/0014-allocation-by-requests.md):
// during the round's request window each buyer asks for an amount, at the window's close the
// round's tokens are shared out by Draw (a pure function anyone can run again from the published
// requests and seed), the buyers are told, and each pays for exactly what they were given within
// the round's payment hours. It owns the round_requests and round_allocations tables.
package allocation

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"sort"

	"github.com/shopspring/decimal"
)

// Ask is one buyer's request in whole tokens.
type Ask struct {
	Key string          // the buyer (their user id): the shuffle's order is by key, so input order is irrelevant
	Qty decimal.Decimal // whole tokens, ≥ 0
}

// Share is what one buyer gets.
type Share struct {
	Key string
	Qty decimal.Decimal
}

// Result is a draw: one share per ask (in the asks' order), the level every buyer was capped at,
// and the keys that got one token above the level (the remainder, in shuffle order).
type Result struct {
	Shares []Share
	Level  decimal.Decimal
	Extra  []string
}

// Draw shares available tokens among the asks: each buyer gets min(ask, level), the level being
// the largest whole number of tokens at which the total stays within available; the tokens left
// (available − total at the level, fewer than the buyers still short) go one each to buyers still
// short, taken in the order of a Fisher–Yates shuffle of those buyers (sorted by key) driven by
// SHA-256(seed ‖ counter). Same asks and seed, same result, whatever the order of the asks.
// When everything asked fits, everyone gets their ask and the level is the largest ask.
func Draw(asks []Ask, available decimal.Decimal, seed []byte) Result {
	res := Result{Shares: make([]Share, len(asks)), Level: decimal.Zero}
	if available.IsNegative() {
		available = decimal.Zero
	}
	qty := func(i int) decimal.Decimal {
		if asks[i].Qty.IsNegative() {
			return decimal.Zero
		}
		return asks[i].Qty.Floor()
	}
	order := make([]int, len(asks))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return qty(order[a]).LessThan(qty(order[b])) })
	// Water-filling: the smallest asks are met in full while the rest could each get as much.
	left := available
	level := decimal.Zero
	capped := false
	for k, i := range order {
		n := decimal.NewFromInt(int64(len(order) - k))
		if qty(i).Mul(n).LessThanOrEqual(left) {
			left = left.Sub(qty(i))
			level = qty(i)
			continue
		}
		level = left.Div(n).Floor()
		capped = true
		break
	}
	res.Level = level
	total := decimal.Zero
	var short []int
	for i := range asks {
		q := decimal.Min(qty(i), level)
		res.Shares[i] = Share{Key: asks[i].Key, Qty: q}
		total = total.Add(q)
		if qty(i).GreaterThan(q) {
			short = append(short, i)
		}
	}
	if !capped {
		return res
	}
	rest := available.Sub(total) // < len(short) by the level's choice
	sort.SliceStable(short, func(a, b int) bool { return asks[short[a]].Key < asks[short[b]].Key })
	Shuffle(short, seed)
	for _, i := range short {
		if !rest.IsPositive() {
			break
		}
		res.Shares[i].Qty = res.Shares[i].Qty.Add(decimal.NewFromInt(1))
		res.Extra = append(res.Extra, asks[i].Key)
		rest = rest.Sub(decimal.NewFromInt(1))
	}
	return res
}

// Shuffle permutes xs in place by Fisher–Yates, from the last position down, each index drawn
// uniformly from the stream of SHA-256(seed ‖ counter) (counter as 8 big-endian bytes, from 0;
// each block gives four 64-bit numbers; a number at or above the largest multiple of the range is
// skipped, so no index is favoured).
func Shuffle[T any](xs []T, seed []byte) {
	r := newStream(seed)
	for i := len(xs) - 1; i > 0; i-- {
		j := r.below(uint64(i + 1))
		xs[i], xs[j] = xs[j], xs[i]
	}
}

type stream struct {
	seed    []byte
	counter uint64
	buf     []byte
}

func newStream(seed []byte) *stream { return &stream{seed: seed} }

func (s *stream) next() uint64 {
	if len(s.buf) < 8 {
		var c [8]byte
		binary.BigEndian.PutUint64(c[:], s.counter)
		s.counter++
		h := sha256.New()
		h.Write(s.seed)
		h.Write(c[:])
		s.buf = h.Sum(nil)
	}
	v := binary.BigEndian.Uint64(s.buf[:8])
	s.buf = s.buf[8:]
	return v
}

// below is a uniform number in [0, n).
func (s *stream) below(n uint64) uint64 {
	limit := ^uint64(0) - (^uint64(0) % n) // the largest multiple of n (exclusive bound)
	for {
		if v := s.next(); v < limit {
			return v % n
		}
	}
}

// Commitment is the hash published from the moment a round is sold by requests: the hex SHA-256 of
// the seed's bytes. The seed itself is shown once the round is allocated; anyone can check it.
func Commitment(seed []byte) string {
	sum := sha256.Sum256(seed)
	return hex.EncodeToString(sum[:])
}
