package main

import (
	"strings"
	"testing"
)

func TestLighthouseVerdictReadsTheTable(t *testing.T) {
	table := func(buyer, admin string) string {
		return "Lighthouse 12.8.2, …:\n\n| page | url | performance | accessibility | best practices | SEO | FCP | LCP | TBT |\n" +
			"|---|---|--:|--:|--:|--:|--:|--:|--:|\n" +
			"| buyer login | http://127.0.0.1:19180/ | " + buyer + " | 100 | 92 | 1.9 s | 2.2 s | 90 ms |\n" +
			"| admin login | http://127.0.0.1:19181/admin/login | " + admin + " | 100 | 58 | 1.9 s | 2.1 s | 120 ms |\n"
	}
	if v := lighthouseVerdict(table("97 | 100", "95 | 100")); !strings.HasPrefix(v, "**met**") || !strings.Contains(v, "admin login 95/100") {
		t.Fatalf("all ≥ 95: %s", v)
	}
	if v := lighthouseVerdict(table("97 | 100", "94 | 100")); !strings.HasPrefix(v, "**missed**") {
		t.Fatalf("admin at 94: %s", v)
	}
	if v := lighthouseVerdict(table("97 | 90", "97 | 100")); !strings.HasPrefix(v, "**missed**") {
		t.Fatalf("buyer accessibility at 90: %s", v)
	}
	if v := lighthouseVerdict("no table"); !strings.Contains(v, "not measured") {
		t.Fatalf("no scores: %s", v)
	}
}

func TestSpliceKeepsTheProseAroundTheTables(t *testing.T) {
	doc := "intro\n" + beginMarker + "\nold tables\n" + endMarker + "\n\n## Prose\n\nhand-written\n"
	got := splice(doc, "new tables\n")
	want := "intro\n" + beginMarker + "\nnew tables\n" + endMarker + "\n\n## Prose\n\nhand-written\n"
	if got != want {
		t.Fatalf("splice:\n%s\nwant:\n%s", got, want)
	}
	if again := splice(got, "new tables\n"); again != want {
		t.Fatalf("splice is not idempotent:\n%s", again)
	}
	if fresh := splice("## Prose\n", "tables"); fresh != beginMarker+"\ntables\n"+endMarker+"\n## Prose\n" {
		t.Fatalf("no markers: %q", fresh)
	}
}
