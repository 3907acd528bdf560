package main

import (
	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/httpx"
	"prelaunch/core/kyc"
	"prelaunch/core/readmodel"
)

type kycDecisionIn struct {
	UserID string `json:"userId" form:"userId"`
	Reason string `json:"reason" form:"reason"`
}

func (a *api) kycList(c fiber.Ctx) error {
	list, err := a.svc.Views.KYC(c.Context(), companyOf(c), readmodel.KYCFilter{Page: c.Query("page"), Limit: c.Query("limit"),
		Status: c.Query("status"), Search: c.Query("search")})
	if err != nil {
		return err
	}
	return httpx.OK(c, "KYC requests fetched successfully", list)
}

func (a *api) kycApprove(c fiber.Ctx) error {
	var in kycDecisionIn
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	rec, err := a.svc.KYC.Approve(c.Context(), httpx.Actor(c), companyOf(c), in.UserID)
	if err != nil {
		return err
	}
	return httpx.OK(c, "KYC approved successfully", rec)
}

func (a *api) kycReject(c fiber.Ctx) error {
	var in kycDecisionIn
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	rec, err := a.svc.KYC.Reject(c.Context(), httpx.Actor(c), companyOf(c), in.UserID, in.Reason)
	if err != nil {
		return err
	}
	return httpx.OK(c, "KYC rejected successfully", rec)
}

// kycBulk decides several buyers' KYC at once (POST /admin/kyc/bulk): one row per buyer.
func (a *api) kycBulk(c fiber.Ctx) error {
	var in kyc.BulkInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	res, err := a.svc.KYC.Bulk(c.Context(), httpx.Actor(c), companyOf(c), in)
	if err != nil {
		return err
	}
	return httpx.OK(c, "KYC requests processed", res)
}

// kycRisk sets or clears a buyer's high-risk flag (POST /admin/kyc/risk): audited, and the
// current approval's expiry recomputed.
func (a *api) kycRisk(c fiber.Ctx) error {
	var in kyc.RiskInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	rec, err := a.svc.KYC.SetRisk(c.Context(), httpx.Actor(c), companyOf(c), in)
	if err != nil {
		return err
	}
	return httpx.OK(c, "KYC risk updated", rec)
}
