package delivery

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"prelaunch/core/infra/chain"
)

// ErrBusy is Process's answer when another worker holds the treasury's lock: that worker sends.
var ErrBusy = errors.New("delivery: another worker is sending from this treasury")

type sentRow struct {
	ID        string         `bun:"id"`
	RawTx     string         `bun:"raw_tx"`
	TxHash    string         `bun:"tx_hash"`
	BlockHash sql.NullString `bun:"block_hash"`
	Status    string         `bun:"status"`
	Replaced  []replacedTx   `bun:"replaced"`
	SentBlock sql.NullInt64  `bun:"sent_block"`
}

// replacedTx is signed bytes a fee bump replaced: kept until the transfer is final, because the
// first may still be mined instead of its replacement (they share a nonce: never both).
type replacedTx struct {
	Hash string `json:"hash"`
	Raw  string `json:"raw"`
}

type queuedRow struct {
	ID      string `bun:"id"`
	Address string `bun:"address"`
	Amount  string `bun:"amount"`
}

// Process is one pass of the worker over a company's transfers, holding the treasury's lock (a
// Postgres advisory lock on a connection of its own, so it is released if the process dies):
//
//  1. every stored transfer not yet final is followed: a receipt with enough blocks on top makes
//     it CONFIRMED (or FAILED with its revert reason); no receipt, or a receipt in another
//     block than the one recorded (a reorg), puts it back to pending and the same stored bytes
//     are broadcast again. Nothing stored is ever signed again, except by a fee bump: a transfer
//     with no receipt BumpAfterBlocks blocks after it was signed is signed anew with the same
//     nonce and a higher fee, the new bytes and hash stored (the old ones kept) before they are
//     broadcast; whichever of them is mined settles the transfer.
//  2. each QUEUED transfer is signed with the treasury's next nonce, the signed bytes, nonce and
//     hash are stored (SENT), and only then broadcast. A crash between signing and storing loses
//     a transaction that never left the process; one after storing is re-broadcast by step 1.
func (d *Distributor) Process(ctx context.Context, companyID string) error {
	t, err := d.Target(ctx, companyID)
	if err != nil {
		return err
	}
	treasury := t.Treasury()
	conn, err := d.DB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	lockKey := fmt.Sprintf("delivery-treasury:%s:%s", t.ChainID, common.Address(treasury).Hex())
	var got bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(hashtextextended(?, 0))`, lockKey).Scan(&got); err != nil {
		return err
	}
	if !got {
		return ErrBusy
	}
	defer func() {
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(hashtextextended(?, 0))`, lockKey)
	}()

	if err := d.follow(ctx, t, companyID); err != nil {
		return err
	}
	if err := d.send(ctx, t, companyID); err != nil {
		return err
	}
	_, err = d.DB.ExecContext(ctx, `UPDATE distribution_runs r SET status = 'DONE', updated_at = now()
		WHERE r.company_id = ? AND r.status = 'RUNNING'
		  AND NOT EXISTS (SELECT 1 FROM distribution_transfers x WHERE x.run_id = r.id AND x.status IN ('QUEUED', 'SENT'))`, companyID)
	return err
}

// follow checks each SENT transfer of the company against the chain.
func (d *Distributor) follow(ctx context.Context, t Target, companyID string) error {
	var rows []sentRow
	if err := d.DB.NewRaw(`SELECT id, raw_tx, tx_hash, block_hash, status, replaced, sent_block FROM distribution_transfers
		WHERE company_id = ? AND status = 'SENT' ORDER BY nonce`, companyID).Scan(ctx, &rows); err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil
	}
	head, err := t.Backend.BlockNumber(ctx)
	if err != nil {
		return fmt.Errorf("delivery: head block: %w", err)
	}
	for _, r := range rows {
		rc, err := d.mined(ctx, t, &r)
		if err != nil {
			return err
		}
		if rc == nil {
			// Not mined on the canonical chain: never broadcast, dropped, or removed by a reorg.
			if r.BlockHash.Valid {
				d.log().Warn("delivery: transfer left the chain (reorg); broadcasting it again", slog.String("transfer", r.ID), slog.String("tx", r.TxHash))
				if _, err := d.DB.ExecContext(ctx, `UPDATE distribution_transfers SET block_number = NULL, block_hash = NULL,
					confirmations = 0, updated_at = now() WHERE id = ? AND status = 'SENT'`, r.ID); err != nil {
					return err
				}
			}
			bumped, err := d.bump(ctx, t, r, head)
			if err != nil {
				return err
			}
			if !bumped {
				if err := d.broadcast(ctx, t, r.ID, r.RawTx); err != nil {
					return err
				}
			}
			continue
		}
		confs := chain.Confirmations(head, rc)
		if confs < d.confirmations() {
			if _, err := d.DB.ExecContext(ctx, `UPDATE distribution_transfers SET block_number = ?, block_hash = ?, confirmations = ?,
				broadcast_at = coalesce(broadcast_at, now()), updated_at = now() WHERE id = ? AND status = 'SENT'`,
				rc.BlockNumber.Int64(), rc.BlockHash.Hex(), confs, r.ID); err != nil {
				return err
			}
			continue
		}
		status, reason := StatusConfirmed, ""
		if rc.Status != types.ReceiptStatusSuccessful {
			status = StatusFailed
			tx, derr := chain.DecodeRaw(r.RawTx)
			reason = "reverted"
			if derr == nil {
				reason = chain.RevertReason(ctx, t.Backend, tx, t.Treasury(), rc.BlockNumber)
			}
		}
		if _, err := d.DB.ExecContext(ctx, `UPDATE distribution_transfers SET status = ?, error = ?, block_number = ?, block_hash = ?,
			confirmations = ?, broadcast_at = coalesce(broadcast_at, now()), confirmed_at = now(), updated_at = now()
			WHERE id = ? AND status = 'SENT'`,
			status, reason, rc.BlockNumber.Int64(), rc.BlockHash.Hex(), confs, r.ID); err != nil {
			return err
		}
	}
	return nil
}

// mined is the receipt of whichever of the transfer's signed transactions is mined: the current
// one, else one a fee bump replaced (newest first). When it is a replaced one, the row is made to
// name it (tx_hash, raw_tx) and the current one joins the replaced; r is updated to match. Nil
// when none is mined on the canonical chain.
func (d *Distributor) mined(ctx context.Context, t Target, r *sentRow) (*types.Receipt, error) {
	rc, err := chain.Receipt(ctx, t.Backend, common.HexToHash(r.TxHash))
	if err != nil {
		return nil, fmt.Errorf("delivery: receipt of %s: %w", r.TxHash, err)
	}
	if rc != nil {
		return rc, nil
	}
	for i := len(r.Replaced) - 1; i >= 0; i-- {
		old := r.Replaced[i]
		rc, err := chain.Receipt(ctx, t.Backend, common.HexToHash(old.Hash))
		if err != nil {
			return nil, fmt.Errorf("delivery: receipt of %s: %w", old.Hash, err)
		}
		if rc == nil {
			continue
		}
		rest := make([]replacedTx, 0, len(r.Replaced))
		rest = append(rest, r.Replaced[:i]...)
		rest = append(rest, r.Replaced[i+1:]...)
		rest = append(rest, replacedTx{Hash: r.TxHash, Raw: r.RawTx})
		js, err := json.Marshal(rest)
		if err != nil {
			return nil, err
		}
		res, err := d.DB.ExecContext(ctx, `UPDATE distribution_transfers SET tx_hash = ?, raw_tx = ?, replaced = ?::jsonb, updated_at = now()
			WHERE id = ? AND status = 'SENT' AND tx_hash = ?`, old.Hash, old.Raw, string(js), r.ID, r.TxHash)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil, fmt.Errorf("delivery: transfer %s changed under the treasury's lock", r.ID)
		}
		d.log().Info("delivery: a replaced transaction was mined; it settles the transfer",
			slog.String("transfer", r.ID), slog.String("tx", old.Hash), slog.String("replacement", r.TxHash))
		r.TxHash, r.RawTx, r.Replaced = old.Hash, old.Raw, rest
		return rc, nil
	}
	return nil, nil
}

// bump signs a stuck transfer again with the same nonce and a higher fee when none of its
// transactions has a receipt BumpAfterBlocks blocks after the current one was signed. The new
// bytes and hash are stored (the old ones kept in replaced) before they are broadcast. It
// answers false when it did not bump (not stuck yet, bumps off, the nonce already used, not
// enough gas money): the stored bytes are then broadcast again as they are.
func (d *Distributor) bump(ctx context.Context, t Target, r sentRow, head uint64) (bool, error) {
	if d.NoFeeBump {
		return false, nil
	}
	if !r.SentBlock.Valid {
		// Signed before the worker counted blocks: count from now.
		_, err := d.DB.ExecContext(ctx, `UPDATE distribution_transfers SET sent_block = ? WHERE id = ? AND sent_block IS NULL`, int64(head), r.ID)
		return false, err
	}
	if head < uint64(r.SentBlock.Int64)+d.bumpAfter() {
		return false, nil
	}
	stuck, err := chain.DecodeRaw(r.RawTx)
	if err != nil {
		return false, err
	}
	// The treasury's mined nonce past this one with no receipt for any of ours: the nonce went to
	// another transaction (one sent from the key by hand). A replacement could not be mined either.
	mined, err := t.Backend.NonceAt(ctx, t.Treasury(), nil)
	if err != nil {
		return false, fmt.Errorf("delivery: nonce of the treasury: %w", err)
	}
	if mined > stuck.Nonce() {
		return false, nil
	}
	now, err := d.suggestFees(ctx, t.Backend)
	if err != nil {
		return false, err
	}
	fees := chain.BumpedFees(stuck, now)
	wei, err := chain.GasBalance(ctx, t.Backend, t.Treasury())
	if err != nil {
		return false, err
	}
	if wei.Cmp(fees.MaxCost(stuck.Gas())) < 0 {
		d.log().Warn("delivery: not enough gas money to bump a stuck transfer's fee", slog.String("transfer", r.ID),
			slog.String("treasury", t.Treasury().Hex()), slog.String("wei", wei.String()), slog.String("needs", fees.MaxCost(stuck.Gas()).String()))
		return false, nil
	}
	s, err := chain.Resign(t.Key, t.ChainID, stuck, fees)
	if err != nil {
		return false, err
	}
	js, err := json.Marshal(append(append([]replacedTx{}, r.Replaced...), replacedTx{Hash: r.TxHash, Raw: r.RawTx}))
	if err != nil {
		return false, err
	}
	res, err := d.DB.ExecContext(ctx, `UPDATE distribution_transfers SET raw_tx = ?, tx_hash = ?, replaced = ?::jsonb, sent_block = ?,
		fee_bumps = fee_bumps + 1, broadcast_at = NULL, updated_at = now() WHERE id = ? AND status = 'SENT' AND tx_hash = ?`,
		s.RawHex(), s.Hash.Hex(), string(js), int64(head), r.ID, r.TxHash)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return false, fmt.Errorf("delivery: transfer %s changed under the treasury's lock", r.ID)
	}
	d.log().Info("delivery: fee bumped for a stuck transfer", slog.String("transfer", r.ID), slog.Uint64("nonce", stuck.Nonce()),
		slog.String("replaces", r.TxHash), slog.String("tx", s.Hash.Hex()),
		slog.String("tipCap", fees.TipCap.String()), slog.String("feeCap", fees.FeeCap.String()))
	d.at("bumped")
	return true, d.broadcast(ctx, t, r.ID, s.RawHex())
}

// send signs, stores and broadcasts the company's QUEUED transfers, in the order they were
// recorded.
func (d *Distributor) send(ctx context.Context, t Target, companyID string) error {
	var rows []queuedRow
	if err := d.DB.NewRaw(`SELECT id, address, amount::text AS amount FROM distribution_transfers
		WHERE company_id = ? AND status = 'QUEUED' ORDER BY created_at, id`, companyID).Scan(ctx, &rows); err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil
	}
	treasury := t.Treasury()
	nonce, err := d.nextNonce(ctx, t)
	if err != nil {
		return err
	}
	fees, err := d.suggestFees(ctx, t.Backend)
	if err != nil {
		return err
	}
	head, err := t.Backend.BlockNumber(ctx)
	if err != nil {
		return fmt.Errorf("delivery: head block: %w", err)
	}
	for _, r := range rows {
		amount := mustInt(r.Amount)
		to := common.HexToAddress(r.Address)
		gas := chain.EstimateTransferGas(ctx, t.Backend, treasury, t.Token, to, amount)
		wei, err := chain.GasBalance(ctx, t.Backend, treasury)
		if err != nil {
			return err
		}
		if wei.Cmp(fees.MaxCost(gas)) < 0 {
			return fmt.Errorf("delivery: treasury %s has %s wei, not enough gas money for a transfer (up to %s)", treasury.Hex(), wei, fees.MaxCost(gas))
		}
		s, err := chain.SignTransfer(t.Key, t.ChainID, t.Token, to, amount, nonce, gas, fees)
		if err != nil {
			return err
		}
		d.at("signed")
		res, err := d.DB.ExecContext(ctx, `UPDATE distribution_transfers SET status = 'SENT', nonce = ?, raw_tx = ?, tx_hash = ?,
			sent_block = ?, signed_at = now(), updated_at = now() WHERE id = ? AND status = 'QUEUED'`, int64(nonce), s.RawHex(), s.Hash.Hex(), int64(head), r.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue // taken by someone else: its nonce stays unused and is used by the next one
		}
		d.at("stored")
		nonce++
		if err := d.broadcast(ctx, t, r.ID, s.RawHex()); err != nil {
			return err
		}
	}
	return nil
}

// broadcast sends stored bytes and notes when; a refusal is kept in the transfer's error and
// the bytes are sent again on the next pass.
func (d *Distributor) broadcast(ctx context.Context, t Target, id, raw string) error {
	if err := chain.Broadcast(ctx, t.Backend, raw); err != nil {
		d.log().Warn("delivery: broadcast refused", slog.String("transfer", id), slog.Any("error", err))
		_, uerr := d.DB.ExecContext(ctx, `UPDATE distribution_transfers SET error = ?, updated_at = now() WHERE id = ? AND status = 'SENT'`,
			"broadcast: "+err.Error(), id)
		return uerr
	}
	_, err := d.DB.ExecContext(ctx, `UPDATE distribution_transfers SET broadcast_at = coalesce(broadcast_at, now()), error = '', updated_at = now()
		WHERE id = ? AND status = 'SENT'`, id)
	return err
}

// nextNonce is the treasury's next unused nonce: past every nonce stored for it on this chain and
// past every nonce the chain has seen (a transaction sent from the key by hand, the funding).
func (d *Distributor) nextNonce(ctx context.Context, t Target) (uint64, error) {
	var stored sql.NullInt64
	if err := d.DB.NewRaw(`SELECT max(nonce) FROM distribution_transfers WHERE chain_id = ?::numeric AND lower(treasury) = lower(?)`,
		t.ChainID.String(), t.Treasury().Hex()).Scan(ctx, &stored); err != nil {
		return 0, err
	}
	onChain, err := t.Backend.PendingNonceAt(ctx, t.Treasury())
	if err != nil {
		return 0, fmt.Errorf("delivery: nonce of the treasury: %w", err)
	}
	next := onChain
	if stored.Valid && uint64(stored.Int64)+1 > next {
		next = uint64(stored.Int64) + 1
	}
	return next, nil
}

// Pending lists the companies with transfers not yet final.
func (d *Distributor) Pending(ctx context.Context) ([]string, error) {
	var ids []string
	err := d.DB.NewRaw(`SELECT DISTINCT company_id FROM distribution_transfers WHERE status IN ('QUEUED', 'SENT')`).Scan(ctx, &ids)
	return ids, err
}

// Loop processes every company with open transfers each interval until ctx ends.
func (d *Distributor) Loop(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		ids, err := d.Pending(ctx)
		if err != nil && ctx.Err() == nil {
			d.log().Error("delivery: pending companies", slog.Any("error", err))
		}
		for _, id := range ids {
			if err := d.Process(ctx, id); err != nil && !errors.Is(err, ErrBusy) && ctx.Err() == nil {
				d.log().Error("delivery: process", slog.String("company", id), slog.Any("error", err))
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
