package fields

import "testing"

func TestNameScore(t *testing.T) {
	cases := []struct {
		a, b     string
		min, max int
	}{
		{"Rajesh Kumar Sharma", "RAJESH KUMAR SHARMA", 100, 100},
		{"Mr. Rajesh Kumar Sharma", "rajesh  kumar sharma", 100, 100},
		{"Sharma Rajesh Kumar", "Rajesh Kumar Sharma", 100, 100},
		{"Smt. Priya Nair", "PRIYA NAIR", 100, 100},
		{"Rajkumar Singh", "Raj Kumar Singh", 95, 95},
		{"R. K. Sharma", "Rajesh Kumar Sharma", 90, 94},
		{"R.K. Sharma", "Rajesh Kumar Sharma", 90, 94},
		{"Rajesh Kumar Sharma", "Rajesh Sharma", 80, 80},
		{"Rajesh Kumar Sharma", "Rajes Kumar Sharma", 90, 99},
		{"Rajesh Kumar Sharma", "Anita Desai", 0, 0},
		{"Rajesh Sharma", "Suresh Verma", 0, 79},
		{"", "Rajesh", 0, 0},
		{"Dr.", "Rajesh", 0, 0},
	}
	for _, c := range cases {
		got := NameScore(c.a, c.b)
		if got < c.min || got > c.max {
			t.Errorf("NameScore(%q, %q) = %d, want %d..%d", c.a, c.b, got, c.min, c.max)
		}
		if back := NameScore(c.b, c.a); back != got {
			t.Errorf("NameScore is not symmetric for %q, %q: %d vs %d", c.a, c.b, got, back)
		}
	}
	if NameScore("Rajesh Sharma", "Suresh Verma") >= NameMatchThreshold {
		t.Error("two different people pass the default threshold")
	}
}

func TestNameTokens(t *testing.T) {
	got := NameTokens("Dr. R.K. Sharma-Iyer")
	want := []string{"r", "k", "sharma", "iyer"}
	if len(got) != len(want) {
		t.Fatalf("NameTokens = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("NameTokens = %v, want %v", got, want)
		}
	}
}
