"""The reply model: what every answer returns, independent of Discord.

Answers (``bot.answers``) build a :class:`Reply`; :mod:`bot.render` turns it into a Discord
message payload (embeds, buttons, select menus) or into text for the console. Discord's limits are
enforced by the renderer, never by cutting silently: a page longer than one embed may hold is split into
more pages (:func:`bot.page_fit.fit_pages`). This module also holds the helpers every answer uses for German
dates (:func:`format_date`) and for echoing user text inertly (:func:`quote_user`, :func:`in_quotes`).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bot.text import GRAPHEME, ZERO_WIDTH, cut

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    import regex

# Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits)
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FIELDS_MAX = 25
FOOTER_MAX = 2048
MESSAGE_EMBED_TOTAL_MAX = 6000
BUTTON_LABEL_MAX = 80
SELECT_LABEL_MAX = 100
CUSTOM_ID_MAX = 100
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
BUTTONS_PER_ROW = 5
ROWS_MAX = 5


def utf16_len(text: str) -> int:
    """The length of ``text`` in UTF-16 code units, the stricter count of a custom_id against :data:`CUSTOM_ID_MAX`
    (Discord's OpenAPI spec: ``maxLength`` 100, code points in JSON Schema; a JavaScript string counts UTF-16 units),
    so an id within it fits either: a character beyond U+FFFF (an emoji: „🔥“) counts two, a lone surrogate one."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def units_room(text: str, limit: int) -> int:
    """How many characters (code points) of ``text`` from its start fit ``limit`` UTF-16 units
    (:func:`utf16_len`): ``len(text)`` when it all fits, ``limit`` when its first ``limit`` characters are all
    within U+FFFF, fewer for each character beyond (an emoji: „🔥“ counts two)."""
    if utf16_len(text[:limit]) == min(limit, len(text)):  # no character beyond U+FFFF among them
        return min(limit, len(text))
    units = 0
    for i, ch in enumerate(text):
        units += 2 if ord(ch) > 0xFFFF else 1
        if units > limit:
            return i
    return len(text)


def cut_units(text: str, limit: int) -> str:
    """The longest start of ``text`` of at most ``limit`` UTF-16 units (:func:`utf16_len`) that ends between two
    grapheme clusters (:func:`bot.text.cut`): Discord counts its limits of text (a button's label, a choice's name,
    an embed's title and fields) as a JavaScript string does, so „🔥“ takes two of them. ``text`` when it fits."""
    return cut(text, units_room(text, limit))


def format_date(iso: str | None) -> str:
    """``"2005-08-30"`` → ``"30.08.2005"``; ``"2007"`` stays; None → ``""``."""
    if not iso:
        return ""
    parts = iso.split("-")
    return ".".join(reversed(parts)) if len(parts) == 3 else iso


def shared_date(dates: Iterable[str | None]) -> str | None:
    """The one date of ``dates`` (ISO, the dates of the documents a reply shows) when they are all the same, for the
    footer's „Stand …“ (:attr:`Reply.date`); None when they differ or none is known: then each page names its own
    document, and no one date stands for the reply."""
    found = set(dates)
    return next(iter(found)) if len(found) == 1 else None


#: Characters removed from echoed user text: C0/C1 controls (NUL, newlines, tabs → space), bidi
#: overrides and isolates (U+202A–202E, U+2066–2069), zero-width characters, BOM, lone surrogates.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff"
                     r"\ufff9-\ufffb\ud800-\udfff]")
#: Markdown that works anywhere in a line: emphasis, strike, code, spoiler, masked links (``[x](url)``),
#: mentions, channels, custom emoji and timestamps (``<@id>``, ``<#id>``, ``<:a:id>``, ``<t:0>``),
#: ``@everyone``/``@here``; escaped with a backslash as Discord documents.
_INLINE = re.compile(r"([\\*_~`|\[\]<>@])")
#: Autolinks (``https://…``): the colon is escaped, so Discord shows the text without a link.
_SCHEME = re.compile(r"(?<=[A-Za-z0-9+.-]):(?=//)")
#: Line-start markdown: headings, subtext, quotes, lists.
_LINE_START = re.compile(r"^(#{1,3}\s|-#\s|[-+*]\s|>)")
_NUMBERED = re.compile(r"^(\d+)([.)]\s)")


@functools.cache
def emoji_sequence() -> regex.Pattern[str]:
    """An emoji sequence: a pictograph or a flag's regional indicators with what extends it (skin tone, variation
    selector, ZWJ and the next pictograph, a subdivision flag's tags), one grapheme cluster
    (:data:`bot.text.GRAPHEME`). Compiled at the first text with a joiner (the ``regex`` module imported then)."""
    import regex

    return regex.compile(r"(?=[\p{Extended_Pictographic}\p{Regional_Indicator}])(?:" + GRAPHEME + ")")


#: The invisible characters an emoji sequence is made of (ZWJ, variation selectors, tags): kept inside one.
_EMOJI_JOINERS = re.compile(r"([\u200d\ufe0e\ufe0f\U000e0020-\U000e007f]+)")


#: Zero-width characters inside a word (ZWNJ, word joiner, BOM, soft hyphen) are dropped; the zero-width space is a
#: word boundary (bot.text.ZWSP) and becomes a space, as the bidi controls do.


def _inert(text: str) -> str:
    """``text`` without zero-width characters (:data:`ZERO_WIDTH`) and with the other control and format
    characters (categories Cc, Cf, Cs and :data:`_UNSAFE`: bidi overrides, line breaks) as spaces."""
    text = _UNSAFE.sub(" ", text.translate(ZERO_WIDTH))
    return "".join(ch if unicodedata.category(ch) not in ("Cc", "Cf", "Cs") else " " for ch in text)


def one_line(text: str) -> str:
    """``text`` as one inert line: zero-width characters inside a word are removed, the other control and format
    characters (NUL, line breaks, ANSI escapes, bidi overrides, ZWJ outside an emoji, lone surrogates) become
    spaces, white space collapses; an emoji sequence
    keeps the joiners it is made of (👨‍👩‍👧, 🏴󠁧󠁢󠁳󠁣󠁴󠁿: :func:`emoji_sequence`), nothing else. For echoing user text on a
    terminal (the console's messages) and the first step of :func:`quote_user`."""
    text = unicodedata.normalize("NFC", text)
    parts, start = [], 0
    for m in emoji_sequence().finditer(text) if _EMOJI_JOINERS.search(text) else ():  # else: no joiner to keep
        if _EMOJI_JOINERS.search(m.group()):  # the joiners at the odd places of the split stay
            kept = "".join(part if n % 2 else _inert(part) for n, part in enumerate(_EMOJI_JOINERS.split(m.group())))
            parts += [_inert(text[start : m.start()]), kept]
            start = m.end()
    parts.append(_inert(text[start:]))
    return " ".join("".join(parts).split())


def quote_user(text: str, limit: int | None = None) -> str:
    """User text made inert for echoing inside a reply (titles, bodies, fields, button labels).

    Control characters (NUL, newlines, tabs, the RTL override U+202E and the other bidi controls,
    zero-width characters, lone surrogates) become spaces and runs of white space collapse to one; then
    every Discord markdown character (``* _ ~ ` | [ ] < > @ \\``), the colon of ``scheme://`` and
    line-start markdown (``#``, ``-#``, ``>``, ``-``, ``+``, ``1.``) are escaped with a backslash, so
    masked links ``[x](url)``, spoilers ``||x||``, bold ``**x**``, code, mentions ``<@id>``,
    ``@everyone`` and headings render as the characters typed. With ``limit``, the cleaned text is cut
    to ``limit`` characters (``…`` marks the cut) before escaping, so an escape is never cut in half, and at a
    grapheme boundary (:func:`bot.text.cut`), so neither is a flag, an emoji with its skin tone or a ZWJ sequence
    (whose joiners :func:`one_line` keeps).

    Source: Discord's markdown (support.discord.com "Markdown Text 101"); input is any ``str``, also
    Discord's 6000-character option maximum. Returns ``str``; never raises.
    """
    text = one_line(text)
    if limit is not None and len(text) > limit:
        text = cut(text, max(limit - 1, 0)).rstrip() + "…"
    text = _INLINE.sub(r"\\\1", text)
    text = _SCHEME.sub(r"\\:", text)
    text = _NUMBERED.sub(r"\1\\\2", text)
    return _LINE_START.sub(r"\\\1", text)


def in_quotes(text: str) -> str:
    """``text`` in German quotation marks, never doubled: ``Einberufen`` → ``„Einberufen“``, ``„Doppelländer“``
    stays, quotes inside become single ones (``„Verbesserte“ Kreaturen`` → ``„‚Verbesserte‘ Kreaturen“``)."""
    stripped = text.strip()
    if len(stripped) > 1 and stripped[0] in "„\"“" and stripped[-1] in "“\"”" and stripped.count("„") <= 1:
        return stripped
    return "„" + stripped.replace("„", "‚").replace("“", "‘") + "“"


@dataclass
class Field:
    """An embed field: name ≤ 256, value ≤ 1024 characters once rendered."""

    name: str
    value: str
    inline: bool = False


@dataclass
class Page:
    """One page of a reply (one embed).

    ``actions``: buttons for this page only (a search's page 2 points to page 2's hits); None means the
    reply's :attr:`Reply.actions`. ``picture``: the URL of a picture of what the page shows (a card's image,
    :meth:`bot.store.Store.card_image_url`), shown beside the text (the embed's thumbnail); None: none.
    ``source``: the sources of this page (its footer's „Quelle: …“) in a reply joined from several answers
    (:func:`own_sources`); None means the reply's :attr:`Reply.source`. ``date``: so the date of those sources
    (ISO, its footer's „Stand …“; ``""`` none); None means the reply's :attr:`Reply.date`. ``legend``: the notes
    that end ``body`` and explain its ties (a term page's „⚠️¹ **Heute:** …“, „ℹ️ **Heute andere Begriffe:** ¹ …“),
    kept with the entries they explain when the renderer splits the body (:func:`legend_parts`); ``""``: none.
    Mana symbols are written as text (``{W}``) everywhere; the renderer shows them as emojis where uploaded.
    """

    title: str
    body: str = ""
    fields: list[Field] = field(default_factory=list)
    actions: list[Action] | None = None
    picture: str | None = None
    source: str | None = None
    date: str | None = None
    legend: str = ""


#: The superscript digits that tie an entry to a page's numbered note (``⚠️¹``, ``ℹ️²³``).
_TIES = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹]")


def legend_parts(body: str, legend: str, limit: int, split: Callable[[str, int], list[str]]) -> list[str]:
    """``body`` in parts of at most ``limit`` UTF-16 units (``split``: :func:`bot.page_fit.split_text`), its
    :attr:`Page.legend` kept with the entries it explains: when the body needs more than one part and ends with the
    legend, the legend is taken off, the rest split leaving room for it, and every part that carries a tie (a
    superscript number) ends with it (the last part when none does). A body that fits, a legend that does not end
    it or one over a third of ``limit`` is split as it stands."""
    legend = legend.strip()
    text = body.rstrip()
    room = utf16_len(legend)  # Discord's count, as the split's
    if not legend or utf16_len(body) <= limit or not text.endswith(legend) or 3 * room > limit:
        return split(body, limit)
    parts = split(text[:-len(legend)].rstrip(), limit - room - 1)
    tied = [bool(_TIES.search(p)) for p in parts]
    tied[-1] = tied[-1] or not any(tied)
    return [f"{p}\n{legend}" if t else p for p, t in zip(parts, tied, strict=True)]


def own_sources(reply: Reply) -> list[Page]:
    """``reply``'s pages, each naming its sources and their date: a page without its own :attr:`Page.source` gets
    the reply's, and so its :attr:`Page.date`, so the pages keep their footers when they are joined into another
    reply (``/regel suche: 702.19 und 104.3f``: the term table's page names the term table, not also the FAQ of
    the next page; a card's page of „Karten erklären“ its FAQ's „Stand …“). The pages themselves are changed and
    returned."""
    for page in reply.pages:
        if page.source is None:
            page.source = reply.source or ""
        if page.date is None:
            page.date = reply.date or ""
    return reply.pages


#: Most buttons of one page's own (:attr:`Page.actions`): Discord's five rows of five, one row left for paging, and a
#: place for the share button of a private answer (:func:`as_private`).
PAGE_BUTTONS_MAX = 19


def own_buttons(pages: list[Page], actions: list[Action]) -> list[Page]:
    """``pages`` (of one card or section of a joined answer, or the page of names that fit none), each page without
    buttons of its own given ``actions``, each button once (:func:`distinct`: Discord refuses a message whose
    custom_ids repeat) and at most :data:`PAGE_BUTTONS_MAX`. The pages themselves are changed and returned."""
    for page in pages:
        page.actions = distinct(actions if page.actions is None else page.actions)[:PAGE_BUTTONS_MAX]
    return pages


@dataclass
class Action:
    """A button that runs another answer: ``action`` names a registered action, ``arg`` its argument.

    Rendered as a persistent button whose custom_id is ``rb:<action>:<arg>`` (≤ 100 characters, ``arg``
    percent-encoded where needed: :func:`bot.custom_id.encode_open`).
    """

    label: str
    action: str
    arg: str
    #: What tells this button apart where its label repeats among the buttons under one page (a passage's first
    #: words: two sections titled „Geteilte Karten“); shown after the label only then (:func:`told_apart`). Not part
    #: of the button's identity (its custom_id).
    detail: str = field(default="", compare=False)


def told_apart(actions: list[Action]) -> list[str]:
    """The labels of ``actions`` (the buttons under one page, in order) as shown: a label that repeats among them
    gets its :attr:`Action.detail` after a dash (``Geteilte Karten – Falls ein Effekt einen Spieler …``), or the
    button's argument where it has none or the detail still repeats, each cut to Discord's
    :data:`BUTTON_LABEL_MAX` UTF-16 units (``…`` marks a cut); a label said once stays as it is."""
    counts: dict[str, int] = {}
    for a in actions:
        counts[a.label] = counts.get(a.label, 0) + 1
    shown = [_labelled(a.label, a.detail) if counts[a.label] > 1 and a.detail else a.label for a in actions]
    again: dict[str, int] = {}
    for label in shown:
        again[label] = again.get(label, 0) + 1
    return [_labelled(a.label, a.arg) if again[label] > 1 else label for a, label in zip(actions, shown, strict=True)]


def _labelled(label: str, detail: str) -> str:
    """``label – detail`` within :data:`BUTTON_LABEL_MAX` UTF-16 units (:func:`cut_units`): the label's first 40
    kept whole, the detail cut at a grapheme boundary, ``…`` marking a cut."""
    label = label if utf16_len(label) <= 40 else cut_units(label, 39).rstrip() + "…"
    text = f"{label} – {one_line(detail)}"
    return text if utf16_len(text) <= BUTTON_LABEL_MAX else cut_units(text, BUTTON_LABEL_MAX - 1).rstrip() + "…"


def distinct(actions: list[Action]) -> list[Action]:
    """``actions`` with each button once (same action and argument: same custom_id), the first kept in its place:
    Discord refuses a message whose custom_ids or select options repeat (``[[Agrus]] [[Agru]]`` offer one card)."""
    kept: dict[tuple[str, str], Action] = {}
    for a in actions:
        kept.setdefault((a.action, a.arg), a)
    return list(kept.values())


@dataclass(frozen=True)
class Choice:
    """An autocomplete choice: ``name`` shown (≤ 100), ``value`` sent back (≤ 100). Frozen: the card-name source
    hands the same choices to every keystroke that offers them (:mod:`bot.answers.cards`)."""

    name: str
    value: str


@dataclass(frozen=True)
class Unpaged:
    """An answer shown as its first page alone because its input is too long for a paging button's custom_id
    (:func:`bot.unpaged.first_page_only`): it has ``pages`` pages as Discord shows them, and its paging id is
    ``over`` characters (UTF-16 units) longer than Discord's 100 (:data:`CUSTOM_ID_MAX`)."""

    pages: int
    over: int


@dataclass
class Reply:
    """What an answer returns.

    Attributes:
        pages: one or more pages; more than one page gets "Zurück"/"Weiter" buttons.
        source: name of the source document(s), shown in the footer ("Quelle: …").
        date: date of the source (ISO or free text), shown in the footer.
        actions: buttons below the message (≤ 20, to leave a row for paging).
        choices: the candidates of a "Meintest du: …" answer; each answers directly when picked
            (≤ 5 as buttons, more as one select menu of ≤ 25 options).
        ephemeral: only the asking user sees it (user-facing errors, and answers made private by
            :func:`as_private`).
        error: True for a user-facing error reply (unknown card, bad input).
        color: embed colour as 0xRRGGBB.
        unpaged: set on the first page alone of an answer no paging button can carry (:class:`Unpaged`, made
            where its paging ids are encoded: :func:`bot.render.shown`); None for every answer as it is made.
    """

    pages: list[Page]
    source: str | None = None
    date: str | None = None
    actions: list[Action] = field(default_factory=list)
    choices: list[Action] = field(default_factory=list)
    ephemeral: bool = False
    error: bool = False
    color: int = 0x2F6DB5
    unpaged: Unpaged | None = None

    @classmethod
    def fail(
        cls, title: str, body: str = "", actions: list[Action] | None = None, choices: list[Action] | None = None
    ) -> Reply:
        """A German user-facing error: ephemeral, red, never a traceback; ``choices`` are "Meintest du" picks."""
        return cls(
            pages=[Page(title=title, body=body)],
            ephemeral=True,
            error=True,
            color=0xC0392B,
            actions=list(actions or []),
            choices=list(choices or []),
        )


#: The option every command has for a private answer (:data:`bot.commands.PRIVATE`, German ``privat``).
PRIVATE_OPTION = "private"
#: The button under a private answer that posts it publicly in the channel (``rb:share:``; the Discord
#: adapter copies the message the button sits on, so nothing is kept in memory).
SHARE_ACTION = "share"
SHARE = Action(label="Im Kanal teilen", action=SHARE_ACTION, arg="")


def as_private(reply: Reply) -> Reply:
    """``reply`` shown only to the asking user, with an "Im Kanal teilen" button as its last action.

    Error replies stay as they are (already ephemeral; nothing worth sharing). The share button replaces
    the 20th action when all 20 places are taken; pages with buttons of their own get it too.
    """
    if reply.error:
        return reply

    def shared(actions: list[Action]) -> list[Action]:
        return [*[a for a in actions if a.action != SHARE_ACTION][:19], SHARE]

    pages = [replace(p, actions=shared(p.actions)) if p.actions is not None else p for p in reply.pages]
    return replace(reply, ephemeral=True, actions=shared(reply.actions), pages=pages)


#: The first character of a pictograph (emoji, 🔥, 🐉) or a flag's letter, as :func:`bot.reply.emoji_sequence` begins:
#: Unicode's symbols above the Latin-1 block (category So; ©, ® and the like below it are no emoji of a name).
_PICTOGRAPH_CATEGORY = "So"


@functools.cache
def _emoji_runs() -> regex.Pattern[str]:
    """Runs of emoji sequences side by side (:func:`bot.reply.emoji_sequence`: „🔥🔥🔥“, „👍🏽“, „🇩🇪“, a ZWJ
    family), compiled at the first text with a symbol (the ``regex`` module imported then)."""
    import regex

    return regex.compile(f"(?:{emoji_sequence().pattern})+")


def without_emoji(typed: str) -> tuple[str, tuple[str, ...]]:
    """``typed`` with its Unicode emoji taken out (each run of them, :func:`_emoji_runs`, as a space) and the runs
    as typed, each once: „🔥🔥🔥 Boros-Rekrut 🐉“ → („  Boros-Rekrut  “, („🔥🔥🔥“, „🐉“)). No card's, rule's or
    section's name holds one, as none holds Discord's custom emoji (``<:x:1>``); ``/frage`` reads past them, its words
    being letters. ``typed`` itself and () without one. Never raises."""
    if not any(ord(c) > 0xFF and unicodedata.category(c) == _PICTOGRAPH_CATEGORY for c in typed):
        return typed, ()
    runs = _emoji_runs()
    found = tuple(dict.fromkeys(m.group(0) for m in runs.finditer(typed)))
    return (runs.sub(" ", typed), found) if found else (typed, ())


#: A pointer to other pages of the same reply, in the reply's own page numbers: „Wortlaut auf Seite 2“
#: (:func:`bot.answers.eras.shift_page_refs`), the first page's line on later outdated rulings „heute überholt
#: (Seiten 2 und 4)“ (:func:`bot.answers.layout.outdated_ahead`), a joined ``/mechanik``'s „**Spuk** (Seite 4)“
#: (:func:`bot.answers.several_named.mechanics_line`); the renderer makes each number in it the number of the page
#: shown (:func:`repointed`).
PAGE_REF = re.compile(r"(?<=Wortlaut auf Seite )\d+|(?<=heute überholt \()Seiten? \d+(?:(?:, | und )\d+)*(?=\))"
                      r"|(?<=\*\* \()Seite \d+(?=\))")


def repointed(shown: list[Page], starts: list[int]) -> list[Page]:
    """The pages ``shown`` (a reply's pages as the renderer split them to Discord's limits) with each pointer
    (:data:`PAGE_REF`) to the reply's page ``n`` made the number of the first page shown of it, ``starts[n - 1]``
    (1-based): a long page before it split in two moves it on by one. A number outside ``starts`` stays."""
    if len(shown) == len(starts):
        return shown
    return [map_page_refs(p, lambda n: starts[n - 1] if 1 <= n <= len(starts) else n) for p in shown]


def map_page_refs(page: Page, to: Callable[[int], int]) -> Page:
    """``page`` with each pointer (:data:`PAGE_REF`, in its body and fields) to page ``n`` made page ``to(n)``
    (each number of a pointer to several: „Seiten 2 und 4“);
    ``page`` itself when it holds none."""
    if not PAGE_REF.search(page.body + "".join(f.value for f in page.fields)):
        return page

    def moved(text: str) -> str:
        return PAGE_REF.sub(lambda m: re.sub(r"\d+", lambda n: str(to(int(n.group()))), m.group()), text)

    return replace(page, body=moved(page.body), fields=[replace(f, value=moved(f.value)) for f in page.fields])
