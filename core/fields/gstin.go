package fields

import "strings"

// GST identification numbers and the state codes of the GST state list.

// GSTStates maps each GST state code to its state or union territory: 01–38 as numbered for
// GST, 97 (other territory) and 99 (centre jurisdiction).
var GSTStates = map[string]string{
	"01": "Jammu and Kashmir", "02": "Himachal Pradesh", "03": "Punjab", "04": "Chandigarh",
	"05": "Uttarakhand", "06": "Haryana", "07": "Delhi", "08": "Rajasthan", "09": "Uttar Pradesh",
	"10": "Bihar", "11": "Sikkim", "12": "Arunachal Pradesh", "13": "Nagaland", "14": "Manipur",
	"15": "Mizoram", "16": "Tripura", "17": "Meghalaya", "18": "Assam", "19": "West Bengal",
	"20": "Jharkhand", "21": "Odisha", "22": "Chhattisgarh", "23": "Madhya Pradesh", "24": "Gujarat",
	"25": "Daman and Diu", "26": "Dadra and Nagar Haveli and Daman and Diu", "27": "Maharashtra",
	"28": "Andhra Pradesh (before division)", "29": "Karnataka", "30": "Goa", "31": "Lakshadweep",
	"32": "Kerala", "33": "Tamil Nadu", "34": "Puducherry", "35": "Andaman and Nicobar Islands",
	"36": "Telangana", "37": "Andhra Pradesh", "38": "Ladakh", "97": "Other Territory",
	"99": "Centre Jurisdiction",
}

// GSTState reports whether code is a state code of the GST list.
func GSTState(code string) bool {
	_, ok := GSTStates[code]
	return ok
}

const gstAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// GSTINCheck is the check character of the first 14 characters of a GSTIN: the mod-36
// checksum (each character's value, weighted 1 and 2 alternately, its product's quotient and
// remainder by 36 summed; the check is what brings the sum to a multiple of 36). ok is false when
// a character is outside 0-9A-Z.
func GSTINCheck(first14 string) (byte, bool) {
	if len(first14) != 14 {
		return 0, false
	}
	sum := 0
	for i := 0; i < 14; i++ {
		v := strings.IndexByte(gstAlphabet, first14[i])
		if v < 0 {
			return 0, false
		}
		p := v * (1 + i%2)
		sum += p/36 + p%36
	}
	return gstAlphabet[(36-sum%36)%36], true
}

// GSTINProblem is what is wrong with a GSTIN (upper case, no spaces), or "" when it is valid:
// 15 characters, a GST state code, the holder's PAN (5 letters, 4 digits, a letter), an entity
// number 1-9 or A-Z, any 14th character of 0-9A-Z, and the check character.
func GSTINProblem(s string) string {
	if len(s) != 15 {
		return "GSTIN must be 15 characters."
	}
	if !GSTState(s[:2]) {
		return "GSTIN must start with a valid state code (01–38, 97 or 99)."
	}
	if !PAN(s[2:12]) {
		return "GSTIN characters 3 to 12 must be a PAN (5 letters, 4 digits, a letter)."
	}
	if c := s[12]; !(c >= '1' && c <= '9' || c >= 'A' && c <= 'Z') {
		return "GSTIN character 13 must be an entity number (1–9 or A–Z)."
	}
	want, ok := GSTINCheck(s[:14])
	if !ok {
		return "GSTIN may contain only digits and capital letters."
	}
	if s[14] != want {
		return "GSTIN check character does not match; please check the number."
	}
	return ""
}

// StateOfPincode is the GST state code a PIN code most likely belongs to, from its first two or
// three digits (the postal circles); "" when the PIN is unknown. A buyer may choose another state
// in the profile: this is only the default.
func StateOfPincode(pin string) string {
	if !Pincode(pin) {
		return ""
	}
	p3 := pin[:3]
	for _, r := range pinRanges {
		if p3 >= r.from && p3 <= r.to {
			return r.state
		}
	}
	return ""
}

// pinRanges are the postal circles by the PIN's first three digits (inclusive ranges); the
// narrower ranges come first, the first match wins.
var pinRanges = []struct{ from, to, state string }{
	{"194", "194", "38"}, {"244", "263", "05"}, {"396", "396", "26"}, {"403", "403", "30"},
	{"605", "605", "34"}, {"737", "737", "11"}, {"744", "744", "35"}, {"813", "835", "20"},
	{"110", "110", "07"}, {"121", "136", "06"}, {"140", "159", "03"}, {"160", "160", "04"},
	{"171", "177", "02"}, {"180", "193", "01"}, {"201", "285", "09"}, {"301", "345", "08"},
	{"360", "396", "24"}, {"400", "445", "27"}, {"450", "488", "23"}, {"490", "497", "22"},
	{"500", "509", "36"}, {"510", "535", "37"}, {"560", "591", "29"}, {"600", "643", "33"},
	{"670", "695", "32"}, {"700", "743", "19"}, {"750", "770", "21"}, {"781", "788", "18"},
	{"790", "792", "12"}, {"793", "794", "17"}, {"795", "795", "14"}, {"796", "796", "15"},
	{"797", "798", "13"}, {"799", "799", "16"}, {"800", "855", "10"},
}
