"""The table of what the answer layer registers: wire key → answer, completer label → completer, wire key → button
action, and the context every answer takes (:class:`AnswerContext`).

The answer modules (:mod:`bot.answers`) fill :data:`ANSWERS`, :data:`COMPLETERS` and :data:`ACTIONS` as they are
imported (``@answer("card")``, ``@completer("card_names")``, ``@action("rulings")``: see
:mod:`bot.answers.registry`, which runs them). The table lives below the answer layer so that what reads it without
being an answer — the checks of a button's arguments (:mod:`bot.declared_args`), the metrics' labels
(:mod:`bot.metric_labels`), the build's lookups of names (:mod:`bot.importer.english_offers`) — imports it without
importing an answer module. A key not registered yet imports its answer module by name (:func:`registered`:
:data:`ACTION_MODULES`, else every module of the package :data:`ANSWER_PACKAGE`, :func:`load_all`), as the command
table imports an answer by its place (:func:`bot.commands.spec.resolve`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from bot.reply import Choice, Reply

if TYPE_CHECKING:
    from bot.search import NameIndex
    from bot.store import Store

AnswerFn = Callable[..., Awaitable[Reply]]
CompleterFn = Callable[..., "list[Choice] | Awaitable[list[Choice]]"]
ActionFn = Callable[..., Awaitable[Reply]]

F = TypeVar("F", bound=Callable[..., Any])

#: custom_id wire key → answer (``/card:…`` runs ``ANSWERS["card"]``).
ANSWERS: dict[str, AnswerFn] = {}
#: label → completer (registered for duplicate checks; callers hold the function itself).
COMPLETERS: dict[str, CompleterFn] = {}
#: custom_id wire key → button action (``rb:rulings:20`` runs ``ACTIONS["rulings"]``).
ACTIONS: dict[str, ActionFn] = {}

#: The package of the answer layer, whose modules register into the tables above when imported.
ANSWER_PACKAGE = "bot.answers"
#: Its folder (walked by :func:`load_all`: a new module needs no list entry).
ANSWER_FOLDER = Path(__file__).parent / "answers"

#: Whether :func:`load_all` has imported every module of the answer layer.
_ALL_LOADED = False


def load_all() -> None:
    """Import every module of the answer layer (:data:`ANSWER_PACKAGE`), which registers all their answers,
    completers and button actions: what the doors that stay up (``run``, ``serve``, ``console``) do at start
    (:meth:`bot.commands.Table.warm`), and :func:`registered` at the first key it does not know. The modules are
    found by walking the package's folder (a new module needs no list entry); a one-shot command imports only
    the modules its command names (:func:`bot.commands.spec.resolve`).

    Raises:
        ImportError: a module cannot be imported (a programming error).
    """
    global _ALL_LOADED
    if _ALL_LOADED:
        return
    for info in pkgutil.iter_modules([str(ANSWER_FOLDER)], f"{ANSWER_PACKAGE}."):
        importlib.import_module(info.name)
    _ALL_LOADED = True


#: Button action key (``@action``) → the module of the answer package that registers it. Every reply's buttons are
#: checked against their actions' declared arguments when the reply is shown (:func:`bot.custom_id.encode_target`):
#: with this table a one-shot ``call`` imports the modules of its buttons' actions, not every answer module.
#: tests/test_lazy_imports.py checks it against what :func:`load_all` registers (a new action missing here would
#: still work, by importing every module).
ACTION_MODULES = {
    "calc": "calc_choices",
    "card": "cards",
    "cr_rule": "official",
    "english": "official",
    "mechanic": "mechanics",
    "mechanic_pick": "mechanics",
    "mechanic_text": "mechanics",
    "passage": "questions",
    "rule": "rules",
    "rulex": "rules",
    "term": "rules",
    "rulings": "rulings",
    "split": "chat",
}


def registered(table: dict[str, Any], key: str) -> Any | None:
    """``table[key]`` (:data:`ANSWERS` or :data:`ACTIONS`), or None when no module registers ``key``. A key not
    registered yet (its module not imported in this process: a button of an answer of another command) imports
    its module (:data:`ACTION_MODULES`), else every answer module once (:func:`load_all`), and is looked up
    again.

    Raises:
        ImportError: an answer module cannot be imported (a programming error).
    """
    found = table.get(key)
    if found is None and table is ACTIONS and key in ACTION_MODULES:
        importlib.import_module(f"{ANSWER_PACKAGE}.{ACTION_MODULES[key]}")
        found = table.get(key)
    if found is None and not _ALL_LOADED:
        load_all()
        found = table.get(key)
    return found


@dataclass
class AnswerContext:
    """What answers need: the open store and the in-memory name index built from it."""

    store: Store
    names: NameIndex


def _register(table: dict[str, Any], key: str) -> Callable[[Any], Any]:
    def deco(fn: Any) -> Any:
        if key in table:
            raise RuntimeError(f"duplicate registration {key!r}")
        table[key] = fn
        return fn

    return deco


def answer(key: str) -> Callable[[F], F]:
    """Register an answer under ``key`` (custom_id ``/key:…``); the function is returned unchanged.

    Raises:
        RuntimeError: ``key`` is registered already (at the decorated module's import).
    """
    return _register(ANSWERS, key)


#: Answer function → the key :func:`answer_key` found it under (checked against :data:`ANSWERS` on every use).
_ANSWER_KEYS: dict[AnswerFn, str] = {}


def answer_key(fn: AnswerFn) -> str:
    """The custom_id key under which ``fn`` was registered with :func:`answer` (``card_answer`` → ``"card"``).

    Raises:
        KeyError: ``fn`` is not a registered answer (a programming error).
    """
    key = _ANSWER_KEYS.get(fn)
    if key is not None and ANSWERS.get(key) is fn:  # registered under it, still: every command asks once
        return key
    for key, registered in ANSWERS.items():
        if registered is fn:
            _ANSWER_KEYS[fn] = key
            return key
    raise KeyError(f"not a registered answer: {getattr(fn, '__qualname__', fn)!r}")


def completer(key: str) -> Callable[[F], F]:
    """Register an autocomplete source under ``key``; the function is returned unchanged.

    Raises:
        RuntimeError: ``key`` is registered already.
    """
    return _register(COMPLETERS, key)


def action(key: str) -> Callable[[F], F]:
    """Register a button action under ``key`` (custom_id ``rb:<key>:<arg>``); the function is returned unchanged.

    Raises:
        RuntimeError: ``key`` is registered already.
    """
    return _register(ACTIONS, key)
