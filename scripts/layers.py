#!/usr/bin/env python3
"""Check the import graph of src/ against the layer table of docs/architecture.md.

    python3 scripts/layers.py            # print the graph, fail on an edge the table forbids
    python3 scripts/layers.py --self-test

Every file under src/ belongs to a top-level module (src/NAME.rs or src/NAME/...; src/lib.rs is
the crate root, which may use everything). The script reads each file without its comments and
string literals and collects the paths that leave the module: `crate::NAME`, `$crate::NAME` (in
macros), `super::` chains that climb above the module, and `use crate::{...}` groups. A name
re-exported at the crate root (`carry::Int`, a `#[macro_export]` macro, `__private`) counts as
the module that defines it. An edge A -> B is allowed when B is listed for A in LAYERS below;
any other edge, or a top-level module missing from the table, fails with its file and line.
Standard library only.
"""
import os
import re
import sys

# What each top-level module may use. Lower layers first; a module may use only what is listed
# (never a module above it, nor a sibling that is not listed). Keep in step with
# docs/architecture.md.
LAYERS = {
    "thresholds": [],
    "error": [],
    "limbs": ["thresholds"],
    "int": ["limbs", "thresholds", "error"],
    "rational": ["nt", "int", "limbs", "error"],
    "uint": ["limbs", "int", "error"],
    "mont": ["limbs", "uint"],
    "fixed_modulus": ["limbs", "uint"],
    "modular": ["mont", "limbs", "int", "thresholds", "error"],
    "nt": ["modular", "int", "limbs", "thresholds", "error"],
    "field": ["mont", "limbs", "uint", "int", "error"],
    "fields": ["field"],
    "blip": ["int", "error"],
}

# Crates the root re-exports (`carry::subtle`, ...): not edges inside the crate.
EXTERNAL = {"subtle", "zeroize", "ff", "rand_core", "core", "std", "alloc"}

ITEM = re.compile(r"\bpub\s+(?:const\s+)?(?:unsafe\s+)?(?:struct|enum|trait|type|fn|const|static|mod)\s+([A-Za-z_][A-Za-z0-9_]*)")
MACRO = re.compile(r"#\[macro_export\][^\n]*\n(?:\s*#\[[^\n]*\n)*\s*macro_rules!\s*([A-Za-z_][A-Za-z0-9_]*)")
PATH = re.compile(r"(\$crate|\bcrate|\bsuper(?:\s*::\s*super)*)\s*::\s*(\{|[A-Za-z_][A-Za-z0-9_]*)")


def strip(text):
    """`text` with comments and the contents of string and char literals blanked (newlines
    kept, so line numbers stay)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = len(re.match(r'r(#*)"', text[i:]).group(1))
            end = text.find('"' + "#" * hashes, i + 2 + hashes)
            end = n if end < 0 else end + 1 + hashes
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif re.match(r"'(\\.|[^\\'])'|'\\[xu]", text[i:i + 4]):
            j = text.find("'", i + 2)
            out.append("' '")
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def without_tests(text):
    """`text` with its `#[cfg(test)] mod NAME { ... }` blocks blanked: unit tests may check a
    kernel against any layer (as tests/ do), so their paths are not edges."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*mod\s+[A-Za-z_][A-Za-z0-9_]*\s*\{", text)
        if not m:
            return text
        end, level = m.end(), 1
        while level:
            level += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        text = text[:m.start()] + "\n" * text.count("\n", m.start(), end) + text[end:]


def top_names(group):
    """The first segment of every path in a `{...}` use group (nested groups included)."""
    names, depth, cur = [], 0, ""
    for ch in group:
        if ch == "{":
            depth += 1
            if depth == 1:
                continue
        elif ch == "}":
            depth -= 1
        if depth == 1 and ch == ",":
            names.append(cur)
            cur = ""
        elif depth >= 1:
            cur += ch
    names.append(cur)
    out = []
    for name in names:
        m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)", name)
        if m and m.group(1) != "self":
            out.append(m.group(1))
    return out


def module_of(rel):
    """(top-level module, depth below src/ of the file's module) for a path under src/."""
    parts = rel.split("/")
    if parts == ["lib.rs"]:
        return "", 0
    top = parts[0][:-3] if len(parts) == 1 else parts[0]
    # src/a/b/c.rs is module a::b::c (depth 3); src/a/b/mod.rs is a::b (depth 2).
    depth = len(parts) - (1 if parts[-1] == "mod.rs" else 0)
    return top, depth


def references(rel, text):
    """(line, first segment below the crate root) of every path that names the crate root."""
    _, depth = module_of(rel)
    found = []
    for m in PATH.finditer(text):
        head, name = m.group(1), m.group(2)
        line = text.count("\n", 0, m.start()) + 1
        if head.startswith("super"):
            ups = head.count("super")
            if ups < depth:
                continue  # stays inside the top-level module
            if ups > depth:
                raise SystemExit(f"src/{rel}:{line}: super:: climbs above the crate root")
        if name == "{":
            end, level = m.end(), 1
            while level:
                level += {"{": 1, "}": -1}.get(text[end], 0)
                end += 1
            found += [(line, n) for n in top_names(text[m.end() - 1:end])]
        else:
            found.append((line, name))
    return found


def owners(files):
    """Map a name at the crate root to the top-level module that defines it."""
    tops = {module_of(rel)[0] for rel in files} - {""}
    owner = {t: t for t in tops}
    for rel, text in files.items():
        top = module_of(rel)[0]
        for m in MACRO.finditer(text):
            owner[m.group(1)] = top
    lib = files.get("lib.rs", "")
    for m in re.finditer(r"\bpub\s+use\s+([A-Za-z_][A-Za-z0-9_]*)\s*::\s*(\*|\{[^;]*\}|[A-Za-z_][A-Za-z0-9_]*)\s*;", lib):
        src, what = m.group(1), m.group(2)
        if what == "*":
            for rel, text in files.items():
                if module_of(rel)[0] == src:
                    for item in ITEM.finditer(text):
                        owner.setdefault(item.group(1), src)
        elif what.startswith("{"):
            for name in top_names(what):
                owner[name] = src
            for name in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\s*[,}]", what):
                owner.setdefault(name, src)
        else:
            owner[what] = src
    # The hidden module that prime_field!'s expansion names re-exports the field engine.
    owner["__private"] = "field"
    return owner


def check(files):
    """(edges {(a, b): [where]}, violations [text]) for files {path under src/: text}."""
    stripped = {rel: without_tests(strip(text)) for rel, text in files.items()}
    owner = owners(stripped)
    edges, bad = {}, []
    for rel in sorted(stripped):
        top = module_of(rel)[0]
        if top == "":
            continue
        if top not in LAYERS:
            bad.append(f"src/{rel}: module `{top}` is not in the layer table (scripts/layers.py)")
            continue
        for line, name in references(rel, stripped[rel]):
            if name in EXTERNAL:
                continue
            target = owner.get(name)
            if target is None:
                bad.append(f"src/{rel}:{line}: `crate::{name}` names nothing the script knows")
                continue
            if target == top:
                continue
            edges.setdefault((top, target), []).append(f"src/{rel}:{line}")
            if target not in LAYERS[top]:
                bad.append(f"src/{rel}:{line}: {top} -> {target} (`{name}`) is not allowed")
    return edges, bad


def read_src(root):
    files = {}
    for dirpath, _, names in os.walk(os.path.join(root, "src")):
        for name in names:
            if name.endswith(".rs"):
                path = os.path.join(dirpath, name)
                files[os.path.relpath(path, os.path.join(root, "src"))] = open(path, encoding="utf-8").read()
    return files


def self_test():
    base = {
        "lib.rs": "pub mod limbs;\nmod int;\nmod field;\nmod modular;\npub use int::Int;\n"
                  "pub use modular::Modulus;\n",
        "limbs/mod.rs": "mod add;\npub fn add_n() {}\n",
        "limbs/add.rs": "use super::super::thresholds::X; // allowed\n",
        "thresholds.rs": "pub const X: usize = 1;\n",
        "int/mod.rs": "use crate::limbs;\n/// crate::field in a comment is not an edge\npub struct Int;\n"
                      "#[cfg(test)]\nmod tests {\n    use crate::field::X;\n}\n",
        "modular/mod.rs": 'use crate::{limbs, Int};\nconst S: &str = "crate::field::x";\npub struct Modulus;\n',
        "field/mod.rs": "use crate::Int;\n",
    }
    edges, bad = check(base)
    assert not bad, bad
    assert ("modular", "int") in edges and ("modular", "limbs") in edges, edges
    assert ("modular", "field") not in edges and ("int", "field") not in edges, edges
    cases = {
        "sideways": ("modular/mod.rs", "use crate::field::mont;\n", "modular -> field"),
        "upward": ("limbs/mod.rs", "fn f() { crate::Int::new(); }\n", "limbs -> int"),
        "grouped": ("limbs/mod.rs", "use crate::{thresholds::X, Modulus};\n", "limbs -> modular"),
        "super": ("limbs/add.rs", "use super::super::super::int::Int;\n", "climbs above"),
        "unknown module": ("extra.rs", "", "not in the layer table"),
    }
    for what, (rel, text, expect) in cases.items():
        files = dict(base)
        files[rel] = files.get(rel, "") + text
        try:
            _, bad = check(files)
        except SystemExit as e:
            bad = [str(e)]
        assert any(expect in b for b in bad), f"{what}: {bad}"
    print("layers: self-test ok (upward, sideways, grouped and super:: edges caught; tests exempt)")


def main():
    if "--self-test" in sys.argv:
        self_test()
        return
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    edges, bad = check(read_src(root))
    uses = {}
    for (a, b), where in edges.items():
        uses.setdefault(a, []).append(f"{b} ({len(where)})")
    for top in LAYERS:
        print(f"{top:>10} -> {', '.join(sorted(uses.get(top, []))) or '-'}")
    if bad:
        print("\n".join(bad), file=sys.stderr)
        print(f"layers: {len(bad)} forbidden edge(s)", file=sys.stderr)
        sys.exit(1)
    print("layers: ok, every edge is allowed by the table")


if __name__ == "__main__":
    main()
