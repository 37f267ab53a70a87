"""Answers for cards named in chat: the message command "Karten erklären" (English "Explain cards"),
``[[Karte]]`` in ordinary messages (``INLINE_CARDS=1``) and the split-card rules button ``rb:split:``.

Sources: the cards as :mod:`bot.answers.cards` shows them (set FAQs 001, rulings lists 002 and 004); the
split-card rules are the section "Geteilte Karten" of the Zwietracht FAQ (001, 17.03.2006) and the rulings
on split cards in general of document 002 (18.04.2017 / 14.07.2017), which record the change of 2017.
"""

from __future__ import annotations

import re

from bot.answers.cards import SPLIT_ACTION, card_reply, find_card
from bot.answers.mechanics import mechanic_pages, mechanics
from bot.answers.registry import AnswerContext, UserError, action, answer
from bot.answers.rulings import annotate, card_rulings, rulings_pages
from bot.mentions import bracket_mentions, scanner
from bot.reply import Action, Page, Reply
from bot.search import clean
from bot.store import CardRecord, RulingRecord
from bot.textsearch import tokens

#: At most this many cards in the answer to "Karten erklären" (one page each).
EXPLAIN_MAX = 10
#: At most this many ``[[…]]`` of one ordinary message are answered.
INLINE_MAX = 5
#: A ruling of a rulings list that is about split cards in general (not only about one card's text).
_SPLIT_RULING = re.compile(r"geteilte|kartenhälfte|hälfte", re.IGNORECASE)
_SPLIT_SECTION = ["geteilte", "karten"]


async def _cards_for(ctx: AnswerContext, ids: list[int]) -> list[CardRecord]:
    cards = []
    for card_id in ids:
        card = await ctx.store.card(card_id)
        if card is not None:
            cards.append(card)
    return cards


@answer("explain_message")
async def explain_message(ctx: AnswerContext, text: str) -> Reply:
    """"Karten erklären" on a message: the cards it names, one page each, at most 10.

    ``[[name]]`` mentions are used when there are any (each resolved like ``/karte``; names that fit no
    card are listed on a last page), else every known card name in the text (:class:`bot.mentions.NameScanner`).

    Raises:
        UserError: the message names no card (German, with how to write ``[[Karte]]``).
    """
    mentions = bracket_mentions(text, EXPLAIN_MAX)
    missing: list[str] = []
    if mentions:
        ids: list[int] = []
        for mention in mentions:
            hit = ctx.names.resolve(mention.name)
            if hit is None:
                missing.append(mention.name)
            elif hit.card_id not in ids:
                ids.append(hit.card_id)
    else:
        ids = scanner(ctx.names).scan(text, EXPLAIN_MAX)
    cards = await _cards_for(ctx, ids)
    if not cards:
        shown = ", ".join(f"„{clean(m)[:60]}“" for m in missing)
        raise UserError(
            "Keine Karten in dieser Nachricht gefunden",
            (f"Keine Karte passt zu {shown}.\n" if missing else "")
            + "Kartennamen (deutsch oder englisch) werden im Text erkannt, oder in doppelten eckigen Klammern: "
            "`[[Boros-Rekrut]]`.",
        )
    pages: list[Page] = []
    actions: list[Action] = []
    sources: dict[str, None] = {}
    for card in cards:
        reply = await card_reply(ctx, card)
        pages += reply.pages
        sources[reply.source or card.document.title] = None
        actions += [a for a in reply.actions if a.action in ("rulings", SPLIT_ACTION)]
    for a in actions:
        if a.action == "rulings":
            a.label = f"Rulings: {ctx.names.card_names.get(int(a.arg), a.arg)}"
    if missing:
        lines = "\n".join(f"• {clean(m)[:80]}" for m in missing)
        pages.append(Page(title="Nicht gefunden", body=f"Zu diesen Namen gibt es keine Karte:\n{lines}"))
    unique = list({(a.action, a.arg): a for a in actions}.values())
    return Reply(pages=pages, source=" · ".join(sources), actions=unique[:19])


async def inline_replies(ctx: AnswerContext, text: str) -> list[Reply]:
    """The answers to the ``[[…]]`` of an ordinary message, at most :data:`INLINE_MAX`, in order:
    the card (as ``/karte``), its rulings for ``[[Karte|rulings]]``, or the German "Keine Karte"
    error with its "Meintest du" choices. [] when the text has no ``[[``."""
    replies = []
    for mention in bracket_mentions(text, INLINE_MAX):
        try:
            card = await find_card(ctx, mention.name)
        except UserError as exc:
            replies.append(Reply.fail(exc.title, exc.body, choices=exc.choices))
            continue
        replies.append(await card_rulings(ctx, card) if mention.rulings else await card_reply(ctx, card))
    return replies


async def _general_split_rulings(ctx: AnswerContext) -> list[RulingRecord]:
    rows = await ctx.store.fetchall(
        "SELECT DISTINCT c.id FROM cards c JOIN rulings r ON r.card_id = c.id "
        "JOIN documents d ON d.id = r.document_id WHERE c.is_split = 1 AND d.kind = 'rulings_list' ORDER BY c.id"
    )
    out = []
    for (card_id,) in rows:
        for ruling in await ctx.store.rulings_for_card(card_id):
            if ruling.document.kind == "rulings_list" and _SPLIT_RULING.search(ruling.text):
                out.append(ruling)
    return out


@action(SPLIT_ACTION)
async def split_rules(ctx: AnswerContext, arg: str) -> Reply:
    """Button ``rb:split:`` under every split card: the section "Geteilte Karten" of the Zwietracht FAQ
    (explanation and rulings of 2006, with the notice of the 2017 change) and the rulings on split cards in
    general of document 002 (2017: mana value = sum of the halves, colours of both halves).

    Raises:
        UserError: the store holds neither (German).
    """
    pages: list[Page] = []
    actions: list[Action] = []
    sources: dict[str, None] = {}
    for section in [m for m in await mechanics(ctx.store) if tokens(m.title) == _SPLIT_SECTION]:
        section_pages, section_actions = await mechanic_pages(ctx, section)
        pages += section_pages
        actions += section_actions
        sources[section.document.title] = None
    general = await _general_split_rulings(ctx)
    if general:
        pages += rulings_pages(f"Geteilte Karten: Rulings seit 2017 ({len(general)})", [annotate(r) for r in general])
        sources.update({r.document.title: None for r in general})
    if not pages:
        raise UserError("Keine Regeln zu geteilten Karten", "Kein Dokument des Bots enthält einen solchen Abschnitt.")
    return Reply(pages=pages, source=" · ".join(sources), actions=actions[:20])
