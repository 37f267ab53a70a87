"""Sizes the brief sets: every function in ``bot/`` and ``cogs/`` under 60 lines, every module under 500.

Functions are measured with :mod:`ast` from their ``def`` line to their last line (docstring included, decorators
not). :data:`KNOWN_LONG` lists the functions that are longer today, each with the room it lives in; they are
shortened on their rooms' branches, and the list must then shrink with them: a function that is no longer long,
or a new long one, turns the test red.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

FUNCTION_MAX = 60
MODULE_MAX = 500

#: (file, function) → the room that owns it (the engineer whose branch shortens it).
KNOWN_LONG = {
}


def sources() -> list[Path]:
    return sorted((ROOT / "bot").rglob("*.py")) + sorted((ROOT / "cogs").rglob("*.py"))


def functions(tree: ast.AST, prefix: str = ""):
    """(qualified name, lines) of every function in ``tree``, methods as ``Class.method``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.ClassDef):
            yield from functions(node, f"{prefix}{node.name}.")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            yield f"{prefix}{node.name}", node.end_lineno - node.lineno + 1
            yield from functions(node, f"{prefix}{node.name}.")


def long_functions() -> dict[tuple[str, str], int]:
    found = {}
    for path in sources():
        for name, lines in functions(ast.parse(path.read_text(encoding="utf-8"))):
            if lines > FUNCTION_MAX:
                found[(path.relative_to(ROOT).as_posix(), name)] = lines
    return found


def test_no_function_over_60_lines_but_the_known_ones():
    found = long_functions()
    new = {key: lines for key, lines in found.items() if key not in KNOWN_LONG}
    assert new == {}, f"functions over {FUNCTION_MAX} lines: {new}"
    fixed = sorted(key for key in KNOWN_LONG if key not in found)
    assert fixed == [], f"no longer over {FUNCTION_MAX} lines, remove from KNOWN_LONG: {fixed}"


def test_the_measure_sees_a_long_function():
    body = "\n".join(f"    x = {i}" for i in range(FUNCTION_MAX))
    assert dict(functions(ast.parse(f"class A:\n  def f():\n{body}\n"))) == {"A.f": FUNCTION_MAX + 1}


def test_no_module_over_500_lines():
    long = {path.relative_to(ROOT).as_posix(): n for path in sources()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_MAX}
    assert long == {}
