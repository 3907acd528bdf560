package fields

import (
	"encoding/json"
	"testing"
)

func TestNumKeepsTheClientsText(t *testing.T) {
	for _, c := range []struct {
		body    string
		want    Num
		wantErr bool
	}{
		{`{"n": 1005.5}`, Num{Raw: "1005.5", Set: true}, false},
		{`{"n": " 12.50 "}`, Num{Raw: "12.50", Set: true}, false},
		{`{"n": "abc"}`, Num{Raw: "abc", Set: true}, false}, // the rule that reads it answers 422
		{`{"n": "  "}`, Num{}, false},
		{`{"n": null}`, Num{}, false},
		{`{}`, Num{}, false},
		{`{"n": true}`, Num{}, true},
		{`{"n": {"a": 1}}`, Num{}, true},
		{`{"n": [1]}`, Num{}, true},
	} {
		var v struct{ N Num }
		err := json.Unmarshal([]byte(c.body), &v)
		if (err != nil) != c.wantErr {
			t.Fatalf("%s: error %v, want error %v", c.body, err, c.wantErr)
		}
		if !c.wantErr && v.N != c.want {
			t.Fatalf("%s: %+v, want %+v", c.body, v.N, c.want)
		}
	}
	var n Num
	if err := n.UnmarshalText([]byte(" 250 ")); err != nil || n != (Num{Raw: "250", Set: true}) {
		t.Fatalf("form value: %+v %v", n, err)
	}
}
