package audit

// Actions are the action names written today, for the activity filter (the list itself is
// readmodel.Service.Activity, which joins the actors' and targets' tables). A new audited action
// belongs here too.
var Actions = []string{
	"admin.2fa.disable", "admin.2fa.enable", "admin.2fa.reset",
	"bank.verify",
	"beneficiary.update",
	"company.create", "company.update",
	"distribution.retry", "distribution.run", "distribution.update",
	"kyc.approve", "kyc.reject",
	"purchase.approve", "purchase.refund", "purchase.reject",
	"reconcile.import",
	"token.update",
	"user.approve", "user.create", "user.delete", "user.update",
	"wallet.prove", "wallet.replace",
}
