// Package mail composes and delivers email. The BFFs compose and enqueue (tasks.TypeEmailSend);
// only the worker delivers, through resend-go or the development outbox file.
package mail

import (
	"fmt"
	"html"
	"strings"
	"time"

	"prelaunch/core/infra/tasks"
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

// From is who an email comes from: the token's name, the company's name and the address of its
// buyer site (emails name the right company and link to its own site). The zero From
// is the platform's.
type From struct {
	Brand   string // the token's name ("Prelaunch" when empty)
	Company string // the company's name, beside the brand in the signature
	URL     string // the company's buyer site, linked at the end ("" for none)
	ReplyTo string // the company's email: replies go there, not to the no-reply sender ("" for none)
}

func (f From) brand() string {
	if f.Brand == "" {
		return "Prelaunch"
	}
	return f.Brand
}

// who names the sender: the company when known, else the brand.
func (f From) who() string {
	if f.Company != "" {
		return f.Company
	}
	return f.brand()
}

// signature is the text and HTML end of every email: who sent it and where its site is.
func (f From) signature() (string, string) {
	who := f.brand()
	if f.Company != "" && f.Company != who {
		who += " · " + f.Company
	}
	text, htm := "\n\n— "+who, `<p style="color:#555">— `+html.EscapeString(who)
	if f.URL != "" {
		text += "\n" + f.URL
		htm += `<br><a href="` + html.EscapeString(f.URL) + `">` + html.EscapeString(f.URL) + `</a>`
	}
	return text, htm + "</p>"
}

// OTPMessage is the email carrying a one-time code.
func OTPMessage(to, purpose, code string, from From, ttl time.Duration) tasks.EmailSendPayload {
	brand := from.brand()
	subj := fmt.Sprintf(otpSubjects[purpose], brand)
	action := otpActions[purpose]
	mins := int(ttl.Minutes())
	sigText, sigHTML := from.signature()
	text := fmt.Sprintf("Your %s code is %s.\n\nUse it to %s. It expires in %d minutes and works once.\n"+
		"If you did not ask for it, ignore this email.", brand, code, action, mins) + sigText
	b := html.EscapeString(brand)
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px">`+
		`<h2 style="margin:0 0 12px">%s</h2><p>Use this code to %s:</p>`+
		`<p style="font-size:28px;font-weight:bold;letter-spacing:6px">%s</p>`+
		`<p>It expires in %d minutes and works once. If you did not ask for it, ignore this email.</p>%s</div>`,
		b, html.EscapeString(action), code, mins, sigHTML)
	return tasks.EmailSendPayload{To: to, Subject: subj, Text: text, HTML: htm}
}

// DecisionMessage tells a buyer that an admin approved or rejected their purchase. It names the
// order number beside the UTR the buyer gave; reference is
// empty for a manual payment.
func DecisionMessage(to, name string, from From, orderNumber, reference, status, quantity, symbol, reason string) tasks.EmailSendPayload {
	brand := from.brand()
	verb := "approved"
	extra := fmt.Sprintf("%s %s have been credited to your account.", quantity, symbol)
	why, whyHTML := "", ""
	// Anything but an approval was a rejection (a refund follows one; the sweep may send the
	// rejection's notice after it).
	if status != "APPROVED" {
		verb = "rejected"
		// The sender takes no replies: a reply goes to the company (Reply-To), or the buyer is
		// told whom to write to.
		extra = "No tokens were credited. If you believe this is a mistake, reply to this email with your payment proof."
		if from.ReplyTo == "" {
			extra = fmt.Sprintf("No tokens were credited. If you believe this is a mistake, contact %s with your payment proof.", from.who())
		}
		if reason != "" {
			why = fmt.Sprintf("\n\nReason: %s", reason)
			whyHTML = fmt.Sprintf("<p>Reason: <b>%s</b></p>", html.EscapeString(reason))
		}
		if from.URL != "" {
			history := strings.TrimRight(from.URL, "/") + "/user/payment-history"
			why += "\n\nSee it in Payment History: " + history
			whyHTML += `<p><a href="` + html.EscapeString(history) + `">See it in Payment History</a></p>`
		}
	}
	utr, utrHTML := "", ""
	if reference != "" {
		utr = fmt.Sprintf(" (UTR %s)", reference)
		utrHTML = fmt.Sprintf(" (UTR <b>%s</b>)", html.EscapeString(reference))
	}
	subj := fmt.Sprintf("Your %s purchase %s was %s", brand, orderNumber, verb)
	sigText, sigHTML := from.signature()
	text := fmt.Sprintf("Hello %s,\n\nYour purchase %s%s was %s. %s%s", name, orderNumber, utr, verb, extra, why) + sigText
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px"><h2>%s</h2>`+
		`<p>Hello %s,</p><p>Your purchase <b>%s</b>%s was <b>%s</b>. %s</p>%s%s</div>`,
		html.EscapeString(brand), html.EscapeString(name), html.EscapeString(orderNumber), utrHTML, verb, html.EscapeString(extra), whyHTML, sigHTML)
	return tasks.EmailSendPayload{To: to, Subject: subj, Text: text, HTML: htm, ReplyTo: from.ReplyTo}
}

// RefundMessage tells the buyer that the payment of a rejected purchase was sent back.
func RefundMessage(to, name string, from From, orderNumber, reference, amount, refundReference string) tasks.EmailSendPayload {
	brand := from.brand()
	utr, utrHTML := "", ""
	if reference != "" {
		utr = fmt.Sprintf(" (UTR %s)", reference)
		utrHTML = fmt.Sprintf(" (UTR <b>%s</b>)", html.EscapeString(reference))
	}
	subj := fmt.Sprintf("Your %s payment for %s was refunded", brand, orderNumber)
	sigText, sigHTML := from.signature()
	text := fmt.Sprintf("Hello %s,\n\nThe payment of %s for your rejected purchase %s%s was refunded to you.\n\nRefund reference: %s",
		name, amount, orderNumber, utr, refundReference) + sigText
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px"><h2>%s</h2>`+
		`<p>Hello %s,</p><p>The payment of <b>%s</b> for your rejected purchase <b>%s</b>%s was refunded to you.</p>`+
		`<p>Refund reference: <b>%s</b></p>%s</div>`,
		html.EscapeString(brand), html.EscapeString(name), html.EscapeString(amount), html.EscapeString(orderNumber), utrHTML,
		html.EscapeString(refundReference), sigHTML)
	return tasks.EmailSendPayload{To: to, Subject: subj, Text: text, HTML: htm}
}

// Notices that take the place of a code, so a code request answers alike (and queues one email)
// whether or not the account exists, and only the address's owner learns which it was.
var noticeTexts = map[string][2]string{
	// purpose: subject, body
	"register": {"Your %s account already exists",
		"Someone asked to create a %s account with this email, but it already has one. Log in, or reset your password if you forgot it. If it was not you, ignore this email."},
	"reset_password": {"Your %s password reset request",
		"Someone asked to reset the password of a %s account with this email, but there is no active account for it on this site. If it was you, check the address you signed up with, or register. If it was not you, ignore this email."},
}

// NoticeMessage is the email sent instead of a code: for "register" the account already exists,
// for "reset_password" there is none.
func NoticeMessage(to, purpose string, from From) tasks.EmailSendPayload {
	brand := from.brand()
	t := noticeTexts[purpose]
	subj := fmt.Sprintf(t[0], brand)
	body := fmt.Sprintf(t[1], brand)
	sigText, sigHTML := from.signature()
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px"><h2 style="margin:0 0 12px">%s</h2><p>%s</p>%s</div>`,
		html.EscapeString(brand), html.EscapeString(body), sigHTML)
	return tasks.EmailSendPayload{To: to, Subject: subj, Text: body + sigText, HTML: htm}
}

// SecurityMessage is a notice about an account's security (its email changed, its two-factor
// sign-in locked): subject is a format with the brand's %s.
func SecurityMessage(to, subject, body string, from From) tasks.EmailSendPayload {
	brand := from.brand()
	sigText, sigHTML := from.signature()
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px"><h2 style="margin:0 0 12px">%s</h2><p>%s</p>%s</div>`,
		html.EscapeString(brand), html.EscapeString(body), sigHTML)
	return tasks.EmailSendPayload{To: to, Subject: fmt.Sprintf(subject, brand), Text: body + sigText, HTML: htm}
}

// AllocationMessage tells a buyer the result of a round sold by requests: what they asked, what
// they were given and, when given any, the amount to order and the time to pay by. pass 2 and more
// is a second pass over tokens that lapsed.
func AllocationMessage(to, name string, from From, round, asked, got, symbol, amount, payBy string, pass int) tasks.EmailSendPayload {
	brand := from.brand()
	subj := fmt.Sprintf("Your %s allocation in %s", brand, round)
	what := fmt.Sprintf("You asked for %s %s in %s.", asked, symbol, round)
	if pass > 1 {
		what = fmt.Sprintf("Tokens of %s that were not paid for were shared out again among the requests still short.", round)
	}
	result := fmt.Sprintf("You were allocated %s %s. To take them, order exactly %s on the Buy Token page (the platform fee is added) and pay by %s; after that they go to other buyers.", got, symbol, amount, payBy)
	if got == "0" {
		result = "There were more requests than tokens and none could be allocated to you this time."
	}
	sigText, sigHTML := from.signature()
	text := fmt.Sprintf("Hello %s,\n\n%s %s", name, what, result) + sigText
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px"><h2>%s</h2><p>Hello %s,</p><p>%s</p><p>%s</p>%s</div>`,
		html.EscapeString(brand), html.EscapeString(name), html.EscapeString(what), html.EscapeString(result), sigHTML)
	return tasks.EmailSendPayload{To: to, Subject: subj, Text: text, HTML: htm, ReplyTo: from.ReplyTo}
}
