"""Clash (Fehde): ``/clash reveal`` (``/fehde aufdecken``) and ``/clash odds`` (``/fehde chancen``).

Reads the cards or libraries, runs :mod:`bot.rules.clash` in a worker and words its facts once: the first
line is who wins (with the values compared) or the chances, then the cards, today's rules (701.30), the
article's rules of 2007 as history. A revealed card may be given as a card name from the store, a mana cost
(``{3}{R}``, a split card ``{3}{B}{G} // {G}{U}``) or a number (``4``, split ``1/3``). Libraries are mana
value counts (``0:17 1:4 2:8``) or card names with counts (``4 Boros-Rekrut, 20 Land``).
"""

from __future__ import annotations

import random
import re

from bot.answers.calc_choices import offers_cards
from bot.answers.calc_input import read_cost
from bot.answers.calc_words import (
    Calc,
    calc_reply,
    german_list,
    library_text,
    mana,
    percent,
    plural,
    values_text,
)
from bot.answers.mana import CALC_BUDGET
from bot.answers.registry import AnswerContext, UserError, answer
from bot.answers.today_index import today_index
from bot.offload import TooExpensive, run_bounded
from bot.reply import Field, Reply, quote_user
from bot.rules import clash as engine
from bot.rules.clash import ClashError, ClashResult, Library, RevealedCard, Verdict
from bot.rules.mana import ManaCost
from bot.search import EXACT
from bot.text import clean, german_int

_NUMBER = re.compile(r"^[0-9]+(?:\s*/\s*[0-9]+)*$")
_LAND_WORDS = {"land", "länder", "laender", "lands", "standardland", "standardländer"}
#: The basic land types (CR 205.3i) by their German names on the cards, singular and plural, and English: a land has
#: no mana cost, so its mana value is 0 (CR 202.3), revealed under its German name („Wald“, not a card lookup that
#: found „Waldläufer vom Juniperorden“ and refused „Wald“ as a mana cost). A table of its own, not the term table's
#: (``data/terms_de_en.tsv``): that one has no row per basic land type (only „Standardlandtyp“, 305.6), and its
#: „Ebene“ is the card type Plane (311), not the land type Plains.
_BASIC_LANDS = {
    **dict.fromkeys(("wald", "wälder", "waelder", "forest", "forests"), "Wald"),
    **dict.fromkeys(("insel", "inseln", "island", "islands"), "Insel"),
    **dict.fromkeys(("sumpf", "sümpfe", "suempfe", "swamp", "swamps"), "Sumpf"),
    **dict.fromkeys(("gebirge", "mountain", "mountains"), "Gebirge"),
    **dict.fromkeys(("ebene", "ebenen", "plains"), "Ebene"),
}
MAX_SEED = 10**9
#: Halves over all revealed cards up to which a clash is decided on the event loop, without the trip to a worker
#: process: :func:`bot.rules.clash.clash` compares each player's values with every other player's (players ×
#: players × halves steps), so at most 4 players (card1–card4) and 16 halves bound it to a few hundred integer
#: comparisons — less than reading the cards. Larger inputs (a long ``1/2/3/…``) keep the worker's time budget.
LOOP_HALVES = 16
#: Kinds (distinct mana values) per library up to which /fehde chancen is computed on the loop: the exact odds
#: pair every kind of one library with every kind of the other (``odds._win_chance``, ``odds._joint_2007``), so at
#: most 8 × 8 pairs of small fractions (≤ 10 000 cards); the seeded reveal picks one kind per library.
LOOP_KINDS = 8


async def read_card(ctx: AnswerContext, text: str, number: int, notes: list[str] | None = None) -> RevealedCard:
    """A revealed card from a number, a cost or a card name (player ``number`` in messages); how an input was
    read (a typed name read as the nearest card's, a name that is also a cost) is added to ``notes`` when given.

    Raises:
        UserError: input that is none of these (German, with the parser's complaint).
    """
    text = (text or "").strip()
    if _NUMBER.match(text):
        try:
            return engine.card_from_number(text.replace(" ", ""))
        except ClashError as exc:
            raise UserError(f"Karte {number}: {_number_problem(text)}", quote_user(str(exc))) from exc
    if text.casefold() in _LAND_WORDS or text.casefold() in _BASIC_LANDS:
        return engine.card_from_faces([ManaCost(())], _BASIC_LANDS.get(text.casefold(), "Land"))
    try:
        given = await read_cost(ctx, text, what=f"Karte {number}")
    except UserError as exc:
        exc.title = exc.title if exc.title.startswith(f"Karte {number}") else f"Karte {number}: {exc.title}"
        raise  # an UnknownCard keeps its candidates (offered as choices, bot/answers/calc_choices.py)
    names = given.face_names or tuple(mana(f) if f.symbols else "" for f in given.faces)
    if given.card is None:  # a typed cost; a card of the store is read as printed
        try:
            engine.check_halves(given.faces, text)
        except ClashError as exc:
            raise UserError(f"Karte {number}: zu viele Hälften", quote_user(str(exc))) from exc
    if notes is not None:
        notes += given.notes
    return engine.card_from_faces(given.faces, given.label, names)


def _number_problem(text: str) -> str:
    """What is wrong with a card typed as mana values (``1/2/3``: more halves than a split card has, CR 709.1)."""
    return "zu viele Hälften" if text.count("/") >= engine.HALVES else "ungültige Zahl"


def card_name(card: RevealedCard) -> str:
    """How a revealed card is named: its label, or for a card revealed at random its values
    (``Karte mit Manawert 4``, ``geteilte Karte (2 und 5)``)."""
    if card.label:
        return card.label
    return f"geteilte Karte ({values_text(card.faces)})" if card.is_split else f"Karte mit Manawert {card.faces[0]}"


def half_name(card: RevealedCard, i: int) -> str:
    """Half ``i`` of a split card: its name or cost (``Bestimmt``), else ``Hälfte 1``."""
    label = card.face_labels[i] if i < len(card.face_labels) else ""
    return label or f"Hälfte {i + 1}"


def card_line(n: int, card: RevealedCard, rules: str) -> str:
    """``Spieler 1: **Bestimmt // Unbeirrt** – Manawert 7 (Bestimmt 5 + Unbeirrt 2)``; in 2007 the halves'
    values each (``Bestimmt (5) und Unbeirrt (2)``)."""
    if card.is_split and rules == engine.RULES_TODAY:
        shown = f"{sum(card.faces)} (" + " + ".join(f"{half_name(card, i)} {v}" for i, v in enumerate(card.faces)) + ")"
    elif card.is_split:
        shown = " und ".join(f"{half_name(card, i)} ({v})" for i, v in enumerate(card.faces))
    else:
        shown = str(card.faces[0])
    return f"Spieler {n}: **{card_name(card)}** – Manawert {shown}"


def winners_text(winners: list[int]) -> str:
    """``Spieler 1 gewinnt die Fehde``, ``Spieler 1 und 2 gewinnen die Fehde``, ``Niemand gewinnt die Fehde``."""
    if not winners:
        return "Niemand gewinnt die Fehde"
    if len(winners) == 1:
        return f"Spieler {winners[0] + 1} gewinnt die Fehde"
    return f"Spieler {german_list([str(w + 1) for w in winners])} gewinnen die Fehde"


def verdict_text(result: ClashResult, verdict: Verdict) -> str:
    """Why one player wins or not: ``Spieler 1 gewinnt: Bestimmt (5) > {3}{R} (4) von Spieler 2.`` or
    ``Spieler 2 gewinnt nicht: 4 ist kleiner als 5 (Bestimmt // Unbeirrt, Spieler 1).``"""
    me = result.cards[verdict.player]
    values = result.values
    if verdict.lost_to is not None:
        q, best, low = verdict.lost_to
        relation = "nicht höher als" if best == low else "kleiner als"
        return (
            f"Spieler {verdict.player + 1} gewinnt nicht: {best} ist {relation} {low} "
            f"({card_name(result.cards[q])}, Spieler {q + 1})."
        )
    halves = result.rules == engine.RULES_2007
    beats = []
    for q, i, j in verdict.beats:
        other = result.cards[q]
        mine = half_name(me, i) if halves and me.is_split else card_name(me)
        theirs = half_name(other, j) if halves and other.is_split else card_name(other)
        beats.append(f"{mine} ({values[verdict.player][i]}) > {theirs} ({values[q][j]}) von Spieler {q + 1}")
    return f"Spieler {verdict.player + 1} gewinnt: " + "; ".join(beats) + "."


def result_line(result: ClashResult) -> str:
    """The first line: who wins, with the values compared (``**Spieler 1 gewinnt die Fehde** (Manawert 5
    gegen 3)``; 2007: ``… (Regelstand 2007)``)."""
    head = f"**{winners_text(result.winners)}**"
    if result.rules == engine.RULES_2007:
        return f"{head} (Regelstand 2007)."
    shown = [str(v[0]) for v in result.values]
    if len(result.winners) == 1:
        w = result.winners[0]
        rest = [shown[i] for i in range(len(shown)) if i != w]
        return f"{head} (Manawert {shown[w]} gegen {german_list(rest)})."
    return f"{head} (Manawert {german_list(shown)}: keiner höher als alle anderen)."


def _rules_label(rules: str) -> str:
    return "heute" if rules == engine.RULES_TODAY else "2007 (Fehde-Artikel)"


async def _decide(cards: list[RevealedCard], rules: str) -> ClashResult:
    """:func:`bot.rules.clash.clash` of ``cards`` under ``rules``: on the loop when the cards have at most
    :data:`LOOP_HALVES` halves in all (its work is bounded by that), else in a worker within its budget.

    Raises:
        ClashError: as the engine (too few or too many players, unknown rules).
        TooExpensive: a large input ran past the worker's budget.
    """
    return await run_bounded(engine.clash, cards, rules, on_loop=sum(len(card.faces) for card in cards) <= LOOP_HALVES)


def _small_libraries(libs: list[Library]) -> bool:
    """Whether /fehde chancen's odds and reveal of ``libs`` are bounded enough for the loop: at most
    :data:`LOOP_KINDS` kinds per library and :data:`LOOP_HALVES` halves over all kinds (so the revealed cards
    are a clash :func:`_decide` would decide on the loop too)."""
    return all(len(lib) <= LOOP_KINDS for lib in libs) and sum(len(kind) for lib in libs for kind in lib) <= LOOP_HALVES


@answer("clash_reveal")
@offers_cards("clash_reveal")
async def clash_reveal(
    ctx: AnswerContext,
    card1: str,
    card2: str,
    card3: str | None = None,
    card4: str | None = None,
    rules: str = engine.RULES_TODAY,
) -> Reply:
    """``/fehde aufdecken karte1 … karte4 regelstand`` → who wins first (with the values), each card, under the
    rules of 2007 why per half; the other rules state's result for comparison where it can differ."""
    if rules not in engine.RULES:
        raise UserError("Unbekannter Regelstand", "Erlaubt sind „heute“ und „2007“.")
    for number, typed in ((1, card1), (2, card2)):  # a required card of invisible characters only: none typed
        if not clean(typed or ""):
            raise UserError(f"Karte {number} ist leer",
                            "Gib einen Kartennamen, Manakosten wie `{3}{R}` oder einen Manawert wie `4` an.")
    inputs = [c for c in (card1, card2, card3, card4) if c is not None and clean(c)]
    notes: list[str] = []
    cards = [await read_card(ctx, text, n, notes) for n, text in enumerate(inputs, 1)]
    try:
        result = await _decide(cards, rules)
    except ClashError as exc:
        raise UserError("Fehde nicht möglich", quote_user(str(exc))) from exc
    lines = [card_line(n, c, rules) for n, c in enumerate(cards, 1)] + [f"ℹ️ {note}" for note in notes]
    if rules == engine.RULES_2007:
        lines += [f"• {verdict_text(result, v)}" for v in result.verdicts]
    calc = Calc(f"Fehde – Regelstand {_rules_label(rules)}", result_line(result), lines, [], result.reasons,
                result.history)  # fmt: skip
    if rules == engine.RULES_2007 or any(c.is_split for c in cards):
        other_rules = engine.RULES_2007 if rules == engine.RULES_TODAY else engine.RULES_TODAY
        other = await _decide(cards, other_rules)
        same = other.winners == result.winners
        shown = "Gleiches Ergebnis." if same else f"{winners_text(other.winners)}."
        calc.details.append(Field(f"Zum Vergleich: Regelstand {_rules_label(other_rules)}", shown))
    return calc_reply(calc, await ctx.store.cr_effective(), await today_index(ctx.store))


# --------------------------------------------------------------------------- odds

_ITEM_COUNT_FIRST = re.compile(r"^([0-9]+)\s*[x×]?\s+(.+)$")
_ITEM_COUNT_LAST = re.compile(r"^(.+?)(?:\s*[:=]\s*|\s+[x×]\s*)([0-9]+)$")
#: What a library entry may be, said where one is refused.
ENTRY_FORMS = "`10 Boros-Rekrut`, `10x Boros-Rekrut`, `Boros-Rekrut x10`, `Boros-Rekrut: 10` oder Manawerte `0:17 2:8`"
#: Words for a library without cards (a player who reveals nothing: 701.30c/d).
_EMPTY_WORDS = frozenset({"leer", "keine", "keine karten", "nichts", "empty", "none", "-"})


def _name_and_count(item: str) -> tuple[str, int]:
    """``"4 Boros-Rekrut"``, ``"4x Boros-Rekrut"``, ``"Boros-Rekrut: 4"`` or ``"Boros-Rekrut x4"`` → (name, count);
    else count 1."""
    first, last = _ITEM_COUNT_FIRST.match(item), _ITEM_COUNT_LAST.match(item)
    if first:
        return first.group(2), int(first.group(1))
    if last:
        return last.group(1), int(last.group(2))
    return item, 1


#: A name with its count after a colon or an equals sign (``Boros-Rekrut:30``, ``Herr der Geheimnisse = 2``), ended by
#: white space or the end: several in a row without commas are several entries.
_NAMED_COUNT = re.compile(r"\s*([^\s:=][^:=]*?)\s*[:=]\s*[0-9]+(?=\s|$)")


def _spaced(part: str) -> list[str]:
    """``part`` as the entries it holds when it is two or more ``NAME:COUNT`` entries separated only by white space
    (:data:`_NAMED_COUNT`: ``"Boros-Rekrut:30 Szadek:30"`` → ``["Boros-Rekrut:30", "Szadek:30"]``; unambiguous: a
    count ends each entry), else ``[part]``."""
    found, end = [], 0
    # each entry matched where the last one ended (never searched for further on: linear in the part's length,
    # where a search from every position would be quadratic for a long part without a count)
    while end < len(part) and (m := _NAMED_COUNT.match(part, end)) is not None and m.end() > end:
        found.append(m.group(0).strip())
        end = m.end()
    return found if len(found) > 1 and end == len(part) else [part]


def _entries(ctx: AnswerContext, text: str) -> list[str]:
    """Library entries: separated by ``;`` or new lines when there are any, else by commas —
    then a comma inside a card name (``Sonnenheim, Festung der Legion``) is kept when the
    joined text names a card exactly; ``NAME:COUNT`` entries with only spaces between them are read apart
    (:func:`_spaced`)."""
    return [e for part in _separated(ctx, text) for e in _spaced(part)]


def _separated(ctx: AnswerContext, text: str) -> list[str]:
    """The entries of :func:`_entries` by their separators only."""
    if re.search(r"[;\n]", text):
        return [p.strip() for p in re.split(r"[;\n]", text) if p.strip()]
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if out:
            joined = f"{out[-1]}, {part}"
            hit = ctx.names.resolve(_name_and_count(joined)[0])
            if hit is not None and hit.tier == EXACT:
                out[-1] = joined
                continue
        out.append(part)
    return out


#: a mana value entry inside a list that also has names: ``2:1`` or a split card ``1/3:2``; its count is read as
#: any number (``-5``, ``+ 3``, ``1.5``) so that a count that is no whole number from 0 is named as such
_VALUE_ENTRY = re.compile(r"(?:(?<=\s)|^)([0-9]+(?:/[0-9]+)*)\s*[:=]\s*([-+]?\s*[0-9]+(?:\.[0-9]+)?)(?=\s|$)")
_WHOLE = re.compile(r"[0-9]+")


def _pieces(item: str) -> list[tuple[str, re.Match[str] | None]]:
    """An entry split into mana value entries and the names between them, in order:
    ``"2:1 Krims // Krams:1"`` → ``[("2:1", match), ("Krims // Krams:1", None)]``."""
    out: list[tuple[str, re.Match[str] | None]] = []
    last = 0
    for m in _VALUE_ENTRY.finditer(item):
        between = item[last : m.start()].strip()
        if between:
            out.append((between, None))
        out.append((m.group(0), m))
        last = m.end()
    tail = item[last:].strip()
    if tail:
        out.append((tail, None))
    return out


def _value_key(value: re.Match[str], piece: str, library: str, pos: int) -> tuple[int, ...]:
    """The card kind (each half's mana value) of a mana value entry ``piece`` (``2:1``, split ``1/3:2``; ``value`` its
    :data:`_VALUE_ENTRY` match), entry ``pos`` of ``library`` („Bibliothek 1“).

    Raises:
        UserError: a count that is no whole number from 0, more than two halves (CR 709.1), a value above
            :data:`bot.rules.mana.MAX_GENERIC` or a count of more than five digits (German, naming the entry).
    """
    if not _WHOLE.fullmatch(value.group(2)):
        raise UserError(f"{library}: ungültige Anzahl",
                        f"„{quote_user(piece, 40)}“: Anzahlen sind ganze Zahlen ab 0, z. B. `0:17 2:8`.")
    key = tuple(int(v) for v in value.group(1).split("/"))
    if len(key) > engine.HALVES:
        raise UserError(f"{library}, Eintrag {pos}: zu viele Hälften",
                        f"„{quote_user(piece, 40)}“ hat {len(key)} Hälften; eine geteilte Karte hat zwei "
                        "(Regel 709.1).")
    if len(value.group(2)) > 5 or any(v > engine.MAX_GENERIC for v in key):
        raise UserError(f"{library}, Eintrag {pos}: zu groß", f"„{quote_user(piece, 40)}“")
    return key


def _empty(number: int) -> UserError:
    """The German refusal of an empty library ``number``: its player reveals no card, so cannot win the clash, and
    there are no odds to compute (CR 701.30c: each clashing player reveals the top card of their library; 701.30d:
    a player wins by revealing a card of higher mana value than all others revealed)."""
    return UserError(f"Bibliothek {number} ist leer",
                     f"Mit leerer Bibliothek deckt Spieler {number} bei der Fehde keine Karte auf und kann sie nicht "
                     "gewinnen (Regel 701.30c und 701.30d); Chancen gibt es da nicht zu rechnen. Gib die Karten der "
                     f"Bibliothek an: {ENTRY_FORMS}.")


async def read_library(
    ctx: AnswerContext, text: str, number: int, notes: list[str] | None = None
) -> tuple[Library, list[str]]:
    """A library from mana value counts (``0:17 2:8``, split ``1/3:2``) or from card names with
    counts separated by commas or ``;`` (``4 Boros-Rekrut, 20 Land``; ``Land`` = mana value 0), or a
    mix (``2:1 Krims // Krams:1``). Every entry is counted or named in the error. A name read as another card's
    (a typo, a short name: :func:`bot.answers.name_notes.reading_line`) is added to ``notes`` when given.

    Returns:
        (the library, how each named card was read: ``"1× Krims // Krams (2 und 5)"``).

    Raises:
        UserError: malformed entries or unknown cards (German, naming the entry).
    """
    text = (text or "").strip()
    if not text:
        raise UserError(f"Bibliothek {number} fehlt", "Zum Beispiel: `0:24 2:36`.")
    if len(text) > 2000:
        raise UserError(f"Bibliothek {number} zu lang", "Höchstens 2000 Zeichen.")
    if " ".join(text.casefold().split()) in _EMPTY_WORDS:
        raise _empty(number)
    if not re.search(r"[^0-9\s:=/,;]", text):  # only numbers: mana value counts
        try:
            return engine.parse_library(text, number), []
        except ClashError as exc:
            raise UserError(f"Bibliothek {number} ungültig", quote_user(str(exc))) from exc
    lib: Library = {}
    read: list[str] = []
    pos = 0
    for item in _entries(ctx, text):
        for piece, value in _pieces(item):
            pos += 1
            if value is not None:
                key = _value_key(value, piece, f"Bibliothek {number}", pos)
                lib[key] = lib.get(key, 0) + int(value.group(2))
                continue
            name, count = _name_and_count(piece)
            try:
                card = await read_card(ctx, name, pos, notes)  # a name read as another card's is said
            except UserError as exc:
                exc.title = f"Bibliothek {number}, Eintrag {pos}: {exc.title.split(': ', 1)[-1]}"
                exc.body += f"\nEinträge einer Bibliothek, durch Kommas getrennt: {ENTRY_FORMS}."
                raise
            lib[card.faces] = lib.get(card.faces, 0) + count
            read.append(f"{count}× {card_name(card)} ({values_text(card.faces)})")
            if sum(lib.values()) > engine.MAX_LIBRARY:
                break
    lib = {k: v for k, v in lib.items() if v > 0}
    size = sum(lib.values())
    if size == 0:
        raise _empty(number)
    if size > engine.MAX_LIBRARY:
        raise UserError(f"Bibliothek {number} zu groß", f"Höchstens {german_int(engine.MAX_LIBRARY)} Karten.")
    return lib, read


def chances_line(result: engine.OddsResult) -> str:
    """The first line: each player's chance, nobody's (and several winners' in 2007), as percent and fraction."""
    parts = [f"Spieler {n}: **{percent(p)}** ({p})" for n, p in enumerate(result.win, 1)]
    parts.append(f"Niemand: **{percent(result.nobody)}** ({result.nobody})")
    if result.several:
        parts.append(f"Mehrere gewinnen: **{percent(result.several)}** ({result.several})")
    return " · ".join(parts)


@answer("clash_odds")
@offers_cards("clash_odds")
async def clash_odds(
    ctx: AnswerContext,
    library1: str,
    library2: str,
    rules: str = engine.RULES_TODAY,
    seed: int | None = None,
) -> Reply:
    """``/fehde chancen bibliothek1 bibliothek2`` → the exact chances (fractions, shown as percent) that each
    player / nobody wins with the top cards first, then the libraries as read and one seeded random reveal."""
    if rules not in engine.RULES:
        raise UserError("Unbekannter Regelstand", "Erlaubt sind „heute“ und „2007“.")
    notes: list[str] = []  # names read as another card's (bot.answers.name_notes), said as /karte says them
    (lib1, read1), (lib2, read2) = (await read_library(ctx, library1, 1, notes),
                                    await read_library(ctx, library2, 2, notes))
    libs = [lib1, lib2]
    small = _small_libraries(libs)
    try:
        result = await run_bounded(engine.clash_odds, libs, rules, budget=CALC_BUDGET, on_loop=small)
    except ClashError as exc:
        raise UserError("Chancen nicht berechenbar", quote_user(str(exc))) from exc
    except TooExpensive as exc:
        raise UserError("Zu aufwendig", "Diese Rechnung braucht zu lange; bitte weniger verschiedene Karten.") from exc
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    if not 0 <= seed < MAX_SEED:
        raise UserError("Ungültiger Startwert", f"Der Startwert muss zwischen 0 und {german_int(MAX_SEED - 1)} liegen.")
    reveal = await run_bounded(engine.random_reveal, libs, seed, rules, budget=CALC_BUDGET, on_loop=small)
    shown = ", ".join(f"Spieler {n}: {values_text(v)}" for n, v in enumerate(reveal.clash.values, 1))
    books = []
    for n, (lib, size, read) in enumerate(zip(libs, result.sizes, (read1, read2), strict=True), 1):
        books.append(f"Bibliothek {n}: {plural(size, 'Karte', 'Karten')} ({library_text(lib)}).")
        if read:
            books.append(f"Bibliothek {n} gelesen: " + ", ".join(read) + ".")
    calc = Calc(
        f"Fehde-Chancen – Regelstand {_rules_label(rules)}",
        chances_line(result),
        lines=[f"ℹ️ {note}" for note in dict.fromkeys(notes)],
        details=[
            Field("Bibliotheken", "\n".join(books)),
            Field(f"Zufälliges Aufdecken (Startwert {seed})", f"{shown} → {winners_text(reveal.clash.winners)}."),
        ],
        reasons=result.reasons,
        history=result.history,
    )
    return calc_reply(calc, await ctx.store.cr_effective(), await today_index(ctx.store))
