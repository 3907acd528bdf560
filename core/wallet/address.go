package wallet

import (
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"prelaunch/core/infra/apperr"
)

// Messages of the address checks, named on the field that carries the address.
const (
	MsgAddress  = "Please enter a wallet address: 0x followed by 40 hexadecimal characters."
	MsgChecksum = "This address's checksum is not valid: check it for a mistyped character, or paste it all in lower case."
)

// Normalize checks an EVM address and returns it EIP-55 checksummed. It must be 0x and 40
// hexadecimal characters; an address in mixed case carries the EIP-55 checksum and must pass it
// (a typo in a checksummed address is caught here), while one all in lower or all in upper case
// carries none and is accepted as it is.
func Normalize(raw, field string) (string, error) {
	a := strings.TrimSpace(raw)
	if len(a) != 42 || (a[:2] != "0x" && a[:2] != "0X") || !common.IsHexAddress(a) {
		return "", apperr.InvalidField("bad_wallet_address", field, MsgAddress)
	}
	a = "0x" + a[2:]
	sum := common.HexToAddress(a).Hex()
	body := a[2:]
	if body != strings.ToLower(body) && body != strings.ToUpper(body) && a != sum {
		return "", apperr.InvalidField("bad_wallet_checksum", field, MsgChecksum)
	}
	return sum, nil
}

// Mask shows an address as its first 4 and last 4 hexadecimal characters (0x12ab…cdef), the form
// every screen uses for an address that is not the reader's own. Anything not an address is
// masked the same way when long enough, and answered empty otherwise.
func Mask(addr string) string {
	if len(addr) < 12 {
		return ""
	}
	return addr[:6] + "…" + addr[len(addr)-4:]
}
