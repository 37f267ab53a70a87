"""Render a :class:`~bot.reply.Reply` for Discord (embeds, buttons) and for the console (text/JSON).

Discord's limits are met by splitting, never by silent cutting: :func:`fit_pages` turns the
answer's pages into pages that each fit one embed (description ≤ 4096, field value ≤ 1024,
≤ 25 fields, ≤ 6000 characters per message); long answers then page with buttons.
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

import discord

from bot.reply import (
    BUTTON_LABEL_MAX,
    CUSTOM_ID_MAX,
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    FIELD_NAME_MAX,
    FIELD_VALUE_MAX,
    FIELDS_MAX,
    FOOTER_MAX,
    MESSAGE_EMBED_TOTAL_MAX,
    SELECT_LABEL_MAX,
    SHARE_ACTION,
    Action,
    Field,
    Page,
    Reply,
    format_date,
)

ACTION_PREFIX = "rb"
#: custom_id prefix of a "Meintest du" select menu: ``rb-pick:<action>``; each option's value is the argument.
PICK_PREFIX = "rb-pick"
#: At most this many "Meintest du" candidates are buttons; more become one select menu.
CHOICE_BUTTONS_MAX = 5
#: Discord's limit of options in one select menu.
SELECT_OPTIONS_MAX = 25
#: Room left in an embed for the footer when the reply is not known (:func:`fit_pages` without a reply);
#: :func:`fit_reply` budgets the reply's real footer instead.
_FOOTER_BUDGET = 300
_PAGE_BUDGET = MESSAGE_EMBED_TOTAL_MAX - _FOOTER_BUDGET


def split_text(text: str, limit: int) -> list[str]:
    """Split ``text`` into chunks of ≤ ``limit`` characters at paragraph, line, then word breaks.

    Concatenating the chunks (with the break characters) gives the text back; nothing is dropped.
    """
    if len(text) <= limit:
        return [text]
    chunks: list[str] = []
    rest = text
    while len(rest) > limit:
        window = rest[: limit + 1]
        cut = -1
        for sep in ("\n\n", "\n", " "):
            cut = window.rfind(sep)
            if cut > limit // 3:
                break
        if cut <= 0:
            cut = limit
            chunks.append(rest[:cut])
            rest = rest[cut:]
        else:
            chunks.append(rest[:cut].rstrip())
            rest = rest[cut:].lstrip("\n ")
    if rest:
        chunks.append(rest)
    return chunks


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _page_size(page: Page) -> int:
    return len(page.title) + len(page.body) + sum(len(f.name) + len(f.value) for f in page.fields)


def footer_room(reply: Reply) -> int:
    """Characters the footer of ``reply`` can take on any page: its text with the longest page counter
    ("Seite 999/999"), at most Discord's 2048."""
    return len(footer_text(reply, 998, 999))


def fit_reply(reply: Reply) -> list[Page]:
    """:func:`fit_pages` for ``reply`` with its real footer budgeted (title + description + fields +
    footer ≤ 6000 characters per message)."""
    return fit_pages(reply.pages, MESSAGE_EMBED_TOTAL_MAX - footer_room(reply))


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
                        actions=page.actions if page.actions is not None else carry.actions)
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
    ``actions`` go with every page it is split into.
    """
    out: list[Page] = []
    for page in _join_empty(pages) or [Page(title="(leer)")]:
        title, body = page.title, page.body
        if len(title) > EMBED_TITLE_MAX:
            body = f"**{title}**\n{body}"
            title = _short(title, EMBED_TITLE_MAX)
        fields: list[Field] = []
        for f in page.fields:
            name = f.name
            if len(name) > FIELD_NAME_MAX:
                name = _short(name, FIELD_NAME_MAX)
            parts = split_text(f.value or "—", FIELD_VALUE_MAX)
            for i, part in enumerate(parts):
                label = name if i == 0 else _short(f"{name} (Forts.)", FIELD_NAME_MAX)
                fields.append(Field(label, part, f.inline and len(parts) == 1))
        body_limit = min(EMBED_DESCRIPTION_MAX, budget - len(title))
        bodies = split_text(body, body_limit) if body else [""]
        for i, chunk in enumerate(bodies):
            current = Page(title=title, body=chunk, actions=page.actions)
            out.append(current)
            if i < len(bodies) - 1:
                continue
            for f in fields:
                if len(current.fields) >= FIELDS_MAX or _page_size(current) + len(f.name) + len(f.value) > budget:
                    current = Page(title=title, actions=page.actions)
                    out.append(current)
                current.fields.append(f)
    return out


def custom_id(action: Action) -> str:
    """``rb:<action>:<arg>``; raises ValueError when longer than Discord's 100 characters."""
    cid = f"{ACTION_PREFIX}:{action.action}:{action.arg}"
    if len(cid) > CUSTOM_ID_MAX:
        raise ValueError(f"custom_id too long ({len(cid)}): {cid[:40]}…")
    return cid


def choice_components(choices: list[Action]) -> list[dict[str, Any]]:
    """The "Meintest du" candidates as payload components: ≤ 5 buttons ``rb:<action>:<arg>``, else one
    select menu ``rb-pick:<action>`` (``"type": "select"``, its placeholder as ``label``) whose options carry
    the argument as value (≤ 25, candidates with the first candidate's action only)."""
    if not choices:
        return []
    if len(choices) <= CHOICE_BUTTONS_MAX:
        return [{"label": _short(c.label, BUTTON_LABEL_MAX), "custom_id": custom_id(c), "style": "primary"}
                for c in choices]
    kind = choices[0].action
    options = [{"label": _short(c.label, SELECT_LABEL_MAX), "value": c.arg}
               for c in choices if c.action == kind][:SELECT_OPTIONS_MAX]
    return [{"type": "select", "label": "Meintest du …", "custom_id": f"{PICK_PREFIX}:{kind}", "options": options}]


def footer_text(reply: Reply, page: int, total: int) -> str:
    """Footer: ``Quelle: … · Stand … · Seite x/y`` (parts only when present)."""
    parts = []
    if reply.source:
        parts.append(f"Quelle: {reply.source}")
    if reply.date:
        parts.append(f"Stand {format_date(reply.date)}")
    if total > 1:
        parts.append(f"Seite {page + 1}/{total}")
    return _short(" · ".join(parts), FOOTER_MAX)


def page_actions(reply: Reply, pages: list[Page], index: int) -> list[Action]:
    """The buttons of fitted page ``index``: the page's own actions, else the reply's."""
    own = pages[index].actions if 0 <= index < len(pages) else None
    return list(own if own is not None else reply.actions)


def embed_for(reply: Reply, pages: list[Page], index: int) -> discord.Embed:
    """The Discord embed of page ``index`` of the fitted ``pages``."""
    page = pages[index]
    embed = discord.Embed(title=page.title or None, description=page.body or None, colour=reply.color)
    for f in page.fields:
        embed.add_field(name=f.name, value=f.value, inline=f.inline)
    footer = footer_text(reply, index, len(pages))
    if footer:
        embed.set_footer(text=footer)
    return embed


def payload(reply: Reply, page: int = 0) -> dict[str, Any]:
    """The message payload the bot sends for ``reply`` (as ``call --json`` prints it).

    Shape: ``{"content", "embeds": [Embed.to_dict()], "ephemeral", "components": [{"label",
    "custom_id"}], "page", "pages"}``. Paging buttons appear when there is more than one page.
    """
    pages = fit_reply(reply)
    page = max(0, min(page, len(pages) - 1))
    components = []
    if len(pages) > 1:
        components += [
            {"label": "Zurück", "custom_id": "rb-page:prev", "disabled": page == 0},
            {"label": "Weiter", "custom_id": "rb-page:next", "disabled": page == len(pages) - 1},
        ]
    components += choice_components(reply.choices)
    buttons = page_actions(reply, pages, page)
    components += [{"label": _short(a.label, BUTTON_LABEL_MAX), "custom_id": custom_id(a)} for a in buttons]
    return {
        "content": None,
        "embeds": [embed_for(reply, pages, page).to_dict()],
        "ephemeral": reply.ephemeral,
        "components": components,
        "page": page + 1,
        "pages": len(pages),
    }


def to_json(reply: Reply, page: int = 0) -> str:
    """:func:`payload` as indented JSON (UTF-8 characters kept)."""
    return json.dumps(payload(reply, page), ensure_ascii=False, indent=2)


def to_text(reply: Reply, page: int = 0) -> str:
    """A plain-text rendering for the console: title, body, fields, footer and buttons."""
    pages = fit_reply(reply)
    page = max(0, min(page, len(pages) - 1))
    p = pages[page]
    lines = [f"== {p.title} ==" if p.title else ""]
    if p.body:
        lines.append(p.body)
    for f in p.fields:
        lines.append(f"[{f.name}] {f.value}")
    footer = footer_text(reply, page, len(pages))
    if footer:
        lines.append(f"-- {footer}")
    buttons = [f"[{a.label}] ({custom_id(a)})" for a in page_actions(reply, pages, page)]
    if reply.choices:
        picks = [f"[{c.label}] ({custom_id(c)})" for c in reply.choices]
        lines.append("Meintest du: " + "  ".join(picks))
    if len(pages) > 1:
        paging = (["[Zurück] (zurück)"] if page > 0 else []) + (["[Weiter] (weiter)"] if page < len(pages) - 1 else [])
        buttons = [*paging, *buttons]
    if buttons:
        lines.append("Knöpfe: " + "  ".join(buttons))
    return "\n".join(line for line in lines if line)


# --- Discord views ------------------------------------------------------------------------


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rb:(?P<action>[a-z_]+):(?P<arg>.{0,90})"):
    """A persistent button ``rb:<action>:<arg>``; works after restarts (registered on the bot)."""

    def __init__(self, action: Action, style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(
            discord.ui.Button(label=_short(action.label, BUTTON_LABEL_MAX), style=style, custom_id=custom_id(action))
        )
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> ActionButton:
        """Rebuild the button from its custom_id (discord.py calls this on every click)."""
        label = getattr(item, "label", None) or ""
        return cls(Action(label=label, action=match["action"], arg=match["arg"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run the action and answer the clicking user with an ephemeral reply (see Regelbot.respond_action)."""
        await interaction.client.respond_action(interaction, self.action.action, self.action.arg)  # type: ignore[attr-defined]


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"rb-pick:(?P<action>[a-z_]+)"):
    """A persistent "Meintest du" select menu ``rb-pick:<action>``: the picked option's value is the action's
    argument (e.g. a card id for ``card``); answered like a button press (see Regelbot.respond_action)."""

    def __init__(self, action: str, choices: list[Action] | None = None) -> None:
        options = [
            discord.SelectOption(label=_short(c.label, SELECT_LABEL_MAX), value=c.arg)
            for c in (choices or [])
            if c.action == action
        ][:SELECT_OPTIONS_MAX]
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PICK_PREFIX}:{action}",
                placeholder="Meintest du …",
                options=options or [discord.SelectOption(label="—", value="-")],
            )
        )
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> ChoiceSelect:
        """Rebuild the menu from its custom_id (discord.py calls this on every pick)."""
        return cls(match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Answer with the picked candidate, as its button would (ephemeral)."""
        values = (interaction.data or {}).get("values") or [""]
        await interaction.client.respond_action(interaction, self.action, str(values[0]))  # type: ignore[attr-defined]


class ReplyView(discord.ui.View):
    """Buttons under a reply: "Zurück"/"Weiter" for pages, then the action buttons."""

    def __init__(self, reply: Reply, pages: list[Page], timeout: float = 900.0) -> None:
        super().__init__(timeout=timeout)
        self.reply = reply
        self.pages = pages
        self.index = 0
        self.message_interaction: discord.Interaction[Any] | None = None
        if len(pages) > 1:
            self.prev = discord.ui.Button(label="Zurück", style=discord.ButtonStyle.primary, row=0)
            self.next = discord.ui.Button(label="Weiter", style=discord.ButtonStyle.primary, row=0)
            self.prev.callback = self._prev  # type: ignore[method-assign]
            self.next.callback = self._next  # type: ignore[method-assign]
            self.add_item(self.prev)
            self.add_item(self.next)
            self._sync_buttons()
        if 0 < len(reply.choices) <= CHOICE_BUTTONS_MAX:
            for choice in reply.choices:
                self.add_item(ActionButton(choice, discord.ButtonStyle.primary))
        elif reply.choices:
            self.add_item(ChoiceSelect(reply.choices[0].action, reply.choices))
        self._action_buttons: list[ActionButton] = []
        self._show_actions()

    def _room(self) -> int:
        """How many action buttons fit beside paging and choices (25 slots; a select menu fills a row of 5)."""
        used = len(self.children) - len(self._action_buttons)
        if len(self.reply.choices) > CHOICE_BUTTONS_MAX:
            used += 4
        return max(0, min(20, 25 - used))

    def _show_actions(self) -> None:
        """The action buttons of the current page (a search's page 2 points to page 2's hits)."""
        for button in self._action_buttons:
            self.remove_item(button)
        self._action_buttons = []
        room = self._room()
        self._action_buttons = [ActionButton(a) for a in page_actions(self.reply, self.pages, self.index)[:room]]
        for button in self._action_buttons:
            self.add_item(button)

    def _sync_buttons(self) -> None:
        self.prev.disabled = self.index == 0
        self.next.disabled = self.index >= len(self.pages) - 1

    async def _turn(self, interaction: discord.Interaction[Any], step: int) -> None:
        self.index = max(0, min(self.index + step, len(self.pages) - 1))
        self._sync_buttons()
        self._show_actions()
        await interaction.response.edit_message(embed=embed_for(self.reply, self.pages, self.index), view=self)

    async def _prev(self, interaction: discord.Interaction[Any]) -> None:
        await self._turn(interaction, -1)

    async def _next(self, interaction: discord.Interaction[Any]) -> None:
        await self._turn(interaction, +1)

    async def on_timeout(self) -> None:
        """Remove the paging buttons when the view expires (the action buttons stay usable)."""
        if self.message_interaction is not None and len(self.pages) > 1:
            self.remove_item(self.prev)
            self.remove_item(self.next)
            with contextlib.suppress(discord.HTTPException):
                await self.message_interaction.edit_original_response(view=self)


def _deferred_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction was deferred ephemerally (recorded by Regelbot's watchdog in ``extras``)."""
    return bool(interaction.extras.get("deferred_ephemeral", False))


async def send_reply(interaction: discord.Interaction[Any], reply: Reply) -> None:
    """Send ``reply`` through the interaction response, or a follow-up if it was already used/deferred."""
    pages = fit_reply(reply)
    embed = embed_for(reply, pages, 0)
    has_actions = reply.actions or reply.choices or any(p.actions for p in pages)
    view = ReplyView(reply, pages) if (len(pages) > 1 or has_actions) else None
    kwargs: dict[str, Any] = {"embed": embed, "ephemeral": reply.ephemeral}
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        if reply.ephemeral and interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            # The first follow-up after a defer keeps the defer's visibility; a public "thinking…" would make an
            # ephemeral reply (an error) public. Remove it, so the follow-up is a new, ephemeral message.
            with contextlib.suppress(discord.HTTPException):
                if not _deferred_ephemeral(interaction):
                    await interaction.delete_original_response()
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)
    if view is not None:
        view.message_interaction = interaction


def persistent_view(message: discord.Message) -> discord.ui.View | None:
    """The persistent components of ``message`` (``rb:`` buttons, ``rb-pick:`` menus) as a new view, without
    the share button; in-memory paging buttons are left out. None when nothing is left."""
    view = discord.ui.View(timeout=None)
    for row in message.components:
        for child in getattr(row, "children", [row]):
            cid = getattr(child, "custom_id", None) or ""
            button = re.fullmatch(rf"{ACTION_PREFIX}:([a-z_]+):(.{{0,90}})", cid)
            pick = re.fullmatch(rf"{PICK_PREFIX}:([a-z_]+)", cid)
            if isinstance(child, discord.Button) and button and button[1] != SHARE_ACTION:
                view.add_item(ActionButton(Action(child.label or "…", button[1], button[2]), child.style))
            elif isinstance(child, discord.SelectMenu) and pick:
                picks = [Action(o.label, pick[1], o.value) for o in child.options]
                view.add_item(ChoiceSelect(pick[1], picks))
    return view if view.children else None


async def share_message(interaction: discord.Interaction[Any]) -> None:
    """"Im Kanal teilen": post the (private) message the pressed button sits on publicly in the channel,
    with its embeds and persistent buttons and a line naming who shared it. Stateless: Discord sends the
    message with the button press, so this works after restarts and in any process."""
    message = interaction.message
    if message is None or not message.embeds:
        await send_reply(interaction, Reply.fail("Nichts zu teilen", "Diese Nachricht hat keinen Inhalt (mehr)."))
        return
    kwargs: dict[str, Any] = {"content": f"Geteilt von {interaction.user.mention}", "embeds": message.embeds[:10]}
    view = persistent_view(message)
    if view is not None:
        kwargs["view"] = view
    await interaction.response.send_message(**kwargs)


def _reply_items(reply: Reply) -> list[discord.ui.Item[Any]]:
    items: list[discord.ui.Item[Any]] = []
    if 0 < len(reply.choices) <= CHOICE_BUTTONS_MAX:
        items += [ActionButton(c, discord.ButtonStyle.primary) for c in reply.choices]
    elif reply.choices:
        items.append(ChoiceSelect(reply.choices[0].action, reply.choices))
    return items + [ActionButton(a) for a in reply.actions]


def channel_messages(replies: list[Reply]) -> list[tuple[list[discord.Embed], discord.ui.View | None]]:
    """Replies to an ordinary message (``[[Karte]]``), packed into as few channel messages as Discord allows.

    Each reply becomes one embed (its first page; a longer answer names "Seite 1/n" in the footer and keeps
    its buttons), its choices and actions persistent components. Per message: ≤ 10 embeds, ≤ 6000 embed
    characters, ≤ 25 component slots (a select menu fills a row of 5), each custom_id once.
    Returns ``[(embeds, view or None)]`` in order.
    """
    out: list[tuple[list[discord.Embed], discord.ui.View | None]] = []
    embeds: list[discord.Embed] = []
    items: dict[str, discord.ui.Item[Any]] = {}

    def slots(group: list[discord.ui.Item[Any]]) -> int:
        return sum(5 if isinstance(i, ChoiceSelect) else 1 for i in group)

    def flush() -> None:
        if embeds:
            view = discord.ui.View(timeout=None) if items else None
            for item in items.values():
                view.add_item(item)  # type: ignore[union-attr]
            out.append((list(embeds), view))
        embeds.clear()
        items.clear()

    for reply in replies:
        embed = embed_for(reply, fit_pages(reply.pages), 0)
        new = {i.custom_id: i for i in _reply_items(reply) if i.custom_id not in items}  # type: ignore[attr-defined]
        if embeds and (
            len(embeds) >= 10
            or sum(len(e) for e in embeds) + len(embed) > MESSAGE_EMBED_TOTAL_MAX
            or slots([*items.values(), *new.values()]) > 25
        ):
            flush()
            new = {i.custom_id: i for i in _reply_items(reply)}  # type: ignore[attr-defined]
        embeds.append(embed)
        for cid, item in new.items():
            if slots([*items.values(), item]) <= 25:
                items[cid] = item
    flush()
    return out
