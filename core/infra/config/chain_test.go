package config

import "testing"

func TestChainSettings(t *testing.T) {
	t.Setenv("APP_ENV", EnvTest)
	c, err := Load()
	if err != nil || c.Chain.Confirmations != DefaultConfirmations || c.Chain.DirectDelivery || c.Chain.KeyDir != "var/keys" {
		t.Fatalf("defaults: %+v %v", c.Chain, err)
	}
	t.Setenv("DIRECT_DELIVERY", "on")
	t.Setenv("CHAIN_CONFIRMATIONS", "12")
	if c, err = Load(); err != nil || !c.Chain.DirectDelivery || c.Chain.Confirmations != 12 {
		t.Fatalf("set: %+v %v", c.Chain, err)
	}
	for _, bad := range []string{"0", "x", "1001"} {
		t.Setenv("CHAIN_CONFIRMATIONS", bad)
		if _, err := Load(); err == nil {
			t.Fatalf("CHAIN_CONFIRMATIONS=%s accepted", bad)
		}
	}
	t.Setenv("CHAIN_CONFIRMATIONS", "")
	if c, err = Load(); err != nil || c.Chain.FeeBumpBlocks != DefaultFeeBumpBlocks {
		t.Fatalf("fee bump default: %+v %v", c.Chain, err)
	}
	t.Setenv("CHAIN_FEE_BUMP_BLOCKS", "off")
	if c, err = Load(); err != nil || c.Chain.FeeBumpBlocks != 0 {
		t.Fatalf("fee bump off: %+v %v", c.Chain, err)
	}
	t.Setenv("CHAIN_FEE_BUMP_BLOCKS", "40")
	if c, err = Load(); err != nil || c.Chain.FeeBumpBlocks != 40 {
		t.Fatalf("fee bump 40: %+v %v", c.Chain, err)
	}
	for _, bad := range []string{"0", "x", "100001"} {
		t.Setenv("CHAIN_FEE_BUMP_BLOCKS", bad)
		if _, err := Load(); err == nil {
			t.Fatalf("CHAIN_FEE_BUMP_BLOCKS=%s accepted", bad)
		}
	}
	t.Setenv("CHAIN_FEE_BUMP_BLOCKS", "")
	t.Setenv("DIRECT_DELIVERY", "maybe")
	if _, err := Load(); err == nil {
		t.Fatal("DIRECT_DELIVERY=maybe accepted")
	}
}
