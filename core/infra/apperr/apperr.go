// Package apperr holds the typed errors of the domain. Rules say what went wrong with a Kind and
// a message meant for the user; one mapper (httpx.ErrorHandler) turns kinds into HTTP statuses.
package apperr

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

type Kind int

const (
	KindInternal     Kind = iota // 500: a bug or an unexpected failure
	KindBadRequest               // 400: malformed request
	KindUnauthorized             // 401: no or bad token, wrong credentials
	KindForbidden                // 403: wrong role or company
	KindNotFound                 // 404
	KindConflict                 // 409: state conflict
	KindGone                     // 410: the payment window is over
	KindTooLarge                 // 413
	KindUnsupported              // 415: file type not allowed
	KindInvalid                  // 422: validation
	KindRateLimited              // 429
	KindUnavailable              // 503: a dependency is down
	KindLocked                   // 423: the company's site is suspended
)

var statuses = map[Kind]int{
	KindInternal:     http.StatusInternalServerError,
	KindBadRequest:   http.StatusBadRequest,
	KindUnauthorized: http.StatusUnauthorized,
	KindForbidden:    http.StatusForbidden,
	KindNotFound:     http.StatusNotFound,
	KindConflict:     http.StatusConflict,
	KindGone:         http.StatusGone,
	KindTooLarge:     http.StatusRequestEntityTooLarge,
	KindUnsupported:  http.StatusUnsupportedMediaType,
	KindInvalid:      http.StatusUnprocessableEntity,
	KindRateLimited:  http.StatusTooManyRequests,
	KindUnavailable:  http.StatusServiceUnavailable,
	KindLocked:       http.StatusLocked,
}

// Status is the HTTP status of a kind.
func (k Kind) Status() int { return statuses[k] }

// Error is a domain error: a stable slug for code and tests, and a message for people.
type Error struct {
	Kind       Kind
	Slug       string
	Message    string
	Messages   []string      // several validation sentences; sent as an array
	Fields     []FieldError  // a 422's sentences that belong to a field of the request, by its wire name
	RetryAfter time.Duration // for KindRateLimited
	Err        error         // the cause, never shown to users
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Slug, e.Message, e.Err)
	}
	return e.Slug + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// FieldError is one sentence of a 422 and the field of the request it is about, named as the
// request's JSON names it: "totalSupply", "supply.totalSupply", "rounds[0].price" (indexes count
// from 0, as in the array sent), "aadhaarNumber".
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// On names the fields the error's message is about (a 422 that refuses one or more fields), so
// the answer's errors put the sentence beside each of them. It returns e.
func (e *Error) On(fields ...string) *Error {
	for _, f := range fields {
		e.Fields = append(e.Fields, FieldError{Field: f, Message: e.Message})
	}
	return e
}

// InvalidField is a 422 about one field of the request.
func InvalidField(slug, field, msg string) *Error { return Invalid(slug, msg).On(field) }

func New(kind Kind, slug, msg string) *Error { return &Error{Kind: kind, Slug: slug, Message: msg} }

func BadRequest(slug, msg string) *Error   { return New(KindBadRequest, slug, msg) }
func Unauthorized(slug, msg string) *Error { return New(KindUnauthorized, slug, msg) }
func Forbidden(slug, msg string) *Error    { return New(KindForbidden, slug, msg) }
func NotFound(slug, msg string) *Error     { return New(KindNotFound, slug, msg) }
func Conflict(slug, msg string) *Error     { return New(KindConflict, slug, msg) }
func Gone(slug, msg string) *Error         { return New(KindGone, slug, msg) }
func TooLarge(slug, msg string) *Error     { return New(KindTooLarge, slug, msg) }
func Unsupported(slug, msg string) *Error  { return New(KindUnsupported, slug, msg) }
func Invalid(slug, msg string) *Error      { return New(KindInvalid, slug, msg) }
func Locked(slug, msg string) *Error       { return New(KindLocked, slug, msg) }
func Unavailable(slug, msg string, cause error) *Error {
	return &Error{Kind: KindUnavailable, Slug: slug, Message: msg, Err: cause}
}
func RateLimited(msg string, retryAfter time.Duration) *Error {
	return &Error{Kind: KindRateLimited, Slug: "rate_limited", Message: msg, RetryAfter: retryAfter}
}

// Internal wraps an unexpected error; its cause is logged, never sent.
func Internal(err error) *Error {
	return &Error{Kind: KindInternal, Slug: "internal", Message: "Something went wrong. Please try again.", Err: err}
}

// Validation collects field problems and returns a single 422 with every sentence, or nil.
// Field and CheckField also name the field of the request each sentence is about.
type Validation struct {
	msgs   []string
	fields []FieldError
}

// Add records a sentence that belongs to no one field (or to the request as a whole).
func (v *Validation) Add(msg string) { v.msgs = append(v.msgs, msg) }
func (v *Validation) Check(ok bool, msg string) {
	if !ok {
		v.Add(msg)
	}
}

// Field records a sentence about the named fields of the request (wire names, see FieldError).
func (v *Validation) Field(msg string, fields ...string) {
	v.msgs = append(v.msgs, msg)
	for _, f := range fields {
		v.fields = append(v.fields, FieldError{Field: f, Message: msg})
	}
}

// CheckField records msg about field when ok is false.
func (v *Validation) CheckField(ok bool, field, msg string) {
	if !ok {
		v.Field(msg, field)
	}
}

// Failed reports whether a sentence was recorded.
func (v *Validation) Failed() bool { return len(v.msgs) > 0 }

func (v *Validation) Err() error {
	var e *Error
	switch len(v.msgs) {
	case 0:
		return nil
	case 1:
		e = Invalid("validation", v.msgs[0])
	default:
		e = &Error{Kind: KindInvalid, Slug: "validation", Message: v.msgs[0], Messages: append([]string(nil), v.msgs...)}
	}
	e.Fields = append([]FieldError(nil), v.fields...)
	return e
}

// As returns the *Error inside err, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Is reports whether err is a domain error of the given kind.
func Is(err error, k Kind) bool {
	e, ok := As(err)
	return ok && e.Kind == k
}
