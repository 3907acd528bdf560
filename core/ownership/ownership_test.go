package ownership

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// pendingWrites are the foreign writes still waiting for their change, by "package table". Each
// must go: the test fails when one is no longer there, so the list only shrinks.
var pendingWrites = map[string]string{}

// pendingReads are the reads of another package's table, by "package table", still to move into
// the read-only package (readmodel). Empty now: a new one fails; the list may only shrink.
var pendingReads = map[string]bool{}

// pendingImports are imports against the rules still waiting for their change.
var pendingImports = map[string]string{}

func scanCore(t *testing.T) []Access {
	t.Helper()
	files, err := CoreFiles("..")
	if err != nil {
		t.Fatal(err)
	}
	acc, unresolved, err := Scan(files)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range unresolved {
		t.Logf("a bun Model whose type is not found (counted as the package's own table): %s", u)
	}
	return acc
}

// foreign splits the accesses that break the rules into writes and reads, keyed "pkg table".
func foreign(acc []Access) (writes, reads map[string][]string) {
	writes, reads = map[string][]string{}, map[string][]string{}
	for _, a := range acc {
		owner := Owners[a.Table]
		if a.Pkg == owner || Exempt[a.Pkg] {
			continue
		}
		key := a.Pkg + " " + a.Table
		if a.Write {
			writes[key] = append(writes[key], a.Pos)
		} else if !Readers[a.Pkg] {
			reads[key] = append(reads[key], a.Pos)
		}
	}
	return writes, reads
}

func count(m map[string][]string) int {
	n := 0
	for _, v := range m {
		n += len(v)
	}
	return n
}

func TestEveryTableHasOneOwner(t *testing.T) {
	re := regexp.MustCompile(`(?i)CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)`)
	files, err := filepath.Glob("../infra/migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations found: %v", err)
	}
	made := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			made[strings.ToLower(m[1])] = true
		}
	}
	for table := range made {
		if Owners[table] == "" {
			t.Errorf("table %s has no owner: add it to ownership.Owners (core/ownership/owners.go)", table)
		}
	}
	for table := range Owners {
		if !made[table] {
			t.Errorf("ownership.Owners names %s, which no migration creates", table)
		}
	}
}

func TestTablesAreWrittenOnlyByTheirOwner(t *testing.T) {
	writes, _ := foreign(scanCore(t))
	t.Logf("foreign writes: %d places", count(writes))
	for key, places := range writes {
		if _, ok := pendingWrites[key]; ok {
			continue
		}
		f := strings.Fields(key)
		t.Errorf("package %s writes table %s, owned by %s (call the owner's function with your transaction): %s",
			f[0], f[1], Owners[f[1]], strings.Join(places, ", "))
	}
	for key := range pendingWrites {
		if _, ok := writes[key]; !ok {
			t.Errorf("pendingWrites lists %q, which is gone: strike it off", key)
		}
	}
}

func TestTablesAreReadByTheirOwnerOrAReadOnlyPackage(t *testing.T) {
	_, reads := foreign(scanCore(t))
	t.Logf("foreign reads: %d places in %d package-table pairs", count(reads), len(reads))
	keys := make([]string, 0, len(reads))
	for k := range reads {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		if pendingReads[key] {
			continue
		}
		f := strings.Fields(key)
		t.Errorf("package %s reads table %s, owned by %s, outside the read-only packages (read it in readmodel, or through %s's function): %s",
			f[0], f[1], Owners[f[1]], Owners[f[1]], strings.Join(reads[key], ", "))
	}
	for key := range pendingReads {
		if _, ok := reads[key]; !ok {
			t.Errorf("pendingReads lists %q, which is gone: strike it off", key)
		}
	}
}

// The checker itself: a package that writes another's table, by raw SQL or by a bun builder,
// and a package that reads another's table, are both found.
func TestCheckerFindsForeignWritesAndReads(t *testing.T) {
	src := `package purchase

import "prelaunch/core/user"

func take(ctx context.Context, tx bun.IDB) {
	tx.NewRaw("UPDATE tokens SET remaining_private_supply = remaining_private_supply - 1").Exec(ctx)
	tx.NewUpdate().Model((*user.User)(nil)).Set("stock_balance = 1").Exec(ctx)
	var u user.User
	tx.NewDelete().Model(&u).Exec(ctx)
	tx.NewSelect().Table("purchases").Join("JOIN companies AS c ON c.id = p.company_id").Scan(ctx)
}
`
	userSrc := "package user\n\ntype User struct {\n\tbun.BaseModel `bun:\"table:users,alias:u\"`\n}\n"
	acc, _, err := Scan([]File{{Pkg: "purchase", Path: "purchase/x.go", Src: []byte(src)},
		{Pkg: "user", Path: "user/model.go", Src: []byte(userSrc)}})
	if err != nil {
		t.Fatal(err)
	}
	writes, reads := foreign(acc)
	if len(writes["purchase tokens"]) != 1 || len(writes["purchase users"]) != 2 {
		t.Errorf("foreign writes not found: %v", writes)
	}
	if len(reads["purchase companies"]) != 1 || len(reads) != 1 {
		t.Errorf("foreign reads: %v", reads)
	}
}

// nouns are the packages of the domain: no infrastructure package (core/infra/...) imports one.
var nouns = []string{"company", "sale", "user", "superadmin", "purchase", "kyc", "beneficiary", "reconcile", "session",
	"stats", "otp", "dashboard", "export", "readmodel", "receipt"}

func importRules(imports map[string]map[string]bool) []string {
	var bad []string
	for pkg, ims := range imports {
		for im := range ims {
			switch {
			case strings.HasPrefix(pkg, "infra/") && contains(nouns, im):
				bad = append(bad, pkg+" "+im)
			case im == "runtime" && pkg != "cmd/prelaunch" && pkg != "infra/testkit":
				bad = append(bad, pkg+" "+im)
			case pkg == "company" && im == "user":
				bad = append(bad, pkg+" "+im)
			case pkg == "sale" && (im == "company" || im == "purchase" || im == "user"):
				bad = append(bad, pkg+" "+im)
			}
		}
	}
	sort.Strings(bad)
	return bad
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestImportRules: no infrastructure package (httpx, media, mail, …) imports a noun (session plugs
// into httpx through httpx.Authenticator); no
// package but the command and the test helpers imports runtime; company does not import user
// (users point at companies, not the reverse); sale imports none of company, purchase, user.
func TestImportRules(t *testing.T) {
	files, err := CoreFiles("..")
	if err != nil {
		t.Fatal(err)
	}
	imports, err := Imports(files, "prelaunch/core")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, b := range importRules(imports) {
		found[b] = true
		if _, ok := pendingImports[b]; !ok {
			f := strings.Fields(b)
			t.Errorf("package %s must not import %s", f[0], f[1])
		}
	}
	for b := range pendingImports {
		if !found[b] {
			t.Errorf("pendingImports lists %q, which is gone: strike it off", b)
		}
	}
	// The rules themselves catch what they must.
	for _, tc := range []struct{ pkg, im string }{{"infra/httpx", "session"}, {"infra/media", "purchase"}, {"purchase", "runtime"}, {"company", "user"}} {
		if got := importRules(map[string]map[string]bool{tc.pkg: {tc.im: true}}); len(got) != 1 {
			t.Errorf("%s importing %s is not refused", tc.pkg, tc.im)
		}
	}
}
