"""Card lookup: ``/card`` (``/karte``) and the rulings button (its autocomplete: :mod:`bot.answers.card_picks`).

Sources: the card blocks of the four set FAQs (document 001) and the card names of the
rulings lists (documents 002, 004), as stored by the importer.

The whole picture of a card (:func:`card_page`): its text as printed in the FAQ, today's mana value and
colours computed from its mana cost (bot/rules/mana.py: rule 202.3, and for split cards the sum of the
halves since 2017, document 002, beside the two values of 2006 that the Zwietracht FAQ describes), an
"Erratum" field with the new text where the FAQ gives one (Goblin-Feuerunhold, Hysterie hervorrufen,
Entwicklung), and for split cards a button to the split-card rules (``rb:split:``, bot/answers/chat.py).

The FAQ text is the German text printed in 2005/2006, with the terms of its day. It is labelled as such
("Gedruckter Text (FAQ Ravnica: Stadt der Gilden)", its date the field „FAQ-Stand“); no today's
German Oracle text is in our files, so none is invented. The change register supplies what changed since
(:func:`today_fields`): the old terms the card text uses (``data/terms.tsv``, card rows: spielen →
wirken/aktivieren, ins Spiel → aufs Schlachtfeld, ganz aus dem Spiel entfernen → ins Exil schicken, Erhöhe deinen
Manavorrat um → Erzeuge) and
the ``changed`` rows that name the card's rulings (a function changed by a rule change, e.g. mana burn).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.answers.card_picks import card_choices
from bot.answers.guilds import guild_or_set_error
from bot.answers.markup_notes import reads_markup
from bot.answers.mentioned_names import mentioned_error
from bot.answers.name_notes import MAX_QUERY, not_a_card, reading_line
from bot.answers.registry import AnswerContext, UserError, action, answer, parse_id
from bot.answers.several_named import several_cards
from bot.answers.today import TERMS_HEAD, notice_line, statement_lines, terms_listing
from bot.answers.today_facts import STYLES, entry_status
from bot.answers.today_index import TodayIndex, quote_line, today_index
from bot.declared_args import RowId
from bot.name_mentions import mentioned_card
from bot.name_offers import english_card, english_line
from bot.reply import Action, Field, Page, Reply, format_date, in_quotes, quote_user
from bot.rules import mana as engine
from bot.search import Lookup
from bot.store import CardRecord, DocumentRecord, MechanicRecord, RulingRecord
from bot.text import clean, cut, shorten

#: A FAQ ruling that gives a card's new text: "<Name> hat (inzwischen) ein Erratum bekommen/erhalten" or
#: "… einen leicht veränderten Text", then "Der neue Text lautet:" and the text (001 lines 527, 630, 2206).
ERRATUM = re.compile(
    r"^(?P<name>.+?) hat (?:inzwischen )?(?:ein Erratum \w+|einen (?:leicht )?veränderten Text)\.\s*"
    r"Der neue Text lautet:\s*(?P<text>.+)$",
    re.DOTALL,
)
SPLIT_ACTION = "split"


def _face_lines(mana_cost: str | None, type_line: str | None, pt: str | None, text: str) -> str:
    head = " · ".join(part for part in (mana_cost, type_line, pt) if part)
    body = text.strip()
    return "\n".join(part for part in (f"**{head}**" if head else "", body) if part)


@dataclass(frozen=True)
class Erratum:
    """A new text the FAQ gives for a card or a half of it (``face`` is None for the whole card)."""

    face: str | None
    text: str
    document: DocumentRecord


def errata(card: CardRecord, rulings: list[RulingRecord]) -> list[Erratum]:
    """The errata among ``card``'s rulings: "Der Goblin-Feuerunhold hat inzwischen ein Erratum bekommen.
    Der neue Text lautet: …" → Erratum(None, "Eile\nDer Goblin-Feuerunhold muss geblockt werden, …");
    for a split card the half the ruling names (Entwicklung of Forschung // Entwicklung)."""
    out = []
    for ruling in rulings:
        m = ERRATUM.match(ruling.text.strip())
        if m is None:
            continue
        named = m["name"].removeprefix("Der ").removeprefix("Die ").removeprefix("Das ").strip()
        face = next((f.name for f in card.faces if card.is_split and f.name == named), None)
        out.append(Erratum(face, m["text"].strip(), ruling.document))
    return out


def value_fields(card: CardRecord) -> list[Field]:
    """Mana value and colours from the mana cost: today's (rule 202.3; a split card's value is the sum of
    its halves and it has the colours of both since 2017, document 002) and, for a split card, the two
    values and two colour sets of 2006 (Zwietracht FAQ: "das Spiel sieht zwei Werte", e.g. „5 und 2“)."""
    costs = engine.card_costs(card)
    if costs is None:
        return []
    today = engine.explain_mana_value(costs)
    colors = engine.explain_colors(costs).names
    if len(costs) == 1:
        return [Field("Manawert", str(today.value), inline=True), Field("Farben", colors, inline=True)]
    old = engine.explain_mana_value(costs, rules=engine.RULES_2006)
    halves = " + ".join(map(str, today.values))
    old_colors = " · ".join(
        f"{face.name}: {engine.explain_colors(cost).names}" for face, cost in zip(card.faces, costs, strict=True)
    )
    return [
        Field("Manawert heute", f"{today.value} ({halves}, Summe der Hälften; seit 2017, Dokument 002)", inline=True),
        Field("Manawert 2006", f"{old.shown} (jede Hälfte einzeln, Zwietracht-FAQ)", inline=True),
        Field("Farben heute", f"{colors} (beide Hälften)", inline=True),
        Field("Farben 2006", old_colors, inline=True),
    ]


def printed_label(card: CardRecord) -> str:
    """``"Gedruckter Text (FAQ Gildenbund)"`` for a card printed in a FAQ: the FAQ that prints it, without a year
    (the FAQ's date is the field „FAQ-Stand“: the Gildenbund FAQ is dated 2005-12-22, the set came out in February
    2006, so a year beside the set's name would be neither's); ``""`` for a card from an English card file or
    without a document date."""
    doc = card.document
    if card.origin != "faq" or not doc.date:
        return ""
    return f"Gedruckter Text (FAQ {doc.set_name or 'vom ' + format_date(doc.date)})"


def keyword_sections(index: TodayIndex, sections: list[MechanicRecord], text: str) -> list[MechanicRecord]:
    """The mechanics sections of ``sections`` that a ``changed`` register row names and whose keyword a card text
    prints at the start of a line, i.e. with its reminder text (``Einberufen (Jede Kreatur, …)``, ``Pfropfen 4
    (…)``), each keyword once, in section order. The keywords' patterns are the index's (compiled once per store,
    :attr:`bot.answers.today_index.TodayIndex.keywords`)."""
    lines = [line.strip() for line in text.splitlines()]
    found: dict[str, MechanicRecord] = {}
    for m in sections:
        keyword = index.keywords.get(m.id)
        if keyword is not None and m.title not in found and any(keyword.match(line) for line in lines):
            found[m.title] = m
    return list(found.values())


#: Characters of today's rule texts a keyword's notice on a card page quotes (shortest first): the card's first
#: page stays short; ``/mechanik`` quotes them all.
KEYWORD_QUOTES = 400


def _outdated(index: TodayIndex, sections: list[MechanicRecord], text: str) -> list[tuple[str, str, str]]:
    """``(keyword, mark, notice)`` of :func:`outdated_keywords`; ``mark`` is the strongest notice's (``⚠️``, ``🔎``)."""
    out = []
    for m in keyword_sections(index, sections, text):
        notices = [n for n in entry_status(index, "mechanic", m.id).notices if n.kind == "changed"]
        if not notices:
            continue
        lines = [notice_line(index, replace(n, today=index.changes[n.key].what if n.key in index.changes else n.today))
                 for n in notices]
        quotes, room = [], KEYWORD_QUOTES
        for quote in sorted(filter(None, (quote_line(index, r) for n in notices for r in n.rules)), key=len):
            if len(quote) <= room:
                quotes.append(quote)
                room -= len(quote)
        out.append((m.title, STYLES[notices[0].status].mark, "\n".join([*lines, *dict.fromkeys(quotes)])))
    return out


def outdated_keywords(index: TodayIndex, sections: list[MechanicRecord], text: str) -> list[tuple[str, str]]:
    """``(keyword, notice)`` for each keyword of the card text (:func:`keyword_sections`) whose section a ``changed``
    register row names (Einberufen, Pfropfen): the printed reminder text says the rule of its day. ``notice``:
    ``⚠️ **Heute:** <what the row says changed> _(Beleg: …)_`` (:func:`bot.answers.today.notice_line`; for a row
    "zu prüfen" with its review lines), then today's rules the row cites (:func:`bot.answers.today_index.quote_line`,
    shortest first, up to :data:`KEYWORD_QUOTES` characters: ``> **702.51b** The convoke ability isn’t an …``)."""
    return [(keyword, block) for keyword, _, block in _outdated(index, sections, text)]


def keyword_fields(index: TodayIndex, sections: list[MechanicRecord], card: CardRecord) -> list[Field]:
    """One field per outdated keyword of the card's printed text (:func:`outdated_keywords`):
    ``⚠️ Einberufen: gedruckter Erinnerungstext heute überholt`` with what changed and today's rule (≤ 1024)."""
    return [_keyword_field(*outdated) for outdated in _outdated(index, sections, _printed(card))]


def _keyword_field(keyword: str, mark: str, block: str) -> Field:
    """The field of :func:`keyword_fields` for one outdated keyword (``block`` clipped to 1024)."""
    return Field(f"{mark} {keyword}: gedruckter Erinnerungstext {STYLES['changed'].word}", _clip(block, 1024))


def _printed(card: CardRecord) -> str:
    """The card's printed text, its faces' after it (one per line)."""
    return "\n".join([card.text, *(f.text for f in card.faces)])


def today_fields(index: TodayIndex, card: CardRecord, rulings: list[RulingRecord],
                 sections: list[MechanicRecord] | None = None, group: list[RulingRecord] | None = None) -> list[Field]:
    """What the register says about the printed text today, as embed fields (each ≤ 1024 characters):

    * ``⚠️ Einberufen: gedruckter Erinnerungstext heute überholt`` — a keyword whose mechanics section (of
      ``sections``) a ``changed`` row names: today's statement and rules (:func:`keyword_fields`);
    * ``Heute andere Begriffe`` — the old terms the card text uses (``data/terms.tsv``, card rows), e.g.
      Feld der Unterdrückung: „aktivieren“ statt „(eine Fähigkeit) spielen“, with the rules as evidence;
    * ``Heute geändert`` — every ``changed`` row of ``data/changes.toml`` that names one of the card's
      rulings (Tressen aus Feuer: mana burn is gone, the pool empties at the end of each step, CR 106.4); a row
      "zu prüfen" (its rule changed in newer rules) with its review line and the new official text;
    * ``Heute geändert (laut Rulings des Abschnitts „…“)`` — the same for ``group``, the rulings of the card's
      mechanics section (of ``sections``, its :attr:`bot.store.CardRecord.mechanic_id`): Ley-Linie der Lebenskraft
      has no rulings of its own, those of „Ley-Linien“ (001) are outdated (CR 103.6).
    """
    outdated = _outdated(index, sections or [], _printed(card))
    fields = [_keyword_field(*o) for o in outdated]
    terms = entry_status(index, "card", card.id).terms
    if terms:
        fields.append(Field(TERMS_HEAD, shorten(terms_listing(index, terms), 1024)))
    section = next((m for m in sections or [] if m.id == card.mechanic_id), None)
    whose = f"des Abschnitts {in_quotes(section.title)}" if section is not None else "der Mechanik"
    # a section whose keyword field above already says today's rule (Pfropfen) gets the counting line only
    said = section is not None and any(title == section.title for title, _, _ in outdated)
    for owner, rs, whole in (("der Karte", rulings, None), (whose, group or [], 0 if said else GROUP_WHOLE)):
        if (field := changed_field(index, rs, owner, whole)) is not None:
            fields.append(field)
    return fields


#: Characters of a section's changed statements shown whole on a card's page; longer ones (the three of „Geteilte
#: Karten“ on every split card, 1 230) are counted in one line pointing to the section, so the page stays short; so
#: are those of a section whose keyword field already says today's rule. One statement with a Beleg of two sources
#: (Ley-Linien: 103.6 … and document 003's explanation, 575) is still shown whole.
GROUP_WHOLE = 600


def changed_field(index: TodayIndex, rulings: list[RulingRecord], owner: str, whole: int | None = None
                  ) -> Field | None:
    """``⚠️ Heute geändert (laut Rulings <owner>)``: what every ``changed`` register row naming one of ``rulings``
    says today (a row "zu prüfen" with its review line and the new official text, ``🔎``), ≤ 1024 characters; with
    ``whole`` (characters) a text longer than that is one line counting the rows and pointing to „Mechanik
    anzeigen“, where each ruling shows its row. None when no row names one."""
    notices = {n.key: n for r in rulings for n in entry_status(index, "ruling", r.id).notices if n.kind == "changed"}
    if not notices:
        return None
    text = "\n".join("\n".join(statement_lines(index, n, "• ")) for n in notices.values())
    if whole is not None and len(text) > whole:
        rows = len(notices)
        text = (f"• {rows} {'Einträge' if rows > 1 else 'Eintrag'} des Änderungsregisters zu diesen Rulings: heute "
                "gilt dort etwas anderes; jedes Ruling mit dem heutigen Stand unter „Mechanik anzeigen“.")
    mark = STYLES["review" if any(n.reviews for n in notices.values()) else "changed"].mark
    return Field(f"{mark} Heute geändert (laut Rulings {owner})", _clip(text, 1024))


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ{„])|\n")


def erratum_text(printed: str, erratum: Erratum) -> str:
    """An erratum as its card page shows it: the sentences of the new text that the printed text (above it on the
    page) does not have, then the FAQ's date; sentences that stayed are not repeated
    (``Der Goblin-Feuerunhold muss geblockt werden, falls möglich.`` — "Eile" and the ``{R}`` ability stayed)."""
    old = {" ".join(s.split()) for s in _SENTENCE_END.split(printed)}
    new = [s.strip() for s in _SENTENCE_END.split(erratum.text) if s.strip()]
    changed = [s for s in new if " ".join(s.split()) not in old] or new
    rest = "; übrige Sätze wie gedruckt" if len(changed) < len(new) else ""
    return "\n".join(changed) + f"\n_neuer Text laut FAQ vom {format_date(erratum.document.date)}{rest}_"


def _clip(text: str, limit: int) -> str:
    """``text`` with its line breaks, cut to ``limit`` characters ending in ``…``."""
    return text if len(text) <= limit else cut(text, limit - 1) + "…"


def text_printed(card: CardRecord) -> bool:
    """True when a document prints the card's text (cost, type line or rules text of the card or a half); False for
    a card the documents name only in its rulings (004's Schnellvorlauf, 002's Getrieben // Verzweiflung)."""
    return bool(any(f.mana_cost or f.type_line or f.text for f in card.faces) or card.mana_cost
                or card.text.strip("\n/ "))


def printed_text(card: CardRecord) -> tuple[str, list[Field]]:
    """The card's printed text as its page shows it, without the label: ``**{R/W} · Kreatur — Goblin, Soldat ·
    1/1**`` (cost, type line, P/T) and the rules text; a split card ``"Geteilte Karte"`` and one field per half
    (its name; its cost, type line and text). ``("", [])`` for a card no document prints (:func:`text_printed`).
    Shared by ``/karte`` (:func:`card_page`) and ``/frage``'s card passages."""
    if not text_printed(card):
        return "", []
    if card.is_split and card.faces:  # each half's field names its cost
        return "Geteilte Karte", [
            Field(name=face.name, value=_face_lines(face.mana_cost, face.type_line, face.power_toughness, face.text)
                  or "—") for face in card.faces]
    return _face_lines(card.mana_cost, card.type_line, card.power_toughness, card.text), []


def card_page(card: CardRecord, found_errata: list[Erratum] | None = None, today: list[Field] | None = None) -> Page:
    """The card as an embed page: the printed-text label (:func:`printed_label`), cost, type line, P/T and
    rules text (split cards: one field per half; :func:`printed_text`), today's notices (``today``, from
    :func:`today_fields`), mana value and colours (:func:`value_fields`), each erratum with its new text, set, FAQ
    date, rulings."""
    known = text_printed(card)
    body, fields = printed_text(card)
    if not known:  # e.g. Getrieben // Verzweiflung: only its rulings list (document 002) names it
        body = (
            "Der Kartentext steht in keinem der Dokumente; "
            f"das Dokument „{card.document.title}“ enthält nur Rulings zu ihr."
        )
        if card.is_split:
            body += "\nGeteilte Karte: " + " // ".join(f.name for f in card.faces)
    label = printed_label(card) if known else ""
    if label:
        body = f"_{label}:_\n{body}"
    fields += today or []
    if known:
        fields += value_fields(card)
    for erratum in found_errata or []:
        printed = next((f.text for f in card.faces if f.name == erratum.face), card.text)
        name = f"Erratum ({erratum.face})" if erratum.face else "Erratum"
        fields.append(Field(name=name, value=erratum_text(printed, erratum)))
    doc = card.document
    if doc.set_name:
        fields.append(Field(name="Set", value=doc.set_name, inline=True))
    if doc.kind == "faq" and doc.date:
        fields.append(Field(name="FAQ-Stand", value=format_date(doc.date), inline=True))
    # the rulings about this card itself; those of its mechanics sections are on the section's page
    fields.append(Field(name="Eigene Rulings", value=str(card.ruling_count), inline=True))
    if card.origin == "mtgjson":
        fields.append(Field(name="Herkunft", value=f"nur in der Kartendatei `{doc.file}` (englischer Oracle-Text)"))
    return Page(title=card.name, body=body or "(kein Regeltext)", fields=fields)


def not_found(query: str, found: Lookup, action: str = "card") -> UserError:
    """The German error for a typed name that answers no card (:meth:`bot.search.NameIndex.lookup`): the
    candidates as "Meintest du" choices running ``action`` (a name only begun, a word left out, two close
    names); without any (nothing close, e.g. an English name the documents do not give), how to find a card."""
    shown = quote_user(query, 80) or "(leer)"
    title = f"Keine Karte „{shown}“ gefunden"
    if not found.candidates:
        return UserError(title, "Tippe die ersten Buchstaben des deutschen Kartennamens und wähle aus der Liste.")
    lines = "\n".join(f"• {h.card_name}" for h in found.candidates)
    return UserError(title, f"Meintest du:\n{lines}", choices=card_choices(found.candidates, action))


async def find_card(ctx: AnswerContext, query: str, choice: str = "card") -> CardRecord:
    """The card ``query`` names: exactly, as a typo of one clear name (the rule of
    :meth:`bot.search.NameIndex.lookup`, shared by every option that takes a card) or by an English name its own
    rulings print (002's „Driven“, 004's „Fast Forward“: :func:`bot.name_offers.english_card`).

    Raises:
        UserError: no card or no clear match; the German message says so first, then offers the candidates as
            choices that run the action ``choice`` (``"card"``, or ``"rulings"`` where the rulings were asked
            for); a name other rulings print is said to be only mentioned there (:func:`no_card`).
    """
    return (await _find(ctx, query, choice))[0]


async def find_card_noted(ctx: AnswerContext, query: str, choice: str = "card") -> tuple[CardRecord, str | None]:
    """:func:`find_card`, with the line to show above the answer when ``query`` was read as a typo or as a
    card's shortened name (:func:`bot.answers.name_notes.reading_line`) or English name
    (:func:`bot.name_offers.english_line`); None for an exact name. Every answer that takes a typed card
    name says so the same way. Raises UserError as :func:`find_card`."""
    return await _find(ctx, query, choice)


async def _find(ctx: AnswerContext, query: str, choice: str) -> tuple[CardRecord, str | None]:
    """:func:`find_card_noted`."""
    if not clean(query):
        raise UserError("Bitte einen Kartennamen angeben", "Zum Beispiel: `/karte name: Boros-Rekrut`")
    query = query[:MAX_QUERY]
    found = ctx.names.lookup(query)
    english = english_card(ctx.store, query) if found.hit is None else None
    card_id = found.hit.card_id if found.hit is not None else english
    card = await ctx.store.card(card_id) if card_id is not None else None
    if card is None:  # no clear card (a missing store row would be a bug: index and store are one file)
        # „Boros-Rekrut und Szadek“: several cards named, each offered
        raise (await several_cards(ctx, query, choice) or await no_card(ctx, query, found, choice)
               or not_found(query, found, choice))
    return card, english_line(query, card.name) if english is not None else reading_line(query, found, card.name)


async def no_card(ctx: AnswerContext, query: str, found: Lookup, choice: str = "card") -> UserError | None:
    """What a typed name that answers no card (``found``: its look-up) is instead, as every door that takes a card
    name says it (``/karte``, ``[[…]]``, the message command): a guild's or set's name, its cards as further choices
    (:func:`bot.answers.guilds.guild_or_set_error`: „Gruul“ → Blutdurst); close to no card, a mechanic's or keyword's
    (:func:`bot.answers.name_notes.not_a_card`: „„Fehde“ ist keine Karte, sondern eine Mechanik …“), else a name the
    documents print (:func:`bot.answers.mentioned_names.mentioned_error`: „Destined“ only mentioned in 002, a
    card's own other name they print offered as that card); None when neither, or for other candidates
    (:func:`not_found` offers them)."""
    if (named := await guild_or_set_error(ctx, query, card_choices(found.candidates, choice))) is not None:
        return named
    if found.candidates:
        return None
    # a mechanic's or keyword's name first: the rulings print „zum Beispiel Trampelschaden“ too
    if (other := await not_a_card(ctx.store, query)) is not None:
        return other
    mention = await mentioned_card(ctx, query)
    return mentioned_error(query, mention, choice) if mention is not None else None


@answer("card")
@reads_markup("name")  # a mention or emoji names no card: searched without it, and said
async def card_answer(ctx: AnswerContext, name: str) -> Reply:
    """``/card name`` → the card's embed with a button for its rulings; a name found as a typo of the card's
    starts with a line saying that the typed name is not in the store and which card is shown."""
    card, note = await find_card_noted(ctx, name, "card")
    return with_note(await card_reply(ctx, card), note)


def with_note(reply: Reply, note: str | None) -> Reply:
    """``reply`` with ``note`` (a :func:`typo_line`) in italics above its first page's body; unchanged for None."""
    if note is not None and reply.pages:
        reply.pages[0].body = f"_{note}_\n" + reply.pages[0].body
    return reply


async def card_reply(ctx: AnswerContext, card: CardRecord) -> Reply:
    """The reply for one card (shared by ``/card``, the card buttons and the chat answers): its whole
    picture (:func:`card_page`) with the card's image where the store knows one (Gatherer's German printing,
    else Scryfall: :meth:`bot.store.Store.card_image_url`) and buttons to its rulings, its mechanic, the
    split-card rules, English text."""
    rulings = await ctx.store.rulings_for_card(card.id) if card.ruling_count else []
    actions = []
    if card.ruling_count:
        actions.append(Action(label=f"Rulings anzeigen ({card.ruling_count})", action="rulings", arg=str(card.id)))
    if card.mechanic_id is not None:
        actions.append(Action(label="Mechanik anzeigen", action="mechanic", arg=str(card.mechanic_id)))
    if card.english_text and card.english_text != card.text:  # MTGJSON (build --cards); bot/answers/official.py
        actions.append(Action(label="Englischer Text", action="english", arg=str(card.id)))
    if card.is_split:
        actions.append(Action(label="Regeln für geteilte Karten", action=SPLIT_ACTION, arg=""))
    doc = card.document
    group = await ctx.store.rulings_for_mechanic(card.mechanic_id) if card.mechanic_id is not None else []
    today = today_fields(await today_index(ctx.store), card, rulings, await ctx.store.mechanic_sections(), group)
    page = card_page(card, errata(card, rulings), today)
    page.picture = await ctx.store.card_image_url(card.id)  # after `build --cards` where the card data names one
    return Reply(pages=[page], source=doc.title, date=doc.date, actions=actions)


async def card_from_button(ctx: AnswerContext, arg: str) -> CardRecord:
    """The card a button's argument names (``rb:card:<id>``, ``rb:rulings:<id>``); raises
    :class:`~bot.answers.registry.UserError` (German) when the argument is no id or no card has it."""
    card_id = parse_id(arg)
    card = await ctx.store.card(card_id) if card_id is not None else None
    if card is None:
        raise UserError("Karte nicht gefunden", "Zu diesem Knopf gibt es keine Karte (mehr) in der Datenbank.")
    return card


@action("card")
async def card_action(ctx: AnswerContext, arg: RowId) -> Reply:
    """Button ``rb:card:<card_id>`` → the card."""
    return await card_reply(ctx, await card_from_button(ctx, arg))
