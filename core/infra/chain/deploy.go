package chain

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
)

// Deploy sends the token's creation from key: name, symbol, decimals, the whole supply minted to
// holder. It answers the contract's address and the signed transaction; WaitMined waits for it.
func Deploy(ctx context.Context, b Backend, key *ecdsa.PrivateKey, name, symbol string, decimals uint8, supply *big.Int, holder common.Address) (common.Address, Signed, error) {
	args, err := TokenABI.Pack("", name, symbol, decimals, supply, holder)
	if err != nil {
		return common.Address{}, Signed{}, err
	}
	code := append(common.FromHex(TokenArtifact.Bytecode), args...)
	from := Address(key)
	nonce, err := b.PendingNonceAt(ctx, from)
	if err != nil {
		return common.Address{}, Signed{}, err
	}
	s, err := sendFrom(ctx, b, key, nonce, nil, nil, code, 3_000_000)
	if err != nil {
		return common.Address{}, Signed{}, err
	}
	return crypto.CreateAddress(from, nonce), s, nil
}

// SendValue sends wei from key to to (funding a treasury with gas money).
func SendValue(ctx context.Context, b Backend, key *ecdsa.PrivateKey, to common.Address, wei *big.Int) (Signed, error) {
	nonce, err := b.PendingNonceAt(ctx, Address(key))
	if err != nil {
		return Signed{}, err
	}
	return sendFrom(ctx, b, key, nonce, &to, wei, nil, 21_000)
}

// SendTransfer signs and sends token.transfer(to, amount) from key at its pending nonce: for
// tools and tests; delivery itself signs with nonces it keeps (SignTransfer).
func SendTransfer(ctx context.Context, b Backend, key *ecdsa.PrivateKey, token, to common.Address, amount *big.Int) (Signed, error) {
	nonce, err := b.PendingNonceAt(ctx, Address(key))
	if err != nil {
		return Signed{}, err
	}
	data, err := TokenABI.Pack("transfer", to, amount)
	if err != nil {
		return Signed{}, err
	}
	return sendFrom(ctx, b, key, nonce, &token, nil, data, TransferGas)
}

func sendFrom(ctx context.Context, b Backend, key *ecdsa.PrivateKey, nonce uint64, to *common.Address, value *big.Int, data []byte, gas uint64) (Signed, error) {
	id, err := b.ChainID(ctx)
	if err != nil {
		return Signed{}, err
	}
	fees, err := SuggestFees(ctx, b)
	if err != nil {
		return Signed{}, err
	}
	if value == nil {
		value = new(big.Int)
	}
	s, err := sign(key, id, &types.DynamicFeeTx{ChainID: id, Nonce: nonce, GasTipCap: fees.TipCap, GasFeeCap: fees.FeeCap,
		Gas: gas, To: to, Value: value, Data: data})
	if err != nil {
		return Signed{}, err
	}
	if err := Broadcast(ctx, b, s.RawHex()); err != nil {
		return Signed{}, err
	}
	return s, nil
}

// WaitMined polls for hash's receipt until it is mined or ctx ends (a simulated backend needs
// its Commit in between). A reverted transaction is an error.
func WaitMined(ctx context.Context, b Backend, hash common.Hash) (*types.Receipt, error) {
	for {
		r, err := Receipt(ctx, b, hash)
		if err != nil {
			return nil, err
		}
		if r != nil {
			if r.Status != types.ReceiptStatusSuccessful {
				return r, fmt.Errorf("chain: transaction %s reverted", hash)
			}
			return r, nil
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("chain: transaction %s not mined: %w", hash, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// DevFund sends wei to to from the node's own unlocked account (geth --dev's developer account,
// eth_accounts[0]) with eth_sendTransaction: the development chain's faucet.
func DevFund(ctx context.Context, c *ethclient.Client, to common.Address, wei *big.Int) (common.Hash, error) {
	var accounts []common.Address
	if err := c.Client().CallContext(ctx, &accounts, "eth_accounts"); err != nil {
		return common.Hash{}, err
	}
	if len(accounts) == 0 {
		return common.Hash{}, fmt.Errorf("chain: the node has no account of its own (not geth --dev?)")
	}
	var hash common.Hash
	err := c.Client().CallContext(ctx, &hash, "eth_sendTransaction", map[string]any{
		"from": accounts[0], "to": to, "value": (*hexutil.Big)(wei)})
	return hash, err
}
