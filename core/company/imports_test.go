package company_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCompanyDoesNotImportUser: users belong to companies, so the user package may know company
// and not the reverse. The company's reactions on users (its owner admin, signing its admins out
// on suspension) are hooks runtime wires to the user package.
func TestCompanyDoesNotImportUser(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := parser.ParseFile(fset, f, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "prelaunch/core/user" {
				t.Errorf("%s imports %s", f, p)
			}
		}
		if strings.Contains(string(src), "UPDATE users") || strings.Contains(string(src), "INSERT INTO users") {
			t.Errorf("%s writes the users table", f)
		}
	}
}
