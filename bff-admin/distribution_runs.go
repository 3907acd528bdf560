package main

import (
	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/httpx"
	"prelaunch/core/readmodel"
)

// Token delivery on chain (core/delivery): preview, run, the transfers, a failed one's retry.

func (a *api) distributionPreview(c fiber.Ctx) error {
	p, err := a.svc.Distributor.Preview(c.Context(), companyOf(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Distribution preview fetched successfully", p)
}

type distributionRunIn struct{}

func (a *api) distributionRun(c fiber.Ctx) error {
	if len(c.Body()) > 0 {
		var in distributionRunIn
		if err := httpx.Bind(c, &in); err != nil {
			return err
		}
	}
	st, err := a.svc.Distributor.Run(c.Context(), httpx.Actor(c), companyOf(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Distribution started successfully", st)
}

func (a *api) distributionList(c fiber.Ctx) error {
	list, err := a.svc.Views.DistributionTransfers(c.Context(), companyOf(c), readmodel.DistributionFilter{
		RunID: c.Query("runId"), Status: c.Query("status"), Page: c.Query("page"), Limit: c.Query("limit")})
	if err != nil {
		return err
	}
	return httpx.OK(c, "Transfers fetched successfully", list)
}

func (a *api) distributionRetry(c fiber.Ctx) error {
	var in idBody
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	id, err := a.svc.Distributor.Retry(c.Context(), httpx.Actor(c), companyOf(c), in.ID)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Transfer queued again successfully", fiber.Map{"id": id})
}
