"""Answers for cards named in chat: the message command "Karten erklären" (English "Explain cards"),
``[[Karte]]`` in ordinary messages (``INLINE_CARDS=1``) and the split-card rules button ``rb:split:``.

Sources: the cards as :mod:`bot.answers.cards` shows them (set FAQs 001, rulings lists 002 and 004); the
split-card rules are the section "Geteilte Karten" of the Zwietracht FAQ (001, 17.03.2006) and the rulings
on split cards in general of document 002 (18.04.2017 / 14.07.2017), which record the change of 2017.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from bot.answers.card_picks import card_choices
from bot.answers.card_rulings import card_rulings
from bot.answers.cards import SPLIT_ACTION, card_reply, find_card_noted, no_card, with_note
from bot.answers.guilds import guild_and_set_words
from bot.answers.layout import ruling_pages
from bot.answers.mechanics import mechanic_pages, mechanics
from bot.answers.name_notes import NOTED, reading_line
from bot.answers.registry import UNKNOWN_BUTTON_TEXT, AnswerContext, UserError, action, answer
from bot.answers.today_index import today_index
from bot.custom_id import PAGE, Invocation, encode_strict
from bot.declared_args import NoArg
from bot.declined_names import MESSAGE, declined_card
from bot.id_values import BadCustomId, TooLong
from bot.mentions import bracket_mentions, outside_brackets, scanner, spoiled, without_spoilers
from bot.message_names import plain_names
from bot.name_offers import english_card, english_in_text, english_line, english_of
from bot.question_reading import markup_note, without_markup
from bot.reply import CHOICES_MAX, Action, Page, Reply, own_buttons, own_sources, quote_user, shared_date
from bot.store import CardRecord, RulingRecord
from bot.text import clean, shorten, tokens

#: At most this many cards in the answer to "Karten erklären" (one page each).
EXPLAIN_MAX = 10
#: A name that fits no card is shown (and carried in a button) with at most this many characters.
MISSING_NAME_MAX = 40
#: At most this many cards a message names beyond :data:`EXPLAIN_MAX` are named as not explained (the others counted).
LEFT_OUT_MAX = 25
#: At most this many names of a message are read („[[…]]“, then plain), so every card it names beyond those explained
#: is named or counted (a message of 4 000 characters holds fewer than 500 bracketed names); the count a button
#: carries has at most three digits (:data:`_MORE`).
READ_MAX = 999
#: At most this many ``[[…]]`` of one ordinary message are answered.
INLINE_MAX = 5
#: A ruling of a rulings list that is about split cards in general (not only about one card's text).
_SPLIT_RULING = re.compile(r"geteilte|kartenhälfte|hälfte", re.IGNORECASE)
_SPLIT_SECTION = ["geteilte", "karten"]
#: The card ids a button of "Karten erklären" carries, separated by „.“ (by „,“ in buttons made before 2026-12-07:
#: a comma takes three characters of the custom_id, ``%2C``).
_IDS = re.compile(rf"[0-9]{{1,12}}(?:[,.][0-9]{{1,12}}){{0,{EXPLAIN_MAX - 1}}}")
#: The cards left out (:func:`left_out_line`): their ids, separated by „.“, then „+“ and how many more were left out
#: than the button could carry.
_MORE = re.compile(rf"([0-9]{{1,12}}(?:\.[0-9]{{1,12}}){{0,{LEFT_OUT_MAX - 1}}})?(?:\+([0-9]{{1,3}}))?")


async def _cards_for(ctx: AnswerContext, ids: list[int]) -> list[CardRecord]:
    cards = []
    for card_id in ids:
        card = await ctx.store.card(card_id)
        if card is not None:
            cards.append(card)
    return cards


class MessageCards(NamedTuple):
    """The cards a message names for "Karten erklären" (:func:`message_cards`)."""

    #: The cards explained, at most :data:`EXPLAIN_MAX` card ids in the message's order.
    ids: list[int]
    #: The bracketed names that fit no card (each cut to :data:`MISSING_NAME_MAX` characters).
    missing: list[str]
    #: The bracketed names read as a typo of a card's name (cut alike).
    typed: list[str]
    #: The cards named beyond the explained ones, each once, all of the first :data:`READ_MAX` names; [] when fewer
    #: than :data:`EXPLAIN_MAX` cards are explained.
    more: list[int]
    #: Of :attr:`ids`, the cards a ``[[Karte|rulings]]`` asks the rulings of (:data:`bot.mentions.RULINGS_OPTIONS`).
    rulings: tuple[int, ...] = ()


def message_cards(ctx: AnswerContext, text: str) -> MessageCards:
    """The cards a message names for "Karten erklären", read once: at most 10 explained, the others left out, for
    the line that names them (:func:`left_out_line`): every card of the first :data:`READ_MAX` names.

    ``[[name]]`` mentions first (in order, each resolved like ``/karte`` until :data:`EXPLAIN_MAX` cards are found: a
    typo of one clear name answers that card, and the typed name is kept so the answer can say so,
    :func:`bot.answers.cards.typo_line`; a name that fits no card is named as missing, at most :data:`EXPLAIN_MAX`
    of them, and takes no card's place), then every known card name in the text outside the brackets
    (:class:`bot.mentions.NameScanner`), so a message that brackets one name and writes another plainly explains
    both. The left-out cards are the later mentions' cards, then the later plainly written ones, read only when
    :data:`EXPLAIN_MAX` cards are explained. A card a ``[[Karte|rulings]]`` names is in :attr:`MessageCards.rulings`
    too: its rulings are shown, as a channel message's ``[[…|rulings]]`` shows them (:func:`inline_replies`). From
    memory (the name index), no store access.
    """
    limit = READ_MAX
    mentions = bracket_mentions(text, limit)
    written = plain_names(ctx.names, outside_brackets(text) if mentions else text, limit)
    # a card's English name its rulings print („Fast Forward“ of Schnellvorlauf), read as /karte reads it
    english = english_in_text(ctx.store, clean(outside_brackets(text) if mentions else text), limit)
    plain = [*written.ids, *(i for _typed, i in english if i not in written.ids)]
    ids: list[int] = []
    missing: list[str] = []
    typed: list[str] = []
    rulings: list[int] = []  # the cards whose rulings a mention asks for („[[Tolsimir Wolfsblut|rulings]]“)
    read = 0  # the mentions resolved: until EXPLAIN_MAX cards are found (a name that fits no card takes no place)
    for mention in mentions:
        if len(ids) == EXPLAIN_MAX:
            break
        read += 1
        found = ctx.names.lookup(mention.name)
        if found.hit is None and (by_english := english_card(ctx.store, mention.name)) is not None:
            # a card's English name its rulings print („[[Fast Forward]]“): read as /karte reads it, and said
            typed += [] if (name := shorten(mention.name, MISSING_NAME_MAX)) in typed else [name]
            ids += [] if by_english in ids else [by_english]
            rulings += [by_english] if mention.rulings and by_english not in rulings else []
            continue
        if found.hit is None:
            if len(missing) < EXPLAIN_MAX:
                missing.append(shorten(mention.name, MISSING_NAME_MAX))
            continue
        if found.how in NOTED and (name := shorten(mention.name, MISSING_NAME_MAX)) not in typed:
            typed.append(name)
        if found.hit.card_id not in ids:
            ids.append(found.hit.card_id)
        if mention.rulings and found.hit.card_id not in rulings:
            rulings.append(found.hit.card_id)
    ids += [i for i in plain if i not in ids][: EXPLAIN_MAX - len(ids)]
    # the plain names read otherwise than printed (a slip, a shortened name), and the words of card names that fit
    # no card read: said as for bracketed names
    typed += [n for n in written.noted if n not in typed]
    said = [shorten(name, MISSING_NAME_MAX) for name, i in english if i in ids and i not in written.ids]
    typed += [n for n in said if n not in typed]
    missing += [n for n in written.unread if n not in missing][: max(0, EXPLAIN_MAX - len(missing))]
    if len(ids) < EXPLAIN_MAX:  # every card the message names is explained
        return MessageCards(ids, missing, typed, [], tuple(rulings))
    later = [hit.card_id for m in mentions[read:] if (hit := ctx.names.lookup(m.name).hit) is not None]
    more = [i for i in dict.fromkeys(ids + later + plain) if i not in ids]
    return MessageCards(ids, missing, typed, more, tuple(rulings))


def explain_options(ctx: AnswerContext, text: str) -> dict[str, str]:
    """The options of :func:`explain_cards` for a message with the content ``text`` (what the message command
    runs, and what its buttons carry): ``{"ids": "12.45", "missing": "name\\nname", "typed": "name", "more": "93+2"}``
    (``typed`` only when a bracketed name was read as a typo; ``more`` only when cards were left out, as many of
    their ids as the buttons carry, then „+“ and how many others, :func:`left_out_line`; ``"hidden": "1"`` when a
    spoiler hid a name; ``"rulings": "78"`` when a ``[[Karte|rulings]]`` asked for those cards' rulings).

    Names inside a Discord spoiler ``||…||`` are not explained, as in ordinary messages (:func:`inline_replies`):
    the private answer has a button that posts it to the channel, which would reveal what the writer hid."""
    ids, missing, typed, left, rulings = message_cards(ctx, without_spoilers(text))
    options = {"ids": ".".join(map(str, ids)), "missing": "\n".join(missing)}
    if typed:
        options["typed"] = "\n".join(typed)
    if rulings:
        options["rulings"] = ".".join(map(str, rulings))
    for kept in range(min(len(left), LEFT_OUT_MAX), -1, -1):  # as many as the buttons carry, the others counted
        options["more"] = ".".join(map(str, left[:kept])) + (f"+{len(left) - kept}" if kept < len(left) else "")
        if not left or carried(options):
            break
    if not left:
        del options["more"]
    if "||" in text and (hides_a_name(ctx, text) or message_cards(ctx, text)[:2] != (ids, missing)):
        options["hidden"] = "1"  # a spoiler hid a name: said in the answer (the name stays hidden)
    return options


def carried(options: dict[str, str]) -> bool:
    """True when a page button of :func:`explain_cards` with ``options`` fits Discord's 100 characters."""
    try:
        encode_strict(PAGE, Invocation.answer("explain_cards", **options), EXPLAIN_MAX, "x" * 6)
    except (TooLong, BadCustomId):
        return False
    return True


def left_out_line(ctx: AnswerContext, more: str) -> str | None:
    """The German line on the cards of a message that :func:`explain_cards` leaves out: ``more`` holds their ids
    (``93.226``; each named, escaped) and after „+“ how many more there are (``93+2``: the names that did not fit
    into the buttons, counted); None for ``""``, a text of another shape or ids no card has."""
    found = _MORE.fullmatch(more)
    if not more or found is None:
        return None
    names = [n for i in (found.group(1) or "").split(".") if i and (n := ctx.names.card_names.get(int(i)))]
    rest = int(found.group(2) or 0)
    shown = ", ".join(f"„{quote_user(n, MISSING_NAME_MAX)}“" for n in names)
    if rest:
        shown = f"{shown} und {rest} weitere" if shown else f"{rest} weitere Karten der Nachricht"
    if not shown:
        return None
    return (f"ℹ️ Höchstens {EXPLAIN_MAX} Karten je Antwort; nicht erklärt: {shown}. Frag sie mit `/karte` oder "
            "„Karten erklären“ auf einer Nachricht, die nur sie nennt.")


def hides_a_name(ctx: AnswerContext, text: str) -> bool:
    """True when a Discord spoiler of ``text`` (:func:`bot.mentions.spoiled`) holds a card name anywhere: as a
    ``[[…]]`` mention inside it, as the whole hidden text (``[[||Szadek||]]``, ``Was macht ||Szadek||?``: read as
    ``/karte`` reads a name, so a short name or a typo counts) or written among other words. From memory."""
    for hidden in spoiled(text):
        if any(ctx.names.lookup(m.name).hit is not None for m in bracket_mentions(hidden, EXPLAIN_MAX)):
            return True
        plain = clean(outside_brackets(hidden).replace("[[", " ").replace("]]", " "))
        if plain and (ctx.names.lookup(shorten(plain, MISSING_NAME_MAX)).hit is not None
                      or scanner(ctx.names).scan(plain, 1)):
            return True
    return False


def typo_notes(ctx: AnswerContext, typed: str, cards: list[CardRecord]) -> dict[int, str]:
    """The :func:`bot.answers.cards.typo_line` of each of the ``typed`` names (one per line, as a button carries
    them) that the name index reads as a typo of one of ``cards``, by card id (the first typed name per card).
    Checked again here, not trusted: a name that is no typo of a shown card (forged, or the store changed) says
    nothing, so a button can only make the bot say what is true of the cards it shows; the typed text is escaped
    when shown."""
    names = {card.id: card.name for card in cards}
    notes: dict[int, str] = {}
    for name in [clean(t) for t in typed.split("\n") if clean(t)][:EXPLAIN_MAX]:
        name = shorten(name, MISSING_NAME_MAX)
        found = ctx.names.lookup(name)
        hit = found.hit
        if hit is None and (hit := declined_card(name, found, MESSAGE)) is not None and hit.card_id in names:
            notes.setdefault(hit.card_id, f"ℹ️ „{quote_user(name, MISSING_NAME_MAX)}“ gelesen als Teil des Namens von "
                             f"**{names[hit.card_id]}**.")  # as /frage says it (bot.question_mentions.read_as_line)
        said = reading_line(name, found, names[hit.card_id]) if hit is not None and hit.card_id in names else None
        if hit is not None and said:
            notes.setdefault(hit.card_id, said)
        for card_id in [] if hit is not None else [i for i in names if english_of(ctx.store, name, i)]:
            # a card's English name its rulings print: said as /karte says it („Fast Forward“)
            notes.setdefault(card_id, english_line(name, names[card_id], MISSING_NAME_MAX))
    return notes


@answer("explain_message")
async def explain_message(ctx: AnswerContext, text: str) -> Reply:
    """"Karten erklären" on a message with the content ``text``: :func:`explain_cards` of :func:`explain_options`.

    Raises:
        UserError: the message names no card (German, with how to write ``[[Karte]]``).
    """
    options = explain_options(ctx, text)
    ids = [int(i) for i in options["ids"].split(".") if i]
    taken = [*options["missing"].split("\n"), *(ctx.names.card_names.get(i, "") for i in ids)]
    for word in await guild_and_set_words(ctx.store, without_spoilers(text), taken):  # „Was macht Selesnija?“
        wider = {**options, "missing": "\n".join(m for m in (options["missing"], word) if m)}
        if len(wider["missing"].split("\n")) <= EXPLAIN_MAX and carried(wider):
            options = wider  # said as /karte says it: „„Selesnija“ ist keine Karte. **Selesnija** ist eine Gilde …“
    return await explain_cards(ctx, **options)


@answer("explain_cards")
async def explain_cards(ctx: AnswerContext, ids: str, missing: str = "", typed: str = "", hidden: str = "",
                        more: str = "", rulings: str = "") -> Reply:
    """The cards ``ids`` (comma-separated card ids, at most 10) one page each, then a page listing the
    ``missing`` names (one per line) that fit no card. A card whose bracketed name was a typo (``typed``: the
    names as typed, one per line) shows the same line ``/karte`` shows above its page (:func:`typo_notes`).
    Short enough for a button to carry (paging, sharing) unless the names are long (then the button says it
    cannot turn the page, :data:`bot.custom_id.UNFIT`). ``hidden`` (any text): the message hid names in spoilers,
    said in one line (:data:`SPOILER_NOTE`). ``more``: the cards the message names beyond these, said in one line
    (:func:`left_out_line`). ``rulings``: of ``ids``, the cards (ids as ``ids`` carries them) whose rulings a
    ``[[Karte|rulings]]`` asked for: their rulings' pages in the card's place (:func:`bot.answers.card_rulings.
    card_rulings`, the card one button away, „Karte anzeigen“), as a channel message's ``[[…|rulings]]`` shows them;
    an id not among ``ids`` asks nothing.

    Raises:
        UserError: no card (German, with how to write ``[[Karte]]``); ids that are no list of numbers.
    """
    if (ids and not _IDS.fullmatch(ids)) or (rulings and not _IDS.fullmatch(rulings)):
        raise UserError("Ungültige Kartenliste", UNKNOWN_BUTTON_TEXT)
    asked = {int(i) for i in re.split("[,.]", rulings)} if rulings else set()
    names = [shorten(m, MISSING_NAME_MAX) for m in missing.split("\n") if clean(m)][:EXPLAIN_MAX]
    cards = await _cards_for(ctx, [int(i) for i in re.split("[,.]", ids)] if ids else [])
    # a name close to no card that is a mechanic's („Fehde“) or that the documents print („Driven“, „Destined“):
    # said as /karte and [[…]] say it (one function for every door)
    said = {n: e for n in names if (e := await no_card(ctx, n, ctx.names.lookup(n))) is not None}
    # a name that is Discord markup alone („@everyone“, „<@123>“): „Nicht gelesen“, as /karte says it, in one line
    if unread := [n for n in names if not without_markup(n).strip()]:
        names = [n for n in names if n not in unread[1:]]
        said[unread[0]] = UserError("", markup_note(" ".join(unread)) or "")
    if not cards:
        shown = ", ".join(f"„{quote_user(name, MISSING_NAME_MAX)}“" for name in names if name not in said)
        raise UserError(
            "Keine Karten in dieser Nachricht gefunden",
            (f"Keine Karte passt zu {shown}.\n" if shown else "")
            + "".join(f"{e.body}\n" for e in said.values())
            + f"Kartennamen ({'deutsch oder englisch' if await ctx.store.has_english_names() else 'deutsch'}) "
            "werden im Text erkannt, oder in doppelten eckigen Klammern: `[[Boros-Rekrut]]`."
            + (f"\n{SPOILER_NOTE}" if hidden else ""),
            choices=missing_page(ctx, names, said)[1][:CHOICES_MAX],
        )
    pages: list[Page] = []
    sources: dict[str, None] = {}
    dates: list[str | None] = []
    notes = typo_notes(ctx, typed, cards) if typed else {}
    for card in cards:
        # „[[Tolsimir Wolfsblut|rulings]]“: its rulings, their first page naming later pages by their number here
        shown = card_rulings(ctx, card, before=len(pages)) if card.id in asked else card_reply(ctx, card)
        reply = with_note(await shown, notes.get(card.id))
        reply.source = reply.source or card.document.title
        # each page's footer names its own card's sources and their date („Stand …“), and its buttons are its own
        # card's, those of /karte (rulings, mechanic, English text, split-card rules)
        pages += own_buttons(own_sources(reply), reply.actions)
        sources[reply.source] = None
        dates.append(reply.date)
    if names:
        page, picks = missing_page(ctx, names, said)
        pages += own_buttons([page], picks)
    reply = Reply(pages=pages, source=" · ".join(sources), date=None if names else shared_date(dates))
    return with_note(with_note(reply, left_out_line(ctx, more)), SPOILER_NOTE if hidden else None)


#: The line of :func:`explain_cards` when the message hid card names in spoilers.
SPOILER_NOTE = ("Namen hinter Spoilern (\\|\\|…\\|\\|) werden hier nicht erklärt: die Antwort ließe sich im Kanal "
                "teilen.")


#: "Meintest du" picks per name that fits no card on the page of :func:`missing_page`.
MISSING_PICKS = 2


def missing_page(ctx: AnswerContext, names: list[str],
                 said: Mapping[str, UserError] | None = None) -> tuple[Page, list[Action]]:
    """The page naming the ``names`` that fit no card (escaped when shown), each with the cards it may mean
    (the same rule as ``/karte``: :meth:`bot.search.NameIndex.lookup`), and those cards as "Meintest du"
    buttons (``rb:card:<id>``); a name of ``said`` (what ``/karte`` says of it instead,
    :func:`bot.answers.cards.no_card`: a mechanic's name, a name the documents print) with that text and its
    buttons."""
    lines: list[str] = []
    picks: list[Action] = []
    for name in names:
        if said and (error := said.get(name)) is not None:
            lines.append(f"• {error.body}")
            picks += [*error.choices, *error.actions]
            continue
        candidates = ctx.names.lookup(name, offer=MISSING_PICKS).candidates
        meant = " oder ".join(f"**{h.card_name}**" for h in candidates)
        lines.append(f"• {quote_user(name, MISSING_NAME_MAX)}" + (f" – meintest du {meant}?" if meant else ""))
        picks += card_choices(candidates)
    # no document is this page's source: its footer names none
    return Page(title="Nicht gefunden", body="Zu diesen Namen gibt es keine Karte:\n" + "\n".join(lines),
                source="", date=""), picks


async def inline_replies(ctx: AnswerContext, text: str) -> list[Reply]:
    """The answers to the ``[[…]]`` of an ordinary message, at most :data:`INLINE_MAX`: the cards found, in the
    message's order, each as ``/karte`` or, for ``[[Karte|rulings]]``, its rulings (with a button to all of them
    when they fill more than one page: the channel message shows one page per answer); after them, while there is
    room, the German "Keine Karte" error with its "Meintest du" choices for each name that fits no card, so names
    that fit none never push out a card the message does name. [] when the text has no ``[[``.

    Each card is answered once however it is written (``[[Krims]] [[krims]] [[Krims // Krams]]``: one
    answer), and a name that fits no card only while it offers a button no answer before it offers
    (``[[Agrus]] [[Agru]]``: one „Meintest du Agrus Kos“, :func:`new_offers`). Names inside a Discord spoiler
    ``||…||`` are not answered: the answer is posted openly to the channel as embeds, which Discord cannot hide
    behind a spoiler, so it would reveal what the writer hid.
    """
    found: list[Reply] = []
    missing: list[Reply] = []
    seen: set[tuple[object, bool]] = set()
    for mention in bracket_mentions(without_spoilers(text), 2 * INLINE_MAX):
        if len(found) >= INLINE_MAX:
            break
        try:
            card, note = await find_card_noted(ctx, mention.name, "rulings" if mention.rulings else "card")
        except UserError as exc:
            if (mention.name.casefold(), mention.rulings) not in seen:  # a name that fits no card: once
                missing.append(Reply.fail(exc.title, exc.body, exc.actions, exc.choices))
            seen.add((mention.name.casefold(), mention.rulings))
            continue
        if (card.id, mention.rulings) in seen:
            continue
        seen.add((card.id, mention.rulings))
        if not mention.rulings:
            found.append(with_note(await card_reply(ctx, card), note))
        else:  # the channel message shows the first page; the button shows them all
            found.append(with_note(await card_rulings(ctx, card, all_button=True), note))
    shown = [Action(label="", action="card", arg=str(c)) for c, rulings in seen if not rulings and isinstance(c, int)]
    return (found + new_offers(missing, [*shown, *(a for r in found for a in r.actions)]))[:INLINE_MAX]


def new_offers(missing: list[Reply], offered: list[Action]) -> list[Reply]:
    """The ``missing`` replies (names that fit no card) in order, without one whose every button (its „Meintest
    du“ choices and actions) is ``offered`` already, by the answers before it or an earlier such reply: it would
    repeat „Meintest du Agrus Kos“ for ``[[Agrus]] [[Agru]]``. A reply without buttons is kept (it names its own
    typed name)."""
    done = {(a.action, a.arg) for a in offered}
    out = []
    for reply in missing:
        offers = {(a.action, a.arg) for a in [*reply.choices, *reply.actions]}
        if offers and offers <= done:
            continue
        done |= offers
        out.append(reply)
    return out


async def _general_split_rulings(ctx: AnswerContext) -> list[RulingRecord]:
    out = []
    for card_id in await ctx.store.split_cards_with_list_rulings():
        for ruling in await ctx.store.rulings_for_card(card_id):
            if ruling.document.kind == "rulings_list" and _SPLIT_RULING.search(ruling.text):
                out.append(ruling)
    return out


@action(SPLIT_ACTION)
async def split_rules(ctx: AnswerContext, arg: NoArg) -> Reply:
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
        section_pages, section_actions = await mechanic_pages(ctx, section, len(pages))
        pages += section_pages
        actions += section_actions
        sources[section.document.title] = None
    general = await _general_split_rulings(ctx)
    if general:
        index = await today_index(ctx.store)
        pages += ruling_pages(index, f"Geteilte Karten: Rulings seit 2017 ({len(general)})", general)
        sources.update({r.document.title: None for r in general})
    if not pages:
        raise UserError("Keine Regeln zu geteilten Karten", "Kein Dokument des Bots enthält einen solchen Abschnitt.")
    return Reply(pages=pages, source=" · ".join(sources), actions=actions[:20])
