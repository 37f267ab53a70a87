"""The sides of a comparison question read against the store, for ``/frage`` (:mod:`bot.answers.questions`).

:func:`bot.comparison.comparison` finds the sides' texts; :func:`read_sides` finds what each names: the best passage
of „was ist <side>“ (its definition: a mechanic's section, a term's rule, a card's rulings) when the side names a
concept or a card of the store, else the card ``/karte`` reads it as (a slip: „szadec“ → Szadek, Herr der
Geheimnisse). What it cannot read is said, never dropped (:func:`side_lines`): a side no passage answers, a side left
empty, a side named twice. One rule for all: a comparison that names nothing asks back (the caller's
„Wonach fragst du?“), one that names one thing answers that thing with a note, two or more lead with each.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from bot.answers.asked_rules import number_passage as rule_passage
from bot.answers.mechanic_finder import MECHANIC_KINDS
from bot.answers.side_numbers import RULE, masked, number_key, stated_numbers, unmasked
from bot.candidates import Hit
from bot.comparison import CARD, MAX_SIDES, Comparison, Things, comparison, only_cards
from bot.name_offers import english_in_text
from bot.question_mentions import other_names
from bot.ranking import Ranker
from bot.reply import quote_user
from bot.rule_catalog import parse_number
from bot.search import NameIndex
from bot.store import PassageRecord, Store
from bot.terms import TermMatch, term_concept, term_index
from bot.text import fold

#: Most candidates searched per side (only the first is shown; the others keep the search as ``/frage``'s).
SIDE_HITS = 5
#: Most characters of a side echoed in a note.
SIDE_ECHO = 60
#: The term lookup's tiers (:meth:`bot.terms.TermIndex.lookup`) that read a text as a mechanic's name on its own: the
#: name as written, a form of it („ausgrabn“ by its stem), a slip of one name („blutdrst“).
_NAMED = ("exact", "form", "typo")


@dataclass(frozen=True)
class Sides:
    """A comparison question read against the store.

    Attributes:
        asked: the question's :class:`bot.comparison.Comparison` (sides as typed).
        passages: the best passage of each side read, in the sides' order, each once (two names of one term, „Vorrang“
            and „Priorität“, lead to the term table's one row).
        unread: the sides (as typed) that name no concept, section or card of the store, and the words too long to
            read as a side (:attr:`bot.comparison.Comparison.unread`).
        english: ``(name as typed, card name)`` of each side read by a card's English name (:func:`_english_side`).
    """

    asked: Comparison
    passages: tuple[PassageRecord, ...]
    unread: tuple[str, ...]
    english: tuple[tuple[str, str], ...] = ()


def things_of(r: Ranker, names: NameIndex | None) -> Things:
    """What a text names for :func:`bot.comparison.comparison`: its concept ids (term table, synonym groups) and
    the cards it names (``card:<id>``, :meth:`bot.ranking.Ranker.named_cards`); a text naming none of these as the
    documents spell them, the mechanic the term lookup reads it as, repaired (:func:`_repaired`: „ausgrabn“)."""
    def things(text: str) -> frozenset[str]:
        analysis = r.analyser.analyse(text)
        cards = r.named_cards(text, analysis, names) if names is not None else []
        return frozenset(analysis.concepts) | frozenset(f"{CARD}{c}" for c in cards) or _repaired(text)
    return things


@cache
def _mechanic_keys() -> tuple[str, ...]:
    """The term lookup's typo keys of the mechanics (kinds of :data:`MECHANIC_KINDS`): its typo tier runs for a text
    only when one of them is near (:meth:`bot.terms.TermIndex.lookup`'s ``typo_among``), so a text near no
    mechanic's name costs no search over every term's keys."""
    index = term_index()
    return index.fuzzy_keys_of({i for i, term in enumerate(index.terms) if term.kind in MECHANIC_KINDS})


def _mechanic(text: str) -> TermMatch | None:
    """The mechanic the term lookup reads ``text`` as: by a name as written, a form of it or a slip of one name
    (:data:`_NAMED`); None for anything else."""
    match = term_index().lookup(text, typo_among=_mechanic_keys())
    return match if match is not None and match.how in _NAMED and match.term.kind in MECHANIC_KINDS else None


def _repaired(text: str) -> frozenset[str]:
    """The concept id of the mechanic the term lookup reads ``text`` as by a form or a slip of its name
    (:meth:`bot.terms.TermIndex.lookup`: „ausgrabn“ → Ausgraben, „blutdrst“ → Blutdurst), as a side of a comparison
    is searched (:func:`_side_passage` repairs it too); ``frozenset()`` for anything else."""
    match = _mechanic(text)
    return frozenset({term_concept(match.term)}) if match is not None else frozenset()


def named_by(things: Things) -> Callable[[str], str]:
    """For :func:`bot.comparison.comparison`: the kind of name a text is on its own — ``"mechanic"`` for exactly a
    keyword or ability word of the term table (kind in :data:`~bot.answers.mechanic_finder.MECHANIC_KINDS`, one of
    its names as written: „Spuk“, „Blutdurst“, „Haunt“), ``"card"`` for a card's name (``things`` names cards and
    nothing else: „Circu“, „boros rekrut“), ``""`` for anything else („Commander“, „Startlebenspunkte“ name terms,
    no mechanic)."""
    def named(text: str) -> str:
        if _mechanic(text) is not None:  # a name as written, a form of it or a slip („ausgrabn“) the lookup repairs
            return "mechanic"
        found = things(text)
        return "card" if only_cards(found) else ""
    return named


async def _side_passage(store: Store, r: Ranker, side: str, names: NameIndex | None) -> PassageRecord | None:
    """The best passage of „was ist <side>“ when the side names a concept or a card of the store (a card in any
    spelling ``/karte`` accepts, a slip included: „szadec“ → Szadek, Herr der Geheimnisse), else None."""
    found = await r.search(store, f"was ist {side}", names, limit=SIDE_HITS)
    return found.hits[0].passage if found.hits and (found.analysis.concepts or found.cards) else None


#: Two words joined by „oder“ (or „/“, „//“), folded: a split card's two halves when both name it.
_JOINED = re.compile(r"([^\W\d_]+)\s*(?:\boder\b|//?)\s*(?=([^\W\d_]+))", re.I)


def halves_joined(question: str, halves: Mapping[str, int]) -> str:
    """``question`` (its first 2 000 characters) with each two halves of one split card joined by „oder“, „/“ or „//“
    written as that card's one name „A // B“ (``halves``: folded half name → card id,
    :attr:`bot.question_mentions.OtherNames.halves`): „krims oder krams welche farbe“ names the one card (CR 709.1),
    not two sides compared, and „Krims // Krams oder Boros-Rekrut“ compares that card with Boros-Rekrut, its two
    halves one side. A question joining no halves is returned as it is."""
    text = question[:2000]
    pieces, end = [], 0
    for m in _JOINED.finditer(text):
        a, b = halves.get(fold(m.group(1))), halves.get(fold(m.group(2)))
        if m.start() < end or a is None or a != b or fold(m.group(1)) == fold(m.group(2)):
            continue
        pieces += [text[end : m.start()], f"{m.group(1)} // {m.group(2)}"]
        end = m.end() + len(m.group(2))
    return "".join(pieces) + text[end:] if pieces else question


def number_passage(side: str, hits: Sequence[Hit]) -> PassageRecord | None:
    """For a side that names no concept and no card but holds a number („20“ of „20 oder 40 leben“; a number word,
    „zwanzig“, is read as its digits): the first of the question's ranked ``hits`` whose text states every number of
    the side (:func:`_states_side`; 003:75, 103.4: „Jeder Spieler beginnt die Partie mit 20 Lebenspunkten.“), since
    the ranking read the number there; None for a side without a number or when no hit states it („777“: no hit, „8“
    of „8 karten“: not 003's „6,3 × 8,8 cm“)."""
    if not stated_numbers(side):
        return None
    return next((h.passage for h in hits if _states_side(side, h.passage) is not None), None)


async def _english_side(store: Store, side: str) -> tuple[str, str] | None:
    """``(name as typed, card name)`` when ``side`` writes a card's English name the store holds
    (:func:`bot.name_offers.english_in_text`: 004's „Fast Forward“ of Schnellvorlauf), as ``/karte`` and
    „Karten erklären“ read it; None otherwise. The side is then searched by the card's German name."""
    read = english_in_text(store, side, 1)
    card = await store.card(read[0][1]) if read else None
    return (read[0][0], card.name) if card is not None else None


def _states_side(side: str, passage: PassageRecord | None) -> PassageRecord | None:
    """``passage`` when its text states every number ``side`` states (:func:`stated_numbers`), else None: „777
    leben“ is not answered by a ruling on losing life that names no 777."""
    return passage if passage is not None and stated_numbers(side) <= stated_numbers(passage.text) else None


async def read_sides(store: Store, r: Ranker, question: str, names: NameIndex | None,
                     hits: Sequence[Hit] = ()) -> Sides | None:
    """The comparison ``question`` asks, read against the store (:class:`Sides`); ``None`` when it is no
    comparison (:func:`bot.comparison.comparison`, sides split where each word names a thing of its own; the two
    halves of one split card joined by „oder“ or „//“ are one side, that card: :func:`halves_joined`) or none of its
    sides names anything of the store (then it is answered as any question). A side that names no concept or card
    but a number one of the question's ranked ``hits`` states is read as that hit (:func:`number_passage`), never said
    to be unread: „20 oder 40 leben“ compares 103.4 (20 Lebenspunkte) and 103.4c (40 in Commander); before, „ℹ️ Nicht
    gelesen: „20“ …“ stood above 103.4 listed second. A side's number is read only where the passage's text states
    it: „777 leben“ and „8 karten auf der hand“ are said unread, not read as a ruling without the number. A side
    read by nothing else that writes a card's English name is that card (:func:`_english_side`: „Fast Forward oder
    Boros-Rekrut“ compares Schnellvorlauf and Boros-Rekrut)."""
    question, marks = masked(halves_joined(question, (await other_names(store)).halves))  # „20,5“ one number
    things = cache(things_of(r, names))  # one look-up per text: the cuts and the name test ask again
    asked = comparison(question, things, cache(named_by(things)))
    if asked is None or not asked.sides:
        return None
    def back(part: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(unmasked(s, marks) for s in part)

    asked = Comparison(back(asked.sides), asked.empty, back(asked.repeated), back(asked.dropped), back(asked.unread))
    passages: dict[int, PassageRecord] = {}
    unread = list(asked.unread)  # words too long to read: said, not searched
    english = []
    for side in asked.sides:
        if RULE.fullmatch(side):  # a rule number is the rule, as /frage shows it („702.19“: Trampelschaden)
            p = await rule_passage(store, parse_number(side) or side)
        else:
            p = _states_side(side, await _side_passage(store, r, side, names)) or number_passage(side, hits)
        if p is None and (read := await _english_side(store, side)) is not None:  # „Fast Forward“
            p = _states_side(side, await _side_passage(store, r, read[1], names))
            english += [read] if p is not None else []
        if p is None:
            unread.append(side)
        else:
            passages.setdefault(p.id, p)
    if not passages:
        return None
    return Sides(asked, tuple(passages.values()), tuple(unread), tuple(english))


def side_lines(sides: Sides, typed: Mapping[str, str] | None = None) -> list[str]:
    """The notes above a comparison's passages on what was not compared (user text escaped): the sides no passage
    answers („ℹ️ Nicht gelesen: „quarkbrot“ …“; a side that stands for other text, ``typed`` (a masked link's
    label for the link), named as typed; a side stating a number no passage found states, „777 leben“: „… – keine
    gefundene Stelle nennt die Zahl 777 …“), a side left empty, a side named twice; first, a side read by a card's
    English name („ℹ️ „Fast Forward“ gelesen als englischer Name von **Schnellvorlauf**.“, as ``/frage`` says it)."""
    lines = [f"ℹ️ „{quote_user(name, SIDE_ECHO)}“ gelesen als englischer Name von **{card}**."
             for name, card in sides.english]
    typed = typed or {}
    counted = [s for s in sides.unread if stated_numbers(s)]  # „777 leben“: its number is the thing not found
    if unread := [s for s in sides.unread if s not in counted]:
        named = ", ".join(f"„{quote_user(typed.get(s, s), SIDE_ECHO)}“" for s in unread)
        verb = "nennt" if len(unread) == 1 else "nennen"
        lines.append(f"ℹ️ Nicht gelesen: {named} {verb} keine Mechanik, keinen Begriff und keine Karte der "
                     "Dokumente; verglichen wird nur der Rest.")
    for side in counted:
        numbers = sorted(stated_numbers(side), key=number_key)
        which = f"die Zahl {numbers[0]}" if len(numbers) == 1 else "die Zahlen " + " und ".join(numbers)
        lines.append(f"ℹ️ Nicht gelesen: „{quote_user(typed.get(side, side), SIDE_ECHO)}“ – keine gefundene Stelle "
                     f"nennt {which}; verglichen wird nur der Rest.")
    if sides.asked.empty:
        lines.append("ℹ️ Der Vergleich nennt nur eine Seite; hier steht sie allein. Für einen Vergleich beide "
                     "nennen, z. B. „Unterschied zwischen Spuk und Ausgraben“.")
    if sides.asked.dropped:
        named = ", ".join(f"„{quote_user(s, SIDE_ECHO)}“" for s in sides.asked.dropped[:MAX_SIDES])
        more = " …" if len(sides.asked.dropped) > MAX_SIDES else ""
        lines.append(f"ℹ️ Verglichen werden höchstens {MAX_SIDES} Dinge auf einmal; nicht verglichen: {named}{more}.")
    if sides.asked.repeated:
        named = ", ".join(f"„{quote_user(s, SIDE_ECHO)}“" for s in sides.asked.repeated)
        lines.append(f"ℹ️ {named} steht mehrfach im Vergleich; es wird einmal gezeigt.")
    return lines


__all__ = ["SIDE_HITS", "Sides", "halves_joined", "named_by", "number_passage", "read_sides", "side_lines",
           "stated_numbers", "things_of"]
