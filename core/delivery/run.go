package delivery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/fields"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/chain"
)

// PreviewLine is one transfer a run would record.
type PreviewLine struct {
	UserID  string `json:"userId"`
	Name    string `json:"name"`
	Address string `json:"address"`
	Amount  string `json:"amount"`
}

// Preview is what Run would send now, and whether the treasury holds enough.
type Preview struct {
	Transfers       []PreviewLine `json:"transfers"`
	Total           string        `json:"total"`
	TreasuryBalance string        `json:"treasuryBalance"`
	Enough          bool          `json:"enough"`
}

// Started is a recorded run.
type Started struct {
	RunID     string `json:"runId"`
	Transfers int    `json:"transfers"`
	Total     string `json:"total"`
}

var (
	errRunning = apperr.Conflict("distribution_running", "A distribution is still sending; wait until its transfers are confirmed or failed.")
	errNothing = apperr.Conflict("nothing_owed", "Nothing to send: every buyer already has a transfer for what they are owed.")
)

// Outstanding is, per buyer, the amount of every transfer that is not FAILED (queued, sent or
// confirmed): what Owed subtracts so a buyer is never sent the same tokens twice.
func (d *Distributor) Outstanding(ctx context.Context, db bun.IDB, companyID string) (map[string]*big.Int, error) {
	var rows []struct {
		UserID string `bun:"user_id"`
		Sum    string `bun:"sum"`
	}
	if err := db.NewRaw(`SELECT user_id, sum(amount)::text AS sum FROM distribution_transfers
		WHERE company_id = ? AND status <> 'FAILED' GROUP BY user_id`, companyID).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make(map[string]*big.Int, len(rows))
	for _, r := range rows {
		out[r.UserID] = mustInt(r.Sum)
	}
	return out, nil
}

// held are the buyers with a FAILED transfer no admin has retried yet: a run leaves them out
// (their tokens go again only through Retry).
func held(ctx context.Context, db bun.IDB, companyID string) (map[string]bool, error) {
	var ids []string
	if err := db.NewRaw(`SELECT DISTINCT f.user_id FROM distribution_transfers f
		WHERE f.company_id = ? AND f.status = 'FAILED'
		  AND NOT EXISTS (SELECT 1 FROM distribution_transfers r WHERE r.retry_of = f.id)`, companyID).Scan(ctx, &ids); err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// sending reports whether the company has a transfer not yet final.
func sending(ctx context.Context, db bun.IDB, companyID string) (bool, error) {
	var n int
	err := db.NewRaw(`SELECT count(*) FROM distribution_transfers WHERE company_id = ? AND status IN ('QUEUED', 'SENT')`, companyID).Scan(ctx, &n)
	return n > 0, err
}

// committed is what the treasury has promised and not yet seen mined: queued and sent transfers
// (sent ones may be mined already; counting them again only errs on the safe side).
func committed(ctx context.Context, db bun.IDB, chainID *big.Int, treasury common.Address) (*big.Int, error) {
	var s string
	err := db.NewRaw(`SELECT coalesce(sum(amount), 0)::text FROM distribution_transfers
		WHERE chain_id = ? AND lower(treasury) = lower(?) AND status IN ('QUEUED', 'SENT')`, chainID.String(), treasury.Hex()).Scan(ctx, &s)
	if err != nil {
		return nil, err
	}
	return mustInt(s), nil
}

type plan struct {
	lines    []Owed
	total    *big.Int
	balance  *big.Int // the treasury's token balance less what is committed
	target   Target
	treasury common.Address
}

func (d *Distributor) plan(ctx context.Context, db bun.IDB, companyID string) (*plan, error) {
	if d.Owed == nil || d.Target == nil {
		return nil, apperr.Unavailable("distribution_unavailable", "Token delivery is not set up.", errors.New("delivery: Owed or Target not wired"))
	}
	t, err := d.Target(ctx, companyID)
	if err != nil {
		return nil, err
	}
	owed, err := d.Owed(ctx, db, companyID, d.now())
	if err != nil {
		return nil, err
	}
	skip, err := held(ctx, db, companyID)
	if err != nil {
		return nil, err
	}
	p := &plan{total: new(big.Int), target: t, treasury: t.Treasury()}
	seen := map[string]bool{}
	for _, o := range owed {
		if o.Amount == nil || o.Amount.Sign() <= 0 || skip[o.UserID] {
			continue
		}
		if !common.IsHexAddress(o.Address) || common.HexToAddress(o.Address) == (common.Address{}) {
			continue // no usable wallet: nothing can be sent until the buyer has one
		}
		if seen[o.UserID] {
			return nil, fmt.Errorf("delivery: Owed lists buyer %s twice", o.UserID)
		}
		seen[o.UserID] = true
		p.lines = append(p.lines, Owed{UserID: o.UserID, Address: common.HexToAddress(o.Address).Hex(), Amount: new(big.Int).Set(o.Amount)})
		p.total.Add(p.total, o.Amount)
	}
	sort.Slice(p.lines, func(i, j int) bool { return p.lines[i].UserID < p.lines[j].UserID })
	bal, err := chain.TokenBalance(ctx, t.Backend, t.Token, p.treasury)
	if err != nil {
		return nil, apperr.Unavailable("chain_unavailable", "The chain does not answer; try again shortly.", err)
	}
	c, err := committed(ctx, db, t.ChainID, p.treasury)
	if err != nil {
		return nil, err
	}
	p.balance = new(big.Int).Sub(bal, c)
	if p.balance.Sign() < 0 {
		p.balance.SetInt64(0)
	}
	return p, nil
}

// Preview is what Run would record now: the same plan, nothing written.
func (d *Distributor) Preview(ctx context.Context, companyID string) (*Preview, error) {
	p, err := d.plan(ctx, d.DB, companyID)
	if err != nil {
		return nil, err
	}
	out := &Preview{Transfers: make([]PreviewLine, 0, len(p.lines)), Total: p.total.String(),
		TreasuryBalance: p.balance.String(), Enough: p.balance.Cmp(p.total) >= 0}
	names := map[string]Person{}
	if d.People != nil && len(p.lines) > 0 {
		ids := make([]string, len(p.lines))
		for i, l := range p.lines {
			ids[i] = l.UserID
		}
		if names, err = d.People(ctx, companyID, ids); err != nil {
			return nil, err
		}
	}
	for _, l := range p.lines {
		out.Transfers = append(out.Transfers, PreviewLine{UserID: l.UserID, Name: names[l.UserID].Name, Address: l.Address, Amount: l.Amount.String()})
	}
	return out, nil
}

// Run records a run and one QUEUED transfer per buyer owed, in one transaction under the
// company's lock, then kicks the worker. 409 while a run is still sending, when nothing is owed,
// or when the treasury's balance cannot cover the total.
func (d *Distributor) Run(ctx context.Context, actor audit.Actor, companyID string) (*Started, error) {
	var out *Started
	err := d.DB.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('delivery-run:' || ?, 0))`, companyID); err != nil {
			return err
		}
		busy, err := sending(ctx, tx, companyID)
		if err != nil {
			return err
		}
		if busy {
			return errRunning
		}
		p, err := d.plan(ctx, tx, companyID)
		if err != nil {
			return err
		}
		if len(p.lines) == 0 {
			return errNothing
		}
		if p.balance.Cmp(p.total) < 0 {
			return apperr.Conflict("treasury_short", fmt.Sprintf("The treasury %s holds %s base units; this run needs %s.", p.treasury.Hex(), p.balance, p.total))
		}
		var startedBy any
		if actor.Kind == "admin" && actor.ID != "" {
			startedBy = actor.ID
		}
		var runID string
		if err := tx.NewRaw(`INSERT INTO distribution_runs (company_id, started_by, started_at, chain_id, token, treasury, total, transfers)
			VALUES (?, ?, ?, ?::numeric, ?, ?, ?::numeric, ?) RETURNING id`,
			companyID, startedBy, d.now(), p.target.ChainID.String(), p.target.Token.Hex(), p.treasury.Hex(), p.total.String(), len(p.lines)).
			Scan(ctx, &runID); err != nil {
			return err
		}
		for _, l := range p.lines {
			if _, err := tx.ExecContext(ctx, `INSERT INTO distribution_transfers (company_id, run_id, user_id, address, amount, chain_id, treasury, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?::numeric, ?::numeric, ?, ?, ?)`,
				companyID, runID, l.UserID, l.Address, l.Amount.String(), p.target.ChainID.String(), p.treasury.Hex(), d.now(), d.now()); err != nil {
				return err
			}
		}
		out = &Started{RunID: runID, Transfers: len(p.lines), Total: p.total.String()}
		return audit.Write(ctx, tx, actor, "distribution.run", "distribution_run", runID, nil, map[string]any{
			"treasury": p.treasury.Hex(), "token": p.target.Token.Hex(), "chainId": p.target.ChainID.String(),
			"total": p.total.String(), "transfers": len(p.lines)})
	})
	if err != nil {
		return nil, err
	}
	if d.Kick != nil {
		d.Kick(ctx, companyID)
	}
	return out, nil
}

// Retry queues a new transfer for a FAILED one's buyer, address and amount, in the failed one's
// run; the failed transfer is kept as it is. 404 for another company's transfer, 409 when it is
// not FAILED or was retried already.
func (d *Distributor) Retry(ctx context.Context, actor audit.Actor, companyID, transferID string) (string, error) {
	if strings.TrimSpace(transferID) == "" {
		return "", apperr.InvalidField("id_required", "id", "id is required.")
	}
	if !fields.UUID(transferID) {
		return "", apperr.NotFound("transfer_not_found", "Transfer not found.")
	}
	var newID string
	err := d.DB.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		var f struct {
			RunID    string `bun:"run_id"`
			UserID   string `bun:"user_id"`
			Address  string `bun:"address"`
			Amount   string `bun:"amount"`
			ChainID  string `bun:"chain_id"`
			Treasury string `bun:"treasury"`
			Status   string `bun:"status"`
			Retried  bool   `bun:"retried"`
		}
		err := tx.NewRaw(`SELECT run_id, user_id, address, amount::text AS amount, chain_id::text AS chain_id, treasury, status,
				EXISTS (SELECT 1 FROM distribution_transfers r WHERE r.retry_of = t.id) AS retried
			FROM distribution_transfers t WHERE t.id = ? AND t.company_id = ? FOR UPDATE`, transferID, companyID).Scan(ctx, &f)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.NotFound("transfer_not_found", "Transfer not found.")
		}
		if err != nil {
			return err
		}
		if f.Status != StatusFailed {
			return apperr.Conflict("transfer_not_failed", "Only a failed transfer can be retried.")
		}
		if f.Retried {
			return apperr.Conflict("transfer_retried", "This transfer has already been retried.")
		}
		if err := tx.NewRaw(`INSERT INTO distribution_transfers (company_id, run_id, user_id, address, amount, chain_id, treasury, retry_of, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?::numeric, ?::numeric, ?, ?, ?, ?) RETURNING id`,
			companyID, f.RunID, f.UserID, f.Address, f.Amount, f.ChainID, f.Treasury, transferID, d.now(), d.now()).Scan(ctx, &newID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE distribution_runs SET status = 'RUNNING', updated_at = now()
			WHERE id = ? AND status = 'DONE' AND NOT EXISTS (SELECT 1 FROM distribution_runs o WHERE o.company_id = ? AND o.status = 'RUNNING')`,
			f.RunID, companyID); err != nil {
			return err
		}
		return audit.Write(ctx, tx, actor, "distribution.retry", "distribution_transfer", transferID, nil,
			map[string]any{"retry": newID, "address": f.Address, "amount": f.Amount, "treasury": f.Treasury})
	})
	if err != nil {
		return "", err
	}
	if d.Kick != nil {
		d.Kick(ctx, companyID)
	}
	return newID, nil
}

func mustInt(s string) *big.Int {
	n, ok := new(big.Int).SetString(strings.TrimSpace(s), 10)
	if !ok {
		return new(big.Int)
	}
	return n
}

// Delivered is, per buyer, what has reached them on chain: the CONFIRMED transfers summed and
// the hash of the latest one.
func (d *Distributor) Delivered(ctx context.Context, db bun.IDB, companyID string) (map[string]Delivery, error) {
	var rows []struct {
		UserID string `bun:"user_id"`
		Sum    string `bun:"sum"`
		Last   string `bun:"last"`
	}
	if err := db.NewRaw(`SELECT user_id, sum(amount)::text AS sum,
		(array_agg(tx_hash ORDER BY updated_at DESC, id DESC))[1] AS last
		FROM distribution_transfers WHERE company_id = ? AND status = 'CONFIRMED' GROUP BY user_id`, companyID).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make(map[string]Delivery, len(rows))
	for _, r := range rows {
		out[r.UserID] = Delivery{Amount: mustInt(r.Sum), TxHash: r.Last}
	}
	return out, nil
}

// InFlight is the total of the transfers recorded and not yet confirmed or failed (QUEUED, SENT).
func (d *Distributor) InFlight(ctx context.Context, db bun.IDB, companyID string) (*big.Int, error) {
	var sum string
	if err := db.NewRaw(`SELECT coalesce(sum(amount), 0)::text FROM distribution_transfers
		WHERE company_id = ? AND status IN ('QUEUED', 'SENT')`, companyID).Scan(ctx, &sum); err != nil {
		return nil, err
	}
	return mustInt(sum), nil
}

// BuyerDelivery is one signed transfer of tokens to a buyer, as their yearly statement lists it.
type BuyerDelivery struct {
	// At is when it was confirmed, else when it was signed.
	At      time.Time `bun:"at"`
	Amount  string    `bun:"amount"` // base units
	Address string    `bun:"address"`
	TxHash  string    `bun:"tx_hash"`
	Status  string    `bun:"status"` // SENT, CONFIRMED or FAILED
}

// BuyerDeliveries lists one buyer's signed transfers (those with a transaction hash) dated in
// [from, to), oldest first: the read other packages use instead of the transfers table (the
// buyer's statement, core/export).
func BuyerDeliveries(ctx context.Context, db bun.IDB, companyID, userID string, from, to time.Time) ([]BuyerDelivery, error) {
	var out []BuyerDelivery
	err := db.NewRaw(`SELECT at, amount, address, tx_hash, status FROM (
			SELECT coalesce(confirmed_at, signed_at, created_at) AS at, amount::text AS amount, address, tx_hash, status, id
			FROM distribution_transfers
			WHERE company_id = ? AND user_id = ? AND tx_hash IS NOT NULL) AS d
		WHERE at >= ? AND at < ? ORDER BY at, id`, companyID, userID, from, to).Scan(ctx, &out)
	return out, err
}
