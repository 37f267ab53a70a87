"""The reply model: what every answer returns, independent of Discord.

Answers (``bot.answers``) build a :class:`Reply`; ``bot.render`` turns it into a Discord
message (embeds, buttons) and the console into text. Discord's limits are enforced by the
renderer's pagination, never by cutting silently: a page whose body is longer than an embed
description may hold is split into more pages (see :func:`paginate`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits)
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FIELDS_MAX = 25
FOOTER_MAX = 2048
MESSAGE_EMBED_TOTAL_MAX = 6000
CONTENT_MAX = 2000
BUTTON_LABEL_MAX = 80
CUSTOM_ID_MAX = 100
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
BUTTONS_PER_ROW = 5
ROWS_MAX = 5


def format_date(iso: str | None) -> str:
    """``"2005-08-30"`` → ``"30.08.2005"``; ``"2007"`` stays; None → ``""``."""
    if not iso:
        return ""
    parts = iso.split("-")
    return ".".join(reversed(parts)) if len(parts) == 3 else iso


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
    reply's :attr:`Reply.actions`.
    """

    title: str
    body: str = ""
    fields: list[Field] = field(default_factory=list)
    actions: list[Action] | None = None


@dataclass
class Action:
    """A button that runs another answer: ``action`` names a registered action, ``arg`` its argument.

    Rendered as a persistent button whose custom_id is ``rb:<action>:<arg>`` (≤ 100 characters).
    """

    label: str
    action: str
    arg: str
    emoji: str | None = None


@dataclass
class Choice:
    """An autocomplete choice: ``name`` shown (≤ 100), ``value`` sent back (≤ 100)."""

    name: str
    value: str


@dataclass
class Reply:
    """What an answer returns.

    Attributes:
        pages: one or more pages; more than one page gets "Zurück"/"Weiter" buttons.
        source: name of the source document(s), shown in the footer ("Quelle: …").
        date: date of the source (ISO or free text), shown in the footer.
        actions: buttons below the message (≤ 20, to leave a row for paging).
        ephemeral: only the asking user sees it (used for user-facing errors).
        error: True for a user-facing error reply (unknown card, bad input).
        color: embed colour as 0xRRGGBB.
    """

    pages: list[Page]
    source: str | None = None
    date: str | None = None
    actions: list[Action] = field(default_factory=list)
    ephemeral: bool = False
    error: bool = False
    color: int = 0x2F6DB5

    @classmethod
    def fail(cls, title: str, body: str = "", actions: list[Action] | None = None) -> Reply:
        """A German user-facing error: ephemeral, red, never a traceback."""
        return cls(
            pages=[Page(title=title, body=body)],
            ephemeral=True,
            error=True,
            color=0xC0392B,
            actions=list(actions or []),
        )
