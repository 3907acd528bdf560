package httpx

import (
	"encoding/json"
	"testing"
	"time"

	gojson "github.com/goccy/go-json"
	"github.com/shopspring/decimal"
)

// The apps' answers are encoded by goccy/go-json; they must be the bytes encoding/json writes.
func TestResponseEncoderMatchesEncodingJSON(t *testing.T) {
	type ref struct {
		ID  string `json:"id"`
		URL string `json:"url"`
	}
	type rec struct {
		Name     string            `json:"name"`
		Price    decimal.Decimal   `json:"price"`
		Nullable *decimal.Decimal  `json:"nullable"`
		When     time.Time         `json:"when"`
		Maybe    *string           `json:"maybe"`
		Image    *ref              `json:"image,omitempty"`
		Tags     []string          `json:"tags"`
		Extra    map[string]any    `json:"extra"`
		Flags    map[string]bool   `json:"flags"`
		Raw      json.RawMessage   `json:"raw"`
		Nums     []float64         `json:"nums"`
		Strs     map[string]string `json:"strs"`
	}
	s := "<script>alert('x')</script> & \u2028 \"quoted\" \\ é 😀"
	v := map[string]any{"status": true, "message": "Fetched <ok> & done", "data": []rec{{
		Name: s, Price: decimal.RequireFromString("12.3400"), When: time.Date(2026, 11, 21, 12, 0, 0, 123456789, time.UTC),
		Maybe: &s, Image: &ref{"1", "/api/v1/media/1?sig=a&exp=2"}, Tags: nil,
		Extra: map[string]any{"b": 1, "a": []int{1, 2}, "c": nil, "d": 1.5e21, "e": 0.000001},
		Flags: map[string]bool{"z": true, "y": false}, Raw: json.RawMessage(`{"k": [1, 2]}`),
		Nums: []float64{0, -0.5, 1e-7, 123456789.125}, Strs: map[string]string{"\u00e9": "<>", "a": "\x01"},
	}, {}}}
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got, err := gojson.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatalf("goccy/go-json differs from encoding/json:\n got %s\nwant %s", got, want)
	}
}
