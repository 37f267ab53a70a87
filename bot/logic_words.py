"""The ``logic`` stage of the ranking (:mod:`bot.ranking`, ``/frage`` only, the last to swap siblings): among the first
three hits, the sibling that states the logic the question asks about goes first.

Passages of one card or one mechanics section share their words (the card's name, the mechanic's terms), so bm25,
coverage and the sentence stage weigh them nearly alike; what often decides between them is a word the analysis
drops as a stop word because it carries no topic: „ohne“, „keine“ (something is absent), „trotzdem“ (something
holds anyway) or „beide“, „gleich“ (the sides are alike: „wenn beide bei der fehde ne 3 aufdecken wer gewinnt dann“
is answered by 000's „Fall keine der aufgedeckten Karten höhere umgewandelte Manakosten hat (zum Beispiel falls alle
Spieler eine Karte mit umgewandelten Manakosten von 2 aufdecken), gewinnt niemand die Fehde.“, not by its ruling on
split cards). „goblin reflektomant auf nen zauber ohne ziel?“ is answered by 001's „Die Fähigkeit kann jeden
Spontanzauber und jede Hexerei als Ziel haben, auch wenn diese gar keine Ziele haben.“, not by its sibling on a
variable number of targets; „spriessende phytohydra stirbt an dem schaden, krieg ich trotzdem den token“ by „…
wird auch dann erzeugt, wenn der Schaden … tödlich ist“.

A question *asks* a class of :data:`LOGIC` when one of its tokens is one of the class's question words; a passage
*states* it when its text holds one of the class's passage words or two-word phrases (folded tokens,
:func:`bot.text.canonical`); the ranker reads only the sentences holding a word of the question
(:mod:`bot.about_matter`, docs/ranking.md ¹²⁶). The stage decides between siblings only — the groups of
:func:`bot.answered.sibling_groups` among the first :data:`bot.answered.TOP` — and only permutes them among their own
places (the shape of the answered and earlier stages, :func:`bot.answered.swap_siblings`): each member's value is the
share of the asked classes its text states; so no passage enters or leaves the first three. It runs after the earlier
questions' stage (:func:`bot.prior.prior_stage`), whose shares come from questions that share the card's words and so
often favour the sibling that answers another case (placed before it, the stage gained 5 first hits on the tuning parts;
after it, 9: docs/ranking.md ⁷⁷).

Measured with more classes (docs/ranking.md ⁷⁷): a class of multiplicity („zweimal“, „doppelt“ ↔ „mehrere“,
„mehrfach“) and one of restriction („nur“ ↔ „nur“, „weniger als“) each lost first hits on the tuning parts and are
not in the table. An order („zuerst“, „danach“ ↔ „Reihenfolge“, „bevor“) and a rule holding regardless („auch wenn“,
„egal“ ↔ „unabhängig davon“, „unerheblich“) gained first hits by 5-fold CV with hit@3 unchanged (⁹⁴); a count („wie
viele“ ↔ „Anzahl“, „einmal“) and a polarity („nicht“ ↔ „kann nicht“) changed no first answer of the tuning parts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Protocol, TypeVar

from bot.answered import TOP, sibling_groups, swap_siblings
from bot.store import PassageRecord
from bot.text import canonical, tokens


def _spellings(listed: str) -> frozenset[str]:
    """The spellings of ``listed`` (separated by ``|``; a phrase's words by a space)."""
    return frozenset(listed.split("|"))


#: Class → (the question's words that ask it, the passage's words and two-word phrases that state it), folded as
#: :func:`bot.text.canonical` folds them (``ä`` → ``a``, ``ß`` → ``ss``); a phrase's words joined by a space.
LOGIC: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # something is absent: „zauber ohne ziel“, „wenn gar keine drauf ist“
    "absence": (
        _spellings("kein|keine|keinen|keiner|keinem|keines|ohne|nix|nichts|niemand|no|without|none|nothing"),
        _spellings("kein|keine|keinen|keiner|keinem|keines|ohne|nichts|niemand|no|without|none|nothing"),
    ),
    # something holds anyway: „krieg ich trotzdem den token“ ↔ „auch dann …, wenn“
    "anyway": (
        _spellings("trotzdem|dennoch|weiterhin|anyway|immernoch"),
        _spellings("trotzdem|dennoch|weiterhin|auch dann|auch wenn|selbst wenn|even if|still"),
    ),
    # the sides are alike: „wenn beide ne 3 aufdecken“ ↔ „falls alle Spieler eine Karte mit … 2 aufdecken …, gewinnt
    # niemand“ (not „alle“, „beide“ or „each“ alone: nearly every clash ruling says one of them)
    "alike": (
        _spellings("beide|beiden|gleich|gleiche|gleichen|gleichviel|both|same|equal|unentschieden|remis|patt"),
        _spellings("gleich|gleiche|gleichen|gleichem|gleicher|same|equal|alle spieler|each player|jeder spieler|niemand"
                   "|no one|remis"),
    ),
    # what comes first: „wer entscheidet zuerst, ob die Karte oben bleibt“ ↔ 000's „Dabei passieren folgende Dinge in
    # dieser Reihenfolge: …“; „Kreatur ändert danach die Farbe, darf sie dann blocken?“ ↔ 001's „…, ob diese Kreaturen
    # ihre Farbe wechseln, bevor Blocker deklariert werden“ (not „erst“: a player's „erst“ is as often „only“)
    "order": (
        _spellings("zurst|zunachst|vorher|davor|danach|nachher|bevor|reihenfolge|zugreihenfolge|zuletzt|first|before"
                   "|after|order"),
        _spellings("reihenfolge|zugreihenfolge|spielreihenfolge|zurst|zunachst|vorher|bevor|nachdem|danach"
                   "|anschliessend|zuletzt|first|before|after|in order"),
    ),
    # it holds whatever else is so: „triggert graft auch wenn beim gegner ne kreatur ins spiel kommt“ ↔ 001's „… wird
    # jedes Mal ausgelöst, wenn eine Kreatur ins Spiel kommt, unabhängig davon, wer die neue Kreatur beherrscht“
    "regardless": (
        _spellings("obwohl|obwol|egal|unabhangig|auch wenn|auch bei|auch beim|auch dann|trotzdem|dennoch"),
        _spellings("unabhangig|unerheblich|egal|gleichgultig|regardless|no matter|ganz gleich|immer noch|noch immer"),
    ),
}

#: Tokens of a text read for its classes (a question is read by its first :data:`bot.analysis.MAX_TOKENS`).
MAX_READ = 2000


def _words(text: str) -> tuple[list[str], set[str]]:
    """The folded tokens of ``text`` (its first :data:`MAX_READ`) and its two-word phrases (``"auch dann"``)."""
    words = [canonical(t) for t in tokens(text)[:MAX_READ]]
    return words, {f"{a} {b}" for a, b in pairwise(words)}


def asked_logic(text: str, limit: int = MAX_READ) -> frozenset[str]:
    """The classes of :data:`LOGIC` that the question ``text`` asks (one of its first ``limit`` tokens, or two
    neighbouring ones, is a question word or phrase of the class): „… ohne ziel?“ → ``{"absence"}``, „… auch wenn
    …“ → ``{"regardless"}``. Never raises."""
    words = _words(text)[0][:limit]
    held = set(words) | {f"{a} {b}" for a, b in pairwise(words)}
    return frozenset(name for name, (asking, _) in LOGIC.items() if not asking.isdisjoint(held))


def stated_logic(text: str) -> frozenset[str]:
    """The classes of :data:`LOGIC` that a passage's ``text`` states (a passage word or phrase of the class):
    „…, auch wenn diese gar keine Ziele haben.“ → ``{"absence", "anyway"}``. Never raises."""
    words, phrases = _words(text)
    held = set(words) | phrases
    return frozenset(name for name, (_, stating) in LOGIC.items() if not stating.isdisjoint(held))


class _Hit(Protocol):
    """What the stage reads and writes of a :class:`bot.ranking.Hit`."""

    passage: PassageRecord
    score: float
    parts: dict[str, float]


#: A hit of the ranking (:class:`bot.ranking.Hit`): the stage puts the caller's own hits back into its list.
H = TypeVar("H", bound=_Hit)


def logic_groups(top: Sequence[_Hit], asked: frozenset[str], stated: Callable[[PassageRecord], frozenset[str]]
                 ) -> list[tuple[list[int], list[float]]]:
    """Per group of :func:`bot.answered.sibling_groups` among ``top`` (the first hits): the positions of its members in
    ``top`` and each one's share (0–1) of ``asked`` that ``stated`` gives its passage; ``[]`` for a question asking no
    class. The values the stage orders by (the benches' weight table reads them too)."""
    if not asked:
        return []
    where = {id(h): n for n, h in enumerate(top)}
    return [([where[id(h)] for h in members], [len(asked & stated(h.passage)) / len(asked) for h in members])
            for members in sibling_groups(top)]


def logic_stage(hits: list[H], asked: frozenset[str], weight: float,
                stated: Callable[[PassageRecord], frozenset[str]]) -> None:
    """The stage on ``hits`` (best first, in place): the members of each group of :func:`bot.answered.sibling_groups`
    among the first :data:`bot.answered.TOP` take their group's places again in the order of score + ``weight`` ×
    the share (0–1) of ``asked`` (:func:`asked_logic` of the question) that ``stated`` (:func:`stated_logic` of a
    passage's text, kept per passage by the caller) gives its passage (:func:`logic_groups`), each with the score of
    the place it takes (``parts["logic"]``); every other hit keeps its place and score. Nothing for a question asking
    no class.

    Raises:
        ValueError: ``weight`` is negative.
    """
    if weight < 0:
        raise ValueError(f"the logic stage's weight must not be negative: {weight}")
    if weight and asked:
        swap_siblings(hits, logic_groups(hits[:TOP], asked, stated), weight, "logic")


__all__ = ["LOGIC", "asked_logic", "logic_groups", "logic_stage", "stated_logic"]
