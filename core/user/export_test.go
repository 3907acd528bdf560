package user

// UseReferralCodes makes Insert draw its codes from next until restore is called.
func UseReferralCodes(next func() string) (restore func()) {
	old := newReferralCode
	newReferralCode = next
	return func() { newReferralCode = old }
}
