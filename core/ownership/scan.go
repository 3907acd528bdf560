package ownership

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Access is one place where a package's SQL touches a table.
type Access struct {
	Pkg   string // the package's folder under core, e.g. "purchase" or "media/mediahttp"
	Table string
	Write bool
	Pos   string // file:line
}

// File is one Go source file of a package.
type File struct {
	Pkg  string
	Path string
	Src  []byte
}

var (
	writeRE = []*regexp.Regexp{
		regexp.MustCompile(`\bINSERT\s+INTO\s+(\w+)`),
		regexp.MustCompile(`\bUPDATE\s+(\w+)\s+(?:AS\s+\w+\s+)?SET\b`),
		regexp.MustCompile(`\bDELETE\s+FROM\s+(\w+)`),
		regexp.MustCompile(`\bTRUNCATE\s+(?:TABLE\s+)?(\w+)`),
	}
	readRE   = regexp.MustCompile(`\b(?:FROM|JOIN)\s+(\w+)`)
	tableTag = regexp.MustCompile(`table:(\w+)`)
)

// builder methods that name the table of a bun query.
var tableMethods = map[string]bool{"Model": true, "Table": true, "TableExpr": true, "ModelTableExpr": true}

// builders are bun's query constructors: true for those that write.
var builders = map[string]bool{"NewInsert": true, "NewUpdate": true, "NewDelete": true, "NewMerge": true, "NewSelect": false}

// CoreFiles reads the non-test Go files of every package under root (core), skipping this one.
func CoreFiles(root string) ([]File, error) {
	var out []File
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		if rel == "ownership" || rel == "." {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out = append(out, File{Pkg: rel, Path: path, Src: src})
		return nil
	})
	return out, err
}

type parsed struct {
	File
	ast *ast.File
}

// Scan finds every table access of the files' SQL: raw SQL in string literals (INSERT INTO,
// UPDATE … SET, DELETE FROM, FROM, JOIN) and bun builders (NewInsert/NewUpdate/NewDelete/NewSelect
// with Model, Table, TableExpr, ModelTableExpr; a Model's table comes from its struct's
// bun:"table:…" tag). Only tables of Owners count.
func Scan(files []File) ([]Access, []string, error) {
	fset := token.NewFileSet()
	var ps []parsed
	models := map[string]string{} // "pkgname.Type" → table
	for _, f := range files {
		af, err := parser.ParseFile(fset, f.Path, f.Src, parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, err
		}
		ps = append(ps, parsed{f, af})
		ast.Inspect(af, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			for _, fl := range st.Fields.List {
				if fl.Tag == nil {
					continue
				}
				if sel, ok := fl.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "BaseModel" {
					if m := tableTag.FindStringSubmatch(fl.Tag.Value); m != nil {
						models[af.Name.Name+"."+ts.Name.Name] = m[1]
					}
				}
			}
			return true
		})
	}
	var out []Access
	var unresolved []string
	for _, p := range ps {
		pos := func(n ast.Node) string {
			pp := fset.Position(n.Pos())
			return filepath.ToSlash(filepath.Join(p.Pkg, filepath.Base(pp.Filename))) + ":" + strconv.Itoa(pp.Line)
		}
		add := func(n ast.Node, table string, write bool) {
			if _, ok := Owners[table]; ok {
				out = append(out, Access{Pkg: p.Pkg, Table: table, Write: write, Pos: pos(n)})
			}
		}
		for _, fn := range p.ast.Decls {
			vars := varTypes(fn)
			ast.Inspect(fn, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.BasicLit:
					if x.Kind != token.STRING {
						return true
					}
					s, err := strconv.Unquote(x.Value)
					if err != nil {
						return true
					}
					seen := map[string]bool{}
					for _, re := range writeRE {
						for _, m := range re.FindAllStringSubmatch(s, -1) {
							add(x, m[1], true)
							seen[m[1]] = true
						}
					}
					for _, m := range readRE.FindAllStringSubmatch(s, -1) {
						if !seen[m[1]] { // DELETE FROM t is a write, not a read of t
							add(x, m[1], false)
						}
					}
				case *ast.CallExpr:
					sel, ok := x.Fun.(*ast.SelectorExpr)
					if !ok || !tableMethods[sel.Sel.Name] {
						return true
					}
					write, ok := builderOf(sel.X)
					if !ok {
						return true
					}
					for _, arg := range x.Args {
						if sel.Sel.Name == "Model" {
							key := modelType(arg, vars, p.ast.Name.Name)
							if t, ok := models[key]; ok {
								add(x, t, write)
							} else if write {
								unresolved = append(unresolved, pos(x))
							}
							continue
						}
						if lit, ok := arg.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							s, _ := strconv.Unquote(lit.Value)
							for _, part := range strings.Split(s, ",") {
								if f := strings.Fields(part); len(f) > 0 {
									add(x, f[0], write)
								}
							}
						}
					}
				}
				return true
			})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out, unresolved, nil
}

// builderOf follows a method chain down to the bun constructor it starts with.
func builderOf(e ast.Expr) (write, ok bool) {
	for {
		call, isCall := e.(*ast.CallExpr)
		if !isCall {
			return false, false
		}
		sel, isSel := call.Fun.(*ast.SelectorExpr)
		if !isSel {
			return false, false
		}
		if w, found := builders[sel.Sel.Name]; found {
			return w, true
		}
		e = sel.X
	}
}

// varTypes maps the names declared in a function (parameters, var declarations and := of a
// composite literal or new) to their type expressions.
func varTypes(decl ast.Decl) map[string]ast.Expr {
	vars := map[string]ast.Expr{}
	fn, ok := decl.(*ast.FuncDecl)
	if !ok {
		return vars
	}
	fields := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			for _, n := range f.Names {
				vars[n.Name] = f.Type
			}
		}
	}
	fields(fn.Recv)
	fields(fn.Type.Params)
	ast.Inspect(fn, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			fields(x.Type.Params)
		case *ast.ValueSpec:
			for i, name := range x.Names {
				if x.Type != nil {
					vars[name.Name] = x.Type
				} else if i < len(x.Values) {
					if t := litType(x.Values[i]); t != nil {
						vars[name.Name] = t
					}
				}
			}
		case *ast.AssignStmt:
			if x.Tok != token.DEFINE || len(x.Lhs) != len(x.Rhs) {
				return true
			}
			for i, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if t := litType(x.Rhs[i]); t != nil {
						vars[id.Name] = t
					}
				}
			}
		}
		return true
	})
	return vars
}

func litType(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.UnaryExpr:
		return litType(x.X)
	case *ast.CompositeLit:
		return x.Type
	case *ast.CallExpr:
		if id, ok := x.Fun.(*ast.Ident); ok && (id.Name == "new" || id.Name == "make") && len(x.Args) > 0 {
			return x.Args[0]
		}
	}
	return nil
}

// modelType names the struct type of a Model argument ("pkgname.Type"), "" when unknown.
func modelType(e ast.Expr, vars map[string]ast.Expr, pkg string) string {
	switch x := e.(type) {
	case *ast.UnaryExpr:
		return modelType(x.X, vars, pkg)
	case *ast.ParenExpr:
		return modelType(x.X, vars, pkg)
	case *ast.CallExpr: // (*T)(nil)
		if p, ok := x.Fun.(*ast.ParenExpr); ok {
			return typeName(p.X, pkg)
		}
	case *ast.CompositeLit:
		return typeName(x.Type, pkg)
	case *ast.Ident:
		if t, ok := vars[x.Name]; ok {
			return typeName(t, pkg)
		}
	}
	return ""
}

func typeName(e ast.Expr, pkg string) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return typeName(x.X, pkg)
	case *ast.ArrayType:
		return typeName(x.Elt, pkg)
	case *ast.Ident:
		return pkg + "." + x.Name
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			return id.Name + "." + x.Sel.Name
		}
	}
	return ""
}

// Imports lists each package's direct imports of other core packages (non-test files), by folder.
func Imports(files []File, module string) (map[string]map[string]bool, error) {
	fset := token.NewFileSet()
	out := map[string]map[string]bool{}
	for _, f := range files {
		af, err := parser.ParseFile(fset, f.Path, f.Src, parser.ImportsOnly)
		if err != nil {
			return nil, err
		}
		if out[f.Pkg] == nil {
			out[f.Pkg] = map[string]bool{}
		}
		for _, im := range af.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if rest, ok := strings.CutPrefix(path, module+"/"); ok {
				out[f.Pkg][rest] = true
			}
		}
	}
	return out, nil
}
