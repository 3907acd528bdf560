package ratelimit

import "time"

// The limits of DESIGN §8. Keys are a subject (lower-case email) or an IP.
var (
	OTPSendPerSubject  = Rule{Name: "otp-send-subject", Rate: 5, Burst: 3, Period: 10 * time.Minute}
	OTPSendPerIP       = Rule{Name: "otp-send-ip", Rate: 30, Burst: 10, Period: 10 * time.Minute}
	LoginPerSubject    = Rule{Name: "login-subject", Rate: 10, Burst: 10, Period: 15 * time.Minute}
	LoginPerIP         = Rule{Name: "login-ip", Rate: 100, Burst: 30, Period: 15 * time.Minute}
	OTPCheckPerSubject = Rule{Name: "otp-check-subject", Rate: 10, Burst: 10, Period: 10 * time.Minute}
	OTPCheckPerIP      = Rule{Name: "otp-check-ip", Rate: 60, Burst: 20, Period: 10 * time.Minute}
)
