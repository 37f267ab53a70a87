"""What a process imports: a one-shot command what its command needs, a door that stays up everything at start.

The command table names answers, completers and message readers by place (``"bot.answers.cards:card_answer"``,
:func:`bot.commands.spec.resolve`), the button actions' modules are listed in
:data:`bot.answers.registry.ACTION_MODULES`, and :mod:`bot.rules.mana`, ``regex``, tenacity and python-dotenv are
imported at their first use (python-json-logger only under ``LOG_FORMAT=json``):
``python -m bot call '/karte …'`` then costs less than ``python -c 'import discord'``
(bench/bench_startup.py). Checked here in real processes (``sys.modules`` after the command), and that the console,
like ``run`` and ``serve`` (:meth:`bot.commands.Table.warm`), imports everything before its first line.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.answers import ACTIONS, chat, load_all
from bot.answers.registry import ACTION_MODULES
from bot.commands import TABLE
from tests.conftest import ROOT

#: Runs ``main(ARGS)`` of ``python -m bot`` in a new process and prints the exit code, the output and the modules
#: of the project and of the libraries imported lazily that the process holds afterwards, as JSON on stderr.
RUNNER = (
    "import contextlib, io, json, os, sys\n"
    "from bot.__main__ import main\n"
    "out = io.StringIO()\n"
    "with contextlib.redirect_stdout(out):\n"
    "    code = main(json.loads(os.environ['REGELBOT_ARGS']))\n"
    "lazy = ('bot.', 'regex', 'tenacity', 'dotenv', 'platformdirs', 'pythonjsonlogger')\n"
    "loaded = sorted(m for m in sys.modules if m.startswith(lazy))\n"
    "print(json.dumps([code, out.getvalue(), loaded]), file=sys.stderr)\n"
)

#: The answer modules of other commands than ``/karte`` and its buttons (the mechanic's), what only they use, and
#: what a checkout without a settings file does not need (platformdirs: its state is in data/).
NOT_FOR_A_CARD = [
    "bot.answers.questions", "bot.answers.rules", "bot.answers.rulings", "bot.answers.terms", "bot.answers.official",
    "bot.answers.mana", "bot.answers.calc_words", "bot.answers.clash", "bot.answers.chat", "bot.answers.meta",
    "bot.ranking", "bot.rules.mana.convoke", "bot.rules.mana.payment", "bot.rules.mana.total",
    "bot.rules.mana.upkeep", "bot.rules.clash", "regex", "tenacity", "platformdirs",
    "bot.log_json", "pythonjsonlogger",  # the JSON log lines only under LOG_FORMAT=json
    *([] if (ROOT / ".env").is_file() else ["dotenv"]),  # a checkout's own settings file is read with it
]


def run_main(db: Path, args: list[str], stdin: str = "") -> tuple[int, str, set[str]]:
    """(exit code, output, modules loaded) of ``python -m bot ARGS`` on the store ``db``, in a new process."""
    env = {k: v for k, v in os.environ.items() if k not in {"LOG_LEVEL", "PYTHONPATH", "REGELBOT_ENV_FILE"}}
    env.update(DISCORD_TOKEN="", REGELBOT_DB=str(db), REGELBOT_ARGS=json.dumps(args))
    proc = subprocess.run([sys.executable, "-c", RUNNER], cwd=ROOT, env=env, input=stdin, capture_output=True,
                          text=True, timeout=120)
    code, out, loaded = json.loads(proc.stderr.strip().splitlines()[-1])
    return code, out, set(loaded)


def answer_modules() -> set[str]:
    """Every module of the answer layer, found by walking its folder."""
    return {f"bot.answers.{p.stem}" for p in (ROOT / "bot" / "answers").glob("*.py") if p.stem != "__init__"}


def test_a_card_imports_its_answer_and_its_buttons_actions_only(built_db):
    code, out, loaded = run_main(built_db, ["call", "/karte name: Boros-Rekrut"])
    assert code == 0
    assert out.startswith("== Boros-Rekrut ==\n") and "{R/W} · Kreatur — Goblin, Soldat · 1/1" in out
    assert "[Mechanik anzeigen] (rb:mechanic:" in out  # its button's id, checked against the action's argument
    assert {"bot.answers.cards", "bot.answers.mechanics", "bot.rules.mana.value"} <= loaded
    assert sorted(set(NOT_FOR_A_CARD) & loaded) == []


def test_a_completion_imports_its_completer_only(built_db):
    code, out, loaded = run_main(built_db, ["complete", "/karte name", "boros"])
    assert (code, out.splitlines()[0]) == (0, "Boros-Rekrut")
    assert "bot.answers.card_picks" in loaded  # the card names' completer, which /karte name's uses
    assert sorted(set(NOT_FOR_A_CARD) & loaded) == []


def test_a_button_of_another_command_imports_its_module(built_db):
    """``press`` of a ``/ruling`` button: the action's module from :data:`ACTION_MODULES`."""
    code, out, loaded = run_main(built_db, ["press", "rb:rulings:20"])
    assert code == 0 and "bot.answers.rulings" in loaded
    assert out.startswith("== Rulings: ")


def test_the_console_imports_everything_before_its_first_line(built_db):
    """As ``run`` and ``serve`` do at start (:meth:`bot.commands.Table.warm`): no first answer waits for an import."""
    code, _out, loaded = run_main(built_db, ["console"], stdin="ende\n")
    assert code == 0
    assert sorted(answer_modules() - loaded) == []
    assert {"bot.rules.mana.convoke", "bot.rules.mana.payment", "bot.rules.mana.total", "bot.rules.mana.upkeep",
            "regex"} <= loaded


def test_every_button_action_is_listed_with_its_module():
    load_all()
    assert {key: fn.__module__.rpartition(".")[2] for key, fn in ACTIONS.items()} == ACTION_MODULES


def test_every_place_in_the_table_names_a_function():
    # 14 commands, 14 options with a completer (/karte 1, /ruling 2, /regel 1, /mechanik 1, /mana 5, /fehde 4),
    # the menu's answer and its reader: what Table.warm looks up before a door's first interaction
    assert TABLE.resolve_all() == 30
    menu = TABLE.menu("Explain cards")
    assert menu is not None
    assert (menu.answer, menu.options) == (chat.explain_cards, chat.explain_options)
    for leaf in TABLE.leaves:
        assert callable(leaf.command.answer), leaf.path
        for option in leaf.command.all_options:
            assert (option.completer is None) == (option.completer_at is None), (leaf.path, option.param)


@pytest.mark.parametrize("name", ["convoke", "parse_creatures", "total_cost", "card_costs", "ManaCost"])
def test_the_mana_package_gives_each_name_from_its_submodule(name):
    mana = importlib.import_module("bot.rules.mana")
    submodule = importlib.import_module(f"bot.rules.mana.{mana._WHERE[name]}")
    assert getattr(mana, name) is getattr(submodule, name)
    assert callable(mana.convoke)  # the function, not the submodule of the same name the import put there


def test_the_mana_package_lists_every_name_it_exports():
    mana = importlib.import_module("bot.rules.mana")
    assert sorted(mana._WHERE) == sorted(mana.__all__)
    for name in mana.__all__:
        assert getattr(importlib.import_module(f"bot.rules.mana.{mana._WHERE[name]}"), name) is getattr(mana, name)
    with pytest.raises(AttributeError):
        _ = mana.no_such_name
