package delivery

import (
	"context"
	"crypto/ecdsa"
	"log/slog"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/uptrace/bun"

	"prelaunch/core/infra/chain"
)

// Owed is what one buyer is owed now and not yet given a transfer for, in token base units.
type Owed struct {
	UserID  string
	Address string
	Amount  *big.Int
}

// Target is where a company's tokens are sent from: its chain, its token and its treasury key.
// The key lives in memory only (chain.KeySource); the database keeps the treasury's address.
type Target struct {
	Backend chain.Backend
	ChainID *big.Int
	Token   common.Address
	Key     *ecdsa.PrivateKey
}

// Treasury is the address the target sends from.
func (t Target) Treasury() common.Address { return chain.Address(t.Key) }

// Person is how a buyer is shown in the preview.
type Person struct {
	Name  string
	Email string
}

// Transfer statuses.
const (
	StatusQueued    = "QUEUED"    // recorded by a run, not signed yet
	StatusSent      = "SENT"      // signed and stored (raw_tx, nonce, hash), broadcast or about to be
	StatusConfirmed = "CONFIRMED" // mined, successful, with Confirmations blocks on top
	StatusFailed    = "FAILED"    // mined and reverted (error holds the reason); only an admin retries it
)

// DefaultConfirmations is how many blocks make a transfer final unless configured otherwise.
const DefaultConfirmations = 3

// DefaultBumpAfterBlocks is how many blocks a transfer waits for a receipt before its fee is
// bumped, unless configured otherwise (about five minutes of 12-second blocks).
const DefaultBumpAfterBlocks = 25

// Distributor sends every buyer the tokens they are owed, each transfer exactly once: a run
// records the transfers (Run), the worker signs, stores and broadcasts them under the treasury's
// lock and follows them to their confirmations (Process).
type Distributor struct {
	DB *bun.DB
	// Owed answers what each buyer of a company is owed now, less what they already have a
	// transfer for (Outstanding): the integration wires vesting minus delivered.
	Owed func(ctx context.Context, db bun.IDB, companyID string, now time.Time) ([]Owed, error)
	// Target resolves a company's chain, token and treasury key.
	Target func(ctx context.Context, companyID string) (Target, error)
	// People names buyers for the preview (read in core/readmodel); nil shows no names.
	People func(ctx context.Context, companyID string, userIDs []string) (map[string]Person, error)
	// Kick asks a worker to process the company now (after a run or a retry); nil leaves it to
	// the worker's loop.
	Kick func(ctx context.Context, companyID string)
	// Confirmations is the depth at which a transfer is CONFIRMED (DefaultConfirmations when 0).
	Confirmations uint64
	// BumpAfterBlocks is how many blocks a signed transfer may wait for a receipt before it is
	// signed again with the same nonce and a higher fee (DefaultBumpAfterBlocks when 0);
	// NoFeeBump turns bumps off (the stored bytes are only broadcast again).
	BumpAfterBlocks uint64
	NoFeeBump       bool
	Now             func() time.Time
	Log             *slog.Logger

	// hook is called at the worker's crash points in tests ("signed", "stored", "bumped").
	hook func(point string)
	// fees prices new transactions (chain.SuggestFees when nil); tests play a fee spike with it.
	fees func(ctx context.Context, b chain.Backend) (chain.Fees, error)
}

func (d *Distributor) suggestFees(ctx context.Context, b chain.Backend) (chain.Fees, error) {
	if d.fees != nil {
		return d.fees(ctx, b)
	}
	return chain.SuggestFees(ctx, b)
}

func (d *Distributor) bumpAfter() uint64 {
	if d.BumpAfterBlocks == 0 {
		return DefaultBumpAfterBlocks
	}
	return d.BumpAfterBlocks
}

func (d *Distributor) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Distributor) confirmations() uint64 {
	if d.Confirmations == 0 {
		return DefaultConfirmations
	}
	return d.Confirmations
}

func (d *Distributor) log() *slog.Logger {
	if d.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return d.Log
}

func (d *Distributor) at(point string) {
	if d.hook != nil {
		d.hook(point)
	}
}
