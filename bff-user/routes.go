package main

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/allocation"
	"prelaunch/core/auth"
	"prelaunch/core/company"
	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/httpx"
	"prelaunch/core/infra/media/mediahttp"
	"prelaunch/core/infra/pagination"
	"prelaunch/core/kyc"
	"prelaunch/core/kyc/ekyc"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
	"prelaunch/core/user"
	"prelaunch/core/wallet"
)

// api is the route table's handlers: each binds the request, takes the caller and the site, calls
// one service method and answers. The rules live in core, one package per noun.
type api struct {
	svc *runtime.Services
}

type siteKey struct{}

// registerRoutes mounts every buyer call.
func registerRoutes(app *fiber.App, d *runtime.Deps, svc *runtime.Services) {
	a := &api{svc: svc}
	signedIn := httpx.RequireAuth(d.Verifier, auth.AudienceUser)
	same := httpx.SameCompany(siteCompany)
	once := httpx.Idempotent(d.Redis) // the Idempotency-Key header
	v1 := app.Group("/api/v1")

	v1.Get("/user/site/get", a.withSite, a.publicSite)
	v1.Get("/user/sale/get", a.withSite, a.publicSale)
	v1.Post("/user/auth/register/otp", a.withSite, a.registerOTP)
	v1.Post("/user/auth/register", a.withSite, a.register)
	v1.Post("/user/auth/login", httpx.NoStore, a.withSiteReading, a.login)
	v1.Post("/user/auth/forgot-password/otp", a.withSite, a.forgotOTP)
	v1.Post("/user/auth/forgot-password", a.withSite, a.forgot)

	// Signed-in buyer calls: a user-audience token of this site's company. Every call first finds
	// the host's company (withSite): unknown in production is 404; while SUSPENDED, reads answer and
	// writes are 423.
	v1.Post("/user/auth/password/otp", a.withSite, signedIn, same, a.passwordOTP)
	v1.Put("/user/auth/password/update", a.withSite, signedIn, same, a.passwordUpdate)
	v1.Get("/user/auth/profile/get", a.withSite, signedIn, same, a.profile)
	v1.Put("/user/auth/profile/update", a.withSite, signedIn, same, a.profileUpdate)
	v1.Post("/user/auth/account/close", httpx.NoStore, a.withSite, signedIn, same, a.accountClose)
	v1.Get("/user/package/price/get", a.withSite, signedIn, same, a.price)
	v1.Get("/user/package/beneficiary/get", a.withSite, signedIn, same, a.beneficiary)
	v1.Post("/user/package/order", a.withSiteRecent, signedIn, same, once, a.order)
	v1.Get("/user/package/order/get", a.withSite, signedIn, same, a.orderGet)
	v1.Post("/user/package/request", a.withSite, signedIn, same, once, a.request)
	v1.Get("/user/package/request/get", a.withSite, signedIn, same, a.requestGet)
	v1.Post("/user/package/order/cancel", a.withSiteRecent, signedIn, same, a.orderCancel)
	v1.Post("/user/package/purchase", a.withSite, signedIn, same, once, a.submit)
	v1.Get("/user/transaction/list", a.withSite, signedIn, same, a.transactions)
	v1.Get("/user/transaction/receipt", a.withSite, signedIn, same, a.receipt)
	v1.Get("/user/transaction/invoice", a.withSite, signedIn, same, a.invoice)
	v1.Get("/user/statement", a.withSite, signedIn, same, a.statement)
	v1.Get("/user/stock/global/list", a.withSite, signedIn, same, a.globalStock)
	v1.Get("/user/stock/my/list", a.withSite, signedIn, same, a.myStock)
	v1.Get("/user/stock/delivery/get", a.withSite, signedIn, same, a.stockDelivery)
	v1.Get("/user/kyc/get", a.withSite, signedIn, same, a.kycGet)
	v1.Post("/user/kyc/submit", a.withSite, signedIn, same, a.kycSubmit)
	v1.Post("/user/auth/mobile/otp", a.withSite, signedIn, same, a.mobileOTP)
	v1.Post("/user/auth/mobile/verify", a.withSite, signedIn, same, a.mobileVerify)
	v1.Get("/user/bank-account/get", a.withSite, signedIn, same, a.bankAccountGet)
	v1.Post("/user/bank-account", a.withSite, signedIn, same, a.bankAccountSave)
	v1.Get("/user/wallet/get", a.withSite, signedIn, same, a.walletGet)
	v1.Get("/user/wallet/challenge", a.withSite, signedIn, same, a.walletChallenge)
	v1.Post("/user/wallet/verify", a.withSite, signedIn, same, a.walletVerify)

	// Uploads (multipart "medias") and signed file links, shared with bff-admin. An upload also
	// needs a buyer of this site's company, so a buyer of another company cannot store files
	// here; the shared upload route runs after these checks.
	v1.Post("/superadmin/media/add", a.withSite, signedIn, same)
	v1.Use("/media/file", a.withSite)
	mediahttp.Routes(v1, svc.Media, signedIn)
}

// withSite finds the company of the request's host (X-Forwarded-Host only from
// TRUSTED_PROXIES) from a cache at most company.SiteTTL old — orders price and reserve from the
// locked token row. While the company is SUSPENDED its buyers keep their records: every read (GET,
// HEAD) passes and every write is 423 (company.ErrSuspended).
func (a *api) withSite(c fiber.Ctx) error { return a.findSite(c, false) }

// withSiteReading is withSite for a POST that changes nothing of the sale: signing in, which a
// suspended company's buyers still do to read their records.
func (a *api) withSiteReading(c fiber.Ctx) error { return a.findSite(c, true) }

// withSiteRecent is withSite for placing and cancelling orders: the host's site as last loaded
// even if a cancellation has just forgotten it (company.Resolver.Recent), still at most
// company.SiteTTL old. Orders price from it only if the token row still has that price
// (purchase.CreateOrderAt); during a rush, cancellations forget the host many times a second.
func (a *api) withSiteRecent(c fiber.Ctx) error {
	site, err := a.svc.Site.Recent(c.Context(), c.Hostname())
	if err != nil {
		return err
	}
	return a.useSite(c, site, false)
}

func (a *api) findSite(c fiber.Ctx, reads bool) error {
	site, err := a.svc.Site.Site(c.Context(), c.Hostname())
	if err != nil {
		return err
	}
	return a.useSite(c, site, reads)
}

func (a *api) useSite(c fiber.Ctx, site *company.Site, reads bool) error {
	m := c.Method()
	if site.Suspended() && !reads && m != fiber.MethodGet && m != fiber.MethodHead {
		return company.ErrSuspended
	}
	c.Locals(siteKey{}, site)
	return c.Next()
}

func site(c fiber.Ctx) *company.Site { s, _ := c.Locals(siteKey{}).(*company.Site); return s }

// tenant is the host's company as the account rules need it.
func tenant(c fiber.Ctx) user.Tenant {
	s := site(c)
	return user.Tenant{CompanyID: s.CompanyID, Brand: s.Brand(), CompanyName: s.CompanyName, SiteURL: s.URL}
}

func siteCompany(c fiber.Ctx) string { return site(c).CompanyID }

func me(c fiber.Ctx) user.Buyer { return user.FromPrincipal(httpx.Principal(c)) }

func (a *api) publicSite(c fiber.Ctx) error {
	return httpx.OK(c, "Site fetched successfully", company.PublicSite(site(c)))
}

// publicSale is the sale a visitor sees on the first screen, before signing in.
func (a *api) publicSale(c fiber.Ctx) error {
	return httpx.OK(c, "Sale fetched successfully", site(c).PublicSale(a.svc.Purchases.Clock.Now()))
}

func (a *api) registerOTP(c fiber.Ctx) error {
	var in user.RegisterOTPInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.RequestRegisterOTP(c.Context(), tenant(c), in, c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, "OTP sent to your email. It is valid for 10 minutes.", nil)
}

func (a *api) register(c fiber.Ctx) error {
	var in user.RegisterInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.Register(c.Context(), tenant(c), in, c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, "Registration successful. Please log in.", nil)
}

func (a *api) login(c fiber.Ctx) error {
	var in user.LoginInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	tok, err := a.svc.Users.Login(c.Context(), tenant(c), in, c.IP())
	if err != nil {
		return err
	}
	return httpx.OK(c, "Logged in successfully", fiber.Map{"token": tok})
}

func (a *api) forgotOTP(c fiber.Ctx) error {
	var in user.ForgotOTPInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.RequestResetOTP(c.Context(), tenant(c), in, c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, user.ResetCodeSent, nil)
}

func (a *api) forgot(c fiber.Ctx) error {
	var in user.ResetInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.ResetPassword(c.Context(), tenant(c), in, c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, "Password reset successfully. Please log in with your new password.", nil)
}

func (a *api) passwordOTP(c fiber.Ctx) error {
	if err := a.svc.Users.RequestChangeOTP(c.Context(), tenant(c), me(c), c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, "OTP successfully send", nil)
}

func (a *api) passwordUpdate(c fiber.Ctx) error {
	var in user.ChangeInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	tok, err := a.svc.Users.ChangePassword(c.Context(), tenant(c), me(c), in, c.IP())
	if err != nil {
		return err
	}
	return httpx.OK(c, "Password updated successfully", fiber.Map{"token": tok})
}

// accountClose is the buyer closing their own account (user.Service.Close): the session ends
// with it.
func (a *api) accountClose(c fiber.Ctx) error {
	var in user.CloseInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.Close(c.Context(), httpx.Actor(c), me(c), in); err != nil {
		return err
	}
	return httpx.OK(c, "Your account is closed.", nil)
}

func (a *api) profile(c fiber.Ctx) error {
	p, err := a.svc.Users.Profile(c.Context(), me(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Profile fetched successfully", p)
}

func (a *api) profileUpdate(c fiber.Ctx) error {
	var in user.ProfileInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.UpdateProfile(c.Context(), me(c), in); err != nil {
		return err
	}
	return httpx.OK(c, "Profile updated successfully", nil)
}

// price answers from the cached site (token row and rounds) with the buyer's running total.
func (a *api) price(c fiber.Ctx) error {
	v, err := a.svc.Purchases.Price(c.Context(), site(c), me(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Token price fetched successfully", v)
}

func (a *api) beneficiary(c fiber.Ctx) error {
	p, err := a.svc.Beneficiaries.PaymentDetails(c.Context(), site(c).CompanyID)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Payment details fetched successfully", p)
}

type orderIn struct {
	Amount purchase.Amount `json:"amount" form:"amount"`
}

func (a *api) order(c fiber.Ctx) error {
	var in orderIn
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	p, err := a.svc.Purchases.CreateOrderAt(c.Context(), site(c), me(c), in.Amount)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Order created successfully", p.View())
}

// request makes, changes or withdraws (amount 0) the buyer's request in a round sold by requests.
func (a *api) request(c fiber.Ctx) error {
	var in allocation.RequestInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	v, err := a.svc.Allocations.Request(c.Context(), me(c), in)
	if err != nil {
		return err
	}
	msg := "Request saved successfully"
	if v.Request == nil {
		msg = "Request withdrawn successfully"
	}
	return httpx.OK(c, msg, v)
}

func (a *api) requestGet(c fiber.Ctx) error {
	v, err := a.svc.Allocations.Get(c.Context(), me(c), c.Query("roundId"))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Request fetched successfully", v)
}

func (a *api) orderGet(c fiber.Ctx) error {
	p, err := a.svc.Purchases.GetOrder(c.Context(), me(c), c.Query("id"))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Order fetched successfully", p.View())
}

type orderCancelIn struct {
	ID string `json:"id" form:"id"`
}

func (a *api) orderCancel(c fiber.Ctx) error {
	var in orderCancelIn
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	p, err := a.svc.Purchases.Cancel(c.Context(), me(c), in.ID)
	if err != nil {
		return err
	}
	// The cancelled order's tokens are on sale again: this host's next price/get reads them.
	a.svc.Site.ForgetHost(c.Hostname())
	return httpx.OK(c, "Order cancelled successfully", p.View())
}

type submitIn struct {
	PurchaseID      string          `json:"purchaseId" form:"purchaseId"`
	PaymentMethod   string          `json:"paymentMethod" form:"paymentMethod"`
	ReferenceNumber string          `json:"referenceNumber" form:"referenceNumber"`
	ReceiptID       string          `json:"receiptId" form:"receiptId"`
	BankName        string          `json:"bankName" form:"bankName"`
	Amount          purchase.Amount `json:"amount" form:"amount"`
	PaidAmount      purchase.Amount `json:"paidAmount" form:"paidAmount"`
}

func (a *api) submit(c fiber.Ctx) error {
	var in submitIn
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	p, err := a.svc.Purchases.Submit(c.Context(), me(c), purchase.SubmitInput(in))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Token purchase submitted successfully", p.View())
}

func (a *api) transactions(c fiber.Ctx) error {
	pg, err := pagination.Parse(c.Query("page"), c.Query("limit"), 10)
	if err != nil {
		return err
	}
	list, err := a.svc.Purchases.ListForBuyer(c.Context(), me(c), c.Query("status"), c.Query("search"), pg)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Transactions fetched successfully", list)
}

func (a *api) receipt(c fiber.Ctx) error {
	r, err := a.svc.Purchases.Receipt(c.Context(), me(c), c.Query("id"))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "application/pdf")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+r.Name+`"`)
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Send(r.Body)
}

// invoice is the PDF of the tax invoice of the buyer's purchase (404 when none or not theirs).
func (a *api) invoice(c fiber.Ctx) error {
	b := me(c)
	f, err := a.svc.Invoices.ForBuyer(c.Context(), b.CompanyID, b.UserID, c.Query("id"))
	if err != nil {
		return err
	}
	return httpx.SendPDF(c, f.Name, f.Body)
}

// statement is the buyer's yearly statement as a PDF or CSV attachment.
func (a *api) statement(c fiber.Ctx) error {
	b := me(c)
	f, err := a.svc.Exports.Statement(c.Context(), b.CompanyID, b.UserID, c.Query("fy"), c.Query("format"))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, f.Type)
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+f.Name+`"`)
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Send(f.Body)
}

func (a *api) globalStock(c fiber.Ctx) error {
	pg, err := pagination.Parse(c.Query("page"), c.Query("limit"), 10)
	if err != nil {
		return err
	}
	b := me(c)
	list, err := a.svc.Stock.GlobalStock(c.Context(), b.CompanyID, b.UserID, pg)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Global stock fetched successfully", list)
}

func (a *api) myStock(c fiber.Ctx) error {
	pg, err := pagination.Parse(c.Query("page"), c.Query("limit"), 10)
	if err != nil {
		return err
	}
	b := me(c)
	list, err := a.svc.Stock.MyStock(c.Context(), b.CompanyID, b.UserID, pg)
	if err != nil {
		return err
	}
	return httpx.OK(c, "My stock fetched successfully", list)
}

// stockDelivery is how and when the buyer's tokens arrive (the dashboard's delivery card).
func (a *api) stockDelivery(c fiber.Ctx) error {
	b := me(c)
	v, err := a.svc.Stock.BuyerDelivery(c.Context(), b.CompanyID, b.UserID)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Token delivery fetched successfully", v)
}

func (a *api) kycGet(c fiber.Ctx) error {
	v, err := a.svc.KYC.Get(c.Context(), me(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "KYC fetched successfully", v)
}

// kycSubmit takes the multipart form of the KYC: panNumber, panName, shareCode and the offline
// e-KYC zip in the part "file".
func (a *api) kycSubmit(c fiber.Ctx) error {
	if !strings.HasPrefix(strings.ToLower(c.Get(fiber.HeaderContentType)), fiber.MIMEMultipartForm) {
		return apperr.Unsupported("not_multipart", `Send the KYC as multipart/form-data, the e-KYC zip in the field "file".`)
	}
	form, err := c.MultipartForm()
	if err != nil {
		return apperr.BadRequest("bad_multipart", "The form could not be read.")
	}
	value := func(k string) string {
		if vs := form.Value[k]; len(vs) > 0 {
			return vs[0]
		}
		return ""
	}
	in := kyc.SubmitInput{PanNumber: value("panNumber"), PanName: value("panName"), ShareCode: value("shareCode")}
	if loc := value("location"); loc != "" {
		in.Location = new(kyc.LocationInput)
		if err := json.Unmarshal([]byte(loc), in.Location); err != nil {
			return apperr.InvalidField("bad_location", "location", `The location must be JSON: {"status": "GRANTED", "latitude": …, "longitude": …} or {"status": "DECLINED"}.`)
		}
	}
	if fs := form.File["file"]; len(fs) > 0 {
		if fs[0].Size > ekyc.MaxZip {
			return apperr.TooLarge("ekyc_too_large", kyc.MsgTooLarge).On("file")
		}
		f, err := fs[0].Open()
		if err != nil {
			return apperr.BadRequest("bad_multipart", "The form could not be read.")
		}
		in.File, err = io.ReadAll(io.LimitReader(f, ekyc.MaxZip+1))
		f.Close()
		if err != nil {
			return apperr.BadRequest("bad_multipart", "The form could not be read.")
		}
	}
	// The evidence kept with the submission: the client's address (X-Forwarded-For only from
	// TRUSTED_PROXIES) and its user agent.
	in.IP, in.UserAgent = c.IP(), c.Get(fiber.HeaderUserAgent)
	v, err := a.svc.KYC.Submit(c.Context(), me(c), in)
	if err != nil {
		return err
	}
	return httpx.OK(c, "KYC submitted successfully", v)
}

func walletBuyer(c fiber.Ctx) wallet.Buyer {
	p := httpx.Principal(c)
	return wallet.Buyer{UserID: p.ID, CompanyID: p.CompanyID}
}

// walletSite is the host's company as the wallet's message and email name it.
func walletSite(c fiber.Ctx) wallet.Site {
	s := site(c)
	return wallet.Site{Host: c.Hostname(), Name: s.CompanyName, Brand: s.Brand(), URL: s.URL}
}

func (a *api) walletGet(c fiber.Ctx) error {
	v, err := a.svc.Wallets.Get(c.Context(), walletBuyer(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Wallet fetched successfully", v)
}

func (a *api) walletChallenge(c fiber.Ctx) error {
	v, err := a.svc.Wallets.Challenge(c.Context(), walletBuyer(c), walletSite(c), c.Query("address"))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Message to sign", v)
}

func (a *api) walletVerify(c fiber.Ctx) error {
	var in wallet.VerifyInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	v, err := a.svc.Wallets.Verify(c.Context(), walletBuyer(c), walletSite(c), in, c.IP())
	if err != nil {
		return err
	}
	return httpx.OK(c, "Wallet verified successfully", v)
}
