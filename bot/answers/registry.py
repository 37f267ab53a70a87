"""Registry of answers, autocomplete sources and button actions: how they are registered and run.

The command table (:mod:`bot.commands`), which the gateway, the console and the HTTP endpoint read, refers
to answers and completers by their place (``Command(…, "bot.answers.cards:card_answer", [Option(…,
completer_at=CARD_NAMES)])``, :func:`bot.commands.spec.resolve`) and imports their module at the first use, so
Discord and the command line run exactly the same code and a one-shot command imports only its own answer
module. The custom_id wire format (``rb:<action>:…``, ``rb:pg:…:/card:…``, :mod:`bot.custom_id`) names them by a
string; :data:`~bot.answer_table.ANSWERS` and :data:`~bot.answer_table.ACTIONS` are the one table from those wire
keys to functions, filled as the modules are imported (:func:`~bot.answer_table.registered` imports the module of
a key not yet known: :data:`~bot.answer_table.ACTION_MODULES`, else every module,
:func:`~bot.answer_table.load_all`). The table and the decorators live in :mod:`bot.answer_table`, below the answer
layer, so that modules below it read the table without importing an answer; they are named here too, as the
answer modules import them.

* ``@answer("card")``: ``async def f(ctx: AnswerContext, **options) -> Reply``; ``"card"`` is its
  key in custom_ids (``/card:…``); :func:`answer_key` gives the key of a function.
* ``@completer("card_names")``: ``def f(ctx, current: str) -> list[Choice]`` (sync, from
  memory: autocomplete must answer within Discord's 3 seconds) or ``async def``. The string is a
  label for logs and duplicate checks only; nothing looks completers up by it.
* ``@action("rulings")``: ``async def f(ctx, arg: str) -> Reply`` for buttons whose
  custom_id is ``rb:rulings:<arg>``.
"""

from __future__ import annotations

import inspect
import logging
import math
import re
import unicodedata
from typing import Any

from bot.answer_table import (
    ACTION_MODULES,
    ACTIONS,
    ANSWERS,
    COMPLETERS,
    ActionFn,
    AnswerContext,
    AnswerFn,
    CompleterFn,
    action,
    answer,
    answer_key,
    completer,
    load_all,
    registered,
)
from bot.errors import UserError
from bot.reply import CHOICE_NAME_MAX, CHOICE_VALUE_MAX, CHOICES_MAX, Choice, Reply, cut_units, utf16_len, without_emoji
from bot.text import clean, german_int

log = logging.getLogger(__name__)

#: What a press of a button the bot cannot read answers (a forged or damaged custom_id, or one of a bot version
#: whose buttons this one no longer has): title and text of the German error reply.
UNKNOWN_BUTTON_TITLE = "Unbekannte Schaltfläche"
UNKNOWN_BUTTON_TEXT = (
    "Diesen Knopf kennt der Bot nicht: Er ist beschädigt oder stammt von einer älteren Version des Bots. "
    "Bitte den Befehl erneut ausführen."
)


def parse_id(arg: str) -> int | None:
    """A button argument as a row id: 1–12 ASCII digits as ``str(id)`` writes them (``"²"``, ``"٣"``, ``"-1"``,
    ``"014"`` are not ids: the bot never writes them), else None."""
    return int(arg) if re.fullmatch(r"[1-9][0-9]{0,11}", arg) else None


#: Longest run of digits accepted in any text option: every number the bot reads (counts, mana, rule
#: numbers, ids) is far shorter; longer runs are refused before any work (Python refuses to convert
#: more than 4 300 digits, and big numbers make work big).
MAX_DIGITS = 30
#: Longest text Discord sends in a string option (its limit for the whole message).
MAX_TEXT = 6000
#: Integer options: Discord's own range (JSON numbers are exact to 2**53).
MAX_INT = 2**53
_DIGIT_RUN = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
_DIGIT = re.compile(r"\d")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """``text`` cut to :data:`MAX_TEXT` characters with lone surrogates (which SQLite and UTF-8 cannot
    take) replaced by U+FFFD. The text is searched for surrogates only when it does not encode as UTF-8 (an
    encoding is a few µs for 6 000 characters, the search tens of µs)."""
    text = text[:MAX_TEXT]
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (U+D800–U+DFFF) is what UTF-8 refuses
        return _SURROGATE.sub("\ufffd", text)
    return text


#: Discord's line markup at the start of a typed text: a heading (``#``, ``##``, ``###``), subtext (``-#``), a quote
#: (``>``, ``>>>``), each with the space Discord needs after it. It formats the line, it names nothing.
_LINE_MARKUP = re.compile(r"\s*(?:#{1,3}|-#|>{1,3})\s+")


def without_line_markup(text: str) -> str:
    """``text`` without Discord's line markup at its start (:data:`_LINE_MARKUP`; ``"## Boros-Rekrut"``,
    ``"-# Fehde"``, ``"> Boros-Rekrut"`` → the name), so every option reads a name or a search as the line shows
    it; ``text`` itself when it begins otherwise (``"#5"``, ``"-5"``, ``">5"``). Never raises."""
    if not text or text.lstrip()[:1] not in ("#", "-", ">"):
        return text
    found = _LINE_MARKUP.match(text)
    return text[found.end():] if found else text


def has_digit_run(text: str) -> bool:
    """True when ``text`` holds a run of more than :data:`MAX_DIGITS` digits (Unicode decimal digits, ``\\d``).

    Such a run covers :data:`MAX_DIGITS` + 1 consecutive positions, one of which is a multiple of that length
    minus one: when no character at those positions is a digit (a slice of every 31st character, searched in
    C), there is none, and the whole text is not searched (which costs over 100 µs for 6 000 characters)."""
    step = MAX_DIGITS + 1
    if len(text) < step or _DIGIT.search(text[step - 1 :: step]) is None:
        return False
    return _DIGIT_RUN.search(text) is not None


def normalise_options(options: dict[str, Any]) -> dict[str, Any]:
    """Bound every option before an answer sees it (one step for all commands, buttons and the console).

    Text: cut to :data:`MAX_TEXT`, lone surrogates replaced, Discord's line markup at its start taken off
    (:func:`without_line_markup`); a run of more than :data:`MAX_DIGITS`
    digits is refused (Unicode digits too, ``"٣"``). Integers outside ±2**53 and non-finite numbers are
    refused. Returns a new dict.

    Raises:
        UserError: German message naming the limit.
    """
    out: dict[str, Any] = {}
    for name, value in options.items():
        if isinstance(value, str):
            value = without_line_markup(clean_text(value))
            if has_digit_run(value):
                raise UserError("Zahl zu lang", f"Zahlen mit mehr als {MAX_DIGITS} Ziffern werden nicht angenommen.")
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            if not -MAX_INT <= value <= MAX_INT:
                raise UserError("Zahl zu groß",
                                f"Zahlen zwischen {german_int(-MAX_INT)} und {german_int(MAX_INT)} sind möglich.")
        elif isinstance(value, float) and not math.isfinite(value):
            raise UserError("Ungültige Zahl", "Bitte eine endliche Zahl angeben.")
        out[name] = value
    return out


async def run_answer(ctx: AnswerContext, answer: AnswerFn | str, **options: Any) -> Reply:
    """Run ``answer`` (the function, or its custom_id key from a button) with ``options`` (bounded first
    by :func:`normalise_options`); a :class:`UserError` becomes an error reply.

    Raises:
        KeyError: no answer is registered under the key (a programming error).
    """
    fn = registered(ANSWERS, answer) if isinstance(answer, str) else answer
    if fn is None:
        raise KeyError(answer)
    try:
        return await fn(ctx, **normalise_options(options))
    except UserError as exc:
        return Reply.fail(exc.title, exc.body, exc.actions, exc.choices)


async def run_action(ctx: AnswerContext, key: str, arg: str) -> Reply:
    """Run the button action ``key`` with ``arg``; unknown actions give a German error reply."""
    fn = registered(ACTIONS, key)
    if fn is None:
        return Reply.fail(UNKNOWN_BUTTON_TITLE, UNKNOWN_BUTTON_TEXT)
    try:
        return await fn(ctx, normalise_options({"arg": arg})["arg"])
    except UserError as exc:
        return Reply.fail(exc.title, exc.body, exc.actions, exc.choices)


#: Typed text longer than this is cut (:func:`typed_start`) before an autocomplete source sees it.
TYPED_KEEP = 1000
#: Most characters of the typed text any autocomplete source reads, as typed or cleaned (:func:`bot.text.clean`):
#: the card names and ``/mechanik`` the first 200 as typed, the others the first 100 or 200 cleaned.
TYPED_READ = 200
#: Characters before which a text can be cut without changing how the part before it is normalised (NFKC): ASCII
#: and the Latin-1 letters (starters that never combine with what precedes them).
_BOUNDARY = re.compile(r"[\x00-\x7f\u00c0-\u00ff]")


def typed_start(text: str) -> str:
    """The part of the typed ``text`` an autocomplete source answers exactly as the whole: ``text`` itself up to
    :data:`TYPED_KEEP` characters; a longer one (Discord sends up to 6 000) cut before its first ASCII or Latin-1
    letter at or after position :data:`TYPED_KEEP` (within the next :data:`TYPED_KEEP` characters), when the cut
    part still cleans to more than :data:`TYPED_READ` characters. Then the cleaned cut part is the start of the
    cleaned whole (NFKC composes nothing across such a character; :func:`bot.text.clean` drops characters one
    by one and collapses white space, which keeps a cleaned start a start), and every source reads no further.
    Otherwise (no such place, or text that cleans to little: 6 000 invisible characters) ``text`` unchanged."""
    if len(text) <= TYPED_KEEP:
        return text
    found = _BOUNDARY.search(text, TYPED_KEEP, 2 * TYPED_KEEP)
    if found is None:
        return text
    start = text[: found.start()]
    return start if len(clean(start)) > TYPED_READ else text


#: A character without which a typed text holds no Discord markup (:func:`bot.question_reading.without_markup`: a
#: mention ``<@123>``, ``@everyone``, a custom emoji, a timestamp, a link).
_MARKUP_SIGNS = ("<", "@", "://")


def typed_unmarked(current: str) -> str:
    """The typed ``current`` without Discord markup, as the answers read the option's text
    (:func:`bot.answers.markup_notes.reads_markup`: ``/karte name: <@123> **boros-rekrut**`` shows Boros-Rekrut):
    ``"<@123> **bo"`` → ``"**bo"``, whose Markdown the sources read past as they read any punctuation; a Unicode
    emoji read as a space (:func:`bot.reply.without_emoji`: ``"🔥"`` is nothing typed, as for the
    answer). ``current`` itself when it holds none (a text without ``<``, ``@``, ``://`` or a symbol past Latin-1 is
    not searched)."""
    if any(ord(c) > 0xFF and unicodedata.category(c) == "So" for c in current):
        current = without_emoji(current)[0]
    if not any(sign in current for sign in _MARKUP_SIGNS):
        return current
    from bot.question_reading import without_markup  # only for such a text: a keystroke of a name imports nothing

    return without_markup(current)


async def run_completer(ctx: AnswerContext, fn: CompleterFn, current: str) -> list[Choice]:
    """Run the autocomplete source ``fn`` (a :func:`completer`) on the typed text ``current`` read past Discord
    markup as the answers read it (:func:`typed_unmarked`); returns ≤ 25 choices, names and values ≤ 100 UTF-16 units
    (Discord's limits); ``[]`` for text past the input bounds (checked on the whole text), and text longer than
    :data:`TYPED_KEEP` answered from :func:`typed_start`."""
    try:
        current = typed_unmarked(typed_start(normalise_options({"current": current})["current"]))
    except UserError:  # nothing sensible to suggest for such input
        return []
    result = fn(ctx, current)
    if type(result) is not list and inspect.isawaitable(result):  # a list (the sync sources) skips the ABC check
        result = await result
    # A choice within Discord's limits is passed on as the source made it (most are: a new one per choice costs
    # more than the sources' own work for 25 choices); a longer one is cut into a new choice.
    return [choice if utf16_len(choice.name) <= CHOICE_NAME_MAX and utf16_len(choice.value) <= CHOICE_VALUE_MAX
            else _cut(choice) for choice in result[:CHOICES_MAX]]


def _cut(choice: Choice) -> Choice:
    """``choice`` with its name cut to :data:`CHOICE_NAME_MAX` UTF-16 units (Discord's count, an emoji two:
    :func:`bot.reply.cut_units`; ending in ``…``) and its value to :data:`CHOICE_VALUE_MAX`."""
    name = choice.name if utf16_len(choice.name) <= CHOICE_NAME_MAX else cut_units(choice.name, CHOICE_NAME_MAX - 1)
    return Choice(name=name if name == choice.name else name + "…", value=cut_units(choice.value, CHOICE_VALUE_MAX))


__all__ = ["ACTIONS", "ACTION_MODULES", "ANSWERS", "COMPLETERS", "MAX_DIGITS", "MAX_INT", "MAX_TEXT", "TYPED_KEEP",
           "TYPED_READ", "UNKNOWN_BUTTON_TEXT", "UNKNOWN_BUTTON_TITLE", "ActionFn", "AnswerContext", "AnswerFn",
           "CompleterFn", "UserError", "action", "answer", "answer_key", "clean_text", "completer", "has_digit_run",
           "load_all", "normalise_options", "parse_id", "registered", "run_action", "run_answer", "run_completer",
           "typed_start", "typed_unmarked", "without_line_markup"]
