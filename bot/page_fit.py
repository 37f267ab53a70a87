"""Discord's limits met by splitting, never by silent cutting: :func:`fit_pages` turns an answer's pages into
pages that each fit one embed (description ≤ 4096, field value ≤ 1024, ≤ 25 fields, ≤ 6000 characters per
message, the footer budgeted: :func:`fit_reply`); a long answer then pages with buttons (:mod:`bot.render`).
Text is split at paragraph, line, then word breaks, never inside a mana symbol, an emoji or a grapheme cluster
(:func:`split_text`). Discord-free: pages in, pages out.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.mana_emoji import discord_text
from bot.reply import (
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    FIELD_NAME_MAX,
    FIELD_VALUE_MAX,
    FIELDS_MAX,
    FOOTER_MAX,
    MESSAGE_EMBED_TOTAL_MAX,
    Field,
    Page,
    Reply,
    cut_units,
    format_date,
    legend_parts,
    repointed,
    units_room,
    utf16_len,
)
from bot.text import cut as graphemes_cut

#: Room left in an embed for the footer when the reply is not known (:func:`fit_pages` without a reply);
#: :func:`fit_reply` budgets the reply's real footer instead.
_FOOTER_BUDGET = 300
_PAGE_BUDGET = MESSAGE_EMBED_TOTAL_MAX - _FOOTER_BUDGET


def split_text(text: str, limit: int) -> list[str]:
    """Split ``text`` into chunks of ≤ ``limit`` UTF-16 units (Discord's count: :func:`bot.reply.utf16_len`, an
    emoji beyond U+FFFF two) at paragraph, line, then word breaks.

    Concatenating the chunks (with the break characters) gives the text back; nothing is dropped.
    """
    if utf16_len(text) <= limit:
        return [text]
    chunks: list[str] = []
    rest = text
    while utf16_len(rest) > limit:
        room = units_room(rest, limit)  # the characters within the limit
        window = rest[: room + 1]
        cut = -1
        for sep in ("\n\n", "\n", " "):
            cut = window.rfind(sep)
            if cut > room // 3:
                break
        if cut <= 0:
            cut = _safe_cut(rest, room)
            chunks.append(rest[:cut])
            rest = rest[cut:]
        else:
            chunks.append(rest[:cut].rstrip())
            rest = rest[cut:].lstrip("\n ")
    if rest:
        chunks.append(rest)
    return chunks


#: What a cut without a break character must not split: an emoji (``<:mana_w:123>``, with the snow mark) or a
#: symbol written as text (``{W/U/P}``, ``{G\\*}``).
_UNCUT = re.compile(r"<:\w{2,32}:[0-9]+>(?:❄️)?|\{[^{}\s]{1,12}\}")


def _safe_cut(text: str, cut: int) -> int:
    """``cut`` moved back to the start of the emoji or symbol it would split (unchanged when that start is 0), or to
    the start of the grapheme cluster it would split (a flag, an emoji with its skin tone: :func:`bot.text.cut`)."""
    start = max(0, cut - 64)
    for m in _UNCUT.finditer(text, start, min(len(text), cut + 64)):
        if m.start() < cut < m.end():
            return m.start() or cut
    return len(graphemes_cut(text, cut)) or cut


def shortened(text: str, limit: int) -> str:
    """``text`` when it has at most ``limit`` UTF-16 units (Discord's count: :func:`bot.reply.utf16_len`), else cut
    to ``limit - 1`` (at a grapheme cluster's start, :func:`bot.reply.cut_units`) with „…“: a title, label or footer
    Discord caps."""
    return text if utf16_len(text) <= limit else cut_units(text, limit - 1) + "…"


def _page_size(page: Page) -> int:
    """The UTF-16 units of ``page``'s title, body and fields, as Discord counts them against 6000 a message."""
    return utf16_len(page.title) + utf16_len(page.body) + sum(utf16_len(f.name + f.value) for f in page.fields)


def footer_room(reply: Reply) -> int:
    """Characters the footer of ``reply`` can take on any page: its text with the longest page counter
    ("Seite 999/999") and the longest sources of a page (:attr:`Page.source`), at most Discord's 2048."""
    own = {(p.source, p.date) for p in reply.pages}
    return max(utf16_len(footer_text(reply, 998, 999, s, d)) for s, d in ((None, None), *own))


def discord_pages(pages: list[Page]) -> list[Page]:
    """``pages`` as Discord shows them: the mana symbols of descriptions and field values as the application's
    emojis where uploaded (:func:`bot.mana_emoji.discord_text`, the one place that decides); titles and field
    names stay text (Discord shows no custom emoji there). Measured after this step, Discord's limits count
    the emojis' real length (``<:mana_w:…>``, about 28 characters for ``{W}``)."""

    def shown(page: Page) -> Page:
        body, values = discord_text(page.body), [discord_text(f.value) for f in page.fields]
        if body is page.body and all(v is f.value for v, f in zip(values, page.fields, strict=True)):
            return page  # no symbol shown otherwise (the usual case): no copy (fit_pages makes new pages anyway)
        fields = [Field(f.name, v, f.inline) for f, v in zip(page.fields, values, strict=True)]
        return replace(page, body=body, fields=fields, legend=discord_text(page.legend))

    return [shown(page) for page in pages]


def fit_reply(reply: Reply) -> list[Page]:
    """:func:`fit_pages` for ``reply`` as Discord shows it (:func:`discord_pages`) with its real footer budgeted
    (title + description + fields + footer ≤ 6000 characters per message). The one paging of a reply: the
    payload, the page buttons' fingerprints and the console's pages all come from it."""
    return fit_pages(discord_pages(reply.pages), MESSAGE_EMBED_TOTAL_MAX - footer_room(reply))


def _both_sources(first: str | None, second: str | None) -> str | None:
    """The sources of two pages joined into one: each named once, in order; None (the reply's) when either has none."""
    if first is None or second is None:
        return None
    return " · ".join(dict.fromkeys(s for part in (first, second) for s in part.split(" · ") if s))


def _join_empty(pages: list[Page]) -> list[Page]:
    """Pages with neither body nor fields (a heading whose text starts on the next page) merged into the
    next page, so every page starts with content: the empty page's title is kept, the next page's title
    (when different) goes to the top of its body."""
    out: list[Page] = []
    carry: Page | None = None
    for page in pages:
        if carry is not None:
            heading = f"**{page.title}**" if page.title and carry.title and carry.title != page.title else ""
            body = "\n".join(p for p in (heading, page.body) if p)
            page = Page(title=carry.title or page.title, body=body, fields=page.fields,
                        actions=page.actions if page.actions is not None else carry.actions,
                        picture=page.picture or carry.picture, source=_both_sources(carry.source, page.source),
                        date=page.date if carry.date == page.date else "")
            carry = None
        if not page.body.strip() and not page.fields:
            carry = page
            continue
        out.append(page)
    if carry is not None:
        out.append(carry)
    return out


def fit_pages(pages: list[Page], budget: int = _PAGE_BUDGET) -> list[Page]:
    """Pages that each fit one Discord embed within one message, in order, content complete.

    ``budget``: characters for title, description and fields of one embed (6000 minus the footer).
    A title longer than 256 characters is shortened and given in full at the top of the body. A page
    without body and fields is joined to the next (every page starts with content). A page's own
    ``actions`` and ``picture`` go with every page it is split into; a pointer to a page („Wortlaut auf Seite 3“)
    names the first page shown of it (:func:`bot.reply.repointed`)."""
    out, starts = list[Page](), list[int]()  # the pages shown; per page given, the number of its first page shown
    for page in _join_empty(pages) or [Page(title="(leer)")]:
        starts.append(len(out) + 1)
        title, body = page.title, page.body
        if utf16_len(title) > EMBED_TITLE_MAX:
            body = f"**{discord_text(title)}**\n{body}"  # in the body, its symbols as the body shows them
            title = shortened(title, EMBED_TITLE_MAX)
        fields: list[Field] = []
        for f in page.fields:
            name = f.name
            if utf16_len(name) > FIELD_NAME_MAX:
                name = shortened(name, FIELD_NAME_MAX)
            parts = split_text(f.value or "—", FIELD_VALUE_MAX)
            for i, part in enumerate(parts):
                label = name if i == 0 else shortened(f"{name} (Forts.)", FIELD_NAME_MAX)
                fields.append(Field(label, part, f.inline and len(parts) == 1))
        body_limit = min(EMBED_DESCRIPTION_MAX, budget - utf16_len(title))
        bodies = legend_parts(body, page.legend, body_limit, split_text) if body else [""]
        for i, chunk in enumerate(bodies):
            current = Page(title=title, body=chunk, actions=page.actions, picture=page.picture, source=page.source,
                           date=page.date)
            out.append(current)
            if i < len(bodies) - 1:
                continue
            size = _page_size(current)  # kept as fields are added: each field is counted once, not once per field
            for f in fields:
                if len(current.fields) >= FIELDS_MAX or size + utf16_len(f.name + f.value) > budget:
                    current = Page(title=title, actions=page.actions, picture=page.picture, source=page.source,
                                   date=page.date)
                    out.append(current)
                    size = _page_size(current)
                current.fields.append(f)
                size += utf16_len(f.name + f.value)
    return repointed(out, starts) if len(starts) == len(pages) else out  # an empty page joined: numbers unsure


def footer_text(reply: Reply, page: int, total: int, source: str | None = None, date: str | None = None) -> str:
    """Footer: ``Quelle: … · Stand … · Seite x/y`` (parts only when present); ``source`` and ``date`` a page's own
    (:attr:`Page.source`, :attr:`Page.date`) instead of the reply's."""
    parts = []
    source = reply.source if source is None else source
    date = reply.date if date is None else date
    if source:
        parts.append(f"Quelle: {source}")
    if date:
        parts.append(f"Stand {format_date(date)}")
    if total > 1:
        parts.append(f"Seite {page + 1}/{total}")
    return shortened(" · ".join(parts), FOOTER_MAX)
