"""What the calculators read from the user: a mana cost or a card name (:func:`read_cost`), the half of a
split card to cast (:func:`one_face`), lists of costs, X and life totals — each checked and bounded, with a
German :class:`~bot.errors.UserError` for bad input.

A card's costs are read by the one card cost reader of the engines, :func:`bot.rules.mana.card_costs`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.answers.calc_choices import UnknownCard
from bot.answers.calc_words import mana
from bot.answers.mentioned_names import mention_actions, mention_line
from bot.answers.name_notes import reading_line
from bot.answers.registry import AnswerContext, UserError
from bot.name_mentions import mentioned_card
from bot.question_reading import first_markup
from bot.reply import quote_user
from bot.rules import mana as engine
from bot.rules.mana import ManaCost, ManaError, TooManyWays
from bot.rules.mana.rule_symbols import LOYALTY
from bot.search import EXACT, Lookup
from bot.text import MARKDOWN_WRAPPERS, german_int, unwrapped

if TYPE_CHECKING:
    from bot.store import CardRecord

MAX_INPUT = 300  # characters of one cost or pool
MAX_LONG_INPUT = 2000  # lists (reductions, creatures, upkeep choices)
MAX_LIFE = 10**6
#: characters of a cost as typed in shorthand: an input made only of these is read as a cost, never a name
_COST_CHARS = re.compile(r"^[\s0-9{}()/wubrgcsxyzpWUBRGCSXYZP]+$")


@dataclass
class CostInput:
    """A cost the user gave: typed, or read from a card of the store.

    Attributes:
        faces: the cost of each half (one for a normal card; a land has an empty cost).
        label: how to show it (the card's name, or the canonical cost).
        card: the card when the input named one.
        face_names: names of the halves of a card, else empty.
        notes: German notes on how an ambiguous input was read (both readings).
    """

    faces: list[ManaCost]
    label: str
    card: CardRecord | None = None
    face_names: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def is_split(self) -> bool:
        """True for a split card (two halves)."""
        return len(self.faces) > 1


def bad_input(exc: Exception, what: str = "Manakosten", also: str = "") -> UserError:
    """The engine's German complaint about ``what`` (``"Manakosten"``) as a user error, the input it quotes
    made inert, then ``also`` (what else the option takes, :data:`CARD_NAMES_TOO`); a complexity limit of well-formed
    input (:class:`bot.rules.mana.TooManyWays`) is titled as the limit it is, not as invalid input."""
    if isinstance(exc, TooManyWays):
        return UserError("Zu viele Möglichkeiten zum Durchrechnen",
                         quote_user(str(exc)) + " Die Eingabe ist gültig, nur zu umfangreich: bitte verkleinern.")
    return UserError(f"Ungültige {what}", " ".join(p for p in (quote_user(str(exc)), also) if p))


#: What ``/mana einberufen``'s creatures take beside the colours the engine lists (:func:`creature_colors`).
CARD_NAMES_TOO = ("Statt Farben geht auch der Name einer Kreaturenkarte der Dokumente, z. B. `Boros-Rekrut` "
                  "(ihre Farben).")


def card_faces(card: CardRecord) -> list[ManaCost]:
    """The costs of a card's faces (:func:`bot.rules.mana.card_costs`: a land without a printed cost has none).

    Raises:
        UserError: the documents give no mana cost for this card (e.g. a rulings-only card).
    """
    faces = engine.card_costs(card)
    if faces is None:
        raise UserError(
            f"Keine Manakosten für „{card.name}“",
            f"Die Dokumente ({card.document.title}) nennen die Manakosten dieser Karte nicht. "
            "Gib die Kosten direkt ein, z. B. `{3}{R}`.",
        )
    return faces


def _braced(text: str) -> bool:
    """Braces, the FAQs' parentheses or a loyalty symbol (``[+2]``, rule 107.7: the parser says it is no mana):
    always a cost, never a card name."""
    return any(c in text for c in "{}()") or LOYALTY.search(text) is not None


async def _unknown_card(ctx: AnswerContext, text: str, found: Lookup, exc: ManaError) -> UnknownCard:
    """The error for ``text`` that is neither a cost (``exc``, the parser's complaint) nor a card: the candidates
    /karte offers, as one-click choices (bot/answers/calc_choices.py), and a card the documents only mention (002
    gives Destined // Lead's mana value) with where it is printed, never a cost for it."""
    hits = found.candidates or ctx.names.search(text, limit=5)
    hint = ("\nMeintest du: " + ", ".join(h.card_name for h in hits)) if hits else ""
    said = await mentioned_card(ctx, text) if not found.candidates else None
    hint += f"\n{mention_line(text, said)}" if said is not None else ""
    unknown = UnknownCard(f"„{quote_user(text, 80)}“ ist weder Manakosten noch eine bekannte Karte",
                          f"Als Manakosten gelesen: {quote_user(str(exc))}{hint}", text, hits)
    unknown.actions = mention_actions(said) if said is not None else []
    return unknown


async def read_cost(ctx: AnswerContext, text: str, what: str = "Kosten") -> CostInput:
    """A mana cost or a card name → :class:`CostInput`.

    Input with braces or parentheses (``{2}{G/W}``, ``(W/U)(W/U)``) is always a cost, and so is
    input made only of cost characters (``3BG``, ``2 w/u w/u``): a typo there is reported as a bad
    symbol, never answered with a similar card. An exact card name that also reads as shorthand
    (``Burg`` = ``{B}{U}{R}{G}``) is answered as the card, with a note naming the other reading.
    Otherwise a clear name match (prefix/fuzzy). ``what`` names the option in messages.

    Raises:
        UserError: neither a cost nor a card; the German message gives the parser's complaint
            (bad symbol and position) and the closest card names (:class:`UnknownCard`: the candidates of
            :meth:`bot.search.NameIndex.lookup`, offered as choices by :func:`bot.answers.calc_choices.offers_cards`).
    """
    text = (text or "").strip().strip(MARKDOWN_WRAPPERS)  # pasted in Discord's markdown: `{2}{G/W}`, **2GW**
    if not text:
        raise UserError(f"{what} fehlen", "Gib Manakosten wie `{2}{G/W}` oder einen Kartennamen ein.")
    if len(text) > MAX_INPUT:
        raise UserError(f"{what} zu lang", f"Höchstens {MAX_INPUT} Zeichen.")
    refuse_markup(text, what)  # after the length bound: the markup's pattern reads only a bounded text
    if _braced(text):
        try:
            faces = engine.parse_faces(text)
        except ManaError as exc:
            raise bad_input(exc) from exc
        return CostInput(faces, mana(faces))
    found = ctx.names.lookup(text)
    hit = found.hit
    try:
        faces = engine.parse_faces(text)
    except ManaError as exc:
        if _COST_CHARS.match(text) and (hit is None or hit.tier != EXACT):
            raise bad_input(exc) from exc
        if hit is None:
            raise await _unknown_card(ctx, text, found, exc) from exc
        faces = None
    if faces is not None and (hit is None or hit.tier != EXACT):
        return CostInput(faces, mana(faces))
    assert hit is not None
    card = await ctx.store.card(hit.card_id)
    if card is None:
        raise UserError(f"Karte „{quote_user(text, 80)}“ nicht gefunden", "Die Datenbank wurde inzwischen neu gebaut.")
    names = tuple(f.name for f in card.faces) if card.is_split else ()
    said = reading_line(text, found, card.name)
    notes: tuple[str, ...] = (said,) if said else ()
    if faces is not None:
        typed = engine.format_cost(faces)  # what to type, so plain text even where costs show as symbols
        notes += (
            f"„{quote_user(text, 80)}“ ist ein Kartenname und als Manakosten lesbar ({mana(faces)}); hier als Karte "
            f"gelesen. Für die Kosten schreibe `{typed}`.",
        )
    # a split card named by one half ("Bestimmt") keeps both halves; callers that need one pick it
    return CostInput(card_faces(card), card.name, card, names, notes)


def one_face(cost: CostInput, query: str) -> tuple[str, ManaCost]:
    """The single cost to calculate with and its label: a normal card's cost, or the half of a
    split card the user named (``Bestimmt``).

    Raises:
        UserError: a split card named as a whole — the user must pick a half.
    """
    if not cost.is_split:
        return cost.label, cost.faces[0]
    wanted = query.strip().casefold()
    for name, face in zip(cost.face_names, cost.faces, strict=False):
        if name.casefold() == wanted:
            return name, face
    halves = " oder ".join(f"„{n}“ ({mana(f)})" for n, f in zip(cost.face_names, cost.faces, strict=False))
    raise UserError(
        "Geteilte Karte: welche Hälfte?",
        f"{cost.label} hat zwei Hälften; gewirkt wird nur eine. Gib {halves or 'die Kosten einer Hälfte'} an.",
    )


def check_x(x: int | None) -> None:
    """Raises UserError (German) unless X is between 0 and :data:`bot.rules.mana.MAX_GENERIC`."""
    if x is not None and not 0 <= x <= engine.MAX_GENERIC:
        raise UserError("Ungültiges X", f"X muss zwischen 0 und {engine.MAX_GENERIC} liegen.")


def check_life(life: int | None) -> None:
    """Raises UserError (German) unless the life total is between 0 and :data:`MAX_LIFE`."""
    if life is not None and not 0 <= life <= MAX_LIFE:
        raise UserError("Ungültige Lebenspunkte", f"Lebenspunkte müssen zwischen 0 und {german_int(MAX_LIFE)} liegen.")


#: What :func:`refuse_markup` says the markup is not and what to type instead: for a cost that may be a card's name
#: (the default), for mana symbols only (a cost increase, reduction or alternative cost), for a pool, for creatures.
COST_OR_CARD = "kein Manasymbol und kein Kartenname. Gib Manasymbole wie `{2}{R}` oder einen Kartennamen ein."
MANA_ONLY = "kein Manasymbol. Gib Manasymbole wie `{2}{R}` ein."
POOL = "kein Manasymbol. Gib den Manavorrat wie `{B}{G}{G}`, `BGG` oder `2 grün, 3 weiß` ein."
CREATURES = "keine Farbe. Gib die Farben der getappten Kreaturen ein, z. B. `Artefakt, rot, grün-weiß`."


def refuse_markup(text: str | None, what: str, instead: str = COST_OR_CARD) -> None:
    """Refuse Discord markup in a calculator's text option ``what`` (German: „Manakosten“, „Versorgungskosten“):
    a mention (``<@123>``, ``<#1>``), a custom emoji (``<:name:1>``), a timestamp or a link
    (:func:`bot.question_reading.first_markup`) is no mana symbol, no colour word and no card's name; read as
    characters, its ``<`` was called an unknown symbol and ``name`` a cost. ``instead``: what the option takes
    (:data:`COST_OR_CARD`, :data:`MANA_ONLY`, :data:`POOL`, :data:`CREATURES`).

    Raises:
        UserError: the markup, quoted inert, and what to type instead (German); a web address is called a link
            („Kosten: Link“), other markup a mention, an emoji or a link of Discord.
    """
    found = first_markup(text or "")
    if found is not None and _WEB_LINK.match(found):  # a web address is a link, no markup of Discord's own
        raise UserError(f"{what}: Link", f"„{quote_user(found, 60)}“ ist ein Link, {instead}")
    if found is not None:
        raise UserError(f"{what}: Erwähnung von Discord",
                        f"„{quote_user(found, 60)}“ ist eine Erwähnung, ein Emoji oder ein Link von Discord, {instead}")


#: Markup that is a web address (``https://evil.example``, ``<https://…>``): said as a link (:func:`refuse_markup`).
_WEB_LINK = re.compile(r"<?https?://", re.IGNORECASE)


def check_length(text: str | None, title: str, limit: int = MAX_LONG_INPUT) -> None:
    """Raises UserError (German: ``title``, the limit) for text longer than ``limit`` characters."""
    if len(text or "") > limit:
        raise UserError(title, f"Höchstens {limit} Zeichen.")


def cost_list(text: str | None, what: str) -> list[ManaCost]:
    """Several costs separated by ``,`` or ``;`` (``{1}, {2}``); none for empty input.

    Raises:
        UserError: the text is too long or a cost is malformed (German, naming ``what``).
    """
    if not text or not text.strip():
        return []
    check_length(text, f"{what}: Angabe zu lang")
    refuse_markup(text, what, MANA_ONLY)
    out = []
    for part in text.replace(";", ",").split(","):
        if part.strip():
            try:
                out.append(engine.parse_cost(unwrapped(part)))  # each cost as Discord shows it: `**{1}**, **{2}**`
            except ManaError as exc:
                raise bad_input(exc, what) from exc
    return out


async def creature_colors(ctx: AnswerContext, text: str) -> tuple[str, list[str]]:
    """The creatures of ``/mana einberufen`` with each entry that names a card (``Boros-Rekrut``, ``2 Boros-Rekrut``,
    read as ``/karte`` reads a name: :meth:`bot.search.NameIndex.lookup`) replaced by its colour letters from the
    card's mana cost in the store (202.2: a card's colours are those of its cost's mana symbols; ``RW``, or
    ``farblos``), as the other options of the calculators take card names; entries that read as colours
    (:func:`bot.rules.mana.parse_creatures`) stay. Returns the entries joined by „;“ and one German line per card
    read („„Boros-Rekrut“ gelesen als Kreatur: rot und weiß.“).

    Raises:
        UserError: a named card that is no creature (702.51a: Einberufen taps creatures), or whose colours the
            store does not know (no printed cost).
    """
    # the mana package imports its calculations at their first use (bot/rules/mana/__init__.py)
    from bot.rules.mana.pool import leading_count, split_entries

    entries, read = [], []
    for item in split_entries(text or ""):
        try:
            engine.parse_creatures(item)
        except ManaError:
            try:
                counted, words = leading_count(item.split())
            except ManaError:  # a count that is none („0000000“, „-2“): the creatures' parser says so below
                entries.append(item)
                continue
            found = ctx.names.lookup(" ".join(words)) if words else None
            card = await ctx.store.card(found.hit.card_id) if found is not None and found.hit is not None else None
            if card is None:
                entries.append(item)  # the colour error names it
                continue
            costs = engine.card_costs(card)
            if "kreatur" not in (card.type_line or "").casefold():
                raise UserError(f"„{quote_user(card.name, 80)}“ ist keine Kreatur",
                                "Einberufen tappt Kreaturen (Regel 702.51a); gib Kreaturen oder ihre Farben an, z. B. "
                                "`Boros-Rekrut, grün-weiß`.") from None
            if costs is None:
                raise UserError(f"Farben von „{quote_user(card.name, 80)}“ unbekannt",
                                "Das Dokument druckt keine Manakosten dieser Karte; gib ihre Farben an.") from None
            colors = engine.explain_colors(costs)
            entries.append(f"{counted or 1} {''.join(colors.colors) or 'farblos'}")
            note = reading_line(" ".join(words), found, card.name) if found is not None else None
            read.append(f"„{quote_user(card.name, 80)}“ gelesen als Kreatur: {colors.names}."
                        + (f" {note}" if note else ""))
            continue
        entries.append(item)
    return "; ".join(entries), list(dict.fromkeys(read))  # a card named twice is said once
