package delivery_test

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"prelaunch/core/audit"
	"prelaunch/core/delivery"
	"prelaunch/core/infra/chain"
	"prelaunch/core/infra/testkit"
	"prelaunch/core/runtime"
	"prelaunch/core/user"
)

// world is a company with buyers, a token deployed on a chain, a treasury holding its supply,
// and a Distributor whose Owed is "what each buyer should have in all, less Outstanding".
type world struct {
	t        testing.TB
	deps     *runtime.Deps
	company  string
	admin    audit.Actor
	dev      *ecdsa.PrivateKey
	treasury *ecdsa.PrivateKey
	backend  chain.Backend
	chainID  *big.Int
	token    common.Address
	buyers   []buyer
	d        *delivery.Distributor
	commit   func() // mines a block (simulated); nil on a chain that mines by itself

	mu     sync.Mutex
	target map[string]*big.Int // user id -> what they should hold in all
}

type buyer struct {
	id   string
	addr common.Address
}

func newWorld(t testing.TB, deps *runtime.Deps, b chain.Backend, commit func(), dev *ecdsa.PrivateKey, buyers int, supply int64) *world {
	t.Helper()
	ctx := context.Background()
	w := &world{t: t, deps: deps, backend: b, commit: commit, dev: dev, target: map[string]*big.Int{}}
	w.company = testkit.Seed(t, deps, "Demo-Password-1")
	w.admin = audit.Actor{Kind: "admin", CompanyID: w.company}
	if err := deps.DB.NewRaw(`SELECT id FROM users WHERE company_id = ? AND role = 'ADMIN' LIMIT 1`, w.company).Scan(ctx, &w.admin.ID); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < buyers; i++ {
		k, _ := crypto.GenerateKey()
		u := user.User{CompanyID: w.company, Role: user.RoleUser, Name: fmt.Sprintf("Buyer %d", i), Email: fmt.Sprintf("b%d-%d@delivery.test", i, time.Now().UnixNano()),
			Mobile: fmt.Sprintf("+9190000%05d", i+100), PasswordHash: "x", Status: user.StatusActive, StockBalance: decimal.Zero}
		if err := user.Insert(ctx, deps.DB, &u); err != nil {
			t.Fatal(err)
		}
		w.buyers = append(w.buyers, buyer{id: u.ID, addr: chain.Address(k)})
	}
	var err error
	if w.chainID, err = b.ChainID(ctx); err != nil {
		t.Fatal(err)
	}
	w.treasury, _ = crypto.GenerateKey()
	token, s, err := chain.Deploy(ctx, b, dev, "Demo Token", "ACW", 18, big.NewInt(supply), chain.Address(w.treasury))
	if err != nil {
		t.Fatal(err)
	}
	w.mine(s.Hash)
	w.token = token
	w.fund(chain.Address(w.treasury))
	w.d = &delivery.Distributor{DB: deps.DB, Owed: w.owed, Target: func(context.Context, string) (delivery.Target, error) {
		return delivery.Target{Backend: w.backend, ChainID: w.chainID, Token: w.token, Key: w.treasury}, nil
	}, Confirmations: 3}
	return w
}

// fund sends addr gas money from the dev account.
func (w *world) fund(addr common.Address) {
	w.t.Helper()
	s, err := chain.SendValue(context.Background(), w.backend, w.dev, addr, new(big.Int).Mul(big.NewInt(1e18), big.NewInt(10)))
	if err != nil {
		w.t.Fatal(err)
	}
	w.mine(s.Hash)
}

// mine waits for hash to be mined (committing blocks on the simulated chain).
func (w *world) mine(hash common.Hash) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		if w.commit != nil {
			w.commit()
		}
		r, err := chain.Receipt(ctx, w.backend, hash)
		if err != nil {
			w.t.Fatal(err)
		}
		if r != nil {
			if r.Status != types.ReceiptStatusSuccessful {
				w.t.Fatalf("transaction %s reverted", hash)
			}
			return
		}
		if ctx.Err() != nil {
			w.t.Fatalf("transaction %s not mined", hash)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (w *world) setTarget(i int, amount int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.target[w.buyers[i].id] = big.NewInt(amount)
}

func (w *world) owed(ctx context.Context, db bun.IDB, companyID string, _ time.Time) ([]delivery.Owed, error) {
	out, err := w.d.Outstanding(ctx, db, companyID)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	var list []delivery.Owed
	for _, b := range w.buyers {
		want := w.target[b.id]
		if want == nil {
			continue
		}
		have := out[b.id]
		if have == nil {
			have = new(big.Int)
		}
		if d := new(big.Int).Sub(want, have); d.Sign() > 0 {
			list = append(list, delivery.Owed{UserID: b.id, Address: b.addr.Hex(), Amount: d})
		}
	}
	return list, nil
}

// drive processes and mines until no transfer is open.
func (w *world) drive() {
	w.t.Helper()
	ctx := context.Background()
	for i := 0; i < 200; i++ {
		if err := w.d.Process(ctx, w.company); err != nil && err != delivery.ErrBusy {
			w.t.Fatal(err)
		}
		open, err := delivery.Sending(ctx, w.deps.DB, w.company)
		if err != nil {
			w.t.Fatal(err)
		}
		if !open {
			return
		}
		if w.commit != nil {
			w.commit()
		} else {
			time.Sleep(100 * time.Millisecond)
		}
	}
	w.t.Fatal("transfers still open after 200 passes")
}

func (w *world) balance(i int) *big.Int {
	w.t.Helper()
	b, err := chain.TokenBalance(context.Background(), w.backend, w.token, w.buyers[i].addr)
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

type row struct {
	ID            string `bun:"id"`
	UserID        string `bun:"user_id"`
	Amount        string `bun:"amount"`
	Status        string `bun:"status"`
	TxHash        string `bun:"tx_hash"`
	Nonce         int64  `bun:"nonce"`
	Error         string `bun:"error"`
	BlockHash     string `bun:"block_hash"`
	Confirmations int    `bun:"confirmations"`
}

func (w *world) rows() []row {
	w.t.Helper()
	var rs []row
	if err := w.deps.DB.NewRaw(`SELECT id, user_id, amount::text AS amount, status, coalesce(tx_hash, '') AS tx_hash,
		coalesce(nonce, -1) AS nonce, error, coalesce(block_hash, '') AS block_hash, confirmations
		FROM distribution_transfers WHERE company_id = ? ORDER BY created_at, id`, w.company).Scan(context.Background(), &rs); err != nil {
		w.t.Fatal(err)
	}
	return rs
}

func newSim(t testing.TB) (*simulated.Backend, *ecdsa.PrivateKey) {
	dev, _ := crypto.GenerateKey()
	sim := simulated.NewBackend(types.GenesisAlloc{chain.Address(dev): {Balance: new(big.Int).Lsh(big.NewInt(1), 120)}})
	t.Cleanup(func() { _ = sim.Close() })
	return sim, dev
}

func simWorld(t *testing.T, buyers int, supply int64) (*world, *simulated.Backend) {
	deps := testkit.Deps(t, "delivery", 12)
	sim, dev := newSim(t)
	return newWorld(t, deps, sim.Client(), func() { sim.Commit() }, dev, buyers, supply), sim
}
