package main

import (
	"encoding/json"
	"time"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/delivery"
	"prelaunch/core/infra/clock"
	"prelaunch/core/infra/httpx"
)

// The admin's Distribution screen: chain settings, TGE and vesting (core/delivery).

func (a *api) distribution(c fiber.Ctx) error {
	v, err := a.svc.Delivery.Get(c.Context(), companyOf(c))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Distribution settings fetched successfully", v)
}

func (a *api) distributionUpdate(c fiber.Ctx) error {
	var in delivery.UpdateInput
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	v, err := a.svc.Delivery.Update(c.Context(), httpx.Actor(c), in)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Distribution settings updated successfully", v)
}

// download answers body as an attachment named <kind>-<IST date>.<ext>, never stored by a cache.
func download(c fiber.Ctx, contentType, kind, ext string, body []byte) error {
	name := kind + "-" + time.Now().In(clock.IST).Format("2006-01-02") + "." + ext
	c.Set(fiber.HeaderContentType, contentType)
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusOK).Send(body)
}

func (a *api) distributionMerkle(c fiber.Ctx) error {
	at, err := a.svc.Delivery.SnapshotAt(c.Query("at"))
	if err != nil {
		return err
	}
	d, err := a.svc.Delivery.Merkle(c.Context(), companyOf(c), at)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	return download(c, fiber.MIMEApplicationJSON, "merkle", "json", append(b, '\n'))
}

func (a *api) distributionClaims(c fiber.Ctx) error {
	at, err := a.svc.Delivery.SnapshotAt(c.Query("at"))
	if err != nil {
		return err
	}
	b, err := a.svc.Delivery.ClaimsCSV(c.Context(), companyOf(c), at)
	if err != nil {
		return err
	}
	return download(c, csvType, "claims", "csv", b)
}
