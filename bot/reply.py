"""The reply model: what every answer returns, independent of Discord.

Answers (``bot.answers``) build a :class:`Reply`; ``bot.render`` turns it into a Discord
message (embeds, buttons) and the console into text. Discord's limits are enforced by the
renderer's pagination, never by cutting silently: a page whose body is longer than an embed
description may hold is split into more pages (see :func:`paginate`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

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
SELECT_LABEL_MAX = 100
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


@dataclass
class Field:
    """An embed field: name ≤ 256, value ≤ 1024 characters once rendered."""

    name: str
    value: str
    inline: bool = False


@dataclass
class Page:
    """One page of a reply (one embed)."""

    title: str
    body: str = ""
    fields: list[Field] = field(default_factory=list)


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
        choices: the candidates of a "Meintest du: …" answer; each answers directly when picked
            (≤ 5 as buttons, more as one select menu of ≤ 25 options).
        ephemeral: only the asking user sees it (used for user-facing errors).
        error: True for a user-facing error reply (unknown card, bad input).
        color: embed colour as 0xRRGGBB.
    """

    pages: list[Page]
    source: str | None = None
    date: str | None = None
    actions: list[Action] = field(default_factory=list)
    choices: list[Action] = field(default_factory=list)
    ephemeral: bool = False
    error: bool = False
    color: int = 0x2F6DB5

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


#: The button under a private answer that posts it publicly in the channel (``rb:share:``; the Discord
#: adapter copies the message the button sits on, so nothing is kept in memory).
SHARE_ACTION = "share"
SHARE = Action(label="Im Kanal teilen", action=SHARE_ACTION, arg="")


def as_private(reply: Reply) -> Reply:
    """``reply`` shown only to the asking user, with an "Im Kanal teilen" button as its last action.

    Error replies stay as they are (already ephemeral; nothing worth sharing). The share button replaces
    the 20th action when all 20 places are taken.
    """
    if reply.error:
        return reply
    actions = [a for a in reply.actions if a.action != SHARE_ACTION][:19]
    return replace(reply, ephemeral=True, actions=[*actions, SHARE])
