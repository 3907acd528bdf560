package chain

import (
	"crypto/ecdsa"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// KeySource says where a company's treasury key may come from. The key is never stored in the
// database and never logged; only its address is.
type KeySource struct {
	// Production accepts the environment only (TREASURY_KEY_<SYMBOL> or
	// TREASURY_KEY_FILE_<SYMBOL>); development also reads <Dir>/<SYMBOL>.key.
	Production bool
	// Dir is the development key directory (var/keys).
	Dir string
	// Getenv reads a variable; nil means os.Getenv.
	Getenv func(string) string
}

var symbolRe = regexp.MustCompile(`^[A-Z0-9]{1,16}$`)

// EnvName is the variable holding a symbol's treasury key in hex: TREASURY_KEY_<SYMBOL>.
func EnvName(symbol string) string { return "TREASURY_KEY_" + strings.ToUpper(symbol) }

// FileEnvName names a file holding the key in hex: TREASURY_KEY_FILE_<SYMBOL>.
func FileEnvName(symbol string) string { return "TREASURY_KEY_FILE_" + strings.ToUpper(symbol) }

// DevKeyPath is the development key file of a symbol: <dir>/<SYMBOL>.key.
func DevKeyPath(dir, symbol string) string {
	return filepath.Join(dir, strings.ToUpper(symbol)+".key")
}

// ErrNoKey is returned when no key is configured for a symbol.
type ErrNoKey struct{ Symbol string }

func (e ErrNoKey) Error() string {
	return fmt.Sprintf("no treasury key for %s: set %s (hex) or %s", e.Symbol, EnvName(e.Symbol), FileEnvName(e.Symbol))
}

// Load finds the treasury key of a token symbol: TREASURY_KEY_<SYMBOL>, then the file named by
// TREASURY_KEY_FILE_<SYMBOL>, then (outside production) Dir/<SYMBOL>.key. Error messages name
// the variable or file, never the key.
func (s KeySource) Load(symbol string) (*ecdsa.PrivateKey, error) {
	symbol = strings.ToUpper(symbol)
	if !symbolRe.MatchString(symbol) {
		return nil, fmt.Errorf("chain: token symbol %q cannot name a key", symbol)
	}
	get := s.Getenv
	if get == nil {
		get = os.Getenv
	}
	if v := strings.TrimSpace(get(EnvName(symbol))); v != "" {
		k, err := ParseKey(v)
		if err != nil {
			return nil, fmt.Errorf("chain: %s: %w", EnvName(symbol), err)
		}
		return k, nil
	}
	path := get(FileEnvName(symbol))
	if path == "" && !s.Production && s.Dir != "" {
		path = DevKeyPath(s.Dir, symbol)
		if _, err := os.Stat(path); err != nil {
			return nil, ErrNoKey{symbol}
		}
	}
	if path == "" {
		return nil, ErrNoKey{symbol}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("chain: treasury key of %s: %w", symbol, err)
	}
	k, err := ParseKey(string(b))
	if err != nil {
		return nil, fmt.Errorf("chain: treasury key file %s: %w", path, err)
	}
	return k, nil
}

// ParseKey reads a secp256k1 private key in hex (with or without 0x).
func ParseKey(hexKey string) (*ecdsa.PrivateKey, error) {
	k, err := crypto.HexToECDSA(strings.TrimPrefix(strings.TrimSpace(hexKey), "0x"))
	if err != nil {
		return nil, fmt.Errorf("not a private key in hex")
	}
	return k, nil
}

// WriteDevKey makes a new key file (0600) at path unless one exists, and returns the key in it.
func WriteDevKey(path string) (*ecdsa.PrivateKey, bool, error) {
	if b, err := os.ReadFile(path); err == nil {
		k, err := ParseKey(string(b))
		return k, false, err
	}
	k, err := crypto.GenerateKey()
	if err != nil {
		return nil, false, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, false, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	if _, err := fmt.Fprintf(f, "%x\n", crypto.FromECDSA(k)); err != nil {
		return nil, false, err
	}
	return k, true, nil
}

// Address is the account of a key.
func Address(k *ecdsa.PrivateKey) common.Address { return crypto.PubkeyToAddress(k.PublicKey) }
