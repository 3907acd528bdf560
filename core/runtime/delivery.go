package runtime

import (
	"context"
	"math/big"
	"sync"

	"github.com/ethereum/go-ethereum/common"

	"prelaunch/core/delivery"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/chain"
	"prelaunch/core/readmodel"
	"prelaunch/core/sale"
)

// distributor builds token delivery. Owed is left for the wiring of vesting (what has vested,
// less delivery.Distributor.Outstanding); until then preview and run answer 503.
func (d *Deps) distributor(views *readmodel.Service) *delivery.Distributor {
	keys := chain.KeySource{Production: d.Cfg.IsProduction(), Dir: d.Cfg.Chain.KeyDir}
	dialer := &chainDialer{}
	return &delivery.Distributor{DB: d.DB, Log: d.Log, Confirmations: uint64(d.Cfg.Chain.Confirmations),
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
			// Integration: the company's distribution settings (rpc_url, chain_id) replace the
			// development chain here; CHAIN_RPC_URL is the dev chain of make run.
			b, id, err := dialer.dial(ctx, d.Cfg.Chain.DevRPCURL)
			if err != nil {
				return delivery.Target{}, apperr.Unavailable("chain_unavailable", "The chain does not answer; try again shortly.", err)
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
