package main

import (
	"github.com/gofiber/fiber/v3"

	"prelaunch/core/bank"
	"prelaunch/core/infra/httpx"
	"prelaunch/core/user"
)

// The buyer's mobile by SMS and bank account (docs/decisions/0012-mobile-and-bank-verification.md).

func (a *api) mobileOTP(c fiber.Ctx) error {
	var in user.MobileInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	if err := a.svc.Users.RequestMobileOTP(c.Context(), tenant(c), me(c), in, c.IP()); err != nil {
		return err
	}
	return httpx.OK(c, "We sent a code by SMS. It is valid for 10 minutes.", nil)
}

func (a *api) mobileVerify(c fiber.Ctx) error {
	var in user.MobileInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	st, err := a.svc.Users.VerifyMobile(c.Context(), tenant(c), me(c), in, c.IP())
	if err != nil {
		return err
	}
	return httpx.OK(c, "Your mobile number is verified.", st)
}

func (a *api) bankAccountGet(c fiber.Ctx) error {
	v, err := a.svc.Banks.Get(c.Context(), me(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Bank account fetched successfully", v)
}

func (a *api) bankAccountSave(c fiber.Ctx) error {
	var in bank.Input
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	v, err := a.svc.Banks.Save(c.Context(), httpx.Actor(c), me(c), in)
	if err != nil {
		return err
	}
	msg := "Your bank account is verified."
	if !v.NameMatches {
		msg = "Your bank account is saved. The account holder's name differs from yours, so an admin will check it."
	}
	return httpx.OK(c, msg, v)
}
