"""discord.py is pinned to the minor version whose private parts the bot uses (``bot/internals.py``): every one
of them is there in the installed version, the check names what is missing, and the list covers every
private name the code of ``bot/`` and ``cogs/`` reaches for."""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import discord

from bot.internals import INTERNALS, Internal, code_names, problems
from tests.conftest import ROOT

#: Private names of the standard library the bot uses on purpose (not discord.py's or aiohttp's).
STDLIB_PRIVATE = {
    "_exit",  # os._exit after a second Ctrl+C
    "_positionals", "_optionals",  # argparse's argument groups, given German titles
}
#: A name-mangled attribute of another class: ``_AutoShardedClient__queue``.
MANGLED = re.compile(r"_[A-Z]\w*__\w+")


def test_every_private_name_is_there_in_the_installed_discord_py():
    missing = problems()
    assert not missing, "discord.py-Interna fehlen:\n" + "\n".join(missing)


def test_a_missing_attribute_parameter_or_use_is_named():
    fake = [
        Internal("discord.InteractionResponse", "_response_kind", "Antwortzustand"),
        Internal("discord.shard.Shard", "__init__", "Shard anlegen", params=("ws", "dispatch")),
        Internal("discord.shard.AutoShardedClient", "launch_shard", "Kopie", uses=("Shard", "ShardLauncher")),
        Internal("discord.shards", "Shard", "Modul"),
    ]
    lines = problems(fake)
    version = discord.__version__
    assert lines == [
        f"discord.py {version}: discord.InteractionResponse._response_kind fehlt (gebraucht für: Antwortzustand)",
        f"discord.py {version}: discord.shard.Shard.__init__() hat keinen Parameter 'dispatch' mehr "
        "(gebraucht für: Shard anlegen)",
        f"discord.py {version}: discord.shard.AutoShardedClient.launch_shard benutzt 'ShardLauncher' nicht mehr: "
        "die Kopie im Bot prüfen (Kopie)",
        "discord.py " + version + ": discord.shards fehlt (gebraucht für Shard: Modul)",
    ]


def test_instance_attributes_are_found_in_the_code_that_sets_them():
    # set in __init__ only (no class attribute): found through the compiled names, mangled as Python does
    from discord.shard import AutoShardedClient
    from discord.state import ConnectionState

    assert not hasattr(ConnectionState, "parsers") and "parsers" in code_names(ConnectionState)
    assert "_AutoShardedClient__queue" in code_names(AutoShardedClient)
    assert "__queue" not in code_names(AutoShardedClient)


def _sources() -> Iterator[tuple[Path, ast.Module]]:
    for folder in ("bot", "cogs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _on_self(node: ast.Attribute) -> bool:
    return isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"}


def _defined_here(trees: list[ast.Module]) -> set[str]:
    """Private names the bot defines itself: attributes it assigns to ``self``/``cls``, functions, classes,
    module names (an assignment to another object's private attribute defines nothing)."""
    defined: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _on_self(node):
                defined.add(node.attr)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                defined.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                defined.add(node.id)
            elif isinstance(node, ast.alias):
                defined.add((node.asname or node.name).split(".")[0])
    return defined - {m for m in defined if MANGLED.fullmatch(m)}


def private_uses() -> dict[str, str]:
    """Every private name of another library the code of bot/ and cogs/ uses, with where (file:line): an
    attribute of something other than ``self``/``cls``, a private attribute of ``self`` that the bot never
    sets or defines, or a name-mangled attribute of another class (also as a string)."""
    sources = list(_sources())
    defined = _defined_here([tree for _, tree in sources])
    uses: dict[str, str] = {}
    for path, tree in sources:
        for node in ast.walk(tree):
            name = None
            if isinstance(node, ast.Attribute) and _is_private(node.attr):
                if MANGLED.fullmatch(node.attr) or node.attr not in defined or not _on_self(node):
                    name = node.attr
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and MANGLED.fullmatch(node.value):
                name = node.value
            if name and name not in STDLIB_PRIVATE:
                uses.setdefault(name, f"{path.relative_to(ROOT)}:{node.lineno}")
    return uses


def test_the_list_names_every_private_name_the_bot_uses():
    listed = {item.name for item in INTERNALS} | {name for item in INTERNALS for name in item.uses}
    uses = private_uses()
    assert {"_connection", "_response_type", "_HTTPClient__session", "_AutoShardedClient__queue",
            "_AutoShardedClient__shards", "_state", "_session"} <= set(uses)
    unlisted = {name: where for name, where in uses.items() if name not in listed}
    assert not unlisted, f"private Namen ohne Eintrag in bot/internals.py INTERNALS: {unlisted}"


def test_discord_py_is_pinned_to_one_minor_version_and_aiohttp_declared():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    deps = {re.split(r"[<>=!~ ;\[]", d, maxsplit=1)[0].lower(): d for d in project["dependencies"]}
    major, minor = discord.version_info.major, discord.version_info.minor
    assert deps["discord.py"].replace(" ", "") == f"discord.py>={major}.{minor},<{major}.{minor + 1}"
    assert "aiohttp" in deps and "<4" in deps["aiohttp"]
    for spec in deps.values():  # every dependency bounded on both sides
        assert ">=" in spec and "<" in spec.replace("<=", ""), spec
