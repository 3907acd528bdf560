// Package chain is the EVM side of token delivery: dialing a node, the company token's ABI and
// bytecode (PrelaunchToken.json, built from contracts/PrelaunchToken.sol by contracts/scripts),
// balances, signing an ERC-20 transfer with an explicit nonce, broadcasting the signed bytes as
// they are, and reading receipts, revert reasons and confirmations. No business rule lives here.
package chain

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
)

// Backend is what delivery needs from a node. Both *ethclient.Client (a real node over JSON-RPC)
// and go-ethereum's ethclient/simulated backend's Client() satisfy it.
type Backend interface {
	ethereum.ChainIDReader
	ethereum.BlockNumberReader
	ethereum.ChainReader
	ethereum.ChainStateReader
	ethereum.ContractCaller
	ethereum.GasEstimator
	ethereum.GasPricer
	ethereum.GasPricer1559
	ethereum.PendingStateReader
	ethereum.TransactionReader
	ethereum.TransactionSender
}

var _ Backend = (*ethclient.Client)(nil)

// Dial connects to a node's JSON-RPC endpoint (http(s):// or ws(s)://) and checks it answers
// with its chain id within 10 seconds.
func Dial(ctx context.Context, rpcURL string) (*ethclient.Client, *big.Int, error) {
	c, err := ethclient.DialContext(ctx, rpcURL)
	if err != nil {
		return nil, nil, fmt.Errorf("chain: dial %s: %w", redactURL(rpcURL), err)
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	id, err := c.ChainID(cctx)
	if err != nil {
		c.Close()
		return nil, nil, fmt.Errorf("chain: %s does not answer: %w", redactURL(rpcURL), err)
	}
	return c, id, nil
}

// redactURL keeps an RPC provider's key (often in the path or query) out of errors and logs.
func redactURL(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		rest := u[i+3:]
		if j := strings.IndexAny(rest, "/?"); j >= 0 {
			return u[:i+3] + rest[:j] + "/…"
		}
	}
	return u
}

//go:embed PrelaunchToken.json
var artifactJSON []byte

// Artifact is the compiled token contract.
type Artifact struct {
	SolcVersion string          `json:"solcVersion"`
	ABI         json.RawMessage `json:"abi"`
	Bytecode    string          `json:"bytecode"`
}

var (
	// TokenArtifact is contracts/build/PrelaunchToken.json, embedded.
	TokenArtifact Artifact
	// TokenABI is the token's ABI (an OpenZeppelin ERC-20 with its custom errors).
	TokenABI abi.ABI
)

func init() {
	if err := json.Unmarshal(artifactJSON, &TokenArtifact); err != nil {
		panic("chain: PrelaunchToken.json: " + err.Error())
	}
	a, err := abi.JSON(strings.NewReader(string(TokenArtifact.ABI)))
	if err != nil {
		panic("chain: PrelaunchToken ABI: " + err.Error())
	}
	TokenABI = a
}

// HasCode reports whether a contract is deployed at addr on the backend's chain.
func HasCode(ctx context.Context, b Backend, addr common.Address) (bool, error) {
	code, err := b.CodeAt(ctx, addr, nil)
	if err != nil {
		return false, err
	}
	return len(code) > 0, nil
}

// TokenBalance is owner's balance of token, in base units.
func TokenBalance(ctx context.Context, b Backend, token, owner common.Address) (*big.Int, error) {
	return callUint(ctx, b, token, "balanceOf", owner)
}

// TokenDecimals is the token's decimals().
func TokenDecimals(ctx context.Context, b Backend, token common.Address) (uint8, error) {
	data, err := TokenABI.Pack("decimals")
	if err != nil {
		return 0, err
	}
	out, err := b.CallContract(ctx, ethereum.CallMsg{To: &token, Data: data}, nil)
	if err != nil {
		return 0, err
	}
	v, err := TokenABI.Unpack("decimals", out)
	if err != nil || len(v) != 1 {
		return 0, fmt.Errorf("chain: decimals() of %s: %v", token, err)
	}
	d, ok := v[0].(uint8)
	if !ok {
		return 0, errors.New("chain: decimals() is not a uint8")
	}
	return d, nil
}

// GasBalance is addr's balance of the chain's native coin (wei).
func GasBalance(ctx context.Context, b Backend, addr common.Address) (*big.Int, error) {
	return b.BalanceAt(ctx, addr, nil)
}

func callUint(ctx context.Context, b Backend, to common.Address, method string, args ...any) (*big.Int, error) {
	data, err := TokenABI.Pack(method, args...)
	if err != nil {
		return nil, err
	}
	out, err := b.CallContract(ctx, ethereum.CallMsg{To: &to, Data: data}, nil)
	if err != nil {
		return nil, fmt.Errorf("chain: %s() of %s: %w", method, to, err)
	}
	v, err := TokenABI.Unpack(method, out)
	if err != nil || len(v) != 1 {
		return nil, fmt.Errorf("chain: %s() of %s: unexpected answer (%v)", method, to, err)
	}
	n, ok := v[0].(*big.Int)
	if !ok {
		return nil, fmt.Errorf("chain: %s() of %s is not a number", method, to)
	}
	return n, nil
}
