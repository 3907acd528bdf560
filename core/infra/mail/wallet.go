package mail

import (
	"fmt"
	"html"
	"time"

	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/tasks"
)

// WalletReplacedMessage tells a buyer that the wallet their tokens are delivered to was replaced
// (masked is the new address, masked), and from when deliveries go there: the delay leaves them
// time to act if they did not make the change.
func WalletReplacedMessage(to, name string, from From, masked string, deliverableFrom time.Time) tasks.EmailSendPayload {
	brand := from.brand()
	when := deliverableFrom.In(clock.IST).Format("02 Jan 2006, 03:04 PM") + " IST"
	sigText, sigHTML := from.signature()
	subj := fmt.Sprintf("Your %s wallet was changed", brand)
	text := fmt.Sprintf("Hello %s,\n\nThe wallet your tokens are delivered to was replaced by %s.\n"+
		"Deliveries go to it from %s.\n\nIf you did not make this change, change your password and "+
		"contact us before then.", name, masked, when) + sigText
	htm := fmt.Sprintf(`<div style="font-family:Arial,sans-serif;max-width:480px"><h2>%s</h2>`+
		`<p>Hello %s,</p><p>The wallet your tokens are delivered to was replaced by <b>%s</b>.</p>`+
		`<p>Deliveries go to it from %s.</p><p>If you did not make this change, change your password `+
		`and contact us before then.</p>%s</div>`,
		html.EscapeString(brand), html.EscapeString(name), html.EscapeString(masked), html.EscapeString(when), sigHTML)
	return tasks.EmailSendPayload{To: to, Subject: subj, Text: text, HTML: htm, ReplyTo: from.ReplyTo}
}
