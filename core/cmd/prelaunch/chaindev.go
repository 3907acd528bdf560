package main

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"prelaunch/core/infra/chain"
	"prelaunch/core/infra/config"
	"prelaunch/core/runtime"
	"prelaunch/core/sale"
)

// chainDev readies the development chain (geth --dev, CHAIN_RPC_URL) for token delivery: for each
// company, a treasury key in TREASURY_KEY_DIR/<SYMBOL>.key (made once, 0600) funded with ETH from
// the node's developer account, and the company's token deployed with its whole supply minted to
// that treasury when the token has no address or no code on this chain. It prints what it did.
func chainDev(ctx context.Context, cfg config.Config) error {
	if cfg.IsProduction() {
		return fmt.Errorf("chain-dev readies a development chain; it never runs in production")
	}
	c, id, err := chain.Dial(ctx, cfg.Chain.DevRPCURL)
	if err != nil {
		return err
	}
	defer c.Close()
	d, err := runtime.OpenWith(cfg, "prelaunch")
	if err != nil {
		return err
	}
	defer d.Close()
	var companies []string
	if err := d.DB.NewRaw(`SELECT company_id FROM tokens ORDER BY symbol`).Scan(ctx, &companies); err != nil {
		return err
	}
	fmt.Printf("chain: %s (chain id %s)\n", cfg.Chain.DevRPCURL, id)
	ten := new(big.Int).Mul(big.NewInt(1e18), big.NewInt(10))
	for _, companyID := range companies {
		t, err := sale.TokenOnChain(ctx, d.DB, companyID)
		if err != nil {
			return err
		}
		sym := strings.ToUpper(t.Symbol)
		path := chain.DevKeyPath(cfg.Chain.KeyDir, sym)
		key, made, err := chain.WriteDevKey(path)
		if err != nil {
			return fmt.Errorf("%s treasury key: %w", sym, err)
		}
		treasury := chain.Address(key)
		wei, err := chain.GasBalance(ctx, c, treasury)
		if err != nil {
			return err
		}
		if wei.Cmp(big.NewInt(1e18)) < 0 {
			h, err := chain.DevFund(ctx, c, treasury, ten)
			if err != nil {
				return fmt.Errorf("%s: fund the treasury: %w", sym, err)
			}
			if _, err := chain.WaitMined(ctx, c, h); err != nil {
				return err
			}
		}
		deployed := common.IsHexAddress(t.Address)
		if deployed {
			if deployed, err = chain.HasCode(ctx, c, common.HexToAddress(t.Address)); err != nil {
				return err
			}
		}
		if !deployed {
			supply, ok := new(big.Int).SetString(t.Supply, 10)
			if !ok || supply.Sign() <= 0 {
				supply = big.NewInt(1_000_000_000)
			}
			supply.Mul(supply, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Decimals)), nil))
			addr, s, err := chain.Deploy(ctx, c, key, t.Name, sym, uint8(t.Decimals), supply, treasury)
			if err != nil {
				return fmt.Errorf("%s: deploy the token: %w", sym, err)
			}
			if _, err := chain.WaitMined(ctx, c, s.Hash); err != nil {
				return err
			}
			if err := sale.SetContract(ctx, d.DB, companyID, addr.Hex(), t.Decimals, time.Now()); err != nil {
				return err
			}
			t.Address = addr.Hex()
			fmt.Printf("chain: %s deployed, supply %s base units minted to the treasury\n", sym, supply)
		} else if made {
			fmt.Printf("chain: %s: a new treasury key was made but the token was deployed before; its supply is with the old treasury\n", sym)
		}
		bal, err := chain.TokenBalance(ctx, c, common.HexToAddress(t.Address), treasury)
		if err != nil {
			return err
		}
		fmt.Printf("chain: %s token %s treasury %s (key %s) holds %s base units\n", sym, t.Address, treasury.Hex(), path, bal)
	}
	return nil
}
