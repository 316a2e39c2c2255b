// Which of a module's units Go would let move into a new package of their
// own, judged by Go's own type checker (go/types), apart from edgeclip's
// analysis: `npm run bench:real` draws its moves across packages from these
// (bench/real/go-tools.ts), as a Go developer moves what Go permits.
//
// A unit (a top-level declaration; a type with its methods) may move when the
// unexported package-level names it needs can go with it (nothing else of its
// package uses them), no unexported field or method crosses between it and
// the package it leaves (nor does an interface of that package it implements
// through an unexported method: a sealed one), and no import cycle closes: the new package imports
// what the unit uses, and every package using the unit imports the new one.
//
// Usage: go run go-movable.go <module root> < units.json (each {"path", "name"})
// prints each unit with "movable" and, where it is not, "reason".
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

type unit struct {
	Path string `json:"path"`
	Name string `json:"name"`
}

type verdict struct {
	Path    string `json:"path"`
	Name    string `json:"name"`
	Movable bool   `json:"movable"`
	Reason  string `json:"reason,omitempty"`
}

type listed struct {
	Dir, ImportPath, Name   string
	GoFiles, TestGoFiles    []string
	Imports, TestImports    []string
	module, internalTestsOK bool
}

// A package checked with its internal tests: its declarations and what each uses.
type checked struct {
	pkg   *types.Package
	files []*ast.File
	info  *types.Info
	// Each top-level declaration (a spec of a group) with the objects it declares.
	decls []decl
}

type decl struct {
	node    ast.Node
	defines []types.Object
	file    string
}

func main() {
	root := os.Args[1]
	var units []unit
	if err := json.NewDecoder(os.Stdin).Decode(&units); err != nil {
		fail(err)
	}
	pkgs := list(root)
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	checkedByPath := map[string]*checked{}
	for _, p := range pkgs {
		checkedByPath[p.ImportPath] = check(fset, imp, p)
	}
	var out []verdict
	for _, u := range units {
		v := verdict{Path: u.Path, Name: u.Name}
		v.Reason = judge(root, pkgs, checkedByPath, u)
		v.Movable = v.Reason == ""
		out = append(out, v)
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(out); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func list(root string) []listed {
	cmd := exec.Command("go", "list", "-json", "./...")
	cmd.Dir = root
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		fail(err)
	}
	var out []listed
	dec := json.NewDecoder(&stdout)
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			fail(err)
		}
		out = append(out, p)
	}
	return out
}

func check(fset *token.FileSet, imp types.Importer, p listed) *checked {
	var files []*ast.File
	for _, name := range append(append([]string{}, p.GoFiles...), p.TestGoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.ParseComments)
		if err != nil {
			fail(err)
		}
		files = append(files, f)
	}
	info := &types.Info{
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Types:      map[ast.Expr]types.TypeAndValue{},
	}
	conf := types.Config{Importer: imp, Error: func(error) {}}
	pkg, _ := conf.Check(p.ImportPath, fset, files, info)
	c := &checked{pkg: pkg, files: files, info: info}
	for _, f := range files {
		name := fset.Position(f.Pos()).Filename
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				c.decls = append(c.decls, decl{node: d, defines: []types.Object{info.Defs[d.Name]}, file: name})
			case *ast.GenDecl:
				for _, s := range d.Specs {
					var defs []types.Object
					ast.Inspect(s, func(n ast.Node) bool {
						if id, ok := n.(*ast.Ident); ok {
							if o := info.Defs[id]; o != nil && o.Parent() == pkg.Scope() {
								defs = append(defs, o)
							}
						}
						return true
					})
					c.decls = append(c.decls, decl{node: s, defines: defs, file: name})
				}
			}
		}
	}
	return c
}

// A package-level object's key across separately checked packages.
func key(o types.Object) string {
	if o == nil || o.Pkg() == nil {
		return ""
	}
	if f, ok := o.(*types.Func); ok {
		if recv := f.Type().(*types.Signature).Recv(); recv != nil {
			return o.Pkg().Path() + "." + named(recv.Type()) + "." + o.Name()
		}
	}
	if o.Parent() != o.Pkg().Scope() {
		return ""
	}
	return o.Pkg().Path() + "." + o.Name()
}

func named(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// The struct type a field belongs to, among the package's named types.
func fieldOwners(pkg *types.Package) map[*types.Var]string {
	out := map[*types.Var]string{}
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if s, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := 0; i < s.NumFields(); i++ {
				out[s.Field(i)] = name
			}
		}
	}
	return out
}

func judge(root string, pkgs []listed, all map[string]*checked, u unit) string {
	dir := filepath.Join(root, filepath.Dir(u.Path))
	var home listed
	for _, p := range pkgs {
		if p.Dir == dir {
			home = p
		}
	}
	c := all[home.ImportPath]
	if c == nil || c.pkg == nil {
		return "package not checked"
	}
	obj := c.pkg.Scope().Lookup(u.Name)
	if obj == nil {
		return "not declared"
	}
	// The unit and what goes with it: its methods, the unexported names it needs.
	in := map[string]bool{key(obj): true}
	if tn, ok := obj.(*types.TypeName); ok {
		if n, ok := tn.Type().(*types.Named); ok {
			for i := 0; i < n.NumMethods(); i++ {
				in[key(n.Method(i))] = true
			}
		}
	}
	// An interface of its package with an unexported method it implements (a sealed one:
	// monkey's `Expression`, by `expressionNode()`): in another package its method of that
	// name is another method, and it implements the interface no more.
	if tn, ok := obj.(*types.TypeName); ok && !types.IsInterface(tn.Type()) {
		// The methods it declares itself: one promoted from an embedded type that stays
		// still satisfies the interface from the new package.
		own := map[string]bool{}
		if n, ok := tn.Type().(*types.Named); ok {
			for i := 0; i < n.NumMethods(); i++ {
				own[n.Method(i).Name()] = true
			}
		}
		scope := c.pkg.Scope()
		for _, name := range scope.Names() {
			it, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || it == obj || !types.IsInterface(it.Type()) {
				continue
			}
			iface := it.Type().Underlying().(*types.Interface)
			sealed := ""
			for i := 0; i < iface.NumMethods(); i++ {
				m := iface.Method(i)
				if !m.Exported() && m.Pkg() == c.pkg && own[m.Name()] {
					sealed = m.Name()
				}
			}
			if sealed == "" || iface.NumMethods() == 0 {
				continue
			}
			if types.Implements(tn.Type(), iface) || types.Implements(types.NewPointer(tn.Type()), iface) {
				return fmt.Sprintf("implements %s of its package by its unexported method %s", name, sealed)
			}
		}
	}
	unitKeys := map[string]bool{}
	for k := range in {
		unitKeys[k] = true
	}
	inside := func(d decl) bool {
		for _, o := range d.defines {
			if in[key(o)] {
				return true
			}
		}
		return false
	}
	usesIn := func(n ast.Node, info *types.Info) []types.Object {
		var out []types.Object
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if o := info.Uses[id]; o != nil {
					out = append(out, o)
				}
			}
			if s, ok := n.(*ast.SelectorExpr); ok {
				if sel := info.Selections[s]; sel != nil {
					out = append(out, sel.Obj())
				}
			}
			return true
		})
		return out
	}
	for grew := true; grew; {
		grew = false
		for _, d := range c.decls {
			if !inside(d) {
				continue
			}
			for _, o := range usesIn(d.node, c.info) {
				k := key(o)
				if k == "" || in[k] || o.Pkg() != c.pkg || o.Exported() {
					continue
				}
				if f, ok := o.(*types.Func); ok && f.Type().(*types.Signature).Recv() != nil {
					continue
				}
				in[k] = true
				grew = true
				if tn, ok := o.(*types.TypeName); ok {
					if n, ok := tn.Type().(*types.Named); ok {
						for i := 0; i < n.NumMethods(); i++ {
							in[key(n.Method(i))] = true
						}
					}
				}
			}
		}
	}
	// What the rest of its package uses of it, and what it uses of the rest.
	owners := fieldOwners(c.pkg)
	typeIn := func(name string) bool { return in[c.pkg.Path()+"."+name] }
	usedByHome, needsHome := false, false
	for _, d := range c.decls {
		mine := inside(d)
		for _, o := range usesIn(d.node, c.info) {
			if o.Pkg() != c.pkg {
				continue
			}
			if v, ok := o.(*types.Var); ok && v.IsField() {
				owner, known := owners[v]
				if known && !v.Exported() && typeIn(owner) != mine {
					return fmt.Sprintf("unexported field %s.%s crosses", owner, v.Name())
				}
				continue
			}
			if f, ok := o.(*types.Func); ok && f.Type().(*types.Signature).Recv() != nil {
				if !f.Exported() && in[key(f)] != mine {
					return fmt.Sprintf("unexported method %s crosses", key(f))
				}
				continue
			}
			k := key(o)
			if k == "" {
				continue
			}
			if mine && !in[k] {
				needsHome = true
			}
			if !mine && in[k] {
				if !unitKeys[k] {
					return fmt.Sprintf("unexported %s is used elsewhere in its package", o.Name())
				}
				usedByHome = true
			}
		}
		// A literal without keys sets every field, unexported ones too.
		crossing := ""
		ast.Inspect(d.node, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || len(lit.Elts) == 0 {
				return true
			}
			if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
				return true
			}
			t := c.info.Types[lit].Type
			if t == nil {
				return true
			}
			if n, ok := t.(*types.Named); ok && n.Obj().Pkg() == c.pkg && typeIn(n.Obj().Name()) != mine {
				if s, ok := n.Underlying().(*types.Struct); ok {
					for i := 0; i < s.NumFields(); i++ {
						if !s.Field(i).Exported() {
							crossing = fmt.Sprintf("a literal of %s without keys sets its unexported fields across", n.Obj().Name())
						}
					}
				}
			}
			return true
		})
		if crossing != "" {
			return crossing
		}
	}
	// The import graph with the new package: a cycle Go refuses.
	const fresh = "(new)"
	graph := map[string]map[string]bool{}
	edge := func(a, b string) {
		if graph[a] == nil {
			graph[a] = map[string]bool{}
		}
		graph[a][b] = true
	}
	module := map[string]bool{}
	for _, p := range pkgs {
		module[p.ImportPath] = true
	}
	for _, p := range pkgs {
		for _, i := range append(append([]string{}, p.Imports...), p.TestImports...) {
			if module[i] {
				edge(p.ImportPath, i)
			}
		}
	}
	if needsHome {
		edge(fresh, home.ImportPath)
	}
	if usedByHome {
		edge(home.ImportPath, fresh)
	}
	for _, d := range c.decls {
		if !inside(d) {
			continue
		}
		for _, o := range usesIn(d.node, c.info) {
			if o.Pkg() != nil && o.Pkg() != c.pkg && module[o.Pkg().Path()] {
				edge(fresh, o.Pkg().Path())
			}
		}
	}
	var users []string
	for path, other := range all {
		if path == home.ImportPath || other.pkg == nil {
			continue
		}
		for _, d := range other.decls {
			for _, o := range usesIn(d.node, other.info) {
				if unitKeys[key(o)] {
					edge(path, fresh)
					users = append(users, path)
				}
			}
		}
	}
	if cycle := reaches(graph, fresh, fresh, map[string]bool{}); cycle {
		return "an import cycle: " + strings.Join(sortedKeys(graph[fresh]), ", ") + " lead back"
	}
	return ""
}

func reaches(graph map[string]map[string]bool, from, to string, seen map[string]bool) bool {
	for next := range graph[from] {
		if next == to {
			return true
		}
		if !seen[next] {
			seen[next] = true
			if reaches(graph, next, to, seen) {
				return true
			}
		}
	}
	return false
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
