package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Chain is token delivery's settings (core/delivery, core/infra/chain). The treasury keys
// themselves are not here: each is read where it is used, from TREASURY_KEY_<SYMBOL> or the file
// TREASURY_KEY_FILE_<SYMBOL> names (outside production also var/keys/<SYMBOL>.key), and never kept
// in the database or the logs.
type Chain struct {
	// DirectDelivery (DIRECT_DELIVERY=on) lets admins send tokens from the treasury. In
	// production a company's run then needs its treasury key in the environment.
	DirectDelivery bool
	// Confirmations (CHAIN_CONFIRMATIONS, default 3) is the depth at which a transfer is final.
	Confirmations int
	// FeeBumpBlocks (CHAIN_FEE_BUMP_BLOCKS, default 25; "off" is 0) is how many blocks a sent
	// transfer waits for a receipt before it is signed again, same nonce, with a higher fee.
	FeeBumpBlocks int
	// KeyDir (TREASURY_KEY_DIR, default var/keys) holds development treasury keys; ignored in
	// production.
	KeyDir string
	// DevRPCURL (CHAIN_RPC_URL, default http://127.0.0.1:8545) is the development chain of
	// `prelaunch chain-dev` and of a company with no chain settings outside production.
	DevRPCURL string
}

// DefaultConfirmations is CHAIN_CONFIRMATIONS when unset.
const DefaultConfirmations = 3

// DefaultFeeBumpBlocks is CHAIN_FEE_BUMP_BLOCKS when unset.
const DefaultFeeBumpBlocks = 25

func loadChain(env string) (Chain, error) {
	c := Chain{Confirmations: DefaultConfirmations, FeeBumpBlocks: DefaultFeeBumpBlocks, KeyDir: getenv("TREASURY_KEY_DIR", "var/keys"),
		DevRPCURL: getenv("CHAIN_RPC_URL", "http://127.0.0.1:8545")}
	switch v := strings.ToLower(strings.TrimSpace(os.Getenv("DIRECT_DELIVERY"))); v {
	case "", "off", "0", "false", "no":
	case "on", "1", "true", "yes":
		c.DirectDelivery = true
	default:
		return Chain{}, fmt.Errorf("config: DIRECT_DELIVERY must be on or off, got %q", v)
	}
	if v := strings.TrimSpace(os.Getenv("CHAIN_CONFIRMATIONS")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return Chain{}, fmt.Errorf("config: CHAIN_CONFIRMATIONS must be a whole number from 1 to 1000, got %q", v)
		}
		c.Confirmations = n
	}
	switch v := strings.ToLower(strings.TrimSpace(os.Getenv("CHAIN_FEE_BUMP_BLOCKS"))); v {
	case "":
	case "off":
		c.FeeBumpBlocks = 0
	default:
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100000 {
			return Chain{}, fmt.Errorf("config: CHAIN_FEE_BUMP_BLOCKS must be off or a whole number from 1 to 100000, got %q", v)
		}
		c.FeeBumpBlocks = n
	}
	if env == EnvProduction {
		c.KeyDir = ""
	}
	return c, nil
}
