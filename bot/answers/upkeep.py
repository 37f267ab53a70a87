"""``/mana versorgung`` (cumulative upkeep, 702.24a; 502.13a of the Kälteeinbruch FAQ as history): what the user
typed as the upkeep cost — mana, life, a named cost or the name of a card with Kumulative Versorgung — read like
the other calculators read theirs, and the engine's total (:func:`bot.rules.mana.cumulative_upkeep`).

The text is read as :func:`bot.answers.calc_input.read_cost` reads a cost: Discord's markdown around it taken
off (`` `{W}` ``, ``||{W}||``); spoiler bars left inside it are refused, never read as „oder“. A card name is read by
:meth:`bot.search.NameIndex.lookup` and a name read as another card's (a typo, a short name) is said as ``/karte``
says it (:func:`bot.answers.name_notes.reading_line`). A named part that neither reads as a cost
(:func:`bot.rules.mana.upkeep.reads_as_cost`) nor names a card is refused with the card candidates as choices.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.answers.calc_choices import UnknownCard, offers_cards
from bot.answers.calc_input import bad_input, check_length, refuse_markup
from bot.answers.calc_words import LIST_LIMIT, Calc, calc_reply, listing, plural
from bot.answers.choices import NameChoices
from bot.answers.mana import compute
from bot.answers.mana_words import formula_text, total_text, upkeep_option_text
from bot.answers.name_notes import reading_line
from bot.answers.registry import AnswerContext, UserError, answer, completer
from bot.answers.today_index import today_index
from bot.reply import Choice, Reply, quote_user
from bot.rules import mana as engine
from bot.rules.mana import ManaError
from bot.rules.mana.upkeep import UPKEEP_KEYWORD, reads_as_cost
from bot.search import EXACT
from bot.store import Store
from bot.text import MARKDOWN_WRAPPERS, fold, german_int

MAX_NAME = 100  # longest text looked up as a card name for /mana versorgung
#: what to type instead, said under every refusal of the cost's text
_EXAMPLES = ("Gib die Versorgungskosten ein, z. B. `{1}`, `{W} oder {U}`, `1 Lebenspunkt` oder `Opfere eine "
             "Kreatur`, oder den Namen einer Karte mit Kumulativer Versorgung (z. B. Tressen aus Feuer).")


@dataclass(frozen=True)
class CardUpkeep:
    """The Kumulative Versorgung of the card the cost's text named: the card's ``name``, its document's
    ``title``, the ``upkeep`` cost as printed (``Erhöhe deinen Manavorrat um {R}``) and the ``note`` said when the
    text was read as another name (:func:`bot.answers.name_notes.reading_line`; None for an exact name)."""

    name: str
    title: str
    upkeep: str
    note: str | None


def unmarked(cost: str | None) -> str:
    """The upkeep cost's text as the calculators read a cost: white space and Discord's markdown wrappers around it
    taken off (``||{W}||`` → ``{W}``, :data:`bot.text.MARKDOWN_WRAPPERS`).

    Raises:
        UserError: spoiler bars ``||`` inside the text (German): they are Discord's markup, not „oder“.
    """
    text = (cost or "").strip().strip(MARKDOWN_WRAPPERS)
    if "||" in text:
        raise UserError("Ungültige Versorgungskosten",
                        f"„{quote_user(text, 80)}“: „||“ markiert in Discord einen Spoiler und ist keine Wahl. "
                        "Trenne die Möglichkeiten mit „oder“ (oder einem einzelnen „|“): `{W} oder {U}`.")
    return text


async def _card_upkeep(ctx: AnswerContext, text: str, options: list[engine.UpkeepOption]) -> CardUpkeep | None:
    """The card the upkeep cost's text names (``Tressen aus Feuer``, also misspelt: ``Tressen aus Feur``) and its
    Kumulative Versorgung; None when the text is a cost (mana, life, several parts, a countable cost) or no card's
    name.

    Raises:
        UserError: the text names a card without Kumulative Versorgung and reads as no cost (German hint, with the
            note when it was read as another name).
    """
    if len(options) != 1 or options[0].mana.symbols or options[0].life or len(options[0].other) != 1:
        return None
    if len(text) > MAX_NAME or engine.countable(options[0].other[0]) is not None:
        return None  # a cost of the Kälteeinbruch cards ("Opfere eine Kreatur"), never a name
    found = ctx.names.lookup(text)
    card = await ctx.store.card(found.hit.card_id) if found.hit is not None else None
    if card is None:
        return None
    note = reading_line(text, found, card.name)
    upkeep = engine.card_upkeep("\n".join([card.text, *(f.text for f in card.faces)]))
    if upkeep is None:
        if found.hit is not None and found.hit.tier != EXACT and reads_as_cost(text):
            return None  # a named cost that happens to be close to a card's name
        raise UserError(f"{card.name} hat keine Kumulative Versorgung", (f"{note}\n" if note else "") + _EXAMPLES)
    return CardUpkeep(card.name, card.document.title, upkeep, note)


def _refuse_unread(ctx: AnswerContext, text: str, options: list[engine.UpkeepOption]) -> None:
    """Refuse a named part that reads as no cost (:func:`bot.rules.mana.upkeep.reads_as_cost`) when the text named
    no card either: „blablub“ is neither, and counting it as a cost would answer nonsense; a card's exact name as
    one part of a choice or sum („Tressen aus Feuer oder {U}“) is said to be a card, not called unknown.

    Raises:
        UnknownCard: the German error, with the closest card names as one-click choices
            (:func:`bot.answers.calc_choices.offers_cards`) when the text is one part.
        UserError: a card's exact name is one part of several.
    """
    unread = [part for option in options for part in option.other if not reads_as_cost(part)]
    if not unread:
        return
    whole = len(options) == 1 and options[0].other == (text,) and len(text) <= MAX_NAME
    named = ctx.names.lookup(unread[0]).hit if not whole and len(unread[0]) <= MAX_NAME else None
    if named is not None and named.tier == EXACT:  # a card's name beside other costs: not a part of a cost
        raise UserError(f"„{quote_user(named.card_name, 80)}“ ist eine Karte, keine Versorgungskosten",
                        "Ein Kartenname steht allein für die Kumulative Versorgung der Karte, nicht als Teil einer "
                        "Wahl oder Summe.\n" + _EXAMPLES)
    hits = (ctx.names.lookup(text).candidates or ctx.names.search(text, limit=5)) if whole else []
    hint = ("\nMeintest du: " + ", ".join(h.card_name for h in hits)) if hits else ""
    raise UnknownCard(f"„{quote_user(unread[0], 80)}“ ist weder Versorgungskosten noch eine bekannte Karte",
                      _EXAMPLES + hint, text if whole else "", hits)


def _upkeep_result_line(result: engine.UpkeepResult) -> str:
    """The first line: the total to pay, the distinct totals, or the count per alternative in closed form."""
    if result.count is None:
        return (
            f"**Gesamtkosten:** {quote_user(formula_text(result))} "
            f"({german_int(result.combinations)} Kombinationen)"
        )
    if result.count == 1:
        return f"**Gesamtkosten:** {quote_user(total_text(result.totals[0]))}"
    totals = [quote_user(total_text(t)) for t in result.totals]
    return f"**Gesamtkosten ({result.count}):** {listing(totals, result.count)}"


async def _read_upkeep(ctx: AnswerContext, cost: str | None) -> tuple[list[engine.UpkeepOption], CardUpkeep | None]:
    """The upkeep options the text gives (the named card's when it names one) and that card.

    Raises:
        UserError: text too long, malformed, spoiler bars inside, or a part that is neither a cost nor a card.
    """
    check_length(cost, "Versorgungskosten zu lang")
    refuse_markup(cost, "Versorgungskosten")
    text = unmarked(cost)
    try:
        options = engine.parse_upkeep(text)
    except ManaError as exc:
        raise bad_input(exc, "Versorgungskosten") from exc
    from_card = await _card_upkeep(ctx, text, options)
    if from_card is not None:
        return engine.parse_upkeep(from_card.upkeep), from_card
    _refuse_unread(ctx, text, options)
    return options, None


@answer("mana_upkeep")
@offers_cards("mana_upkeep")
async def mana_upkeep(ctx: AnswerContext, cost: str, counters: int) -> Reply:
    """``/mana versorgung kosten marken`` → Kumulative Versorgung when the ability triggers on a
    permanent with that many age counters (one more is added, then paid per counter: 702.24a;
    502.13a of the Kälteeinbruch FAQ as history), with a fresh choice per counter for ``{W} oder {U}``; life
    and the countable costs of the Kälteeinbruch cards summed (``Opfere 3 verschiedene Kreaturen``). ``kosten``
    may name a card with Kumulative Versorgung (``Tressen aus Feuer``): its cost is read from the store."""
    if not 0 <= counters <= engine.MAX_COUNTERS:
        raise UserError(
            "Ungültige Anzahl Altersmarken", f"Erlaubt sind 0 bis {german_int(engine.MAX_COUNTERS)}."
        )
    options, from_card = await _read_upkeep(ctx, cost)
    result = await compute(engine.cumulative_upkeep, options, counters, limit=LIST_LIMIT, what="Versorgungskosten")
    label = quote_user(" oder ".join(upkeep_option_text(o) for o in options), 200)
    lines = [
        f"**Versorgungskosten:** {label} · **Altersmarken beim Auslösen:** {german_int(counters)} "
        f"(+1 → {german_int(result.payments)}× zahlen)"
    ]
    if len(options) > 1:
        lines.append(
            f"{plural(result.payments, 'Zahlung', 'Zahlungen')}, {len(options)} Möglichkeiten: "
            f"{german_int(result.combinations)} Kombinationen (Reihenfolge egal)."
        )
    lines += [
        f"ℹ️ „{quote_user(t)}“ ist weder Mana noch Lebenspunkte noch die Versorgungskosten einer Kälteeinbruch-Karte: "
        "gezählt wird nur, wie oft sie zu zahlen sind. Für eine Karte gib ihren Namen ein (z. B. Tressen aus Feuer)."
        for t in result.unknown[:1]
    ]
    title = f"Kumulative Versorgung {label}"
    sources: list[str] = []
    if from_card is not None:
        lines.insert(0, f"{from_card.name}: Kumulative Versorgung — {quote_user(from_card.upkeep)}.")
        if from_card.note:  # as /karte and the other calculators say it (bot.answers.name_notes)
            lines.insert(0, f"ℹ️ {from_card.note}")
        title, sources = f"Kumulative Versorgung: {from_card.name}", [from_card.title]
    calc = Calc(title, _upkeep_result_line(result), lines, [], result.reasons, result.history, sources=sources)
    return calc_reply(calc, await ctx.store.cr_effective(), await today_index(ctx.store))


async def upkeep_cards(store: Store) -> NameChoices:
    """The names of ``store``'s cards with Kumulative Versorgung (:func:`bot.rules.mana.card_upkeep` finds it on
    the card's or a face's text: the 14 cards of the Kälteeinbruch FAQ on the documents' store), alphabetically,
    prepared once per store (:meth:`bot.store.Store.memo`) for :func:`upkeep_card_names`."""

    async def load() -> NameChoices:
        rows = await store.cards_printing(UPKEEP_KEYWORD)  # card_upkeep reads what follows it
        names = [name for _id, name, text in rows if engine.card_upkeep(text) is not None]
        return NameChoices(sorted(names, key=lambda n: (fold(n), n)))  # German order: „Lästige“ before „Leshracs“

    return await store.memo("upkeep cards", load)


@completer("upkeep_card_names")
async def upkeep_card_names(ctx: AnswerContext, current: str) -> list[Choice]:
    """Autocomplete of ``/mana versorgung kosten``: the cards with Kumulative Versorgung (:func:`upkeep_cards`)
    whose names start with, then contain, the typed text; a misspelt name (``tresen``) offers those of them among
    the card-name autocomplete's offers (:meth:`bot.search.NameIndex.complete_entries`, its kept first
    keystrokes). Never a card without it: its name would only be refused („… hat keine Kumulative Versorgung“)."""
    cards = await upkeep_cards(ctx.store)
    typed = current[:MAX_NAME]
    offered = cards.choices(typed)
    if offered:
        return offered
    having = set(cards.names)
    found = (ctx.names.data.entry(idx)[1] for idx in ctx.names.complete_entries(typed))  # /karte's offers, kept
    return [Choice(name=name, value=name) for name in dict.fromkeys(found) if name in having]


__all__ = ["MAX_NAME", "CardUpkeep", "mana_upkeep", "unmarked", "upkeep_card_names", "upkeep_cards"]
