"""Discord's validation of what a bot sends, as the fake Discord applies it (Discord answers 400/50035).

Limits from Discord's developer documentation: message resource ("Embed Limits", content 2000),
message components (5 action rows of 5 buttons, label 80, custom_id 100, unique per message),
interaction responses (autocomplete: ≤ 25 choices, name 1-100, value ≤ 100) and application commands
(naming, description 1-100, ≤ 25 options, required before optional, ≤ 25 choices, 4000 characters per
command counting the longest localization of each field). Each function returns a list of problems,
empty when Discord would accept the payload.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable
from typing import Any

NAME_RE = re.compile(r"^[-_'\w]{1,32}$")
SUB_COMMAND, SUB_COMMAND_GROUP, STRING = 1, 2, 3


def _len(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def embed_problems(embed: dict[str, Any], where: str) -> tuple[list[str], int]:
    """Problems of one embed and its character count toward the 6000 total."""
    out: list[str] = []
    title, desc = embed.get("title"), embed.get("description")
    footer = (embed.get("footer") or {}).get("text")
    author = (embed.get("author") or {}).get("name")
    for label, value, limit in (("title", title, 256), ("description", desc, 4096),
                                ("footer.text", footer, 2048), ("author.name", author, 256)):
        if _len(value) > limit:
            out.append(f"{where}.{label}: {_len(value)} > {limit} characters")
    for part in ("thumbnail", "image"):
        url = (embed.get(part) or {}).get("url") if part in embed else None
        if part in embed and not (isinstance(url, str) and re.match(r"(https?|attachment)://\S+$", url)):
            out.append(f"{where}.{part}.url: {url!r} is not an http(s) or attachment URL")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        out.append(f"{where}.fields: {len(fields)} > 25")
    total = _len(title) + _len(desc) + _len(footer) + _len(author)
    for i, f in enumerate(fields):
        name, value = f.get("name"), f.get("value")
        if not 1 <= _len(name) <= 256:
            out.append(f"{where}.fields[{i}].name: length {_len(name)} not in 1..256")
        if not 1 <= _len(value) <= 1024:
            out.append(f"{where}.fields[{i}].value: length {_len(value)} not in 1..1024")
        total += _len(name) + _len(value)
    return out, total


def components_problems(rows: list[dict[str, Any]]) -> list[str]:
    """Problems of a message's action rows and buttons (classic components, not components v2)."""
    out: list[str] = []
    if len(rows) > 5:
        out.append(f"components: {len(rows)} action rows > 5")
    seen: set[str] = set()
    for r, row in enumerate(rows):
        if row.get("type") != 1:
            out.append(f"components[{r}]: type {row.get('type')} is not an action row")
            continue
        items = row.get("components") or []
        if not 1 <= len(items) <= 5:
            out.append(f"components[{r}]: {len(items)} items not in 1..5")
        if len(items) > 1 and any(item.get("type") != 2 for item in items):
            out.append(f"components[{r}]: a select menu must be alone in its row")
        for c, item in enumerate(items):
            where = f"components[{r}][{c}]"
            if _len(item.get("label")) > 80:
                out.append(f"{where}.label: {_len(item.get('label'))} > 80 characters")
            if item.get("type") == 2 and item.get("style") == 5:
                if not item.get("url") or item.get("custom_id"):
                    out.append(f"{where}: a link button needs url and no custom_id")
                continue
            cid = item.get("custom_id")
            if not 1 <= _len(cid) <= 100:
                out.append(f"{where}.custom_id: length {_len(cid)} not in 1..100")
            elif cid in seen:
                out.append(f"{where}.custom_id: {cid!r} is used twice in the message")
            seen.add(cid or "")
            if item.get("type") == 2 and not (item.get("label") or item.get("emoji")):
                out.append(f"{where}: a button needs a label or an emoji")
    return out


def message_problems(body: dict[str, Any] | None, *, edit: bool = False) -> list[str]:
    """Problems of a message payload (callback type 4/7 data, follow-up, or an edit when ``edit``)."""
    body = body or {}
    out: list[str] = []
    if _len(body.get("content")) > 2000:
        out.append(f"content: {_len(body.get('content'))} > 2000 characters")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        out.append(f"embeds: {len(embeds)} > 10")
    total = 0
    for i, embed in enumerate(embeds):
        problems, size = embed_problems(embed, f"embeds[{i}]")
        out += problems
        total += size
    if total > 6000:
        out.append(f"embeds: {total} > 6000 characters in one message")
    out += components_problems(body.get("components") or [])
    if not edit and not (body.get("content") or embeds or body.get("components") or body.get("attachments")
                         or body.get("poll")):
        out.append("Cannot send an empty message (50006)")
    return out


def choices_problems(choices: list[dict[str, Any]] | None) -> list[str]:
    """Problems of an autocomplete result (callback type 8)."""
    choices = choices or []
    out = [f"choices: {len(choices)} > 25"] if len(choices) > 25 else []
    for i, c in enumerate(choices):
        if not 1 <= _len(c.get("name")) <= 100:
            out.append(f"choices[{i}].name: length {_len(c.get('name'))} not in 1..100")
        if isinstance(c.get("value"), str) and len(c["value"]) > 100:
            out.append(f"choices[{i}].value: {len(c['value'])} > 100 characters")
    return out


def _longest(item: dict[str, Any], key: str) -> int:
    values = [item.get(key) or "", *((item.get(f"{key}_localizations") or {}).values())]
    return max(len(v) for v in values)


def _names_problems(item: dict[str, Any], where: str, lower: bool) -> list[str]:
    out = []
    for locale, name in [("", item.get("name") or ""), *(item.get("name_localizations") or {}).items()]:
        if not NAME_RE.match(name) or (lower and name != name.lower()):
            out.append(f"{where}.name{'[' + locale + ']' if locale else ''}: {name!r} is not a valid name")
    for locale, desc in [("", item.get("description") or ""),
                         *(item.get("description_localizations") or {}).items()]:
        if not 1 <= len(desc) <= 100:
            out.append(f"{where}.description{'[' + locale + ']' if locale else ''}: length {len(desc)} "
                       "not in 1..100")
    return out


def _options_problems(options: Iterable[dict[str, Any]], where: str, depth: int) -> tuple[list[str], int]:
    options = list(options)
    out: list[str] = []
    size = 0
    if len(options) > 25:
        out.append(f"{where}.options: {len(options)} > 25")
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        out.append(f"{where}.options: duplicate names {names}")
    seen_optional = False
    for opt in options:
        here = f"{where} {opt.get('name')}"
        out += _names_problems(opt, here, lower=True)
        size += _longest(opt, "name") + _longest(opt, "description")
        kind = opt.get("type")
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if depth >= (1 if kind == SUB_COMMAND_GROUP else 2):
                out.append(f"{here}: type {kind} not allowed at depth {depth}")
            problems, sub = _options_problems(opt.get("options") or [], here, depth + 1)
            out += problems
            size += sub
            continue
        if opt.get("required"):
            if seen_optional:
                out.append(f"{here}: a required option after an optional one")
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > 25:
            out.append(f"{here}.choices: {len(choices)} > 25")
        if choices and opt.get("autocomplete"):
            out.append(f"{here}: autocomplete and choices together")
        for c in choices:
            if not 1 <= _longest(c, "name") <= 100:
                out.append(f"{here}.choices {c.get('name')!r}: name length not in 1..100")
            size += _longest(c, "name") + len(str(c.get("value", "")))
    return out, size


def commands_problems(commands: list[dict[str, Any]] | None) -> list[str]:
    """Problems of a bulk-overwrite (``PUT .../commands``) payload of chat-input commands."""
    commands = commands or []
    out: list[str] = []
    chat = [c for c in commands if c.get("type", 1) == 1]
    if len(chat) > 100:
        out.append(f"{len(chat)} chat-input commands > 100")
    names = [c.get("name") for c in chat]
    if len(set(names)) != len(names):
        out.append(f"duplicate command names {names}")
    for cmd in chat:
        where = f"/{cmd.get('name')}"
        out += _names_problems(cmd, where, lower=True)
        problems, size = _options_problems(cmd.get("options") or [], where, 0)
        out += problems
        size += _longest(cmd, "name") + _longest(cmd, "description")
        if size > 4000:
            out.append(f"{where}: {size} > 4000 characters (longest localization per field)")
    return out


#: Discord's emoji names: 2–32 letters, digits or underscores; images up to 256 KiB as a data URI.
EMOJI_NAME_RE = re.compile(r"^\w{2,32}$", re.ASCII)
EMOJI_IMAGE_RE = re.compile(r"^data:image/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/=]+)$")
EMOJI_MAX_BYTES = 256 * 1024
_SIGNATURES = {"png": b"\x89PNG\r\n\x1a\n", "jpeg": b"\xff\xd8", "gif": b"GIF8", "webp": b"RIFF"}


def emoji_problems(body: dict[str, Any] | None) -> list[str]:
    """Problems of a ``POST /applications/{id}/emojis`` body (``{"name", "image"}``, Discord's OpenAPI
    ``create_application_emoji``): the name's form, the image a base64 data URI of the type it names, ≤ 256 KiB."""
    body = body if isinstance(body, dict) else {}
    out: list[str] = []
    name, image = body.get("name"), body.get("image")
    if not (isinstance(name, str) and EMOJI_NAME_RE.match(name)):
        out.append(f"name: {name!r} is not 2-32 letters, digits or underscores")
    m = EMOJI_IMAGE_RE.match(image) if isinstance(image, str) else None
    if m is None:
        return [*out, "image: not a base64 data URI of png, jpeg, gif or webp"]
    try:
        data = base64.b64decode(m.group(2), validate=True)
    except binascii.Error:
        return [*out, "image: invalid base64"]
    if len(data) > EMOJI_MAX_BYTES:
        out.append(f"image: {len(data)} bytes > {EMOJI_MAX_BYTES}")
    if not data.startswith(_SIGNATURES[m.group(1)]):
        out.append(f"image: the data is no {m.group(1)}")
    return out
