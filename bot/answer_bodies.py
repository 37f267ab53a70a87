"""Command answers kept per store: the HTTP response of a slash command asked before, without the core's work.

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
look-up and one insertion of the reply as it is (:func:`keep`); the reply is rendered and encoded the first
time it is asked again (:func:`kept_body`), and only its bytes are kept from then on.
"""

from __future__ import annotations

from typing import Any

import orjson
from cachetools import LRUCache

from bot.custom_id import Invocation
from bot.delivery import CB_MESSAGE
from bot.render import message_payload
from bot.reply import Reply

#: Bytes one store generation keeps of command answers (replies or their encoded bodies, :func:`kept_size`):
#: about 2 000 answers of the load test's size (≈ 2–4 KB each).
KEPT_ANSWER_BYTES = 8 * 1024 * 1024
#: What each kept answer counts beyond its text or bytes: its key, the entry, the reply's objects (bytes).
ANSWER_ENTRY_BYTES = 1024
#: Longest options (characters, all values together) of an invocation whose answer is kept.
KEEP_OPTIONS = 500

#: (the invocation, whether its answer is private).
Key = tuple[Invocation, bool]


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


def kept_size(value: Reply | bytes) -> int:
    """What one kept answer counts against :data:`KEPT_ANSWER_BYTES`: its bytes, or for a reply not yet encoded
    the characters of its pages' texts (a character of UTF-8 JSON is 1–3 bytes; the objects' overhead is in
    :data:`ANSWER_ENTRY_BYTES` and 256 per page), plus :data:`ANSWER_ENTRY_BYTES`."""
    if isinstance(value, bytes):
        return len(value) + ANSWER_ENTRY_BYTES
    text = sum(256 + len(p.title) + len(p.body) + sum(len(f.name) + len(f.value) for f in p.fields)
               for p in value.pages)
    return 2 * text + ANSWER_ENTRY_BYTES


def answer_cache() -> LRUCache[Key, Reply | bytes]:
    """A new, empty store generation's kept answers (:data:`KEPT_ANSWER_BYTES`, :func:`kept_size`)."""
    return LRUCache(KEPT_ANSWER_BYTES, getsizeof=kept_size)


def first_callback(reply: Reply, inv: Invocation) -> bytes:
    """The encoded first callback answering with ``reply`` to the command ``inv`` (type 4, its first page;
    the bytes :func:`bot.delivery.deliver` and ``serve``'s response make)."""
    body: dict[str, Any] = {"type": CB_MESSAGE, "data": message_payload(reply, 0, inv)}
    return orjson.dumps(body)  # as bot.autocomplete.encode (which imports the core: not from here)


def kept_body(kept: LRUCache[Key, Reply | bytes] | None, key: Key | None) -> bytes | None:
    """The encoded first callback kept in ``kept`` under ``key`` (a reply kept before is encoded now and its
    bytes kept instead), or None when nothing is kept under it."""
    if kept is None or key is None:
        return None
    value = kept.get(key)
    if value is None or isinstance(value, bytes):
        return value
    body = first_callback(value, key[0])
    kept[key] = body
    return body


def keep(kept: LRUCache[Key, Reply | bytes] | None, key: Key | None, reply: Reply) -> None:
    """Keep ``reply`` (as shown: private already applied) under ``key`` in ``kept``, unless it is an error reply
    or not to be kept (``key`` None). A reply larger than the whole bound is not kept."""
    if kept is None or key is None or reply.error or key in kept:
        return
    if kept_size(reply) <= kept.maxsize:
        kept[key] = reply
