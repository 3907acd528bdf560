package runtime

import (
	"context"
	"fmt"
	"math/big"
	"sort"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/uptrace/bun"

	"prelaunch/core/delivery"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/chain"
	"prelaunch/core/readmodel"
	"prelaunch/core/sale"
	"prelaunch/core/wallet"
)

// wireDelivery connects the two halves of token delivery: the settings and vesting (dlv) and the
// transfers (dist). What a buyer is owed is what has vested less every transfer not FAILED, sent
// only to a proved wallet past its waiting time; the settings screen's treasury and totals come
// from the chain and the transfers.
func wireDelivery(dlv *delivery.Service, dist *delivery.Distributor) {
	dlv.Wallets = wallet.Deliverable
	dlv.Delivered = dist.Delivered
	dlv.Outstanding = dist.InFlight
	dlv.Treasury = func(ctx context.Context, companyID string) (*delivery.Treasury, error) {
		t, err := dist.Target(ctx, companyID)
		if err != nil {
			return nil, err
		}
		addr := t.Treasury()
		tokens, err := chain.TokenBalance(ctx, t.Backend, t.Token, addr)
		if err != nil {
			return nil, err
		}
		gas, err := chain.GasBalance(ctx, t.Backend, addr)
		if err != nil {
			return nil, err
		}
		return &delivery.Treasury{Address: addr.Hex(), TokenBalance: tokens, GasBalance: gas}, nil
	}
	dist.Owed = func(ctx context.Context, db bun.IDB, companyID string, now time.Time) ([]delivery.Owed, error) {
		vested, err := dlv.Unlocked(ctx, db, companyID, now)
		if err != nil {
			return nil, err
		}
		given, err := dist.Outstanding(ctx, db, companyID)
		if err != nil {
			return nil, err
		}
		wallets, err := wallet.Deliverable(ctx, db, companyID, now)
		if err != nil {
			return nil, err
		}
		ids := make([]string, 0, len(vested))
		for id := range vested {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		var out []delivery.Owed
		for _, id := range ids {
			addr, ok := wallets[id]
			if !ok {
				continue
			}
			amt := new(big.Int).Set(vested[id])
			if g := given[id]; g != nil {
				amt.Sub(amt, g)
			}
			if amt.Sign() > 0 {
				out = append(out, delivery.Owed{UserID: id, Address: addr, Amount: amt})
			}
		}
		return out, nil
	}
}

// distributor builds the transfer engine; wireDelivery gives it what is owed.
func (d *Deps) distributor(views *readmodel.Service) *delivery.Distributor {
	keys := chain.KeySource{Production: d.Cfg.IsProduction(), Dir: d.Cfg.Chain.KeyDir}
	dialer := &chainDialer{}
	return &delivery.Distributor{DB: d.DB, Log: d.Log, Confirmations: uint64(d.Cfg.Chain.Confirmations),
		BumpAfterBlocks: uint64(d.Cfg.Chain.FeeBumpBlocks), NoFeeBump: d.Cfg.Chain.FeeBumpBlocks == 0,
		People: func(ctx context.Context, companyID string, ids []string) (map[string]delivery.Person, error) {
			m, err := views.DistributionPeople(ctx, companyID, ids)
			if err != nil {
				return nil, err
			}
			out := make(map[string]delivery.Person, len(m))
			for id, p := range m {
				out[id] = delivery.Person{Name: p.Name, Email: p.Email}
			}
			return out, nil
		},
		Target: func(ctx context.Context, companyID string) (delivery.Target, error) {
			if !d.Cfg.Chain.DirectDelivery && d.Cfg.IsProduction() {
				return delivery.Target{}, apperr.Unavailable("delivery_off", "Token delivery is off (DIRECT_DELIVERY).", nil)
			}
			t, err := sale.TokenOnChain(ctx, d.DB, companyID)
			if err != nil {
				return delivery.Target{}, err
			}
			if !common.IsHexAddress(t.Address) {
				return delivery.Target{}, apperr.Unavailable("token_not_deployed", "The token has no contract address yet.", nil)
			}
			key, err := keys.Load(t.Symbol)
			if err != nil {
				return delivery.Target{}, apperr.Unavailable("treasury_key_missing", "The treasury key of "+t.Symbol+" is not configured.", err)
			}
			// The chain the admin set in Distribution; until then CHAIN_RPC_URL (make run's dev chain).
			url, want, err := delivery.ChainOf(ctx, d.DB, companyID)
			if err != nil {
				return delivery.Target{}, err
			}
			if url == "" {
				url = d.Cfg.Chain.DevRPCURL
			}
			b, id, err := dialer.dial(ctx, url)
			if err != nil {
				return delivery.Target{}, apperr.Unavailable("chain_unavailable", "The chain does not answer; try again shortly.", err)
			}
			if want != 0 && id.Int64() != want {
				return delivery.Target{}, apperr.Conflict("chain_mismatch",
					fmt.Sprintf("The RPC address answers for chain %s, not the chain id %d set in Distribution.", id, want))
			}
			return delivery.Target{Backend: b, ChainID: id, Token: common.HexToAddress(t.Address), Key: key}, nil
		},
	}
}

// chainDialer keeps one client per RPC address.
type chainDialer struct {
	mu      sync.Mutex
	clients map[string]dialed
}

type dialed struct {
	b  chain.Backend
	id *big.Int
}

func (c *chainDialer) dial(ctx context.Context, url string) (chain.Backend, *big.Int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.clients == nil {
		c.clients = map[string]dialed{}
	}
	if x, ok := c.clients[url]; ok {
		return x.b, x.id, nil
	}
	cl, id, err := chain.Dial(ctx, url)
	if err != nil {
		return nil, nil, err
	}
	c.clients[url] = dialed{b: cl, id: id}
	return cl, id, nil
}
