package fields

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// Num is a number as the client sent it — a JSON number, a JSON string or a form value — kept as
// text, so each rule can refuse bad input with a 422 that names its field instead of a decoding
// error. Set is false for null, an absent key and blank text. An object, a list or a boolean is
// not a number at all: a type error (400), like any other body of the wrong shape.
type Num struct {
	Raw string
	Set bool
}

func (n *Num) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*n = Num{}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		s = strings.TrimSpace(s)
		*n = Num{Raw: s, Set: s != ""}
		return nil
	}
	if len(b) > 0 && (b[0] == '{' || b[0] == '[' || b[0] == 't' || b[0] == 'f') {
		return &json.UnmarshalTypeError{Value: string(b), Type: reflect.TypeOf(Num{})}
	}
	*n = Num{Raw: string(b), Set: true}
	return nil
}

func (n *Num) UnmarshalText(b []byte) error {
	s := strings.TrimSpace(string(b))
	*n = Num{Raw: s, Set: s != ""}
	return nil
}
