"""Render a :class:`~bot.reply.Reply` for Discord (embeds, buttons) and for the console (text/JSON). Discord-free:
the payloads are built as the dicts Discord's API takes.

The pages are Discord's (:func:`bot.page_fit.fit_reply`: split to fit its limits, never cut silently); long
answers then page with buttons, or show their first page alone where the input is too long for a button to carry
(:func:`shown`).

:func:`message_payload` is the one place that makes the Discord message payload (embeds, action rows of
buttons, flags): the gateway bot and the HTTP endpoint send it through :mod:`bot.delivery`, and
``python -m bot call --json`` prints it. Button custom_ids come from :mod:`bot.custom_id`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
from typing import Any

from bot.custom_id import OPEN, PAGE, SHARE, Invocation, decode, encode, encode_open, encode_strict, encode_target
from bot.id_values import BadCustomId, TooLong
from bot.mana_emoji import plain_text
from bot.page_fit import discord_pages, fit_pages, fit_reply, footer_text, shortened
from bot.reply import (
    BUTTON_LABEL_MAX,
    BUTTONS_PER_ROW,
    MESSAGE_EMBED_TOTAL_MAX,
    ROWS_MAX,
    SELECT_LABEL_MAX,
    SHARE_ACTION,
    Action,
    Page,
    Reply,
    distinct,
    told_apart,
    utf16_len,
)
from bot.unpaged import first_page_only

log = logging.getLogger(__name__)


def page_actions(reply: Reply, pages: list[Page], index: int) -> list[Action]:
    """The buttons of fitted page ``index``: the page's own actions, else the reply's."""
    own = pages[index].actions if 0 <= index < len(pages) else None
    return list(own if own is not None else reply.actions)


def picture_url(url: str | None) -> str | None:
    """``url`` when Discord can show it as an embed's picture (``https://`` or ``http://``, ≤ 2048 characters,
    no white space), else None: a page shows no picture rather than a broken one."""
    if url and len(url) <= 2048 and url.startswith(("https://", "http://")) and not any(c.isspace() for c in url):
        return url
    return None


def embed_for(reply: Reply, pages: list[Page], index: int) -> dict[str, Any]:
    """The Discord embed object of page ``index`` of the fitted ``pages``: ``{"footer"?, "thumbnail"?,
    "fields"?, "flags", "color", "type": "rich", "description"?, "title"?}`` (keys in the order discord.py's
    ``Embed.to_dict`` writes them; empty parts left out). A page's ``picture`` (a card's image) is the
    thumbnail: beside the text, which stays the answer, instead of a full-width image below it."""
    page = pages[index]
    embed: dict[str, Any] = {}
    footer = footer_text(reply, index, len(pages), page.source, page.date)
    if footer:
        embed["footer"] = {"text": footer}
    picture = picture_url(page.picture)
    if picture:
        embed["thumbnail"] = {"url": picture}
    if page.fields:
        embed["fields"] = [{"inline": f.inline, "name": f.name, "value": f.value} for f in page.fields]
    embed["flags"] = 0
    if reply.color:
        embed["color"] = reply.color
    embed["type"] = "rich"
    if page.body:
        embed["description"] = page.body
    if page.title:
        embed["title"] = page.title
    return embed


def embed_size(embed: dict[str, Any]) -> int:
    """The UTF-16 units (:func:`bot.reply.utf16_len`, Discord's count) of ``embed`` that count against its 6000 per
    message: title, description, field names and values, footer text."""
    fields = sum(utf16_len(f["name"] + f["value"]) for f in embed.get("fields", []))
    footer = utf16_len(embed.get("footer", {}).get("text", ""))
    return utf16_len(embed.get("title", "") + embed.get("description", "")) + fields + footer


#: Discord component types and button styles (https://discord.com/developers/docs/components/reference).
ACTION_ROW, BUTTON, SELECT = 1, 2, 3
PRIMARY, SECONDARY = 1, 2
#: Message flag: only the invoking user sees the message.
EPHEMERAL = 1 << 6


def page_checks(reply: Reply, pages: list[Page], origin: Invocation | None) -> list[str]:
    """The 6-character fingerprint of every fitted page (URL-safe base64 of a 32-bit BLAKE2b): of the invocation
    ``origin`` the page's buttons run again (as the custom_id spells it, :func:`bot.custom_id.encode_target`; so an
    id with the options swapped or changed carries no fingerprint of any page of its own answer) and of the page's
    title, body, fields and footer in their text form (:func:`bot.mana_emoji.plain_text`), so a process without the
    emojis' ids turns the same page."""
    try:
        target = "" if origin is None else encode_target(origin)
    except ValueError:  # an invocation no button can carry (its buttons are "!"): nothing to bind
        target = ""
    out = []
    for i, p in enumerate(pages):
        fields = [plain_text(part) for f in p.fields for part in (f.name, f.value)]
        parts = (target, p.title, plain_text(p.body), *fields, footer_text(reply, i, len(pages), p.source, p.date))
        digest = hashlib.blake2b("\x1f".join(parts).encode("utf-8", "surrogatepass"), digest_size=4).digest()
        out.append(base64.urlsafe_b64encode(digest).decode().rstrip("="))
    return out


def _button(label: str, custom_id: str, style: int, disabled: bool | None = None) -> dict[str, Any]:
    button: dict[str, Any] = {"type": BUTTON, "style": style, "label": shortened(label, BUTTON_LABEL_MAX),
                              "custom_id": custom_id}
    if disabled is not None:
        button["disabled"] = disabled
    return button


#: At most this many "Meintest du" candidates are buttons; more become one select menu.
CHOICE_BUTTONS_MAX = 5
#: Discord's limit of options in one select menu.
SELECT_OPTIONS_MAX = 25


def choice_rows(choices: list[Action]) -> list[list[dict[str, Any]]]:
    """The "Meintest du" candidates as action rows: ≤ 5 primary buttons ``rb:<action>:<arg>``, else one
    select menu whose custom_id is ``rb:<action>:`` and whose options carry the argument as value (≤ 25,
    candidates with the first candidate's action only); picking one runs ``rb:<action>:<value>``
    (:func:`picked_custom_id`, used by the gateway bot and the HTTP endpoint); each once (:func:`distinct`)."""
    choices = distinct(choices)
    if not choices:
        return []
    if len(choices) <= CHOICE_BUTTONS_MAX:
        return [[_button(c.label, encode_open(c.action, c.arg), PRIMARY) for c in choices]]
    kind = choices[0].action
    options = [{"label": shortened(c.label, SELECT_LABEL_MAX), "value": c.arg}
               for c in choices if c.action == kind][:SELECT_OPTIONS_MAX]
    return [[{"type": SELECT, "custom_id": encode_open(kind, ""), "placeholder": "Meintest du …",
              "options": options}]]


def action_id(action: str, arg: str) -> str | None:
    """The custom_id ``rb:<action>:<arg>`` of an answer's button, or None (logged) when ``arg`` cannot be one
    (longer than 100 characters with it, or a character its action refuses, e.g. a passage key of a store built
    before keys were made safe): the answer is shown without that button rather than not at all."""
    try:
        return encode_open(action, arg)
    except ValueError as exc:  # TooLong and BadCustomId are ValueErrors
        log.warning("Knopf %s ausgelassen: %s", action, exc)
        return None


def picked_custom_id(custom_id: str, values: list[Any]) -> str:
    """The button a pick in a "Meintest du" select menu stands for: ``rb:<action>:`` with the value ``12``
    → ``rb:<action>:12``; other custom_ids (and a pick that cannot be encoded) come back unchanged."""
    try:
        bid = decode(custom_id)
        if values and bid.verb == OPEN and bid.target is not None and bid.target.kind == "action":
            return encode_open(bid.target.key, str(values[0]))
    except (BadCustomId, ValueError):
        pass
    return custom_id


def components(reply: Reply, pages: list[Page], page: int, origin: Invocation | None) -> list[dict[str, Any]]:
    """The action rows under page ``page``: "Zurück"/"Weiter" (row 1, when there are pages to turn), then
    the "Meintest du" choices (:func:`choice_rows`), then the reply's action buttons, five per row, at most
    five rows in all; a repeated button is dropped, the first kept (each custom_id once, as Discord requires).
    The "Im Kanal teilen" action of a private answer (:data:`bot.reply.SHARE`) becomes ``rb:sh:…``: it re-runs
    ``origin`` and posts that page publicly.

    Every custom_id comes from :mod:`bot.custom_id`: paging buttons re-run ``origin`` (None: the
    invocation is unknown, the buttons explain that paging is not possible) and carry the fingerprint of
    the page they lead to.
    """
    rows: list[list[dict[str, Any]]] = []
    if len(pages) > 1:
        checks = page_checks(reply, pages, origin)
        row = []
        for label, target, disabled in (("Zurück", page - 1, page == 0), ("Weiter", page + 1, page == len(pages) - 1)):
            check = checks[target] if 0 <= target < len(pages) else "-"
            row.append(_button(label, encode(PAGE, origin, target + 1, check), PRIMARY, disabled))
        rows.append(row)
    rows += choice_rows(reply.choices)
    seen = {b["custom_id"] for row in rows for b in row}
    kept: list[tuple[Action, str]] = []
    for action in page_actions(reply, pages, page):
        if action.action == SHARE_ACTION:
            cid = encode(SHARE, origin, page + 1, page_checks(reply, pages, origin)[page])
        else:
            cid = action_id(action.action, action.arg)
        if cid is not None and cid not in seen:
            seen.add(cid)
            kept.append((action, cid))
    # a label that repeats under the page gets what tells its buttons apart (bot.reply.told_apart)
    labels = told_apart([a for a, _ in kept])
    buttons = [_button(label, cid, SECONDARY) for label, (_, cid) in zip(labels, kept, strict=True)]
    room = (ROWS_MAX - len(rows)) * BUTTONS_PER_ROW
    rows += [buttons[i : i + BUTTONS_PER_ROW] for i in range(0, min(len(buttons), room), BUTTONS_PER_ROW)]
    return [{"type": ACTION_ROW, "components": row} for row in rows]


def shown(reply: Reply, origin: Invocation | None) -> tuple[Reply, list[Page]]:
    """``reply`` as Discord shows it under the paging buttons of ``origin``, and its fitted pages
    (:func:`bot.page_fit.fit_reply`): unchanged where it has one page, ``origin`` is no answer (None: unknown, its
    buttons say why; a button action, whose argument fits by construction) or the paging id of its last page fits
    (the longest: the page number with the most digits, the page's own fingerprint); where that id raises
    :class:`bot.id_values.TooLong`, its first page alone saying by how much the input is too long
    (:func:`bot.unpaged.first_page_only`, :attr:`bot.reply.Reply.unpaged` set), so no button is shown the bot cannot
    serve. An invocation no button can encode at all keeps its buttons (``!``: :func:`bot.custom_id.encode`)."""
    pages = fit_reply(reply)
    if len(pages) < 2 or origin is None or origin.kind != "answer":
        return reply, pages
    try:
        encode_strict(PAGE, origin, len(pages), page_checks(reply, pages, origin)[-1])
    except TooLong as exc:
        if exc.over > 0:
            alone = first_page_only(reply, pages, exc.over)
            return alone, fit_reply(alone)
    except ValueError:  # options its answer does not take: logged where its buttons are made (bot.custom_id.encode)
        pass
    return reply, pages


def message_payload(reply: Reply, page: int = 0, origin: Invocation | None = None, *,
                    edit: bool = False) -> dict[str, Any]:
    """The Discord message payload of page ``page`` (0-based, clamped) of ``reply``: exactly what the
    gateway bot, the HTTP endpoint and ``call --json`` send (the ``data`` of an interaction callback,
    the body of a follow-up or of an edit).

    Shape: ``{"embeds": [an embed object (:func:`embed_for`)], "components": [action rows of buttons {"type": 2,
    "style", "label", "custom_id", "disabled"?} or of one "Meintest du" select menu {"type": 3, "custom_id",
    "placeholder", "options"}], "allowed_mentions": {"parse": []}, "flags": 64 | 0}``; ``edit``
    leaves ``flags`` out (an edit cannot change a message's visibility). ``origin`` is the invocation
    that produced ``reply`` (for the paging buttons, see :func:`components`; an input too long for them: its first
    page alone, :func:`shown`).
    """
    reply, pages = shown(reply, origin)
    page = max(0, min(page, len(pages) - 1))
    data: dict[str, Any] = {
        "embeds": [embed_for(reply, pages, page)],
        "components": components(reply, pages, page, origin),
        "allowed_mentions": {"parse": []},
    }
    if not edit:
        data["flags"] = EPHEMERAL if reply.ephemeral else 0
    return data


def payload(reply: Reply, page: int = 0, origin: Invocation | None = None) -> dict[str, Any]:
    """:func:`message_payload` of a new message (kept as the short name the tests use)."""
    return message_payload(reply, page, origin)


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    """Every button of a message payload, row by row (for tests and the console)."""
    return [c for row in message.get("components") or [] for c in row.get("components") or [] if c["type"] == BUTTON]


def to_json(reply: Reply, page: int = 0, origin: Invocation | None = None) -> str:
    """:func:`message_payload` as indented JSON (UTF-8 characters kept)."""
    return json.dumps(message_payload(reply, page, origin), ensure_ascii=False, indent=2)


def to_text(reply: Reply, page: int = 0, origin: Invocation | None = None) -> str:
    """A plain-text rendering for the console: title, body, fields, footer, the "Meintest du" choices and the
    buttons (paging as ``[Zurück]``/``[Weiter]``, actions with their custom_id; the share button left out).
    The pages are Discord's (:func:`bot.page_fit.fit_reply`), mana symbols as text (``{W}``), the picture as
    ``Bild: URL``. ``origin``: the invocation that produced ``reply``, as for :func:`message_payload` (an input too
    long for a paging button: its first page alone, :func:`shown`)."""
    reply, pages = shown(reply, origin)
    page = max(0, min(page, len(pages) - 1))
    p = pages[page]
    lines = [f"== {p.title} ==" if p.title else ""]
    if p.body:
        lines.append(plain_text(p.body))
    for f in p.fields:
        lines.append(f"[{f.name}] {plain_text(f.value)}")
    picture = picture_url(p.picture)
    if picture:
        lines.append(f"Bild: {picture}")
    footer = footer_text(reply, page, len(pages), p.source, p.date)
    if footer:
        lines.append(f"-- {footer}")
    kept = [(a, cid) for a in page_actions(reply, pages, page)
            if a.action != SHARE_ACTION and (cid := action_id(a.action, a.arg)) is not None]
    listed = [f"[{label}] ({cid})" for label, (_, cid) in zip(told_apart([a for a, _ in kept]), kept, strict=True)]
    if reply.choices:
        picks = [f"[{c.label}] ({encode_open(c.action, c.arg)})" for c in distinct(reply.choices)]
        lines.append("Meintest du: " + "  ".join(picks))
    if len(pages) > 1:
        paging = (["[Zurück] (zurück)"] if page > 0 else []) + (["[Weiter] (weiter)"] if page < len(pages) - 1 else [])
        listed = [*paging, *listed]
    if listed:
        lines.append("Knöpfe: " + "  ".join(listed))
    return "\n".join(line for line in lines if line)


def channel_payloads(replies: list[Reply]) -> list[dict[str, Any]]:
    """Replies to an ordinary message (``[[Karte]]``), packed into as few channel message payloads as Discord
    allows: each reply is one embed (its first page; a longer one names "Seite 1/n" in the footer) with its
    choices and action buttons (no paging: the message holds several answers). Per message ≤ 10 embeds,
    ≤ 6000 embed characters, ≤ 5 action rows, each custom_id once. Shape: ``{"embeds", "components",
    "allowed_mentions"}`` as :func:`message_payload`.
    """
    out: list[dict[str, Any]] = []
    embeds: list[dict[str, Any]] = []
    rows: list[list[dict[str, Any]]] = []
    size = 0

    def flush() -> None:
        if embeds:
            out.append({"embeds": list(embeds), "components": [{"type": ACTION_ROW, "components": r} for r in rows],
                        "allowed_mentions": {"parse": []}})
        embeds.clear()
        rows.clear()

    for reply in replies:
        pages = fit_pages(discord_pages(reply.pages))
        embed = embed_for(reply, pages, 0)
        new = [r["components"] for r in components(reply, pages[:1], 0, None)]
        seen = {c["custom_id"] for row in rows for c in row}
        new = [[c for c in row if c["custom_id"] not in seen] for row in new]
        new = [row for row in new if row]
        if embeds and (len(embeds) >= 10 or size + embed_size(embed) > MESSAGE_EMBED_TOTAL_MAX
                       or len(rows) + len(new) > ROWS_MAX):
            flush()
            size = 0
        embeds.append(embed)
        size += embed_size(embed)
        rows += new[: ROWS_MAX - len(rows)]
    flush()
    return out
