package main

import (
	"context"
	"errors"
	"log/slog"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/auth"
	"prelaunch/core/beneficiary"
	"prelaunch/core/company"
	"prelaunch/core/export"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/httpx"
	"prelaunch/core/infra/media/mediahttp"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/purchase"
	"prelaunch/core/readmodel"
	"prelaunch/core/runtime"
	"prelaunch/core/sale"
	"prelaunch/core/superadmin"
	"prelaunch/core/user"
)

type idBody struct {
	ID string `json:"id" form:"id"`
}

// api is the route table's handlers: each binds the request, takes the caller, calls one service
// method and answers. The rules live in core, one package per noun.
type api struct {
	svc *runtime.Services
	log *slog.Logger
}

// registerRoutes mounts every admin and super admin call.
func registerRoutes(app *fiber.App, d *runtime.Deps, svc *runtime.Services) {
	a := &api{svc: svc, log: d.Log}
	v1 := app.Group("/api/v1")
	// Uploads too: an admin who must enrol in two-factor first uploads nothing until enrolled.
	mediahttp.Routes(v1, svc.Media, httpx.RequireAuthThen(d.Verifier, a.enrolledUploader, auth.AudienceAdmin, auth.AudienceSuperAdmin))

	// Public.
	v1.Get("/company/site/get", a.publicSite)
	v1.Post("/company/auth/login", httpx.NoStore, a.login)
	v1.Post("/company/auth/login/2fa", httpx.NoStore, a.loginTwoFactor)

	// An admin of a company that requires two-factor sign-in reaches only setup (the profile and
	// the two-factor set-up) until enrolled; every other admin call goes through admin.
	// A suspended company's admin (their token revoked by the suspension) is told so, with the
	// reason, rather than that their session expired (suspendedNotice).
	setup := a.suspendedNotice(d.Verifier.Tokens, httpx.Guard(d.Verifier, auth.AudienceAdmin))
	admin := a.suspendedNotice(d.Verifier.Tokens, httpx.GuardThen(d.Verifier, a.enrolled, auth.AudienceAdmin))
	ad := v1.Group("/admin")
	ad.Get("/auth/profile/get", setup, a.profile)
	ad.Post("/auth/2fa/setup", setup, a.twoFactorSetup)
	ad.Post("/auth/2fa/enable", setup, a.twoFactorEnable)
	ad.Post("/auth/2fa/disable", admin, a.twoFactorDisable)
	ad.Post("/auth/2fa/reset", admin, a.twoFactorReset)
	ad.Get("/audit/list", admin, a.auditList)
	ad.Get("/audit/actions", admin, a.auditActions)
	ad.Get("/auth/list", admin, a.listUsers)
	ad.Post("/auth/add", admin, a.addUser)
	ad.Put("/auth/update", admin, a.updateUser)
	ad.Delete("/auth/delete", admin, a.deleteUser)
	ad.Get("/transaction/list", admin, a.transactions)
	ad.Post("/transaction/approve", admin, a.approve)
	ad.Post("/transaction/reject", admin, a.reject)
	ad.Post("/transaction/refund", admin, a.refund)
	ad.Get("/user/bank-account", admin, a.userBankAccount)
	ad.Post("/transaction/bulk", admin, a.bulkDecide)
	ad.Get("/dashboard/get", admin, a.dashboard)
	ad.Get("/beneficiary/get", admin, a.beneficiary)
	ad.Put("/beneficiary/update", admin, a.beneficiaryUpdate)
	ad.Get("/token/get", admin, a.tokenSettings)
	ad.Put("/token/update", admin, a.tokenSettingsUpdate)
	ad.Get("/token/round/allocation", admin, a.roundAllocation)
	ad.Post("/token/round/allocation/second-pass", admin, a.roundSecondPass)
	ad.Get("/export/purchases.csv", admin, a.exportPurchases)
	ad.Get("/export/users.csv", admin, a.exportUsers)
	ad.Get("/export/invoices.csv", admin, a.exportInvoices)
	ad.Get("/invoice/list", admin, a.invoiceList)
	ad.Get("/invoice/get", admin, a.invoiceFile)
	ad.Post("/reconcile/import", admin, a.reconcileImport)
	ad.Get("/reconcile/list", admin, a.reconcileList)
	ad.Get("/reconcile/get", admin, a.reconcileGet)
	ad.Post("/reconcile/approve", admin, a.reconcileApprove)
	ad.Get("/kyc/list", admin, a.kycList)
	ad.Post("/kyc/approve", admin, a.kycApprove)
	ad.Post("/kyc/reject", admin, a.kycReject)
	ad.Post("/kyc/risk", admin, a.kycRisk)
	ad.Post("/kyc/bulk", admin, a.kycBulk)
	ad.Get("/distribution/get", admin, a.distribution)
	ad.Put("/distribution/update", admin, a.distributionUpdate)
	ad.Get("/distribution/merkle.json", admin, a.distributionMerkle)
	ad.Get("/distribution/claims.csv", admin, a.distributionClaims)
	ad.Get("/distribution/preview", admin, a.distributionPreview)
	ad.Post("/distribution/run", admin, a.distributionRun)
	ad.Get("/distribution/list", admin, a.distributionList)
	ad.Post("/distribution/retry", admin, a.distributionRetry)

	super := httpx.Guard(d.Verifier, auth.AudienceSuperAdmin)
	sa := v1.Group("/superadmin")
	sa.Get("/auth/login/email/otp", a.superOTP)
	sa.Post("/auth/login/verify", httpx.NoStore, a.superVerify)
	sa.Get("/dashboard/get", super, a.superDashboard)
	sa.Get("/company/list", super, a.companies)
	sa.Post("/company/add", super, a.addCompany)
	sa.Get("/company/get", super, a.getCompany)
	sa.Put("/company/update", super, a.updateCompany)
	sa.Get("/transaction/list", super, a.allTransactions)
	sa.Get("/beneficiary/list", super, a.beneficiaries)
	sa.Get("/export/purchases.csv", super, a.exportAllPurchases)
	sa.Get("/audit/list", super, a.superAuditList)
	sa.Get("/audit/actions", super, a.auditActions)
	sa.Post("/auth/2fa/reset", super, a.superTwoFactorReset)
}

// companyOf is the signed-in admin's company: every admin call acts on it alone.
func companyOf(c fiber.Ctx) string { return httpx.Principal(c).CompanyID }

// publicSite is company/site/get: the company whose own address (a domain of it, or
// <symbol>.<TENANT_BASE_DOMAIN>) is the request's host, for the admin sign-in page; data null on
// any other host (the page then shows the platform's neutral title), never the TOKEN_SYMBOL company
// the buyer site falls back to, so the sign-in page of one company never names another.
func (a *api) publicSite(c fiber.Ctx) error {
	s, err := a.svc.Site.Site(c.Context(), c.Hostname())
	if errors.Is(err, company.ErrUnknownSite) || (err == nil && !s.Owns(c.Hostname(), a.svc.Site.Links)) {
		return httpx.OK(c, "Site fetched successfully", nil)
	}
	if err != nil {
		return err
	}
	return httpx.OK(c, "Site fetched successfully", company.PublicSite(s))
}

// suspendedNotice turns the 401 of an admin call whose admin token (signed by this server, so its
// company is known) belongs to a SUSPENDED company into 403 company_suspended with the super
// admin's reason: the suspension revoked the token, and the admin app says why instead of "your
// session expired". Any other 401 passes unchanged.
func (a *api) suspendedNotice(tokens *auth.Tokens, next fiber.Handler) fiber.Handler {
	return func(c fiber.Ctx) error {
		err := next(c)
		var ae *apperr.Error
		if err == nil || !errors.As(err, &ae) || ae.Kind != apperr.KindUnauthorized {
			return err
		}
		claims, perr := tokens.Parse(httpx.Bearer(c), auth.AudienceAdmin)
		if perr != nil || claims.Company == "" {
			return err
		}
		reason, suspended, serr := a.svc.Companies.Suspension(c.Context(), claims.Company)
		if serr != nil || !suspended {
			return err
		}
		return user.CompanySuspendedNotice(reason)
	}
}

func (a *api) login(c fiber.Ctx) error {
	var in struct {
		Email     string `json:"email" form:"email"`
		Password  string `json:"password" form:"password"`
		CompanyID string `json:"companyId" form:"companyId"`
	}
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	res, err := a.svc.Users.AdminLogin(c.Context(), in.Email, in.Password, in.CompanyID, c.IP())
	if err != nil {
		return err
	}
	if len(res.Companies) > 0 {
		return httpx.OK(c, "Choose the company to sign in to", fiber.Map{"companyRequired": true, "companies": res.Companies})
	}
	if res.Challenge != "" {
		return httpx.OK(c, "Enter the code from your authenticator app", fiber.Map{"twoFactorRequired": true, "challenge": res.Challenge})
	}
	return httpx.OK(c, "Login successful", fiber.Map{"token": res.Token})
}

func (a *api) profile(c fiber.Ctx) error {
	p, err := a.svc.Views.AdminProfile(c.Context(), httpx.Principal(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Profile fetched successfully", p)
}

func (a *api) listUsers(c fiber.Ctx) error {
	list, err := a.svc.Views.Users(c.Context(), companyOf(c), user.ListFilter{Page: c.Query("page"),
		Limit: c.Query("limit"), Search: c.Query("search"), IsApproved: c.Query("isApproved"),
		Role: c.Query("role"), Sort: c.Query("sort"), Dir: c.Query("dir")})
	if err != nil {
		return err
	}
	return httpx.OK(c, "Users fetched successfully", list)
}

func (a *api) addUser(c fiber.Ctx) error {
	var in user.AddUserInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	id, err := a.svc.Users.Add(c.Context(), httpx.Actor(c), companyOf(c), in)
	if err != nil {
		return err
	}
	return httpx.OK(c, "User added successfully", fiber.Map{"id": id})
}

func (a *api) updateUser(c fiber.Ctx) error {
	var in user.UpdateUserInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.Update(c.Context(), httpx.Actor(c), companyOf(c), in); err != nil {
		return err
	}
	msg := "User updated successfully"
	if in.ApprovalOnly() {
		msg = "User approved successfully"
	}
	return httpx.OK(c, msg, nil)
}

func (a *api) deleteUser(c fiber.Ctx) error {
	var in idBody
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if in.ID == "" {
		in.ID = c.Query("id")
	}
	if err := a.svc.Users.Delete(c.Context(), httpx.Actor(c), companyOf(c), in.ID); err != nil {
		return err
	}
	return httpx.OK(c, "User deleted successfully", nil)
}

func (a *api) transactions(c fiber.Ctx) error {
	list, err := a.svc.Views.Purchases(c.Context(), companyOf(c), purchase.ReviewFilter{Page: c.Query("page"),
		Limit: c.Query("limit"), Status: c.Query("status"), Search: c.Query("search"), Sort: c.Query("sort"), Dir: c.Query("dir")})
	if err != nil {
		return err
	}
	return httpx.OK(c, "Transactions fetched successfully", list)
}

// bulkDecide approves or rejects several purchases at once (POST /admin/transaction/bulk).
func (a *api) bulkDecide(c fiber.Ctx) error {
	var in purchase.BulkInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	res, err := a.svc.Purchases.Bulk(c.Context(), httpx.Actor(c), companyOf(c), in)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Purchases processed", res)
}

func (a *api) approve(c fiber.Ctx) error {
	var in idBody
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if _, err := a.svc.Purchases.Approve(c.Context(), httpx.Actor(c), companyOf(c), in.ID); err != nil {
		return err
	}
	return httpx.OK(c, "Purchase approved successfully", nil)
}

func (a *api) reject(c fiber.Ctx) error {
	var in struct {
		ID     string `json:"id" form:"id"`
		Reason string `json:"reason" form:"reason"`
	}
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if _, err := a.svc.Purchases.Reject(c.Context(), httpx.Actor(c), companyOf(c), in.ID, in.Reason); err != nil {
		return err
	}
	return httpx.OK(c, "Purchase rejected successfully", nil)
}

func (a *api) refund(c fiber.Ctx) error {
	var in struct {
		ID              string `json:"id" form:"id"`
		RefundReference string `json:"refundReference" form:"refundReference"`
	}
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if _, err := a.svc.Purchases.Refund(c.Context(), httpx.Actor(c), companyOf(c), in.ID, in.RefundReference); err != nil {
		return err
	}
	return httpx.OK(c, "Purchase refunded successfully", nil)
}

func (a *api) dashboard(c fiber.Ctx) error {
	out, err := a.svc.Dashboards.ForAdmin(c.Context(), companyOf(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Dashboard fetched successfully", out)
}

func (a *api) beneficiary(c fiber.Ctx) error {
	b, err := a.svc.Beneficiaries.ForCompany(c.Context(), companyOf(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Beneficiary fetched successfully", b)
}

func (a *api) beneficiaryUpdate(c fiber.Ctx) error {
	var in beneficiary.UpdateInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	res, err := a.svc.Beneficiaries.Update(c.Context(), httpx.Actor(c), companyOf(c), in)
	if err != nil {
		return err
	}
	if len(res.Changed) == 0 {
		return httpx.OK(c, beneficiary.MsgUnchanged, res)
	}
	return httpx.OK(c, beneficiary.MsgUpdated, res)
}

func (a *api) superOTP(c fiber.Ctx) error {
	if err := a.svc.SuperAdmins.RequestOTP(c.Context(), c.Query("email"), c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, superadmin.OTPSent, nil)
}

func (a *api) superVerify(c fiber.Ctx) error {
	var in struct {
		Email string `json:"email" form:"email"`
		OTP   string `json:"otp" form:"otp"`
	}
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	tok, err := a.svc.SuperAdmins.VerifyOTP(c.Context(), in.Email, in.OTP, c.IP())
	if err != nil {
		return err
	}
	return httpx.OK(c, "Login successful", fiber.Map{"token": tok})
}

func (a *api) superDashboard(c fiber.Ctx) error {
	out, err := a.svc.Dashboards.ForSuperAdmin(c.Context())
	if err != nil {
		return err
	}
	return httpx.OK(c, "Dashboard fetched successfully", out)
}

func (a *api) companies(c fiber.Ctx) error {
	list, err := a.svc.Views.Companies(c.Context(), c.Query("page"), c.Query("limit"), c.Query("search"), c.Query("status"))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Companies fetched successfully", list)
}

func (a *api) addCompany(c fiber.Ctx) error {
	var in company.AddInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	id, err := a.svc.Companies.Add(c.Context(), httpx.Actor(c), in)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Company added successfully", fiber.Map{"id": id})
}

func (a *api) getCompany(c fiber.Ctx) error {
	out, err := a.svc.Companies.Get(c.Context(), c.Query("id"))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Company fetched successfully", out)
}

func (a *api) updateCompany(c fiber.Ctx) error {
	var in company.UpdateInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	out, err := a.svc.Companies.Update(c.Context(), httpx.Actor(c), in)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Company updated successfully", out)
}

func (a *api) allTransactions(c fiber.Ctx) error {
	list, err := a.svc.Views.AllPurchases(c.Context(), purchase.ReviewFilter{Page: c.Query("page"),
		Limit: c.Query("limit"), Status: c.Query("status"), Search: c.Query("search"), CompanyID: c.Query("companyId")})
	if err != nil {
		return err
	}
	return httpx.OK(c, "Transactions fetched successfully", list)
}

func (a *api) beneficiaries(c fiber.Ctx) error {
	list, err := a.svc.Views.Beneficiaries(c.Context(), c.Query("page"), c.Query("limit"), c.Query("search"))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Beneficiaries fetched successfully", list)
}

func (a *api) tokenSettings(c fiber.Ctx) error {
	t, err := a.svc.Sales.TokenSettings(c.Context(), companyOf(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Token fetched successfully", t)
}

func (a *api) tokenSettingsUpdate(c fiber.Ctx) error {
	var in sale.SettingsInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	t, err := a.svc.Sales.UpdateTokenSettings(c.Context(), httpx.Actor(c), in)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Token updated successfully", t)
}

// roundAllocation is the allocation view of a round sold by requests (page and limit page both
// the requests and the allocations).
func (a *api) roundAllocation(c fiber.Ctx) error {
	p, err := pagination.Parse(c.Query("page"), c.Query("limit"), 50)
	if err != nil {
		return err
	}
	v, err := a.svc.Allocations.AdminView(c.Context(), companyOf(c), c.Query("roundId"), p)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Allocation fetched successfully", v)
}

type secondPassIn struct {
	RoundID string `json:"roundId"`
}

func (a *api) roundSecondPass(c fiber.Ctx) error {
	var in secondPassIn
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	v, err := a.svc.Allocations.SecondPass(c.Context(), httpx.Actor(c), in.RoundID)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Second pass done successfully", v)
}

// csvType is the media type of every export.
const csvType = "text/csv; charset=utf-8"

// exportFilter is the query of the purchase exports.
func exportFilter(c fiber.Ctx) export.PurchaseFilter {
	return export.PurchaseFilter{Status: c.Query("status"), From: c.Query("from"), To: c.Query("to")}
}

// The exports run their query before answering (a bad filter or a database failure is a JSON
// error), then stream the file after the handler returns: their context is not the request's.

func (a *api) exportPurchases(c fiber.Ctx) error {
	e, err := a.svc.Exports.Purchases(context.WithoutCancel(c.Context()), companyOf(c), exportFilter(c))
	if err != nil {
		return err
	}
	return httpx.StreamFile(c, a.log, csvType, e.Name, e)
}

func (a *api) exportUsers(c fiber.Ctx) error {
	e, err := a.svc.Exports.Users(context.WithoutCancel(c.Context()), companyOf(c), c.Query("isApproved"))
	if err != nil {
		return err
	}
	return httpx.StreamFile(c, a.log, csvType, e.Name, e)
}

func (a *api) exportAllPurchases(c fiber.Ctx) error {
	e, err := a.svc.Exports.AllPurchases(context.WithoutCancel(c.Context()), c.Query("companyId"), exportFilter(c))
	if err != nil {
		return err
	}
	return httpx.StreamFile(c, a.log, csvType, e.Name, e)
}

func (a *api) exportInvoices(c fiber.Ctx) error {
	e, err := a.svc.Exports.Invoices(context.WithoutCancel(c.Context()), companyOf(c), c.Query("fy"))
	if err != nil {
		return err
	}
	return httpx.StreamFile(c, a.log, csvType, e.Name, e)
}

func (a *api) invoiceList(c fiber.Ctx) error {
	list, err := a.svc.Views.Invoices(c.Context(), companyOf(c), readmodel.InvoiceFilter{FY: c.Query("fy"),
		Kind: c.Query("kind"), Page: c.Query("page"), Limit: c.Query("limit")})
	if err != nil {
		return err
	}
	return httpx.OK(c, "Invoices fetched successfully", list)
}

// invoiceFile is the PDF of a purchase's invoice or credit note (GET /admin/invoice/get).
func (a *api) invoiceFile(c fiber.Ctx) error {
	f, err := a.svc.Invoices.ForAdmin(c.Context(), companyOf(c), c.Query("id"), c.Query("kind"))
	if err != nil {
		return err
	}
	return httpx.SendPDF(c, f.Name, f.Body)
}

// userBankAccount is a buyer's verified bank account for the refund dialog (null when none).
func (a *api) userBankAccount(c fiber.Ctx) error {
	v, err := a.svc.Banks.ForUser(c.Context(), companyOf(c), c.Query("userId"))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Bank account fetched successfully", v)
}
