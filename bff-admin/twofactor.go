package main

import (
	"github.com/gofiber/fiber/v3"

	"prelaunch/core/audit"
	"prelaunch/core/auth"
	"prelaunch/core/infra/httpx"
	"prelaunch/core/readmodel"
)

// enrolled refuses the admin calls of an admin whose company requires two-factor sign-in until
// they have turned it on (user.Service.RequireEnrolled).
func (a *api) enrolled(c fiber.Ctx) error {
	return a.svc.Users.RequireEnrolled(c.Context(), httpx.Principal(c))
}

// enrolledUploader is enrolled for uploads, which admins and the super admin share: the super
// admin has no company and no two-factor rule.
func (a *api) enrolledUploader(c fiber.Ctx) error {
	if p := httpx.Principal(c); p.Audience == auth.AudienceAdmin {
		return a.svc.Users.RequireEnrolled(c.Context(), p)
	}
	return nil
}

func (a *api) loginTwoFactor(c fiber.Ctx) error {
	var in struct {
		Challenge string `json:"challenge" form:"challenge"`
		Code      string `json:"code" form:"code"`
	}
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	tok, err := a.svc.Users.AdminLoginTwoFactor(c.Context(), in.Challenge, in.Code, c.IP())
	if err != nil {
		return err
	}
	return httpx.OK(c, "Login successful", fiber.Map{"token": tok})
}

func (a *api) twoFactorSetup(c fiber.Ctx) error {
	out, err := a.svc.Users.SetupTwoFactor(c.Context(), httpx.Principal(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Two-factor set-up started", out)
}

func (a *api) twoFactorEnable(c fiber.Ctx) error {
	var in struct {
		Code     string `json:"code" form:"code"`
		Password string `json:"password" form:"password"`
	}
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	out, err := a.svc.Users.EnableTwoFactor(c.Context(), httpx.Actor(c), httpx.Principal(c), in.Code, in.Password)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Two-factor sign-in enabled", out)
}

// twoFactorReset unlocks another admin's two-factor sign-in (the company's owner only).
func (a *api) twoFactorReset(c fiber.Ctx) error {
	var in idBody
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.ResetTwoFactorLock(c.Context(), httpx.Actor(c), companyOf(c), in.ID); err != nil {
		return err
	}
	return httpx.OK(c, "Two-factor sign-in reset", nil)
}

// superTwoFactorReset unlocks any company admin's two-factor sign-in (the super admin).
func (a *api) superTwoFactorReset(c fiber.Ctx) error {
	var in idBody
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.ResetTwoFactorLock(c.Context(), httpx.Actor(c), "", in.ID); err != nil {
		return err
	}
	return httpx.OK(c, "Two-factor sign-in reset", nil)
}

func (a *api) twoFactorDisable(c fiber.Ctx) error {
	var in struct {
		Code     string `json:"code" form:"code"`
		Password string `json:"password" form:"password"`
	}
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.DisableTwoFactor(c.Context(), httpx.Actor(c), httpx.Principal(c), in.Code, in.Password); err != nil {
		return err
	}
	return httpx.OK(c, "Two-factor sign-in disabled", nil)
}

func auditFilter(c fiber.Ctx) readmodel.ActivityFilter {
	return readmodel.ActivityFilter{Page: c.Query("page"), Limit: c.Query("limit"), Action: c.Query("action"),
		ActorID: c.Query("actorId"), From: c.Query("from"), To: c.Query("to")}
}

func (a *api) auditList(c fiber.Ctx) error {
	f := auditFilter(c)
	f.CompanyID = companyOf(c)
	list, err := a.svc.Views.Activity(c.Context(), f)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Activity fetched successfully", list)
}

func (a *api) superAuditList(c fiber.Ctx) error {
	f := auditFilter(c)
	f.CompanyID = c.Query("companyId")
	f.AnyCompany = f.CompanyID == ""
	list, err := a.svc.Views.Activity(c.Context(), f)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Activity fetched successfully", list)
}

func (a *api) auditActions(c fiber.Ctx) error {
	return httpx.OK(c, "Actions fetched successfully", fiber.Map{"actions": audit.Actions})
}
