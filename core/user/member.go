package user

// MaskMemberID hides the middle of a Member ID so other buyers' codes cannot be harvested from
// the public ranking: "PL-7K3M9Q2X" → "PL-7K****2X".
func MaskMemberID(code string) string {
	r := []rune(code)
	if len(r) < 8 {
		return "****"
	}
	keepHead, keepTail := 5, 2
	out := string(r[:keepHead])
	for i := keepHead; i < len(r)-keepTail; i++ {
		out += "*"
	}
	return out + string(r[len(r)-keepTail:])
}
