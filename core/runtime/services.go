package runtime

import (
	"context"
	"github.com/hibiken/asynq"
	"github.com/shopspring/decimal"

	"prelaunch/core/allocation"
	"prelaunch/core/auth"
	"prelaunch/core/bank"
	"prelaunch/core/beneficiary"
	"prelaunch/core/company"
	"prelaunch/core/dashboard"
	"prelaunch/core/delivery"
	"prelaunch/core/export"
	"prelaunch/core/infra/config"
	"prelaunch/core/infra/media"
	"prelaunch/core/infra/pennydrop"
	"prelaunch/core/infra/sms"
	"prelaunch/core/infra/ttl"
	"prelaunch/core/invoice"
	"prelaunch/core/kyc"
	"prelaunch/core/purchase"
	"prelaunch/core/readmodel"
	"prelaunch/core/reconcile"
	"prelaunch/core/retention"
	"prelaunch/core/sale"
	"prelaunch/core/superadmin"
	"prelaunch/core/twofactor"
	"prelaunch/core/user"
	"prelaunch/core/wallet"
)

// Services are the use cases of every feature, built once per process from its Deps. This is the
// only place they are put together; no feature package imports runtime.
type Services struct {
	Users         *user.Service
	Companies     *company.Service
	Site          *company.Resolver // the site (company, token, rounds) of each host, reused for company.SiteTTL
	Purchases     *purchase.Service
	Sales         *sale.Service
	Views         *readmodel.Service
	SuperAdmins   *superadmin.Service
	Beneficiaries *beneficiary.Service
	Dashboards    *dashboard.Service
	Media         *media.Store
	Exports       *export.Service
	Reconcile     *reconcile.Service
	KYC           *kyc.Service
	Wallets       *wallet.Service
	// Distributor sends bought tokens on chain (core/delivery; Owed wired with vesting).
	Distributor *delivery.Distributor
	// Delivery is the chain settings, the vesting and the claims; its hooks (Treasury, Wallets,
	// Delivered, Outstanding) are the chain, the proved wallets and the transfers.
	Delivery *delivery.Service
	// Stock is the buyer's stock screens (readmodel over delivery's vesting).
	Stock    *readmodel.Stock
	Invoices *invoice.Service
	// Allocations sells rounds by requests (core/allocation): requests, the draw, second passes.
	Allocations *allocation.Service
	// Banks is the buyer's bank account, checked with the bank (pennydrop.New: the simulator
	// outside production unless BANK_VERIFY_PROVIDER says otherwise).
	Banks *bank.Service
	// Retention purges the records of accounts closed 5 years ago (the worker's daily job and
	// prelaunch retention).
	Retention *retention.Service
}

// Build wires the services over d's connections. The user cache (d.Verifier.Cache) is every
// service's token revoker, so a change is seen by this process's next call.
func (d *Deps) Build() *Services {
	revoker := d.Verifier.Cache
	links := company.Links{PublicURL: d.Cfg.PublicUserURL, BaseDomain: d.Cfg.TenantBaseDomain, Fallback: d.Cfg.TokenSymbol}
	// In production a host that names no company is "Unknown site."; elsewhere it
	// is the TOKEN_SYMBOL company, so localhost development needs no configuration.
	site := &company.Resolver{DB: d.DB, Links: links, Strict: d.Cfg.IsProduction(), Log: d.Log}
	if d.Serving {
		d.goBackground(site.Run)
		// Make the dummy password hash now, so the first sign-in with an unknown email does not
		// pay for it (and stand out by its time).
		go auth.BurnTime(context.Background(), "")
	}
	purchases := &purchase.Service{DB: d.DB, Tasks: d.Tasks, Inspector: asynq.NewInspectorFromRedisClient(d.Redis),
		Media: d.Media, Clock: d.Clock, Log: d.Log, Revoker: revoker,
		Bought: ttl.Cache[string, decimal.Decimal]{TTL: company.SiteTTL, Now: d.Clock.Now}, Links: links,
		From:   ttl.Cache[string, purchase.NoticeFrom]{TTL: company.SiteTTL},
		Window: d.Cfg.PaymentWindow}
	files := &media.Store{DB: d.DB, Blobs: d.Blobs, Signer: d.Media, Sealer: d.FileSealer}
	users := &user.Service{DB: d.DB, Tokens: d.Tokens, OTP: d.OTP, Limiter: d.Limiter, Tasks: d.Tasks, Media: d.Media,
		Clock: d.Clock, Log: d.Log, LogCodes: d.Cfg.Env == config.EnvDevelopment, Revoker: revoker, Cache: d.Verifier,
		Stake:  ttl.Cache[string, decimal.Decimal]{TTL: company.SiteTTL, Now: d.Clock.Now},
		Sealer: d.Sealer, Challenges: &twofactor.Challenges{RDB: d.Redis}, PIIKey: d.Cfg.PIIKey,
		Wallet: wallet.AddressOf, OpenOrders: purchase.OpenOf}
	users.SMS, _ = sms.New(d.Cfg.Verify)
	kycs := &kyc.Service{DB: d.DB, Tasks: d.Tasks, Media: d.Media, Clock: d.Clock, Log: d.Log, Revoker: revoker,
		Links: links, PIIKey: d.Cfg.PIIKey, Files: files, EKYC: d.EKYC}
	views := &readmodel.Service{DB: d.DB, Links: links, KYCRecords: kycs, Media: d.Media}
	dlv := &delivery.Service{DB: d.DB, Clock: d.Clock, Log: d.Log}
	dist := d.distributor(views)
	wireDelivery(dlv, dist)
	return &Services{
		Users: users,
		// A company's reactions on users are the user package's: its owner admin, and the
		// revocation of its admins' sessions when it is suspended.
		Companies: &company.Service{DB: d.DB, Links: links, Clock: d.Clock, Media: d.Media, Sites: site,
			PIIKey: d.Cfg.PIIKey, CreateOwner: user.CreateOwner, OnSuspend: users.RevokeCompanyAdmins,
			CountAffected: purchase.OpenCounts, Record: views.Company, Revoker: revoker},
		Site:        site,
		Purchases:   purchases,
		Views:       views,
		Distributor: dist,
		Sales:       &sale.Service{DB: d.DB, Clock: d.Clock, Media: d.Media},
		SuperAdmins: &superadmin.Service{DB: d.DB, Tokens: d.Tokens, OTP: d.OTP, Limiter: d.Limiter, Tasks: d.Tasks},
		Beneficiaries: &beneficiary.Service{DB: d.DB, Confirm: users, Tasks: d.Tasks, Clock: d.Clock, Log: d.Log,
			Audience: readmodel.PayoutAudience},
		Dashboards: &dashboard.Service{DB: d.DB, Admin: ttl.Cache[string, *dashboard.Admin]{TTL: dashboard.AdminTTL}},
		Media:      files,
		Exports:    &export.Service{DB: d.DB, Clock: d.Clock},
		Reconcile:  &reconcile.Service{DB: d.DB, Purchases: purchases, Log: d.Log, PIIKey: d.Cfg.PIIKey},
		Invoices:   &invoice.Service{DB: d.DB},
		KYC:        kycs,
		Wallets:    &wallet.Service{DB: d.DB, Redis: d.Redis, Tasks: d.Tasks, Clock: d.Clock, Log: d.Log, Confirm: users},
		Delivery:   dlv,
		Stock:      &readmodel.Stock{DB: d.DB, Clock: d.Clock, Delivery: dlv},
		Allocations: &allocation.Service{DB: d.DB, Clock: d.Clock, Tasks: d.Tasks, Log: d.Log,
			SiteURL: links.SiteURL, Bought: purchase.BoughtSoFar},
		// The holder's name is matched with the name the buyer proved by e-KYC (the profile's
		// until they have one).
		Banks: &bank.Service{DB: d.DB, Clock: d.Clock, Verifier: pennydrop.New(d.Cfg.Verify, d.Cfg.Env),
			PIIKey: d.Cfg.PIIKey, BuyerName: kyc.ProvedName},
		Retention: &retention.Service{DB: d.DB, Files: files, Clock: d.Clock, Log: d.Log},
	}
}
