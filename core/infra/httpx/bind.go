package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/gofiber/fiber/v3"

	"prelaunch/core/infra/apperr"
)

// Bind decodes a JSON or form-urlencoded body into dst (fields tagged `json` and `form`).
// An empty body binds nothing. Malformed bodies and wrong types are 400, other content types 415,
// and text with NUL characters or invalid UTF-8 is 400 (Postgres cannot store it).
func Bind(c fiber.Ctx, dst any) error {
	body := c.Body()
	if len(strings.TrimSpace(string(body))) == 0 {
		return nil
	}
	ct := strings.ToLower(strings.TrimSpace(strings.SplitN(c.Get(fiber.HeaderContentType), ";", 2)[0]))
	switch ct {
	case fiber.MIMEApplicationJSON, "":
		if err := json.Unmarshal(body, dst); err != nil {
			return jsonError(err)
		}
	case fiber.MIMEApplicationForm, fiber.MIMEMultipartForm:
		if err := c.Bind().WithoutAutoHandling().Form(dst); err != nil {
			return apperr.BadRequest("bad_form", "The form data could not be read.")
		}
	default:
		return apperr.Unsupported("bad_content_type", "Send the request body as JSON.")
	}
	if !checkText(reflect.ValueOf(dst), 0) {
		return errBadText()
	}
	return nil
}

func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			return apperr.BadRequest("bad_json", "The request body must be a JSON object.")
		}
		return apperr.BadRequest("bad_type", fmt.Sprintf("Invalid value for %s.", field))
	}
	return apperr.BadRequest("bad_json", "Malformed JSON request body.")
}

// Bearer returns the Authorization header as sent.
func Bearer(c fiber.Ctx) string { return c.Get(fiber.HeaderAuthorization) }
