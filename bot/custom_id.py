"""The custom_id codec: every button carries everything needed to answer it (≤ 100 characters).

No view lives in memory (DESIGN.md "State in the custom_id"), so a click works after a restart, in another
shard's process or in another HTTP worker. Two shapes:

* ``rb:<action>:<arg>`` — *open*: run the button action ``action`` (``bot.answers.registry.action``) with
  ``arg`` and answer with a new ephemeral message (``rb:rulings:20``).
* ``rb:<verb>:<page>:<check>:<target>`` — run the answer invocation ``target`` again and show page ``page``
  (1-based). ``verb`` says what happens with the result: ``pg`` replaces the clicked message (paging,
  "Zurück"/"Weiter"), ``sh`` posts it publicly in the channel ("Im Kanal teilen"). ``check`` is a 6-character
  fingerprint of the page the button leads to and of ``target`` (:func:`bot.render.page_checks`); when the
  recomputed page differs (a rebuilt store, a random part of the answer) the click is refused with a German
  message instead of showing something else than the user saw. ``target`` is

  - ``<action>:<arg>`` — a button action, or
  - ``/<key>[:<v1>,<v2>,…]`` — a slash-command answer ``key`` with its option values in the order of the
    answer function's parameters (trailing defaults left out), or
  - ``!`` — the invocation did not fit into 100 characters (e.g. a 6000-character search text); such a
    button is answered with a German explanation, never with a wrong page.

Values: ``~`` is None, ``#12`` an int (``#1.5`` a float), ``!1``/``!0`` a bool, anything else a string in
which ``%``, ``,``, ``:``, control characters and a leading ``~#!`` are percent-encoded (UTF-8). Decoding is
strict: a forged id (bad escapes, lone surrogates, numbers longer than 20 digits, unknown answers, too many
values, any spelling but the bot's own) raises :class:`BadCustomId`, never reaches the store.

Arguments are checked against what their function declares, here and nowhere else (:func:`check_args`):

* an answer's option values against its parameters' annotations (``name: str`` takes text only, ``x: int |
  None`` an integer or None, ``flag: bool`` a boolean; a parameter without default must be given);
* an action's argument against the :class:`ArgPattern` of its ``arg`` annotation: ``arg: str`` means :data:`PLAIN`
  (letters, digits, space and ``.,:;'+=!?&%"-``, as long as Discord's 100 characters leave room for: no mention,
  masked link, markdown, control or direction character can be carried), ``arg: RowId`` digits only, ``arg:
  NoArg`` nothing. So an action can echo its argument without rendering anything a forger put there; an action
  that needs other text declares its own pattern and escapes what it shows.
"""

from __future__ import annotations

import functools
import inspect
import logging
import random
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Annotated, Any

from bot.reply import CUSTOM_ID_MAX

log = logging.getLogger(__name__)

PREFIX = "rb"
OPEN, PAGE, SHARE = "open", "pg", "sh"
#: Verbs with the ``rb:<verb>:<page>:<check>:<target>`` shape; no button action may use these names.
VERBS = frozenset({PAGE, SHARE})
UNFIT = "!"
_ACTION_RE = _KEY_RE = re.compile(r"[a-z_]{1,32}")  # an action's name, an answer's key
_CHECK_RE = re.compile(r"[A-Za-z0-9_-]{6}|-")
_NUMBER_RE = re.compile(r"-?[0-9]{1,20}(?:\.[0-9]{1,20})?")
_PAGE_RE = re.compile(r"0|[1-9][0-9]{0,4}")
_ESCAPE = frozenset("%,:")
_TAGS = frozenset("~#!")
#: Random seeds drawn by :meth:`Invocation.pinned` are below this (the ``seed`` options accept 0..10^9-1).
SEED_MAX = 10**9


class BadCustomId(ValueError):
    """A custom_id that Regelbot did not make (or that an older version made); the message is English."""


class TooLong(ValueError):
    """The encoded custom_id would be longer than Discord's 100 characters."""


@dataclass(frozen=True)
class Invocation:
    """What a button runs again: an answer (``kind="answer"``, registry key and options) or a button
    action (``kind="action"``, action name and its one string argument in ``options``).

    Build with :meth:`answer` / :meth:`action`; ``options`` is a tuple of ``(name, value)`` pairs so that
    the object is hashable and comparable (tests compare decoded with original).
    """

    kind: str
    key: str
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def answer(cls, key: str, **options: Any) -> Invocation:
        """The slash-command answer ``key`` (``bot.answers.registry.answer``) with ``options``."""
        return cls("answer", key, tuple(options.items()))

    @classmethod
    def pinned(cls, key: str, **options: Any) -> Invocation:
        """:meth:`answer`, with the ``seed`` option of an answer with a random part (``/fehde chancen``)
        filled with a random seed now when it is empty or not given (the slash command has no seed option),
        so that running the invocation again (paging, "Im Kanal teilen") gives the same pages.

        Raises:
            BadCustomId: no answer is registered under ``key``.
        """
        if options.get("seed") is None and _takes_seed(_answer(key)):
            options = {**options, "seed": random.SystemRandom().randrange(SEED_MAX)}
        return cls.answer(key, **options)

    @classmethod
    def action(cls, name: str, arg: str) -> Invocation:
        """The button action ``name`` with its argument ``arg``."""
        return cls("action", name, (("arg", arg),))

    @property
    def kwargs(self) -> dict[str, Any]:
        """The options as keyword arguments."""
        return dict(self.options)

    @property
    def arg(self) -> str:
        """The argument of an action invocation ('' for answers)."""
        return str(self.kwargs.get("arg", "")) if self.kind == "action" else ""


@dataclass(frozen=True)
class ButtonId:
    """A decoded custom_id: ``verb`` (``open``, ``pg``, ``sh``), the ``target`` invocation (None when it did
    not fit), the 1-based ``page`` and the fingerprint ``check`` of that page (``"-"``: none)."""

    verb: str
    target: Invocation | None
    page: int = 1
    check: str = "-"


# --- values -----------------------------------------------------------------------------------------


def _escape(text: str) -> str:
    # Most values need no escape: printable text (no control character, no white space but the space: every other
    # white space character is unprintable) without %, comma or colon, not starting with a tag, is its own
    # escape; the loop below then makes the same string, one character at a time.
    if text.isprintable() and _ESCAPE.isdisjoint(text) and text[:1] not in _TAGS:
        return text
    out = []
    for i, ch in enumerate(text):
        special = ch in _ESCAPE or ord(ch) < 0x20 or ord(ch) == 0x7F or (ch.isspace() and ch != " ")
        if special or (i == 0 and ch in _TAGS):
            out.append("".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogatepass")))
        else:
            out.append(ch)
    return "".join(out)


def _unescape(text: str) -> str:
    raw = bytearray()
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "%":
            pair = text[i + 1 : i + 3]
            if not re.fullmatch(r"[0-9A-Fa-f]{2}", pair):
                raise BadCustomId("bad escape")
            raw.append(int(pair, 16))
            i += 3
        else:
            raw += ch.encode("utf-8", "surrogatepass")
            i += 1
    try:
        value = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadCustomId("not UTF-8 (lone surrogate?)") from None
    return value


def _encode_value(value: Any) -> str:
    if value is None:
        return "~"
    if isinstance(value, bool):
        return "!1" if value else "!0"
    if isinstance(value, int | float):
        text = repr(value)
        if not _NUMBER_RE.fullmatch(text):
            raise TooLong(f"number {text[:20]} cannot be carried in a custom_id")
        return "#" + text
    return _escape(str(value))


def _decode_value(text: str) -> Any:
    if text == "~":
        return None
    if text in ("!1", "!0"):
        return text == "!1"
    if text.startswith("#"):
        if not _NUMBER_RE.fullmatch(text[1:]):
            raise BadCustomId("bad number")
        return float(text[1:]) if "." in text else int(text[1:])
    if text[:1] in _TAGS:
        raise BadCustomId("bad tagged value")
    return _unescape(text)


# --- declared arguments -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ArgPattern:
    """What a button action's argument may be: ``regex`` must match all of it (``re.fullmatch``). Declared on
    the action as ``arg: Annotated[str, ArgPattern(r"…")]``; a plain ``arg: str`` means :data:`PLAIN`."""

    regex: str


#: An action argument declared ``str``: letters, digits, inner spaces and ``.,:;'+=!?&%"-`` (no ``@ < > [ ] ( ) * _
#: ~ | ` # / \``, no control, format or line-break character), so nothing in it can render as a mention, a
#: link, markdown or reversed text when an action shows it. Every argument the bot makes (row ids, rule
#: numbers, passage keys) is of this kind.
PLAIN = ArgPattern(r"(?! )(?:[^\W_]|[ .,:;'+=!?&%\"-])*(?<! )")

#: An action argument that is a store row id (a card, a section, an explanation): 1–12 ASCII digits as ``str(id)``
#: writes them, the form :func:`bot.answers.registry.parse_id` reads, or empty: ``rb:card:`` is the custom_id of a
#: "Meintest du" select menu, whose picked value becomes the argument (:func:`bot.render.picked_custom_id`). A
#: forged ``rb:card:1e5`` or ``rb:card:014`` is then an unknown button, not a missing card.
RowId = Annotated[str, ArgPattern(r"(?:[1-9][0-9]{0,11})?")]

#: An action argument that must be empty (``rb:split:``): the action takes nothing from its button.
NoArg = Annotated[str, ArgPattern(r"")]


@functools.cache
def _declared(fn: Callable[..., Any]) -> tuple[tuple[inspect.Parameter, ...], dict[str, Any]]:
    """The option parameters of ``fn`` (without ``ctx``) and their annotations, resolved (cached per function).

    Raises:
        NameError: an annotation names something the function's module does not have (a programming error).
    """
    hints = typing.get_type_hints(fn, include_extras=True)
    return tuple(inspect.signature(fn).parameters.values())[1:], hints


def _accepts(hint: Any, value: Any) -> bool:
    """Whether ``value`` (as decoded: None, bool, int, float or str) has the declared type ``hint``: ``str``,
    ``int``, ``float`` (an int too), ``bool``, ``None``, unions of them, ``Annotated`` around them; ``Any`` or no
    annotation accepts everything. A bool is no int here, an int no str."""
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    if origin is Annotated:
        return _accepts(typing.get_args(hint)[0], value)
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(arm, value) for arm in typing.get_args(hint))
    if hint is None or hint is type(None):
        return value is None
    if hint is float:
        return type(value) in (int, float)
    return isinstance(hint, type) and type(value) is hint


def _pattern(hint: Any) -> ArgPattern:
    """The :class:`ArgPattern` an action's ``arg`` annotation declares (:data:`PLAIN` for ``str``)."""
    if typing.get_origin(hint) is Annotated:
        found = [m for m in typing.get_args(hint)[1:] if isinstance(m, ArgPattern)]
        if found:
            return found[0]
    return PLAIN


def check_answer_options(fn: Callable[..., Any], options: dict[str, Any]) -> None:
    """Check decoded ``options`` against the answer ``fn``'s parameters: each value of its declared type, each
    parameter without default given, no option it does not take.

    Raises:
        BadCustomId: the first option that does not fit (English message naming it).
    """
    params, hints = _declared(fn)
    names = {p.name for p in params}
    for name in options:
        if name not in names:
            raise BadCustomId(f"no option {name!r}")
    for p in params:
        if p.name in options:
            if not _accepts(hints.get(p.name, Any), options[p.name]):
                raise BadCustomId(f"option {p.name!r}: {type(options[p.name]).__name__} does not fit")
        elif p.default is inspect.Parameter.empty:
            raise BadCustomId(f"option {p.name!r} missing")


def check_action_arg(fn: Callable[..., Any], arg: str) -> None:
    """Check a decoded action argument ``arg`` against the :class:`ArgPattern` its ``arg`` parameter declares.

    Raises:
        BadCustomId: ``arg`` does not match.
    """
    if not re.fullmatch(_arg_pattern(fn).regex, arg):
        raise BadCustomId("action argument does not fit its declared pattern")


def needs_arg(key: str) -> bool:
    """Whether the registered action ``key`` needs an argument from its button: every action but those declared
    :data:`NoArg`. Such an action's id with an empty argument (``rb:rulings:``) is only the custom_id of a
    "Meintest du" select menu, which a pick completes (:func:`bot.render.picked_custom_id`); pressed as it is, it
    is a forged or broken button.

    Raises:
        BadCustomId: no action is registered under ``key``.
    """
    return _arg_pattern(_action(key)).regex != ""


def _arg_pattern(fn: Callable[..., Any]) -> ArgPattern:
    """The :class:`ArgPattern` the ``arg`` parameter of action ``fn`` declares (:data:`PLAIN` without one)."""
    params, hints = _declared(fn)
    return _pattern(hints.get(params[0].name, str)) if params else PLAIN


@functools.cache
def _takes_seed(fn: Callable[..., Any]) -> bool:
    """Whether the answer ``fn`` has a ``seed`` option (:meth:`Invocation.pinned`; read once per answer)."""
    return any(p.name == "seed" for p in _declared(fn)[0])


def answer_params(key: str) -> list[inspect.Parameter]:
    """The option parameters of the registered answer ``key`` (its signature without ``ctx``), in order.

    Raises:
        BadCustomId: no answer is registered under ``key``.
    """
    return list(_declared(_answer(key))[0])


def _registry() -> ModuleType:
    """:mod:`bot.answers.registry`, imported at the first use (it imports this module) and kept: an import
    statement in a function costs ≈ 4 µs on every call, and every command's invocation asks twice."""
    global _REGISTRY
    if _REGISTRY is None:
        from bot.answers import registry  # a known layer circle (tests/test_architecture.py UPWARD)

        _REGISTRY = registry
    return _REGISTRY


_REGISTRY: ModuleType | None = None


def _answer(key: str) -> Callable[..., Any]:
    fn = _registry().registered(_registry().ANSWERS, key)
    if fn is None:
        raise BadCustomId(f"unknown answer {key!r}")
    return fn


def _action(key: str) -> Callable[..., Any]:
    fn = _registry().registered(_registry().ACTIONS, key)
    if fn is None:
        raise BadCustomId(f"unknown action {key!r}")
    return fn


# --- custom_ids -------------------------------------------------------------------------------------


def encode_target(inv: Invocation) -> str:
    """The ``target`` part of a custom_id for ``inv`` (module doc): ``rulings:20`` for an action,
    ``/mana_info:Blitzschlange`` for an answer with its option values (trailing defaults left out). No length
    check: the caller puts it into a custom_id (:func:`encode_open`, :func:`encode_strict`), which checks that.

    Raises:
        ValueError: a bad action name, or options the answer does not take. BadCustomId (a ValueError): an
            unknown answer or action, or a value the decoder would refuse (:func:`check_answer_options`,
            :func:`check_action_arg`).
    """
    if inv.kind == "action":
        if not _ACTION_RE.fullmatch(inv.key) or inv.key in VERBS:
            raise ValueError(f"bad action name {inv.key!r}")
        check_action_arg(_action(inv.key), inv.arg)  # what the decoder would refuse is never made
        return f"{inv.key}:{_escape(inv.arg)}"
    fn = _answer(inv.key)
    params = _declared(fn)[0]
    given = inv.kwargs
    unknown = set(given) - {p.name for p in params}
    if unknown:
        raise ValueError(f"answer {inv.key!r} has no options {sorted(unknown)}")
    values = [given.get(p.name, p.default if p.default is not inspect.Parameter.empty else None) for p in params]
    check_answer_options(fn, {p.name: v for p, v in zip(params, values, strict=True)})
    defaults = [p.default if p.default is not inspect.Parameter.empty else object() for p in params]
    while values and values[-1] == defaults[len(values) - 1] and type(values[-1]) is type(defaults[len(values) - 1]):
        values.pop()
    encoded = ",".join(_encode_value(v) for v in values)
    return f"/{inv.key}" + (f":{encoded}" if values else "")


def _fit(cid: str) -> str:
    if len(cid) > CUSTOM_ID_MAX:
        raise TooLong(f"custom_id too long ({len(cid)} > {CUSTOM_ID_MAX}): {cid[:40]}…")
    return cid


def encode_open(action: str, arg: str) -> str:
    """``rb:<action>:<arg>`` for a button that runs ``action``.

    Raises:
        TooLong: longer than 100 characters. ValueError: ``action`` is not ``[a-z_]+``, is a verb, is not
            registered, or ``arg`` does not fit the action's declared pattern (:func:`check_action_arg`).
    """
    return _fit(f"{PREFIX}:{encode_target(Invocation.action(action, arg))}")


def encode(verb: str, target: Invocation | None, page: int, check: str = "-") -> str:
    """``rb:<verb>:<page>:<check>:<target>``; ``target`` None (or one that does not fit) gives ``!``.

    Use :func:`encode_strict` to learn whether the invocation fits. An invocation that cannot be encoded
    at all (options its answer does not take) is logged and also gives ``!``: the reply is still sent.
    """
    try:
        return encode_strict(verb, target, page, check)
    except TooLong:
        return _fit(f"{PREFIX}:{verb}:{page}:{check}:{UNFIT}")
    except (ValueError, BadCustomId) as exc:  # options the answer does not take: a programming error, logged
        log.warning("Knopf ohne Aufruf (%s): %s", verb, exc)
        return _fit(f"{PREFIX}:{verb}:{page}:{check}:{UNFIT}")


def encode_strict(verb: str, target: Invocation | None, page: int, check: str = "-") -> str:
    """Like :func:`encode` but raises :class:`TooLong` when the invocation does not fit."""
    if verb not in VERBS:
        raise ValueError(f"unknown verb {verb!r}")
    if not _CHECK_RE.fullmatch(check) or not 0 <= page <= 99_999:
        raise ValueError(f"bad page {page!r} or check {check!r}")
    body = UNFIT if target is None else encode_target(target)
    return _fit(f"{PREFIX}:{verb}:{page}:{check}:{body}")


def decode(custom_id: str) -> ButtonId:
    """The :class:`ButtonId` of a Regelbot custom_id.

    Raises:
        BadCustomId: not a Regelbot id, malformed, or naming an unknown answer / too many option values.
    """
    if len(custom_id) > CUSTOM_ID_MAX or not custom_id.startswith(PREFIX + ":"):
        raise BadCustomId("not a Regelbot custom_id")
    head, _, rest = custom_id[len(PREFIX) + 1 :].partition(":")
    if head in VERBS:
        page, check, target = _split(rest, 3)
        if not _PAGE_RE.fullmatch(page) or not _CHECK_RE.fullmatch(check):
            raise BadCustomId("bad page or check")
        return ButtonId(head, None if target == UNFIT else decode_target(target), int(page), check)
    return ButtonId(OPEN, decode_target(custom_id[len(PREFIX) + 1 :]))



def decode_or_none(custom_id: str) -> ButtonId | None:
    """The decoded ``custom_id`` (:func:`decode`), or None for an id Regelbot did not make."""
    try:
        return decode(custom_id)
    except BadCustomId:
        return None


def _split(text: str, n: int) -> list[str]:
    parts = text.split(":", n - 1)
    if len(parts) != n:
        raise BadCustomId("missing parts")
    return parts


def decode_target(text: str) -> Invocation:
    """The :class:`Invocation` a custom_id's ``target`` part names (the inverse of :func:`encode_target`),
    checked strictly as :func:`decode` checks it, and only in the bot's own spelling: each button has one id, so
    a variant (``#012`` for ``#12``, ``%41`` for ``A``, a trailing default written out) was not made by the bot.

    Raises:
        BadCustomId: malformed, unknown, too many option values, values that do not fit the function's declared
            parameters, or not what :func:`encode_target` writes for the invocation.
    """
    inv = _decoded_target(text)
    if encode_target(inv) != text:
        raise BadCustomId("not the canonical spelling")
    return inv


def _decoded_target(text: str) -> Invocation:
    if text.startswith("/"):
        key, sep, values = text[1:].partition(":")
        if not _KEY_RE.fullmatch(key):
            raise BadCustomId("bad answer key")
        fn = _answer(key)
        params = _declared(fn)[0]
        raw = values.split(",") if sep else []
        if len(raw) > len(params):
            raise BadCustomId("too many option values")
        options = {p.name: _decode_value(v) for p, v in zip(params, raw, strict=False)}
        check_answer_options(fn, options)
        return Invocation.answer(key, **options)
    action, arg = _split(text, 2)
    if not _ACTION_RE.fullmatch(action) or action in VERBS:
        raise BadCustomId("bad action name")
    value = _unescape(arg)
    check_action_arg(_action(action), value)
    return Invocation.action(action, value)

