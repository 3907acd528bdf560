package mail

import (
	"fmt"
	"html"

	"prelaunch/core/infra/tasks"
)

// KYCDecisionMessage tells a buyer that an admin approved or rejected their identity
// verification; a rejection carries the admin's reason and asks for a new
// submission.
func KYCDecisionMessage(to, name string, from From, status, reason string) tasks.EmailSendPayload {
	brand := from.brand()
	sigText, sigHTML := from.signature()
	if status == "APPROVED" {
		subj := fmt.Sprintf("Your %s verification is complete", brand)
		line := "Your KYC documents were approved: your account is verified."
		text := fmt.Sprintf("Hello %s,\n\n%s", name, line) + sigText
		htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px"><h2>%s</h2>`+
			`<p>Hello %s,</p><p>%s</p>%s</div>`, html.EscapeString(brand), html.EscapeString(name), line, sigHTML)
		return tasks.EmailSendPayload{To: to, Subject: subj, Text: text, HTML: htm}
	}
	subj := fmt.Sprintf("Your %s verification was rejected", brand)
	text := fmt.Sprintf("Hello %s,\n\nYour KYC documents were rejected.\nReason: %s\n\n"+
		"Please correct them and submit again on the Verification page.", name, reason) + sigText
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px"><h2>%s</h2>`+
		`<p>Hello %s,</p><p>Your KYC documents were <b>rejected</b>.</p><p>Reason: %s</p>`+
		`<p>Please correct them and submit again on the Verification page.</p>%s</div>`,
		html.EscapeString(brand), html.EscapeString(name), html.EscapeString(reason), sigHTML)
	return tasks.EmailSendPayload{To: to, Subject: subj, Text: text, HTML: htm}
}
