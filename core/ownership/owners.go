// Package ownership is the one place that says which package owns each table (docs/architecture.md).
// Its tests read the Go source of every core package and fail when SQL in a package writes a
// table it does not own, or reads another package's table outside the read-only packages; and
// when an import runs against the layers (infrastructure → a noun, a noun → runtime, company → user).
package ownership

// Owners maps each table to the one package whose SQL may write it. Another package that must
// change a row calls the owner's function with its own transaction (bun.IDB): user.Credit,
// sale.ReserveSupply, sale.ReleaseSupply, ...
var Owners = map[string]string{
	"companies":              "company",
	"company_domains":        "company",
	"tokens":                 "sale",
	"token_rounds":           "sale",
	"token_supply_slices":    "sale",
	"users":                  "user",
	"admin_two_factor":       "user",
	"admin_recovery_codes":   "user",
	"super_admins":           "superadmin",
	"otps":                   "otp",
	"purchases":              "purchase",
	"round_requests":         "allocation",
	"round_draws":            "allocation",
	"round_allocations":      "allocation",
	"referral_rewards":       "purchase",
	"receipt_counters":       "purchase",
	"user_purchase_counts":   "purchase",
	"company_stat_deltas":    "stats",
	"kyc_submissions":        "kyc",
	"kyc_documents":          "kyc",
	"kyc_evidence":           "kyc",
	"kyc_status_counts":      "kyc",
	"bank_accounts":          "bank",
	"beneficiaries":          "beneficiary",
	"media":                  "infra/media",
	"audit_log":              "audit",
	"audit_log_counts":       "audit",
	"reconcile_imports":      "reconcile",
	"reconcile_lines":        "reconcile",
	"distribution_runs":      "delivery",
	"distribution_transfers": "delivery",
	"wallets":                "wallet",
	"distribution_settings":  "delivery",
	"vesting_schedules":      "delivery",
	"invoices":               "invoice",
	"invoice_counters":       "invoice",
}

// Readers are the read-only packages: they may read every table and write none. The lists,
// exports and dashboards that join nouns read here.
var Readers = map[string]bool{"readmodel": true, "dashboard": true, "export": true}

// Exempt packages may read and write every table: the schema, the demo data, the test helpers
// and the command that sets a database up.
var Exempt = map[string]bool{"infra/migrations": true, "seed": true, "infra/testkit": true, "cmd/prelaunch": true}
