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
import math
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from bot.errors import UserError
from bot.reply import CHOICE_NAME_MAX, CHOICE_VALUE_MAX, CHOICES_MAX, Choice, Reply

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


#: Longest run of digits accepted in any text option: every number the bot reads (counts, mana, rule
#: numbers, ids) is far shorter; longer runs are refused before any work (Python refuses to convert
#: more than 4 300 digits, and big numbers make work big).
MAX_DIGITS = 30
#: Longest text Discord sends in a string option (its limit for the whole message).
MAX_TEXT = 6000
#: Integer options: Discord's own range (JSON numbers are exact to 2**53).
MAX_INT = 2**53
_DIGIT_RUN = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """``text`` cut to :data:`MAX_TEXT` characters with lone surrogates (which SQLite and UTF-8 cannot
    take) replaced by U+FFFD."""
    return _SURROGATE.sub("\ufffd", text[:MAX_TEXT])


def normalise_options(options: dict[str, Any]) -> dict[str, Any]:
    """Bound every option before an answer sees it (one step for all commands, buttons and the console).

    Text: cut to :data:`MAX_TEXT`, lone surrogates replaced; a run of more than :data:`MAX_DIGITS`
    digits is refused (Unicode digits too, ``"٣"``). Integers outside ±2**53 and non-finite numbers are
    refused. Returns a new dict.

    Raises:
        UserError: German message naming the limit.
    """
    out: dict[str, Any] = {}
    for name, value in options.items():
        if isinstance(value, str):
            value = clean_text(value)
            if _DIGIT_RUN.search(value):
                raise UserError("Zahl zu lang", f"Zahlen mit mehr als {MAX_DIGITS} Ziffern werden nicht angenommen.")
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            if not -MAX_INT <= value <= MAX_INT:
                raise UserError("Zahl zu groß", f"Zahlen zwischen -{MAX_INT} und {MAX_INT} sind möglich.")
        elif isinstance(value, float) and not math.isfinite(value):
            raise UserError("Ungültige Zahl", "Bitte eine endliche Zahl angeben.")
        out[name] = value
    return out


async def run_answer(ctx: AnswerContext, key: str, **options: Any) -> Reply:
    """Run the answer ``key`` with ``options`` (bounded first by :func:`normalise_options`); a
    :class:`UserError` becomes an error reply.

    Raises:
        KeyError: no answer is registered under ``key`` (a programming error).
    """
    fn = ANSWERS[key]
    try:
        return await fn(ctx, **normalise_options(options))
    except UserError as exc:
        return Reply.fail(exc.title, exc.body, choices=exc.choices)


async def run_action(ctx: AnswerContext, key: str, arg: str) -> Reply:
    """Run the button action ``key`` with ``arg``; unknown actions give a German error reply."""
    fn = ACTIONS.get(key)
    if fn is None:
        return Reply.fail("Unbekannte Schaltfläche", "Diese Schaltfläche gehört zu einer älteren Version des Bots.")
    try:
        return await fn(ctx, normalise_options({"arg": arg})["arg"])
    except UserError as exc:
        return Reply.fail(exc.title, exc.body, choices=exc.choices)


async def run_completer(ctx: AnswerContext, key: str, current: str) -> list[Choice]:
    """Run the autocomplete source ``key``; returns ≤ 25 choices, names and values ≤ 100 chars."""
    fn = COMPLETERS[key]
    try:
        current = normalise_options({"current": current})["current"]
    except UserError:  # nothing sensible to suggest for such input
        return []
    result = fn(ctx, current)
    if inspect.isawaitable(result):
        result = await result
    out: list[Choice] = []
    for choice in result[:CHOICES_MAX]:
        name = choice.name if len(choice.name) <= CHOICE_NAME_MAX else choice.name[: CHOICE_NAME_MAX - 1] + "…"
        value = choice.value[:CHOICE_VALUE_MAX]
        out.append(Choice(name=name, value=value))
    return out
