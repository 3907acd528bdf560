package testkit

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	verrors "github.com/pb33f/libopenapi-validator/errors"
	"github.com/pb33f/libopenapi-validator/helpers"
)

// Contract is one OpenAPI document (docs/openapi/*.yaml). HTTP.Send checks every
// answer a test receives against it: a status code the operation does not list, a content type
// it does not declare, a body that breaks the schema (wrong type, a field not declared, a
// required one missing) or a required header missing each fail the test.
//
// The document is read and compiled once per test binary, on first use.
type Contract struct {
	path string

	once sync.Once
	v    validator.Validator
	err  error
	mu   sync.Mutex // the validator's caches are not documented as safe for concurrent use
}

// The two contracts. Each BFF's test harness names its own in HTTP.Spec.
var (
	UserAPI  = &Contract{path: "user.yaml"}
	AdminAPI = &Contract{path: "admin.yaml"}
)

// LoadContract is a contract read from a file of the caller's choosing (relative paths are
// taken from the current directory), for tests of the checking itself.
func LoadContract(path string) *Contract { return &Contract{path: path} }

// Unknown API paths and the served app stand for every path of their kind in the documents: an
// answer to a request no operation describes is checked as the answer to one of these.
const (
	unknownAPIPath = "/api/unknown"
	spaPath        = "/spa-route"
)

// securityHeaders are set on every answer (httpx.SecurityHeaders); the documents say so once
// in their description instead of on every response.
var securityHeaders = []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options",
	"Referrer-Policy", "Permissions-Policy", "Cross-Origin-Opener-Policy", "Cache-Control"}

// freeForm are the answers' free-form JSON (the audit log's before and after: whatever the
// action recorded), which strict mode cannot check property by property.
var freeForm = []string{"$.body.data.records[*].before.**", "$.body.data.records[*].after.**"}

func (c *Contract) file() string {
	if filepath.IsAbs(c.path) || strings.ContainsRune(c.path, filepath.Separator) {
		return c.path
	}
	return filepath.Join(openAPIDir(), c.path)
}

// openAPIDir is docs/openapi of the repository the tests run in.
func openAPIDir() string { return filepath.Join(RepoRoot(), "docs", "openapi") }

// RepoRoot is the checkout the tests run in: the folder of go.work, found from this source file's
// path, or (built with -trimpath, as make does, where that path is not a file's) by looking up
// from the working directory, which go test sets to the package's folder.
func RepoRoot() string {
	if _, self, _, ok := runtime.Caller(0); ok && filepath.IsAbs(self) {
		root := filepath.Join(filepath.Dir(self), "..", "..")
		if _, err := os.Stat(filepath.Join(root, "go.work")); err == nil {
			return root
		}
	}
	wd, _ := os.Getwd()
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.work")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return wd
		}
	}
}

func (c *Contract) load() (validator.Validator, error) {
	c.once.Do(func() {
		name := c.file()
		spec, err := os.ReadFile(name)
		if err != nil {
			c.err = fmt.Errorf("contract: %w", err)
			return
		}
		doc, err := libopenapi.NewDocument(spec)
		if err != nil {
			c.err = fmt.Errorf("contract %s: %w", name, err)
			return
		}
		v, errs := validator.NewValidator(doc, config.WithStrictMode(), config.WithStrictIgnoredHeadersExtra(securityHeaders...),
			config.WithStrictIgnorePaths(freeForm...))
		if len(errs) > 0 {
			c.err = fmt.Errorf("contract %s: %v", name, errs)
			return
		}
		if ok, verrs := v.ValidateDocument(); !ok {
			c.err = fmt.Errorf("contract %s is not a valid OpenAPI document:\n%s", name, describe(verrs))
			return
		}
		c.v = v
	})
	return c.v, c.err
}

// Check reports (t.Errorf) every way the answer resp with body breaks the contract for req.
func (c *Contract) Check(t testing.TB, req *http.Request, resp *http.Response, body []byte) {
	t.Helper()
	if c == nil {
		t.Fatalf("testkit.HTTP.Spec is not set: name the contract of the server under test (testkit.UserAPI or testkit.AdminAPI)")
		return
	}
	v, err := c.load()
	if err != nil {
		t.Fatalf("%v", err)
		return
	}
	route := req.Method + " " + req.URL.RequestURI()
	errs := c.validate(v, req, resp, body)
	if len(errs) > 0 && onlyPathErrors(errs) {
		// No operation describes this request: it is an unknown API path or a page of the app.
		stand := unknownAPIPath
		if !strings.HasPrefix(req.URL.Path, "/api/") {
			stand = spaPath
		}
		r2 := req.Clone(req.Context())
		u := *req.URL
		u.Path, u.RawPath = stand, ""
		r2.URL = &u
		errs = c.validate(v, r2, resp, body)
	}
	if len(errs) > 0 {
		t.Errorf("contract %s: %s answered %d (%s) against the contract:\n%s\nbody: %.600s",
			filepath.Base(c.path), route, resp.StatusCode, resp.Header.Get("Content-Type"), describe(errs), body)
	}
}

func (c *Contract) validate(v validator.Validator, req *http.Request, resp *http.Response, body []byte) []*verrors.ValidationError {
	c.mu.Lock()
	defer c.mu.Unlock()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	_, errs := v.ValidateHttpResponse(req, resp)
	return errs
}

func onlyPathErrors(errs []*verrors.ValidationError) bool {
	for _, e := range errs {
		if e.ValidationType != helpers.PathValidation {
			return false
		}
	}
	return true
}

func describe(errs []*verrors.ValidationError) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "  - %s", e.Message)
		if e.Reason != "" && e.Reason != e.Message {
			fmt.Fprintf(&b, ": %s", e.Reason)
		}
		b.WriteString("\n")
		for _, f := range e.SchemaValidationErrors {
			loc := f.FieldPath
			if loc == "" {
				loc = "$"
			}
			fmt.Fprintf(&b, "      %s: %s (schema %s)\n", loc, f.Reason, f.KeywordLocation)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
