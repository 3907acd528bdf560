package chain

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
)

// TransferGas is the gas limit of an ERC-20 transfer when the node cannot estimate one (an
// estimate of a transfer that would revert fails): the transfer is then sent anyway, mined, and
// its revert reason recorded. A first transfer to a new holder costs about 150,000 on the dev
// chain's current rules.
const TransferGas = 300_000

// EstimateTransferGas is the node's estimate of token.transfer(to, amount) from from, plus a
// quarter; TransferGas when the node cannot estimate it.
func EstimateTransferGas(ctx context.Context, b Backend, from, token, to common.Address, amount *big.Int) uint64 {
	data, err := TokenABI.Pack("transfer", to, amount)
	if err != nil {
		return TransferGas
	}
	g, err := b.EstimateGas(ctx, ethereum.CallMsg{From: from, To: &token, Data: data})
	if err != nil || g == 0 {
		return TransferGas
	}
	return g + g/4
}

// Fees are an EIP-1559 transaction's price.
type Fees struct{ TipCap, FeeCap *big.Int }

// SuggestFees reads the node's tip and the latest base fee: fee cap = 2 × base fee + tip, so
// the transaction stays includable while the base fee doubles.
func SuggestFees(ctx context.Context, b Backend) (Fees, error) {
	tip, err := b.SuggestGasTipCap(ctx)
	if err != nil {
		return Fees{}, fmt.Errorf("chain: gas tip: %w", err)
	}
	head, err := b.HeaderByNumber(ctx, nil)
	if err != nil {
		return Fees{}, fmt.Errorf("chain: latest header: %w", err)
	}
	base := head.BaseFee
	if base == nil {
		base = new(big.Int)
	}
	capFee := new(big.Int).Add(new(big.Int).Mul(base, big.NewInt(2)), tip)
	return Fees{TipCap: tip, FeeCap: capFee}, nil
}

// MaxCost is what a transaction with gas limit gas may spend in fees at most.
func (f Fees) MaxCost(gas uint64) *big.Int {
	return new(big.Int).Mul(f.FeeCap, new(big.Int).SetUint64(gas))
}

// Signed is a signed transaction: its bytes (what is broadcast, as they are) and its hash.
type Signed struct {
	Raw   []byte
	Hash  common.Hash
	Nonce uint64
}

// RawHex is the signed bytes in 0x-hex, as they are stored.
func (s Signed) RawHex() string { return "0x" + hex.EncodeToString(s.Raw) }

// SignTransfer signs token.transfer(to, amount) from key with the given nonce and gas limit.
// Nothing is sent.
func SignTransfer(key *ecdsa.PrivateKey, chainID *big.Int, token, to common.Address, amount *big.Int, nonce, gas uint64, fees Fees) (Signed, error) {
	if amount == nil || amount.Sign() <= 0 {
		return Signed{}, errors.New("chain: a transfer's amount must be positive")
	}
	data, err := TokenABI.Pack("transfer", to, amount)
	if err != nil {
		return Signed{}, err
	}
	return sign(key, chainID, &types.DynamicFeeTx{
		ChainID: chainID, Nonce: nonce, GasTipCap: fees.TipCap, GasFeeCap: fees.FeeCap,
		Gas: gas, To: &token, Data: data,
	})
}

func sign(key *ecdsa.PrivateKey, chainID *big.Int, inner *types.DynamicFeeTx) (Signed, error) {
	tx, err := types.SignNewTx(key, types.LatestSignerForChainID(chainID), inner)
	if err != nil {
		return Signed{}, err
	}
	raw, err := tx.MarshalBinary()
	if err != nil {
		return Signed{}, err
	}
	return Signed{Raw: raw, Hash: tx.Hash(), Nonce: tx.Nonce()}, nil
}

// DecodeRaw reads stored 0x-hex signed bytes back into a transaction.
func DecodeRaw(rawHex string) (*types.Transaction, error) {
	b, err := hex.DecodeString(strings.TrimPrefix(rawHex, "0x"))
	if err != nil {
		return nil, fmt.Errorf("chain: stored transaction is not hex: %w", err)
	}
	tx := new(types.Transaction)
	if err := tx.UnmarshalBinary(b); err != nil {
		return nil, fmt.Errorf("chain: stored transaction: %w", err)
	}
	return tx, nil
}

// Broadcast sends stored signed bytes as they are (eth_sendRawTransaction). A node that already
// has the transaction, or has already mined it, is not an error: broadcasting twice is safe.
func Broadcast(ctx context.Context, b Backend, rawHex string) error {
	tx, err := DecodeRaw(rawHex)
	if err != nil {
		return err
	}
	err = b.SendTransaction(ctx, tx)
	if err == nil || IsKnown(err) {
		return nil
	}
	return err
}

// IsKnown reports a node's answer that it already holds or has already mined the transaction.
func IsKnown(err error) bool {
	if err == nil {
		return false
	}
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "already known") || strings.Contains(m, "known transaction") ||
		strings.Contains(m, "already imported") || strings.Contains(m, "alreadyknown")
}

// IsNonceTooLow reports a node refusing a transaction because its nonce is used.
func IsNonceTooLow(err error) bool {
	return err != nil && strings.Contains(strings.ToLower(err.Error()), "nonce too low")
}

// Receipt is a mined transaction's outcome. Nil (with a nil error) when it is not mined on the
// node's canonical chain (pending, dropped, or removed by a reorg).
func Receipt(ctx context.Context, b Backend, hash common.Hash) (*types.Receipt, error) {
	r, err := b.TransactionReceipt(ctx, hash)
	if errors.Is(err, ethereum.NotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Confirmations is how many blocks, the receipt's own included, stand on top of it: 1 in the
// block that mined it.
func Confirmations(head uint64, r *types.Receipt) uint64 {
	if r == nil || r.BlockNumber == nil || head < r.BlockNumber.Uint64() {
		return 0
	}
	return head - r.BlockNumber.Uint64() + 1
}

// CanonicalHash is the hash of the block at number on the node's canonical chain.
func CanonicalHash(ctx context.Context, b Backend, number *big.Int) (common.Hash, error) {
	h, err := b.HeaderByNumber(ctx, number)
	if err != nil {
		return common.Hash{}, err
	}
	return h.Hash(), nil
}

// RevertReason replays a reverted transaction as a call on the state of its block and decodes
// the revert: Error(string), a panic code, or one of the token's custom errors
// (ERC20InsufficientBalance(...)). It answers "reverted" when the replay says nothing more.
func RevertReason(ctx context.Context, b Backend, tx *types.Transaction, from common.Address, block *big.Int) string {
	msg := ethereum.CallMsg{From: from, To: tx.To(), Gas: tx.Gas(), Value: tx.Value(), Data: tx.Data()}
	_, err := b.CallContract(ctx, msg, block)
	if err == nil {
		return "reverted"
	}
	return DecodeRevert(err)
}

// DecodeRevert turns a node's revert error into a readable reason.
func DecodeRevert(err error) string {
	data, ok := ethclient.RevertErrorData(err)
	if !ok || len(data) < 4 {
		if err != nil {
			return "reverted: " + err.Error()
		}
		return "reverted"
	}
	if s, uerr := abi.UnpackRevert(data); uerr == nil {
		return "reverted: " + s
	}
	var id [4]byte
	copy(id[:], data[:4])
	if e, lerr := TokenABI.ErrorByID(id); lerr == nil {
		args, uerr := e.Unpack(data)
		if uerr == nil {
			if vals, ok := args.([]any); ok {
				parts := make([]string, len(vals))
				for i, v := range vals {
					parts[i] = fmt.Sprint(v)
				}
				return fmt.Sprintf("reverted: %s(%s)", e.Name, strings.Join(parts, ", "))
			}
		}
		return "reverted: " + e.Name
	}
	return "reverted: 0x" + hex.EncodeToString(data)
}

// BumpedFees is the price of a replacement for stuck, a transaction with the same nonce: at least
// 10% (and 1 wei) above stuck's tip and fee cap, which a node requires before it drops the first
// for the second, and at least the price suggested now (the fee spike's).
func BumpedFees(stuck *types.Transaction, now Fees) Fees {
	bump := func(old, suggested *big.Int) *big.Int {
		v := new(big.Int).Mul(old, big.NewInt(110))
		v.Div(v, big.NewInt(100)).Add(v, big.NewInt(1))
		if suggested != nil && suggested.Cmp(v) > 0 {
			v.Set(suggested)
		}
		return v
	}
	f := Fees{TipCap: bump(stuck.GasTipCap(), now.TipCap), FeeCap: bump(stuck.GasFeeCap(), now.FeeCap)}
	if f.FeeCap.Cmp(f.TipCap) < 0 {
		f.FeeCap.Set(f.TipCap)
	}
	return f
}

// Resign signs stuck again with new fees: the same nonce, gas limit, recipient, value and data,
// so either the first or the replacement can be mined, never both.
func Resign(key *ecdsa.PrivateKey, chainID *big.Int, stuck *types.Transaction, fees Fees) (Signed, error) {
	return sign(key, chainID, &types.DynamicFeeTx{
		ChainID: chainID, Nonce: stuck.Nonce(), GasTipCap: fees.TipCap, GasFeeCap: fees.FeeCap,
		Gas: stuck.Gas(), To: stuck.To(), Value: stuck.Value(), Data: stuck.Data(),
	})
}
