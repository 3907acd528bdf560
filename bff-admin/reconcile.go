package main

import (
	"io"
	"strings"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/httpx"
	"prelaunch/core/reconcile"
)

// reconcileImportPath is the one route whose body may exceed BODY_LIMIT (server.go).
const reconcileImportPath = "/api/v1/admin/reconcile/import"

func (a *api) reconcileImport(c fiber.Ctx) error {
	if !strings.HasPrefix(strings.ToLower(c.Get(fiber.HeaderContentType)), fiber.MIMEMultipartForm) {
		return apperr.Unsupported("not_multipart", "Send the statement as multipart/form-data in the field \"file\".")
	}
	form, err := c.MultipartForm()
	if err != nil {
		return apperr.BadRequest("bad_multipart", "The upload could not be read.")
	}
	files := form.File["file"]
	if len(files) == 0 {
		return apperr.Invalid("file_required", "file is required.")
	}
	if len(files) > 1 {
		return apperr.Invalid("one_file", "Import one statement at a time.")
	}
	h := files[0]
	if h.Size > reconcile.MaxFileSize {
		return apperr.TooLarge("statement_too_large", "The statement is larger than 20 MB.")
	}
	f, err := h.Open()
	if err != nil {
		return apperr.BadRequest("bad_multipart", "The upload could not be read.")
	}
	defer func() { _ = f.Close() }()
	// One buffer of the part's size (h.Size ≤ MaxFileSize above): io.ReadAll would grow one by
	// doubling, about twice the file in garbage for a 10 MB statement.
	data := make([]byte, h.Size)
	if _, err := io.ReadFull(f, data); err != nil {
		return apperr.BadRequest("bad_multipart", "The upload could not be read.")
	}
	im, err := a.svc.Reconcile.Import(c.Context(), httpx.Actor(c), companyOf(c), h.Filename, data)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Statement imported successfully", im)
}

func (a *api) reconcileList(c fiber.Ctx) error {
	list, err := a.svc.Reconcile.List(c.Context(), companyOf(c), c.Query("page"), c.Query("limit"))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Imports fetched successfully", list)
}

func (a *api) reconcileGet(c fiber.Ctx) error {
	d, err := a.svc.Reconcile.Get(c.Context(), companyOf(c), c.Query("id"), c.Query("status"), c.Query("page"), c.Query("limit"))
	if err != nil {
		return err
	}
	return httpx.OK(c, "Import fetched successfully", d)
}

func (a *api) reconcileApprove(c fiber.Ctx) error {
	var in idBody
	if err := httpx.Bind(c, &in); err != nil {
		return err
	}
	res, err := a.svc.Reconcile.Approve(c.Context(), httpx.Actor(c), companyOf(c), in.ID)
	if err != nil {
		return err
	}
	return httpx.OK(c, "Matched purchases approved successfully", res)
}
