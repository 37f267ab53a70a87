"""Command answers kept per store: the reply to a slash command asked before, without the core's work.

A slash command's answer is made from nothing but the store in use and the command's invocation: the answer's
registry key and its checked options (:func:`bot.raw.invocation`, which reads the invoked names, the options as
Discord sends them and, for the message command, the target message's text) and whether it is private (the
``privat`` option; always for the message command). It does not read the user, member, channel, guild, the
interaction's id or token, the user's or guild's locale (the replies are German) or the time of day (no answer,
renderer or store query reads a clock). So on one store the same invocation gives the same reply, and its first
callback (``{"type": 4, "data": message_payload(reply, 0, inv)}``, :func:`bot.delivery.deliver`) the same bytes.

What is not kept, because the same invocation may give another reply:

* an answer with a random part (an invocation with a ``seed`` option: :meth:`bot.custom_id.Invocation.pinned`
  draws one when the user gave none, so its key would never be asked again anyway);
* an error reply (``Reply.error``): among them a calculation stopped at its time budget
  (:class:`bot.offload.CalculationTooLong`), which on a less busy machine might have finished;
* button actions (only slash and message commands are kept).

Kept per store generation (:attr:`bot.core.Generation.answers`, a swapped store starts with none), least
recently used dropped first, bounded by :data:`KEPT_ANSWER_BYTES` counted by :func:`kept_size`. A miss costs one
look-up and one insertion of the reply as it is (:func:`keep`). ``serve`` answers a command asked again with the
encoded first callback as its HTTP response (:func:`kept_body`: rendered and encoded the first time it is asked
again, then kept with the reply), no deferral and no webhook edit; the gateway bot takes the reply
(:func:`kept_reply`) and sends it as it sends any (the core's work saved, rendering and the callback request not).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson
from cachetools import LRUCache

from bot.custom_id import Invocation
from bot.delivery import CB_MESSAGE
from bot.render import message_payload
from bot.reply import Reply

#: Bytes one store generation keeps of command answers (replies and their encoded bodies, :func:`kept_size`):
#: about 1 000 answers of the load test's size (≈ 2–4 KB each, reply and body).
KEPT_ANSWER_BYTES = 8 * 1024 * 1024
#: What each kept answer counts beyond its text or bytes: its key, the entry, the reply's objects (bytes).
ANSWER_ENTRY_BYTES = 1024
#: Longest options (characters, all values together) of an invocation whose answer is kept.
KEEP_OPTIONS = 500

#: (the invocation, whether its answer is private).
Key = tuple[Invocation, bool]


@dataclass(slots=True)
class Kept:
    """One kept answer: the reply as shown (private already applied) and, once ``serve`` was asked for it again,
    its encoded first callback (:func:`first_callback`; None before)."""

    reply: Reply
    body: bytes | None = None


def answer_key(inv: Invocation, private: bool) -> Key | None:
    """The key under which the answer of the command invocation ``inv`` (private or not) is kept, or None when it
    is not kept: a button action, an answer with a random part (a ``seed`` option), options longer than
    :data:`KEEP_OPTIONS` characters in all."""
    if inv.kind != "answer":
        return None
    size = 0
    for name, value in inv.options:
        if name == "seed":
            return None
        size += len(value) if isinstance(value, str) else 8
    return (inv, private) if size <= KEEP_OPTIONS else None


def kept_size(kept: Kept) -> int:
    """What one kept answer counts against :data:`KEPT_ANSWER_BYTES`: the characters of its reply's page texts
    twice (a character of UTF-8 JSON is 1–3 bytes; 256 more per page for its objects), its encoded body's bytes,
    and :data:`ANSWER_ENTRY_BYTES`."""
    text = sum(256 + len(p.title) + len(p.body) + sum(len(f.name) + len(f.value) for f in p.fields)
               for p in kept.reply.pages)
    return 2 * text + len(kept.body or b"") + ANSWER_ENTRY_BYTES


def answer_cache() -> LRUCache[Key, Kept]:
    """A new, empty store generation's kept answers (:data:`KEPT_ANSWER_BYTES`, :func:`kept_size`)."""
    return LRUCache(KEPT_ANSWER_BYTES, getsizeof=kept_size)


def first_callback(reply: Reply, inv: Invocation) -> bytes:
    """The encoded first callback answering with ``reply`` to the command ``inv`` (type 4, its first page;
    the bytes :func:`bot.delivery.deliver` and ``serve``'s response make)."""
    body: dict[str, Any] = {"type": CB_MESSAGE, "data": message_payload(reply, 0, inv)}
    return orjson.dumps(body)  # as bot.autocomplete.encode (which imports the core: not from here)


def kept_body(kept: LRUCache[Key, Kept] | None, key: Key | None) -> bytes | None:
    """The encoded first callback of the answer kept in ``kept`` under ``key`` (encoded now the first time and
    kept with it), or None when nothing is kept under it."""
    found = kept.get(key) if kept is not None and key is not None else None
    if found is None:
        return None
    if found.body is None:
        found.body = first_callback(found.reply, key[0])  # type: ignore[index]  # found: key is not None
        kept[key] = found  # type: ignore[index]  # counted again with its body
    return found.body


def kept_reply(kept: LRUCache[Key, Kept] | None, key: Key | None) -> Reply | None:
    """The reply kept in ``kept`` under ``key`` (as shown: private already applied), or None."""
    found = kept.get(key) if kept is not None and key is not None else None
    return found.reply if found is not None else None


def keep(kept: LRUCache[Key, Kept] | None, key: Key | None, reply: Reply) -> None:
    """Keep ``reply`` (as shown: private already applied) under ``key`` in ``kept``, unless it is an error reply
    or not to be kept (``key`` None). A reply larger than the whole bound is not kept."""
    if kept is None or key is None or reply.error or key in kept:
        return
    entry = Kept(reply)
    if kept_size(entry) <= kept.maxsize:
        kept[key] = entry
