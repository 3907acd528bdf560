package bank

import (
	"regexp"
	"strings"
)

var ifscRE = regexp.MustCompile(`^[A-Z]{4}0[A-Z0-9]{6}$`)

// NormIFSC is an IFSC as stored: no spaces, upper case.
func NormIFSC(s string) string { return strings.ToUpper(strings.Join(strings.Fields(s), "")) }

// ValidIFSC: 4 letters (the bank), a 0, then 6 letters or digits (the branch).
func ValidIFSC(s string) bool { return ifscRE.MatchString(s) }

// banks names the common banks by the first 4 letters of their IFSC.
var banks = map[string]string{
	"SBIN": "State Bank of India",
	"HDFC": "HDFC Bank",
	"ICIC": "ICICI Bank",
	"UTIB": "Axis Bank",
	"KKBK": "Kotak Mahindra Bank",
	"PUNB": "Punjab National Bank",
	"BARB": "Bank of Baroda",
	"CNRB": "Canara Bank",
	"UBIN": "Union Bank of India",
	"IDIB": "Indian Bank",
	"IOBA": "Indian Overseas Bank",
	"YESB": "Yes Bank",
	"INDB": "IndusInd Bank",
	"IDFB": "IDFC FIRST Bank",
	"FDRL": "Federal Bank",
	"BKID": "Bank of India",
	"MAHB": "Bank of Maharashtra",
	"CBIN": "Central Bank of India",
	"UCBA": "UCO Bank",
	"PSIB": "Punjab & Sind Bank",
	"RATN": "RBL Bank",
	"AUBL": "AU Small Finance Bank",
	"KARB": "Karnataka Bank",
	"SIBL": "South Indian Bank",
	"KVBL": "Karur Vysya Bank",
	"TMBL": "Tamilnad Mercantile Bank",
	"CIUB": "City Union Bank",
	"DBSS": "DBS Bank India",
	"SCBL": "Standard Chartered Bank",
	"HSBC": "HSBC",
	"CITI": "Citibank",
	"PYTM": "Paytm Payments Bank",
	"AIRP": "Airtel Payments Bank",
	"IPOS": "India Post Payments Bank",
	"JAKA": "Jammu & Kashmir Bank",
	"ESFB": "Equitas Small Finance Bank",
	"UJVN": "Ujjivan Small Finance Bank",
}

// BankName is the bank of an IFSC: its name when it is a common bank, else "Bank (IFSC XXXX)".
func BankName(ifsc string) string {
	if len(ifsc) < 4 {
		return "Bank"
	}
	if n, ok := banks[ifsc[:4]]; ok {
		return n
	}
	return "Bank (IFSC " + ifsc[:4] + ")"
}
