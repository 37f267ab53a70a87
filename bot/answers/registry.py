"""Registry of answers, autocomplete sources and button actions.

Answer modules register their functions with the decorators below; the cogs and the
console look them up by key, so Discord and the command line run exactly the same code.

* ``@answer("card")``: ``async def f(ctx: AnswerContext, **options) -> Reply``; the key is
  what a slash command names in ``extras={"answer": "card"}``.
* ``@completer("card_names")``: ``def f(ctx, current: str) -> list[Choice]`` (sync, from
  memory: autocomplete must answer within Discord's 3 seconds) or ``async def``.
* ``@action("rulings")``: ``async def f(ctx, arg: str) -> Reply`` for buttons whose
  custom_id is ``rb:rulings:<arg>``.
"""

from __future__ import annotations

import inspect
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from bot.reply import CHOICE_NAME_MAX, CHOICE_VALUE_MAX, CHOICES_MAX, Action, Choice, Reply

if TYPE_CHECKING:
    from bot.search import NameIndex
    from bot.store import Store

log = logging.getLogger(__name__)

AnswerFn = Callable[..., Awaitable[Reply]]
CompleterFn = Callable[..., "list[Choice] | Awaitable[list[Choice]]"]
ActionFn = Callable[..., Awaitable[Reply]]

F = TypeVar("F", bound=Callable[..., Any])

ANSWERS: dict[str, AnswerFn] = {}
COMPLETERS: dict[str, CompleterFn] = {}
ACTIONS: dict[str, ActionFn] = {}


def parse_id(arg: str) -> int | None:
    """A button argument as a row id: 1–12 ASCII digits (``"²"``, ``"٣"``, ``"-1"`` are not ids), else None."""
    return int(arg) if re.fullmatch(r"[0-9]{1,12}", arg) else None


class UserError(Exception):
    """Bad input from a user. ``title``/``body`` are German and shown as an ephemeral reply.

    ``choices`` are the candidates of a "Meintest du: …" (buttons or a select menu that answer directly).
    """

    def __init__(self, title: str, body: str = "", choices: list[Action] | None = None) -> None:
        super().__init__(title)
        self.title = title
        self.body = body
        self.choices = list(choices or [])


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
    """Register an answer under ``key`` (see module docstring); the function is returned unchanged."""
    return _register(ANSWERS, key)


def completer(key: str) -> Callable[[F], F]:
    """Register an autocomplete source under ``key``; the function is returned unchanged."""
    return _register(COMPLETERS, key)


def action(key: str) -> Callable[[F], F]:
    """Register a button action under ``key`` (custom_id ``rb:<key>:<arg>``); the function is returned unchanged."""
    return _register(ACTIONS, key)


async def run_answer(ctx: AnswerContext, key: str, **options: Any) -> Reply:
    """Run the answer ``key`` with ``options``; a :class:`UserError` becomes an error reply.

    Raises:
        KeyError: no answer is registered under ``key`` (a programming error).
    """
    fn = ANSWERS[key]
    try:
        return await fn(ctx, **options)
    except UserError as exc:
        return Reply.fail(exc.title, exc.body, choices=exc.choices)


async def run_action(ctx: AnswerContext, key: str, arg: str) -> Reply:
    """Run the button action ``key`` with ``arg``; unknown actions give a German error reply."""
    fn = ACTIONS.get(key)
    if fn is None:
        return Reply.fail("Unbekannte Schaltfläche", "Diese Schaltfläche gehört zu einer älteren Version des Bots.")
    try:
        return await fn(ctx, arg)
    except UserError as exc:
        return Reply.fail(exc.title, exc.body, choices=exc.choices)


async def run_completer(ctx: AnswerContext, key: str, current: str) -> list[Choice]:
    """Run the autocomplete source ``key``; returns ≤ 25 choices, names and values ≤ 100 chars."""
    fn = COMPLETERS[key]
    result = fn(ctx, current)
    if inspect.isawaitable(result):
        result = await result
    out: list[Choice] = []
    for choice in result[:CHOICES_MAX]:
        name = choice.name if len(choice.name) <= CHOICE_NAME_MAX else choice.name[: CHOICE_NAME_MAX - 1] + "…"
        value = choice.value[:CHOICE_VALUE_MAX]
        out.append(Choice(name=name, value=value))
    return out
