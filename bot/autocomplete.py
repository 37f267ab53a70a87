"""Autocomplete answered from the raw interaction payload, the one code path of both Discord doors.

An autocomplete (interaction type 4) needs nothing but the command's name, the focused option and its typed
value: :func:`choices_body` reads them from the payload's ``data`` as Discord sends it, runs the option's
completer of the command table on the application core (:meth:`bot.core.Core.complete`, ≤ 25 choices from
data prepared once per store) and returns the callback body (type 8, Discord's "Interaction Response" with
``choices``). :func:`encode` makes its JSON with orjson. :func:`choices_bytes` returns that body encoded, and keeps
it per store (:attr:`bot.core.Core.choice_bodies`): the same text typed into the same option again (every user
typing "Blitz" on the way to "Blitzschlag") is answered without the completer.

``python -m bot serve`` returns the body as the HTTP response (:mod:`bot.serve`); the gateway bot posts it as
the interaction's callback without building discord.py's ``Interaction`` objects, its command tree or its
webhook adapter (:mod:`bot.gateway.gate`). Discord-free: no discord.py is imported.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

from bot.commands import TABLE, Table
from bot.core import Core
from bot.delivery import CB_AUTOCOMPLETE, leaf_options
from bot.metric_labels import leaf_label
from bot.reply import Choice

#: The callback body without choices (an unknown command or option, no core, a payload that cannot be read).
NO_CHOICES: dict[str, Any] = {"type": CB_AUTOCOMPLETE, "data": {"choices": []}}
#: :data:`NO_CHOICES` encoded (what :func:`choices_bytes` returns then).
NO_CHOICES_BYTES = orjson.dumps(NO_CHOICES)
#: Longest typed text whose body :func:`choices_bytes` keeps (characters; longer ones are answered each time).
KEEP_TYPED = 100


#: Per command table (by identity; the table is kept alive with its map): (command path, option's English name)
#: → the option's completer, for every option that has one. Built once: the table does not change.
_COMPLETERS: dict[int, tuple[Table, dict[tuple[tuple[str, ...], str], Any]]] = {}


def _completers(table: Table) -> dict[tuple[tuple[str, ...], str], Any]:
    """The completer map of ``table`` (see :data:`_COMPLETERS`)."""
    kept = _COMPLETERS.get(id(table))
    if kept is None or kept[0] is not table:
        found = {(leaf.path, option.name.en): option.completer for leaf in table.leaves
                 for option in leaf.command.all_options if option.completer_at is not None}
        kept = _COMPLETERS[id(table)] = (table, found)
    return kept[1]


def _focused(data: Mapping[str, Any], table: Table) -> tuple[Any, str, tuple[str, ...]] | None:
    """The completer of the focused option of the command ``data``, the text typed into it and the command's
    English names (for its metrics label, :func:`bot.metric_labels.leaf_label`), or None when the command, the
    focused option or its completer is unknown."""
    path, options = leaf_options(data)
    focused = next((o for o in options if o.get("focused")), None)
    if focused is None:
        return None
    completer = _completers(table).get((path, str(focused.get("name"))))
    if completer is None:
        return None
    return completer, str(focused.get("value", "")), path


async def choices_body(core: Core | None, data: Mapping[str, Any], table: Table = TABLE) -> dict[str, Any]:
    """The callback body answering the autocomplete whose payload ``data`` (the interaction's ``data``:
    ``{"name", "options": [… {"name", "value", "focused": true}]}``) is: ``{"type": 8, "data": {"choices":
    [{"name", "value"}, …]}}`` with ≤ 25 choices of the focused option's completer in ``table``
    (:func:`bot.answers.run_completer`: Discord's limits, the input bounds); :data:`NO_CHOICES` when the
    command or option is unknown or ``core`` is not open. Raises what the completer raises (a bug)."""
    found = _focused(data, table)
    if found is None or core is None or not core.is_open:
        return NO_CHOICES
    completer, typed, path = found
    return _body(await core.complete(completer, typed, leaf_label(path)))


def _body(choices: list[Choice]) -> dict[str, Any]:
    """The callback body offering ``choices`` (type 8, their names and values)."""
    return {"type": CB_AUTOCOMPLETE, "data": {"choices": [{"name": c.name, "value": c.value} for c in choices]}}


async def choices_bytes(core: Core | None, data: Mapping[str, Any], table: Table = TABLE) -> bytes:
    """:func:`choices_body` encoded (:func:`encode`), the same bytes: made by the completer the first time a text
    (of at most :data:`KEEP_TYPED` characters) is typed into an option on the store in use, then taken from the
    store's kept bodies (:attr:`bot.core.Core.choice_bodies`; bounded, least recently used dropped first; a swapped
    store starts with none). The completers read nothing but the store and the typed text (their signature
    ``(ctx, current)``), so a kept body is what the completer would make again. A body taken from them is no work
    of the core (``regelbot_answer_work_seconds`` counts the completer's runs). Raises what the completer raises
    (a bug; nothing is kept then)."""
    found = _focused(data, table)
    kept = core.choice_bodies if core is not None else None
    if found is None or kept is None:
        return NO_CHOICES_BYTES
    completer, typed, path = found
    key = (completer, typed)  # one body for every command the completer serves
    body = kept.get(key)
    if body is None:
        body = encode(_body(await core.complete(completer, typed, leaf_label(path))))  # type: ignore[union-attr]
        if len(typed) <= KEEP_TYPED:
            kept[key] = body
    return body


def encode(body: Mapping[str, Any]) -> bytes:
    """``body`` as compact UTF-8 JSON (orjson; non-ASCII text as is, as Discord accepts it)."""
    return orjson.dumps(body)
