package httpx

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	gojson "github.com/goccy/go-json"
	"github.com/gofiber/fiber/v3"
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

// A memoised answer is byte for byte, header for header, what OK sends.
func TestMemoAnswersAsOK(t *testing.T) {
	app := fiber.New(fiber.Config{JSONEncoder: gojson.Marshal})
	type view struct {
		Price decimal.Decimal `json:"price"`
		Name  string          `json:"name"`
	}
	key := &view{Price: decimal.RequireFromString("10.50"), Name: "<ACW>"}
	var m Memo[*view]
	encodes := 0
	app.Get("/ok", func(c fiber.Ctx) error { return OK(c, "Token price fetched successfully", key) })
	app.Get("/memo", func(c fiber.Ctx) error {
		return m.OK(c, key, "Token price fetched successfully", func() any { encodes++; return key })
	})
	get := func(path string) (string, string) {
		resp, err := app.Test(httptest.NewRequest("GET", path, nil))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		return resp.Header.Get("Content-Type") + " " + strconv.Itoa(resp.StatusCode), string(b)
	}
	wantH, wantB := get("/ok")
	for i := 0; i < 3; i++ {
		if h, b := get("/memo"); h != wantH || b != wantB {
			t.Fatalf("memo %q %s, want %q %s", h, b, wantH, wantB)
		}
	}
	if encodes != 1 {
		t.Fatalf("encoded %d times for one key", encodes)
	}
	key = &view{Price: decimal.RequireFromString("11"), Name: "ACW"} // the cached data was reloaded
	if _, b := get("/memo"); !strings.Contains(b, `"price":11`) || encodes != 2 {
		t.Fatalf("after a new key: %s (encodes %d)", b, encodes)
	}
}
