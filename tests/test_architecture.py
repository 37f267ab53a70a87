"""The shape of the house, read from the code's own imports: three doors side by side on one core and one
command table.

The imports of every module of ``bot/`` and ``cogs/`` are read with :mod:`ast` (also those inside functions
and under ``TYPE_CHECKING``), so the graph is the code's, not a picture of it. Checked: no circle; each door
(the gateway with its extensions, the HTTP endpoint, the console) imports the core and the table and never
another door; the core and the table reach no discord, and nothing but the gateway imports it. Then the
consequence in real processes: ``call``, ``complete``, ``press``, ``console``, ``build`` and ``serve`` of
``python -m bot`` never load discord.py.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from tests.conftest import ROOT

#: The doors: each speaks one protocol. The gateway's extensions in cogs/ are part of the gateway door, the HTTP
#: endpoint's answering side (bot.serve_interactions) of the serve door.
DOORS = {
    "gateway": ("bot.gateway", "cogs"),
    "serve": ("bot.serve", "bot.serve_interactions"),
    "console": ("bot.console",),
}
CORE = ("bot.core",)
TABLE = ("bot.commands",)
#: The launcher starts one door (or a build); it is no door, and it imports each door only to start it.
LAUNCHER = ("bot.__main__", "bot.cli")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".")
    is_package = (ROOT / Path(*package) / "__init__.py").exists()
    base = package if is_package else package[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _imported(module: str, nodes: Iterable[ast.AST]) -> set[str]:
    """The modules the import statements among ``nodes`` of ``module`` name (``from a import b`` as ``a`` and
    ``a.b``)."""
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, node)
            found |= {base} | {f"{base}.{alias.name}" for alias in node.names}
    return found


@functools.cache
def syntax_tree(path: Path) -> ast.Module:
    """The parsed source of ``path``, read once per test process (the sources do not change during a run; no test
    changes a tree): the graph, the imports inside functions and the import paths of a name read the same ~290
    files, each parse ~1 ms of CPU."""
    return ast.parse(path.read_text(encoding="utf-8"))


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in the file (``from a import b`` as ``a`` and ``a.b``)."""
    return _imported(module_name(path), ast.walk(syntax_tree(path)))


@functools.cache
def project_graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(module → the project's modules it imports, module → the outside modules it imports). Read once per test
    process (the sources do not change during a run; the tests only read the graph, a changed copy is a new
    dict), not once for each of the four tests that check it."""
    files = sorted((ROOT / "bot").rglob("*.py")) + sorted((ROOT / "cogs").rglob("*.py"))
    modules = {module_name(p): p for p in files}
    inner: dict[str, set[str]] = {}
    outer: dict[str, set[str]] = {}
    for name, path in modules.items():
        imported = imports_of(path)
        inner[name] = {m for m in imported if m in modules and m != name}
        outer[name] = {m.split(".")[0] for m in imported if m.split(".")[0] not in ("bot", "cogs")}
    return inner, outer


def in_part(module: str, part: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in part)


def reach(graph: dict[str, set[str]], start: str) -> set[str]:
    """The modules ``start`` imports, directly or through others (not ``start`` itself unless in a circle)."""
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo += graph.get(module, set())
    return seen


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def door_of(module: str) -> str | None:
    return next((door for door, part in DOORS.items() if in_part(module, part)), None)


def test_the_graph_is_read_from_the_code():
    inner, outer = project_graph()
    # known edges, so an empty graph cannot pass the checks below
    assert "bot.core" in inner["bot.serve"] and "bot.commands" in inner["bot.console"]
    assert "bot.gateway.client" in inner["cogs.inline"]
    assert "discord" in outer["bot.gateway.client"] and "aiohttp" in outer["bot.serve"]


def test_no_circle_in_the_imports():
    inner, _ = project_graph()
    assert circles(inner) == []
    # the check finds one where there is one
    assert circles({**inner, "bot.core": inner["bot.core"] | {"bot.serve"}}) != []


def test_each_door_imports_the_core_and_the_table_and_never_another_door():
    inner, _ = project_graph()
    for door, part in DOORS.items():
        members = [m for m in inner if in_part(m, part)]
        assert members, door
        direct = set().union(*(inner[m] for m in members))
        assert any(in_part(m, CORE) for m in direct), f"{door} does not import the core"
        assert any(in_part(m, TABLE) for m in direct), f"{door} does not import the command table"
        for module in members:
            others = {m for m in reach(inner, module) if door_of(m) not in (None, door)}
            assert others == set(), f"{module} ({door}) reaches another door: {sorted(others)}"
    for module in inner:  # and below the doors, nothing runs back up to one
        if door_of(module) is None and not in_part(module, LAUNCHER):
            assert {m for m in reach(inner, module) if door_of(m)} == set(), module


def test_the_core_and_the_table_reach_no_discord():
    inner, outer = project_graph()
    for start in [m for m in inner if in_part(m, CORE) or in_part(m, TABLE)]:
        reached = {start} | reach(inner, start)
        assert not any("discord" in outer[m] for m in reached), start
    importers = sorted(m for m in inner if "discord" in outer[m])
    assert importers and all(door_of(m) == "gateway" for m in importers), importers


#: The answer layer: below the core and the command table, above everything else of bot/ (the store, the ranking,
#: the importer, the rules engines …), which never imports it.
ANSWERS = ("bot.answers",)


def layer(module: str) -> int:
    """The rank of ``module``'s layer, top first: the launcher 4, a door 3, the core and the command table 2, the
    answers 1, the rest of bot/ 0 (an importer among them: a build never runs an answer)."""
    if in_part(module, LAUNCHER):
        return 4
    if door_of(module) is not None:
        return 3
    return 2 if in_part(module, CORE) or in_part(module, TABLE) else 1 if in_part(module, ANSWERS) else 0


@functools.cache
def function_imports(path: Path) -> frozenset[str]:
    """The project's modules ``path`` imports inside a function (run at the call, not at the module's import);
    an import under ``TYPE_CHECKING`` is never run and not counted. Read once per test process, as the graph."""
    functions = [n for n in ast.walk(syntax_tree(path)) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return frozenset(_imported(module_name(path), (node for fn in functions for node in ast.walk(fn))))


#: The imports inside a function that run up a layer, each a circle of layers the module-level graph does not show
#: (the answers import the lower module, which imports an answer module at its call), left to be resolved by moving
#: what both need down: (module, imported module) → why it is not resolved yet.
UPWARD = {
    ("bot.metric_labels", "bot.commands"): "a metric's command label is checked against the table's commands (the "
                                           "table's names; metrics is imported by modules below the table)",
    ("bot.importer.mentioned_offers", "bot.answers.name_notes"): "not_a_card, /karte's refusal of a non-card (the "
                                                                 "mechanics finder of /mechanik)",
}


def upward_function_imports(layers: Callable[[str], int] = layer) -> set[tuple[str, str]]:
    """(module, imported module) of every import inside a function of bot/ and cogs/ into a higher layer."""
    inner, _ = project_graph()
    files = sorted((ROOT / "bot").rglob("*.py")) + sorted((ROOT / "cogs").rglob("*.py"))
    return {(module_name(p), m) for p in files for m in function_imports(p)
            if m in inner and layers(m) > layers(module_name(p))}


def test_no_new_import_inside_a_function_runs_up_a_layer():
    """Seen red with UPWARD empty (the nine of then) and with a function of bot/store importing
    bot.answers.registry. Resolved 2026-12-07: bot.rule_siblings read 003's numbers through the answers' rule
    catalogue (moved down to bot/rule_catalog.py, as it imports nothing of the answers); the registry's table of
    answers and actions and the answers' context (moved down to bot/answer_table.py: the checks of a button's
    arguments, the metrics' button labels and the build's lookups read them without importing an answer); /karte's
    lookup of a name the documents only mention (moved down to bot/name_mentions.py with what it reads,
    bot/name_offers.py and 003's entry names, bot/explanation_naming.py: the build's offers run it)."""
    assert upward_function_imports() == set(UPWARD)
    # the check sees an import inside a function: the launcher's of the console door, one layer down from it
    assert ("bot.cli", "bot.console") not in upward_function_imports()
    assert ("bot.cli", "bot.console") in upward_function_imports(lambda m: -layer(m))


# --- the consequence in real processes -----------------------------------------------------------------------

#: Runs ``python -m bot ARGS`` and writes the discord modules it loaded, at exit, to REGELBOT_MODULES_OUT (serve).
RUNNER = (
    "import atexit, json, os, runpy, sys\n"
    "def _written():\n"
    "    loaded = sorted(m for m in sys.modules if m == 'discord' or m.startswith('discord.'))\n"
    "    with open(os.environ['REGELBOT_MODULES_OUT'], 'w') as f:\n"
    "        json.dump(loaded, f)\n"
    "atexit.register(_written)\n"
    "sys.argv = ['bot', *sys.argv[1:]]\n"
    "runpy.run_module('bot', run_name='__main__', alter_sys=True)\n"
)


def _env(db: Path, out: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "DEV_GUILD_ID", "PYTHONPATH"}}
    env.update(DISCORD_TOKEN="", REGELBOT_DB=str(db), REGELBOT_MODULES_OUT=str(out),
               DISCORD_PUBLIC_KEY="ab" * 32)
    return env


#: The offline commands run one after the other in ONE process (:data:`SEQUENCE`), as ``python -m bot ARGS``
#: would run each: ``main(ARGS)`` with its own ``REGELBOT_DB`` and stdin; after each, the discord modules loaded so
#: far are written down. What the checks look at is ``sys.modules`` of a real process, as before; one start instead
#: of five. A command that loads discord.py fails its own check and every later one (they share the process).
SEQUENCE_RUNNER = (
    "import io, json, os, sys\n"
    "from bot.__main__ import main\n"
    "seen = {}\n"
    "for name, args, db, stdin in json.loads(os.environ['REGELBOT_SEQUENCE']):\n"
    "    os.environ['REGELBOT_DB'] = db\n"
    "    sys.stdin = io.StringIO(stdin)\n"
    "    try:\n"
    "        code = main(args)\n"
    "    except SystemExit as exc:\n"
    "        code = exc.code\n"
    "    seen[name] = [code, sorted(m for m in sys.modules if m == 'discord' or m.startswith('discord.'))]\n"
    "with open(os.environ['REGELBOT_MODULES_OUT'], 'w') as f:\n"
    "    json.dump(seen, f)\n"
)
#: name → (arguments, stdin); the build gets a new store of its own (``None``: the session store).
SEQUENCE = {
    "call": (["call", "/karte name: Boros-Rekrut", "--json"], ""),
    "complete": (["complete", "/karte name", "boros"], ""),
    "press": (["press", "rb:rulings:20"], ""),
    "console": (["console"], "/mana info kosten: {2}{G/W}\nende\n"),
    "build": (["build", "--db", "{new}"], ""),
}


@pytest.fixture(scope="module")
def offline_commands(built_db: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list]:
    """Exit code and discord modules loaded after each command of :data:`SEQUENCE`, run in one new process."""
    folder = tmp_path_factory.mktemp("doors")
    new, out = folder / "neu.sqlite3", folder / "modules.json"
    sequence = [(name, [str(new) if a == "{new}" else a for a in args], str(new if name == "build" else built_db),
                 stdin) for name, (args, stdin) in SEQUENCE.items()]
    env = _env(built_db, out) | {"REGELBOT_SEQUENCE": json.dumps(sequence)}
    proc = subprocess.run([sys.executable, "-c", SEQUENCE_RUNNER], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(out.read_text())


@pytest.mark.parametrize("name", ["call", "complete", "press", "console"])
def test_the_console_door_never_loads_discord(offline_commands, name):
    assert offline_commands[name] == [0, []]


def test_build_never_loads_discord(offline_commands):
    assert offline_commands["build"] == [0, []]


def test_serve_never_loads_discord(built_db, tmp_path):
    out = tmp_path / "modules.json"
    proc = subprocess.Popen([sys.executable, "-c", RUNNER, "serve", "--port", "0"], cwd=ROOT,
                            env=_env(built_db, out), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        assert proc.stderr is not None
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            if "HTTP-Endpunkt bereit" in line or not line:
                break
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(60) == 0
    finally:
        proc.kill()
        proc.wait()
    assert json.loads(out.read_text()) == []


def test_the_gateway_door_loads_discord(built_db, tmp_path):
    """The same look at ``sys.modules`` sees discord.py where it is loaded: in a process with the gateway."""
    out = tmp_path / "modules.json"
    code = ("import sys, json, os; import bot.gateway.client\n"
            "json.dump(sorted(m for m in sys.modules if m.startswith('discord')), "
            "open(os.environ['REGELBOT_MODULES_OUT'], 'w'))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(built_db, out), capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "discord" in json.loads(out.read_text())


def test_a_name_is_imported_from_the_module_that_defines_it():
    # german_int (German thousands separators) lives in bot.text; no module takes it through a package that merely
    # imported it (bot.rules.mana, its symbols module), so each helper has one import path
    found = []
    for path in sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]):
        for node in ast.walk(syntax_tree(path)):
            if isinstance(node, ast.ImportFrom) and any(a.name == "german_int" for a in node.names):
                found.append((module_name(path), _resolve(module_name(path), node)))
            if isinstance(node, ast.Attribute) and node.attr == "german_int":
                found.append((module_name(path), "attribute"))
    assert len(found) >= 10 and {origin for _, origin in found} == {"bot.text"}, found


def test_no_module_imports_another_modules_private_name():
    """A name with a leading underscore is its module's own: a reader two modules share is public, with its docstring
    (``bot.definitions.subject_terms``, ``bot.answers.off_topic.typed_groups``). Seen red on 2026-12-08 with the seven
    of then (``bot.headwords`` importing ``bot.definitions._NOT_A_SUBJECT``, ``bot.answers.asked_words`` importing
    ``bot.answers.off_topic._typed_groups``, ``bot.namedata`` importing ``bot.text._SEPARATORS`` …)."""
    found = set()
    for path in sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]):
        module = module_name(path)
        for node in ast.walk(syntax_tree(path)):
            if isinstance(node, ast.ImportFrom) and _resolve(module, node).startswith(("bot", "cogs")):
                found |= {(module, _resolve(module, node), a.name) for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")}
    assert found == set(), sorted(found)
