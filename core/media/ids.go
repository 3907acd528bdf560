package media

// ValidID reports whether s is a canonical UUID (8-4-4-4-12 hex). Rules check ids from clients
// with it before querying, so a malformed id is a clean 404/422 and never a database error.
func ValidID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
	}
	return true
}
