package main

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/admin"
	"prelaunch/core/apperr"
	"prelaunch/core/auth"
	"prelaunch/core/beneficiary"
	"prelaunch/core/company"
	"prelaunch/core/dashboard"
	"prelaunch/core/httpx"
	"prelaunch/core/media/mediahttp"
	"prelaunch/core/purchase"
	"prelaunch/core/runtime"
	"prelaunch/core/ttl"
)

var allAudiences = []string{auth.AudienceUser, auth.AudienceAdmin, auth.AudienceSuperAdmin}

// guard admits callers signed in for one of audiences. No token, a bad one or a revoked one is
// 401; a valid token of another app (a buyer's, or an admin's on a super admin call) is 403.
func guard(d *runtime.Deps, audiences ...string) fiber.Handler {
	inner := httpx.RequireAuth(d.Verifier, audiences...)
	var others []string
	for _, a := range allAudiences {
		mine := false
		for _, b := range audiences {
			mine = mine || a == b
		}
		if !mine {
			others = append(others, a)
		}
	}
	return func(c fiber.Ctx) error {
		raw := httpx.Bearer(c)
		for _, aud := range audiences {
			if _, err := d.Tokens.Parse(raw, aud); err == nil {
				return inner(c)
			}
		}
		for _, aud := range others {
			if _, err := d.Verifier.Authenticate(c.Context(), raw, aud); err == nil {
				return apperr.Forbidden("wrong_area", "You do not have access to this area.")
			}
		}
		return inner(c)
	}
}

type idBody struct {
	ID string `json:"id" form:"id"`
}

// registerRoutes mounts every admin and super admin call. Handlers are thin: bind, call core, respond.
func registerRoutes(app *fiber.App, d *runtime.Deps) {
	symbol := d.Cfg.TokenSymbol
	v1 := app.Group("/api/v1")
	mediahttp.Routes(v1, d, auth.AudienceAdmin, auth.AudienceSuperAdmin)

	// Public.
	v1.Get("/company/site/get", func(c fiber.Ctx) error {
		site, err := company.SiteBySymbol(c.Context(), d.DB, symbol)
		if err != nil {
			return err
		}
		return httpx.OK(c, "Site fetched successfully", site)
	})
	v1.Post("/company/auth/login", func(c fiber.Ctx) error {
		var in struct {
			Email    string `json:"email" form:"email"`
			Password string `json:"password" form:"password"`
		}
		if err := httpx.Bind(c, &in); err != nil {
			return err
		}
		tok, err := admin.Login(c.Context(), d, in.Email, in.Password, c.IP())
		if err != nil {
			return err
		}
		return httpx.OK(c, "Login successful", fiber.Map{"token": tok})
	})

	adminRoutes(v1, d)
	superAdminRoutes(v1, d)
}

// DashboardTTL is how long admin dashboard/get reuses a company's figures.
const DashboardTTL = time.Second

func adminRoutes(v1 fiber.Router, d *runtime.Deps) {
	a := v1.Group("/admin")
	g := guard(d, auth.AudienceAdmin)
	cid := func(c fiber.Ctx) string { return httpx.Principal(c).CompanyID }

	a.Get("/auth/profile/get", g, func(c fiber.Ctx) error {
		p, err := admin.Profile(c.Context(), d, httpx.Principal(c))
		if err != nil {
			return err
		}
		return httpx.OK(c, "Profile fetched successfully", p)
	})
	a.Get("/auth/list", g, func(c fiber.Ctx) error {
		list, err := admin.ListUsers(c.Context(), d.DB, cid(c), admin.ListFilter{Page: c.Query("page"),
			Limit: c.Query("limit"), Search: c.Query("search"), IsApproved: c.Query("isApproved")})
		if err != nil {
			return err
		}
		return httpx.OK(c, "Users fetched successfully", list)
	})
	a.Post("/auth/add", g, func(c fiber.Ctx) error {
		var in admin.AddUserInput
		if err := httpx.Bind(c, &in); err != nil {
			return err
		}
		id, err := admin.AddUser(c.Context(), d.DB, httpx.Actor(c), cid(c), in)
		if err != nil {
			return err
		}
		return httpx.OK(c, "User added successfully", fiber.Map{"id": id})
	})
	a.Put("/auth/update", g, func(c fiber.Ctx) error {
		var in admin.UpdateUserInput
		if err := httpx.Bind(c, &in); err != nil {
			return err
		}
		if err := admin.UpdateUser(c.Context(), d.DB, d.Verifier.Cache, httpx.Actor(c), cid(c), in); err != nil {
			return err
		}
		msg := "User updated successfully"
		if in.IsApproved != nil && in.Name == nil && in.Email == nil && in.Mobile == nil && in.Role == nil {
			msg = "User approved successfully"
		}
		return httpx.OK(c, msg, nil)
	})
	a.Delete("/auth/delete", g, func(c fiber.Ctx) error {
		var in idBody
		if err := httpx.Bind(c, &in); err != nil {
			return err
		}
		if in.ID == "" {
			in.ID = c.Query("id")
		}
		if err := admin.DeleteUser(c.Context(), d.DB, d.Verifier.Cache, httpx.Actor(c), cid(c), in.ID); err != nil {
			return err
		}
		return httpx.OK(c, "User deleted successfully", nil)
	})

	a.Get("/transaction/list", g, func(c fiber.Ctx) error {
		list, err := purchase.ListForAdmin(c.Context(), d, cid(c), purchase.ReviewFilter{Page: c.Query("page"),
			Limit: c.Query("limit"), Status: c.Query("status"), Search: c.Query("search")})
		if err != nil {
			return err
		}
		return httpx.OK(c, "Transactions fetched successfully", list)
	})
	a.Post("/transaction/approve", g, func(c fiber.Ctx) error {
		var in idBody
		if err := httpx.Bind(c, &in); err != nil {
			return err
		}
		if _, err := purchase.Approve(c.Context(), d, httpx.Actor(c), cid(c), in.ID); err != nil {
			return err
		}
		return httpx.OK(c, "Purchase approved successfully", nil)
	})
	a.Post("/transaction/reject", g, func(c fiber.Ctx) error {
		var in idBody
		if err := httpx.Bind(c, &in); err != nil {
			return err
		}
		if _, err := purchase.Reject(c.Context(), d, httpx.Actor(c), cid(c), in.ID); err != nil {
			return err
		}
		return httpx.OK(c, "Purchase rejected successfully", nil)
	})

	// The dashboard is a summary: each company's is reused for up to DashboardTTL (the app's own
	// query cache keeps it 20 s), so a room of admins costs one read of the figures a second.
	dash := &ttl.Cache[string, *dashboard.Admin]{TTL: DashboardTTL}
	a.Get("/dashboard/get", g, func(c fiber.Ctx) error {
		company := cid(c)
		out, err := dash.Get(company, func() (*dashboard.Admin, error) { return dashboard.ForAdmin(c.Context(), d.DB, company) })
		if err != nil {
			return err
		}
		return httpx.OK(c, "Dashboard fetched successfully", out)
	})

	a.Get("/beneficiary/get", g, func(c fiber.Ctx) error {
		b, err := beneficiary.ForCompany(c.Context(), d.DB, cid(c))
		if err != nil {
			return err
		}
		return httpx.OK(c, "Beneficiary fetched successfully", b)
	})
	a.Put("/beneficiary/update", g, func(c fiber.Ctx) error {
		var in beneficiary.View
		if err := httpx.Bind(c, &in); err != nil {
			return err
		}
		if err := beneficiary.Update(c.Context(), d.DB, httpx.Actor(c), cid(c), in); err != nil {
			return err
		}
		return httpx.OK(c, "Beneficiary updated successfully", nil)
	})
}

func superAdminRoutes(v1 fiber.Router, d *runtime.Deps) {
	s := v1.Group("/superadmin")
	g := guard(d, auth.AudienceSuperAdmin)

	s.Get("/auth/login/email/otp", func(c fiber.Ctx) error {
		if err := admin.RequestSuperAdminOTP(c.Context(), d, c.Query("email"), c.IP()); err != nil {
			return err
		}
		return httpx.OK(c, admin.SuperAdminOTPSent, nil)
	})
	s.Post("/auth/login/verify", func(c fiber.Ctx) error {
		var in struct {
			Email string `json:"email" form:"email"`
			OTP   string `json:"otp" form:"otp"`
		}
		if err := httpx.Bind(c, &in); err != nil {
			return err
		}
		tok, err := admin.VerifySuperAdminOTP(c.Context(), d, in.Email, in.OTP, c.IP())
		if err != nil {
			return err
		}
		return httpx.OK(c, "Login successful", fiber.Map{"token": tok})
	})

	s.Get("/dashboard/get", g, func(c fiber.Ctx) error {
		out, err := dashboard.ForSuperAdmin(c.Context(), d.DB)
		if err != nil {
			return err
		}
		return httpx.OK(c, "Dashboard fetched successfully", out)
	})
	s.Get("/company/list", g, func(c fiber.Ctx) error {
		list, err := company.List(c.Context(), d.DB, c.Query("page"), c.Query("limit"), c.Query("search"))
		if err != nil {
			return err
		}
		return httpx.OK(c, "Companies fetched successfully", list)
	})
	s.Post("/company/add", g, func(c fiber.Ctx) error {
		var in company.AddInput
		if err := httpx.Bind(c, &in); err != nil {
			return err
		}
		id, err := company.Add(c.Context(), d.DB, httpx.Actor(c), in)
		if err != nil {
			return err
		}
		return httpx.OK(c, "Company added successfully", fiber.Map{"id": id})
	})
	s.Get("/transaction/list", g, func(c fiber.Ctx) error {
		list, err := purchase.ListForSuperAdmin(c.Context(), d, purchase.ReviewFilter{Page: c.Query("page"),
			Limit: c.Query("limit"), Status: c.Query("status"), Search: c.Query("search"), CompanyID: c.Query("companyId")})
		if err != nil {
			return err
		}
		return httpx.OK(c, "Transactions fetched successfully", list)
	})
	s.Get("/beneficiary/list", g, func(c fiber.Ctx) error {
		list, err := beneficiary.ListAll(c.Context(), d.DB, c.Query("page"), c.Query("limit"), c.Query("search"))
		if err != nil {
			return err
		}
		return httpx.OK(c, "Beneficiaries fetched successfully", list)
	})
}
