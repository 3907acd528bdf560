// Package mail composes and delivers email. The BFFs compose and enqueue (tasks.TypeEmailSend);
// only the worker delivers, through resend-go or the development outbox file.
package mail

import (
	"fmt"
	"html"
	"time"

	"prelaunch/core/tasks"
)

var otpSubjects = map[string]string{
	"register":         "Your %s registration code",
	"reset_password":   "Your %s password reset code",
	"change_password":  "Your %s password change code",
	"superadmin_login": "Your %s super admin sign-in code",
}

var otpActions = map[string]string{
	"register":         "finish creating your account",
	"reset_password":   "reset your password",
	"change_password":  "change your password",
	"superadmin_login": "sign in as super admin",
}

// OTPMessage is the email carrying a one-time code. brand names the token or company.
func OTPMessage(to, purpose, code, brand string, ttl time.Duration) tasks.EmailSendPayload {
	if brand == "" {
		brand = "Prelaunch"
	}
	subj := fmt.Sprintf(otpSubjects[purpose], brand)
	action := otpActions[purpose]
	mins := int(ttl.Minutes())
	text := fmt.Sprintf("Your %s code is %s.\n\nUse it to %s. It expires in %d minutes and works once.\n"+
		"If you did not ask for it, ignore this email.\n\n— %s", brand, code, action, mins, brand)
	b := html.EscapeString(brand)
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px">`+
		`<h2 style="margin:0 0 12px">%s</h2><p>Use this code to %s:</p>`+
		`<p style="font-size:28px;font-weight:bold;letter-spacing:6px">%s</p>`+
		`<p>It expires in %d minutes and works once. If you did not ask for it, ignore this email.</p></div>`,
		b, html.EscapeString(action), code, mins)
	return tasks.EmailSendPayload{To: to, Subject: subj, Text: text, HTML: htm}
}

// DecisionMessage tells a buyer that an admin approved or rejected their purchase. It names the
// order number beside the UTR the buyer gave (DESIGN §16 "One order reference"); reference is
// empty for a manual payment.
func DecisionMessage(to, name, brand, orderNumber, reference, status, quantity, symbol string) tasks.EmailSendPayload {
	if brand == "" {
		brand = "Prelaunch"
	}
	verb := "approved"
	extra := fmt.Sprintf("%s %s have been credited to your account.", quantity, symbol)
	if status == "REJECTED" {
		verb = "rejected"
		extra = "No tokens were credited. If you believe this is a mistake, reply with your payment proof."
	}
	utr, utrHTML := "", ""
	if reference != "" {
		utr = fmt.Sprintf(" (UTR %s)", reference)
		utrHTML = fmt.Sprintf(" (UTR <b>%s</b>)", html.EscapeString(reference))
	}
	subj := fmt.Sprintf("Your %s purchase %s was %s", brand, orderNumber, verb)
	text := fmt.Sprintf("Hello %s,\n\nYour purchase %s%s was %s. %s\n\n— %s", name, orderNumber, utr, verb, extra, brand)
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px"><h2>%s</h2>`+
		`<p>Hello %s,</p><p>Your purchase <b>%s</b>%s was <b>%s</b>. %s</p></div>`,
		html.EscapeString(brand), html.EscapeString(name), html.EscapeString(orderNumber), utrHTML, verb, html.EscapeString(extra))
	return tasks.EmailSendPayload{To: to, Subject: subj, Text: text, HTML: htm}
}
