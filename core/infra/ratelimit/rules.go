package ratelimit

import "time"

// The limits. Keys are a subject (lower-case email) or an IP.
var (
	OTPSendPerSubject = Rule{Name: "otp-send-subject", Rate: 5, Burst: 3, Period: 10 * time.Minute}
	OTPSendPerIP      = Rule{Name: "otp-send-ip", Rate: 30, Burst: 10, Period: 10 * time.Minute}
	LoginPerIP        = Rule{Name: "login-ip", Rate: 100, Burst: 30, Period: 15 * time.Minute}
	// Wrong passwords only: per (subject, IP), so someone guessing from one address cannot lock the
	// real user out of theirs, and a higher ceiling per subject against guessing from many addresses.
	LoginFailPerSubjectIP = Rule{Name: "login-fail-subject-ip", Rate: 10, Burst: 10, Period: 15 * time.Minute}
	LoginFailPerSubject   = Rule{Name: "login-fail-subject", Rate: 50, Burst: 50, Period: 15 * time.Minute}
	OTPCheckPerSubject    = Rule{Name: "otp-check-subject", Rate: 10, Burst: 10, Period: 10 * time.Minute}
	OTPCheckPerIP         = Rule{Name: "otp-check-ip", Rate: 60, Burst: 20, Period: 10 * time.Minute}
	// Wrong passwords of a signed-in caller (profile/update's current password, turning
	// two-factor off), per account: the 11th check within 10 minutes of 10 wrong ones is 429.
	PasswordFailPerSubject = Rule{Name: "password-fail-subject", Rate: 10, Burst: 10, Period: 10 * time.Minute}
)
