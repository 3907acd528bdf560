// Package mediahttp mounts the upload and file routes on either BFF with one call:
//
//	mediahttp.Routes(v1, store, httpx.RequireAuth(verifier, auth.AudienceUser))
//
// where v1 is the router of "/api/v1". It serves POST /superadmin/media/add (multipart field
// "medias", any caller the signedIn handler admits) and GET /media/file/:id?exp=&sig= (signed
// links only; with an S3 store, a redirect to the store's presigned link). It is apart from
// package media so that the storage rules do not depend on the web framework.
package mediahttp

import (
	"io"
	"mime/multipart"
	"strings"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/apperr"
	"prelaunch/core/infra/httpx"
	"prelaunch/core/infra/media"
)

// Routes mounts the media routes under v1 ("/api/v1").
func Routes(v1 fiber.Router, store *media.Store, signedIn fiber.Handler) {
	v1.Post("/superadmin/media/add", signedIn, func(c fiber.Ctx) error {
		p := httpx.Principal(c)
		files, err := readFiles(c)
		if err != nil {
			return err
		}
		out, err := store.Save(c.Context(), media.Owner{Kind: p.Audience, ID: p.ID, CompanyID: p.CompanyID}, files)
		if err != nil {
			return err
		}
		return httpx.OK(c, "File uploaded successfully", out)
	})
	v1.Get("/media/file/:id", func(c fiber.Ctx) error {
		id := c.Params("id")
		if err := store.Signer.Verify(id, c.Query("exp"), c.Query("sig")); err != nil {
			return err
		}
		m, err := store.Find(c.Context(), id)
		if err != nil {
			return err
		}
		// An S3 store serves the bytes itself: the signed link leads to its presigned one, which
		// works for media.PresignTTL; the redirect is kept for half of that at most.
		link, err := store.Link(c.Context(), m)
		if err != nil {
			return err
		}
		if link != "" {
			c.Set(fiber.HeaderCacheControl, "private, max-age=300")
			return c.Redirect().Status(fiber.StatusFound).To(link)
		}
		f, err := store.Read(c.Context(), m)
		if err != nil {
			return err
		}
		defer f.Close()
		c.Set(fiber.HeaderContentType, m.ContentType)
		c.Set("X-Content-Type-Options", "nosniff")
		c.Set(fiber.HeaderContentDisposition, media.Disposition(m))
		c.Set(fiber.HeaderCacheControl, "private, max-age=300")
		c.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
		b, err := io.ReadAll(io.LimitReader(f, media.MaxSize+1))
		if err != nil {
			return err
		}
		return c.Send(b)
	})
}

// readFiles reads the "medias" parts of a multipart body.
func readFiles(c fiber.Ctx) ([]media.File, error) {
	ct := strings.ToLower(c.Get(fiber.HeaderContentType))
	if !strings.HasPrefix(ct, fiber.MIMEMultipartForm) {
		return nil, apperr.Unsupported("not_multipart", "Send the file as multipart/form-data in the field \"medias\".")
	}
	form, err := c.MultipartForm()
	if err != nil {
		return nil, apperr.BadRequest("bad_multipart", "The upload could not be read.")
	}
	headers := form.File["medias"]
	if len(headers) == 0 {
		return nil, apperr.Invalid("no_file", "Please choose a file to upload.")
	}
	if len(headers) > media.MaxFiles {
		return nil, apperr.Invalid("too_many_files", "Upload at most 5 files at once.")
	}
	files := make([]media.File, 0, len(headers))
	for _, h := range headers {
		if h.Size > media.MaxSize {
			return nil, apperr.TooLarge("file_too_large", "The file is larger than 5 MB.")
		}
		b, err := readPart(h)
		if err != nil {
			return nil, err
		}
		files = append(files, media.File{Name: h.Filename, Data: b})
	}
	return files, nil
}

func readPart(h *multipart.FileHeader) ([]byte, error) {
	f, err := h.Open()
	if err != nil {
		return nil, apperr.BadRequest("bad_multipart", "The upload could not be read.")
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, media.MaxSize+1))
	if err != nil {
		return nil, apperr.BadRequest("bad_multipart", "The upload could not be read.")
	}
	if len(b) > media.MaxSize {
		return nil, apperr.TooLarge("file_too_large", "The file is larger than 5 MB.")
	}
	return b, nil
}
