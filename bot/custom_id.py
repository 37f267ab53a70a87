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

Values are spelled as :mod:`bot.id_values` says (``~`` None, ``#12`` an int, ``!1`` a bool, text percent-encoded
where needed). Decoding is strict: a forged id (bad escapes, lone surrogates, numbers longer than 20 digits,
unknown answers, too many values, any spelling but the bot's own) raises :class:`~bot.id_values.BadCustomId`, never
reaches the store. Arguments are checked against what their function declares (:mod:`bot.declared_args`), when an
id is made and when one is read, so an action can echo its argument without rendering anything a forger put there.
"""

from __future__ import annotations

import inspect
import logging
import random
import re
from dataclasses import dataclass
from typing import Any

from bot.declared_args import action_fn, answer_fn, check_action_arg, check_answer_options, declared, takes_seed
from bot.id_values import BadCustomId, TooLong, decode_value, encode_value, escape, unescape
from bot.reply import CUSTOM_ID_MAX, utf16_len

log = logging.getLogger(__name__)

PREFIX = "rb"
OPEN, PAGE, SHARE = "open", "pg", "sh"
#: Verbs with the ``rb:<verb>:<page>:<check>:<target>`` shape; no button action may use these names.
VERBS = frozenset({PAGE, SHARE})
UNFIT = "!"
_ACTION_RE = _KEY_RE = re.compile(r"[a-z_]{1,32}")  # an action's name, an answer's key
_CHECK_RE = re.compile(r"[A-Za-z0-9_-]{6}|-")
_PAGE_RE = re.compile(r"0|[1-9][0-9]{0,4}")
#: Random seeds drawn by :meth:`Invocation.pinned` are below this (the ``seed`` options accept 0..10^9-1).
SEED_MAX = 10**9


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
        if options.get("seed") is None and takes_seed(answer_fn(key)):
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
        check_action_arg(action_fn(inv.key), inv.arg)  # what the decoder would refuse is never made
        return f"{inv.key}:{escape(inv.arg)}"
    fn = answer_fn(inv.key)
    params = declared(fn)[0]
    given = inv.kwargs
    unknown = set(given) - {p.name for p in params}
    if unknown:
        raise ValueError(f"answer {inv.key!r} has no options {sorted(unknown)}")
    values = [given.get(p.name, p.default if p.default is not inspect.Parameter.empty else None) for p in params]
    check_answer_options(fn, {p.name: v for p, v in zip(params, values, strict=True)})
    defaults = [p.default if p.default is not inspect.Parameter.empty else object() for p in params]
    while values and values[-1] == defaults[len(values) - 1] and type(values[-1]) is type(defaults[len(values) - 1]):
        values.pop()
    encoded = ",".join(encode_value(v) for v in values)
    return f"/{inv.key}" + (f":{encoded}" if values else "")


def _fit(cid: str) -> str:
    if utf16_len(cid) > CUSTOM_ID_MAX:  # the stricter count (UTF-16 units): an emoji is two
        raise TooLong(f"custom_id too long ({utf16_len(cid)} > {CUSTOM_ID_MAX}): {cid[:40]}…",
                      utf16_len(cid) - CUSTOM_ID_MAX)
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
    """Like :func:`encode` but raises :class:`TooLong` when the invocation does not fit (its ``over``: by how many
    UTF-16 units the id is longer than 100)."""
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
    if utf16_len(custom_id) > CUSTOM_ID_MAX or not custom_id.startswith(PREFIX + ":"):
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
        fn = answer_fn(key)
        params = declared(fn)[0]
        raw = values.split(",") if sep else []
        if len(raw) > len(params):
            raise BadCustomId("too many option values")
        options = {p.name: decode_value(v) for p, v in zip(params, raw, strict=False)}
        check_answer_options(fn, options)
        return Invocation.answer(key, **options)
    action, arg = _split(text, 2)
    if not _ACTION_RE.fullmatch(action) or action in VERBS:
        raise BadCustomId("bad action name")
    value = unescape(arg)
    check_action_arg(action_fn(action), value)
    return Invocation.action(action, value)

