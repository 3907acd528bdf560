package main

import (
	"github.com/gofiber/fiber/v3"
	"github.com/hibiken/asynq"

	"prelaunch/core/auth"
	"prelaunch/core/buyer"
	"prelaunch/core/company"
	"prelaunch/core/httpx"
	"prelaunch/core/media/mediahttp"
	"prelaunch/core/pagination"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
)

// api holds the use cases the handlers call. Handlers are thin: bind, call core, respond.
type api struct {
	d         *runtime.Deps
	symbol    string
	site      *buyer.SiteCache // the site every call needs, reused for buyer.SiteTTL
	buyers    *buyer.Service
	purchases *purchase.Service
	auth      fiber.Handler
	priceMemo httpx.Memo[*buyer.Site]
}

type siteKey struct{}

// registerRoutes mounts every buyer call.
func registerRoutes(app *fiber.App, d *runtime.Deps) {
	symbol := d.Cfg.TokenSymbol
	a := &api{d: d, symbol: symbol, site: &buyer.SiteCache{DB: d.DB, Symbol: symbol}, buyers: buyer.New(d),
		purchases: &purchase.Service{DB: d.DB, Tasks: d.Tasks, Inspector: asynq.NewInspectorFromRedisClient(d.Redis),
			Media: d.Media, Clock: d.Clock, Log: d.Log},
		auth: httpx.RequireAuth(d.Verifier, auth.AudienceUser)}
	v1 := app.Group("/api/v1")
	v1.Get("/user/site/get", func(c fiber.Ctx) error {
		site, err := company.SiteBySymbol(c.Context(), d.DB, symbol)
		if err != nil {
			return err
		}
		return httpx.OK(c, "Site fetched successfully", site)
	})

	v1.Post("/user/auth/register/otp", a.withSite, a.registerOTP)
	v1.Post("/user/auth/register", a.withSite, a.register)
	v1.Post("/user/auth/login", a.withSite, a.login)
	v1.Post("/user/auth/forgot-password/otp", a.withSite, a.forgotOTP)
	v1.Post("/user/auth/forgot-password", a.withSite, a.forgot)

	// Signed-in buyer calls: a user-audience token of this site's company.
	v1.Post("/user/auth/password/otp", a.auth, a.withSite, a.sameCompany, a.passwordOTP)
	v1.Put("/user/auth/password/update", a.auth, a.withSite, a.sameCompany, a.passwordUpdate)
	v1.Get("/user/auth/profile/get", a.auth, a.withSite, a.sameCompany, a.profile)
	v1.Put("/user/auth/profile/update", a.auth, a.withSite, a.sameCompany, a.profileUpdate)
	v1.Get("/user/package/price/get", a.auth, a.withSite, a.sameCompany, a.price)
	v1.Get("/user/package/beneficiary/get", a.auth, a.withSite, a.sameCompany, a.beneficiary)
	v1.Post("/user/package/order", a.auth, a.withSite, a.sameCompany, a.order)
	v1.Get("/user/package/order/get", a.auth, a.withSite, a.sameCompany, a.orderGet)
	v1.Post("/user/package/purchase", a.auth, a.withSite, a.sameCompany, a.submit)
	v1.Get("/user/transaction/list", a.auth, a.withSite, a.sameCompany, a.transactions)
	v1.Get("/user/stock/global/list", a.auth, a.withSite, a.sameCompany, a.globalStock)
	v1.Get("/user/stock/my/list", a.auth, a.withSite, a.sameCompany, a.myStock)

	// Uploads (multipart "medias") and signed file links, shared with bff-admin. An upload also
	// needs a buyer of this site's company (security finding S1: a buyer of another company could
	// store files here); sameCompany's Next runs the shared upload route.
	v1.Post("/superadmin/media/add", a.auth, a.withSite, a.sameCompany)
	mediahttp.Routes(v1, d, auth.AudienceUser)
}

// withSite loads the company and token this server sells (TOKEN_SYMBOL) for the request, from
// a cache at most buyer.SiteTTL old (orders price and reserve from the locked token row).
func (a *api) withSite(c fiber.Ctx) error {
	site, err := a.site.Get(c.Context())
	if err != nil {
		return err
	}
	c.Locals(siteKey{}, site)
	return c.Next()
}

func site(c fiber.Ctx) *buyer.Site { s, _ := c.Locals(siteKey{}).(*buyer.Site); return s }

// sameCompany refuses a buyer of another company (403).
func (a *api) sameCompany(c fiber.Ctx) error {
	if err := site(c).CheckPrincipal(httpx.Principal(c)); err != nil {
		return err
	}
	return c.Next()
}

func me(c fiber.Ctx) buyer.Buyer { return buyer.FromPrincipal(httpx.Principal(c)) }

func buyerOf(c fiber.Ctx) purchase.Buyer {
	p := httpx.Principal(c)
	return purchase.Buyer{UserID: p.ID, CompanyID: p.CompanyID}
}

func (a *api) registerOTP(c fiber.Ctx) error {
	var in buyer.RegisterOTPInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.buyers.RequestRegisterOTP(c.Context(), site(c), in, c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, "OTP sent to your email. It is valid for 10 minutes.", nil)
}

func (a *api) register(c fiber.Ctx) error {
	var in buyer.RegisterInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.buyers.Register(c.Context(), site(c), in, c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, "Registration successful. Please log in.", nil)
}

func (a *api) login(c fiber.Ctx) error {
	var in buyer.LoginInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	tok, err := a.buyers.Login(c.Context(), site(c), in, c.IP())
	if err != nil {
		return err
	}
	return httpx.OK(c, "Logged in successfully", fiber.Map{"token": tok})
}

func (a *api) forgotOTP(c fiber.Ctx) error {
	var in buyer.ForgotOTPInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.buyers.RequestResetOTP(c.Context(), site(c), in, c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, buyer.ResetCodeSent, nil)
}

func (a *api) forgot(c fiber.Ctx) error {
	var in buyer.ResetInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.buyers.ResetPassword(c.Context(), site(c), in, c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, "Password reset successfully. Please log in with your new password.", nil)
}

func (a *api) passwordOTP(c fiber.Ctx) error {
	if err := a.buyers.RequestChangeOTP(c.Context(), site(c), me(c), c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, "OTP successfully send", nil)
}

func (a *api) passwordUpdate(c fiber.Ctx) error {
	var in buyer.ChangeInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	tok, err := a.buyers.ChangePassword(c.Context(), site(c), me(c), in, c.IP())
	if err != nil {
		return err
	}
	return httpx.OK(c, "Password updated successfully", fiber.Map{"token": tok})
}

func (a *api) profile(c fiber.Ctx) error {
	p, err := a.buyers.Profile(c.Context(), me(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Profile fetched successfully", p)
}

func (a *api) profileUpdate(c fiber.Ctx) error {
	var in buyer.ProfileInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.buyers.UpdateProfile(c.Context(), me(c), in); err != nil {
		return err
	}
	return httpx.OK(c, "Profile updated successfully", nil)
}

// price answers from the cached site row; the encoded answer is kept until the row is reloaded.
func (a *api) price(c fiber.Ctx) error {
	s := site(c)
	return a.priceMemo.OK(c, s, "Token price fetched successfully", func() any { return a.buyers.Price(s) })
}

func (a *api) beneficiary(c fiber.Ctx) error {
	p, err := a.buyers.PaymentDetails(c.Context(), site(c).CompanyID)
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
	p, err := a.purchases.CreateOrder(c.Context(), buyerOf(c), in.Amount)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Order created successfully", p.View())
}

func (a *api) orderGet(c fiber.Ctx) error {
	p, err := a.purchases.GetOrder(c.Context(), buyerOf(c), c.Query("id"))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Order fetched successfully", p.View())
}

type submitIn struct {
	PurchaseID      string          `json:"purchaseId" form:"purchaseId"`
	PaymentMethod   string          `json:"paymentMethod" form:"paymentMethod"`
	ReferenceNumber string          `json:"referenceNumber" form:"referenceNumber"`
	ReceiptID       string          `json:"receiptId" form:"receiptId"`
	BankName        string          `json:"bankName" form:"bankName"`
	Amount          purchase.Amount `json:"amount" form:"amount"`
}

func (a *api) submit(c fiber.Ctx) error {
	var in submitIn
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	p, err := a.purchases.Submit(c.Context(), buyerOf(c), purchase.SubmitInput(in))
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
	list, err := a.purchases.ListForBuyer(c.Context(), buyerOf(c), c.Query("status"), c.Query("search"), pg)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Transactions fetched successfully", list)
}

func (a *api) globalStock(c fiber.Ctx) error {
	pg, err := pagination.Parse(c.Query("page"), c.Query("limit"), 10)
	if err != nil {
		return err
	}
	list, err := a.buyers.GlobalStock(c.Context(), me(c), pg)
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
	list, err := a.buyers.MyStock(c.Context(), me(c), pg)
	if err != nil {
		return err
	}
	return httpx.OK(c, "My stock fetched successfully", list)
}
