package mail

import (
	"fmt"
	"html"
	"time"

	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/tasks"
)

// KYCExpiryMessage reminds a buyer that their verification expires on expiresAt (the worker
// sends it 30 and 7 days before) and that they should verify again on the Verification page.
func KYCExpiryMessage(to, name string, from From, expiresAt time.Time) tasks.EmailSendPayload {
	brand := from.brand()
	sigText, sigHTML := from.signature()
	day := expiresAt.In(clock.IST).Format("2 Jan 2006")
	subj := fmt.Sprintf("Your %s verification expires on %s", brand, day)
	line := fmt.Sprintf("Your KYC verification expires on %s. After that, purchases that need a verified KYC are refused until you verify again.", day)
	todo := "Please submit your documents again on the Verification page before then."
	text := fmt.Sprintf("Hello %s,\n\n%s\n\n%s", name, line, todo) + sigText
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px"><h2>%s</h2>`+
		`<p>Hello %s,</p><p>%s</p><p>%s</p>%s</div>`,
		html.EscapeString(brand), html.EscapeString(name), html.EscapeString(line), todo, sigHTML)
	return tasks.EmailSendPayload{To: to, Subject: subj, Text: text, HTML: htm}
}
