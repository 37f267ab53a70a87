"""Clash (Fehde) for revealed cards: who wins, under today's rules or those of 2007, with the facts that decide
it and the rules they follow (see :mod:`bot.rules.clash`); cards given by mana cost or mana value."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.rules.cite import Reason, distinct
from bot.rules.mana import MAX_GENERIC, ManaCost, explain_mana_value, format_cost, parse_faces

RULES_TODAY = "heute"
RULES_2007 = "2007"
RULES = (RULES_TODAY, RULES_2007)
MAX_PLAYERS = 8


#: Halves of a split card: CR 709.1, „Split cards have two card faces on a single card“ (a few Un-cards print more;
#: such a card from the store is read as printed, a typed cost or number of more halves is refused).
HALVES = 2


class ClashError(ValueError):
    """Bad clash input; ``str(err)`` is a German message for the user."""


def check_halves(values: Sequence[object], typed: str, where: str = "") -> None:
    """Nothing when ``values`` (one per half of a typed card: ``4``, ``1/3``, ``{1} // {2}``) are at most
    :data:`HALVES`.

    Raises:
        ClashError: more halves (German, naming ``typed``, after ``where`` — „Bibliothek 1, Eintrag 2: “ —, and
            CR 709.1).
    """
    if len(values) > HALVES:
        raise ClashError(f"{where}„{typed[:80]}“ hat {len(values)} Hälften; eine geteilte Karte hat zwei "
                         "(Regel 709.1).")


@dataclass(frozen=True)
class RevealedCard:
    """A revealed card.

    Attributes:
        label: how the card is named (a name, a cost like ``{3}{R}``, or a number); ``""`` for a card of a
            library revealed at random (the answer names it by its values).
        faces: mana value of each half (one entry for a normal card; lands: ``(0,)``).
        face_labels: names or costs of the halves (same length as ``faces``; ``""`` for a half without mana
            cost), or empty when unknown.
        reasons: the rules of 202.3 that give its mana value (X counts 0, no mana cost 0, …).
    """

    label: str
    faces: tuple[int, ...]
    face_labels: tuple[str, ...] = ()
    reasons: tuple[Reason, ...] = ()

    def __post_init__(self) -> None:
        if not self.faces:
            raise ClashError(f"Karte „{self.label}“ hat keinen Manawert.")
        if any(v < 0 for v in self.faces):
            raise ClashError(f"Karte „{self.label}“: ein Manawert kann nicht negativ sein.")

    @property
    def is_split(self) -> bool:
        """True for a split card (two halves)."""
        return len(self.faces) > 1

    def value(self, rules: str) -> tuple[int, ...]:
        """The values compared: today one value (sum of halves, 202.3d); 2007 each half (000)."""
        return (sum(self.faces),) if rules == RULES_TODAY else self.faces


def check_rules(rules: str) -> None:
    """Raises :class:`ClashError` (German) unless ``rules`` is one of :data:`RULES`."""
    if rules not in RULES:
        raise ClashError(f"Unbekannter Regelstand „{rules}“; erlaubt sind „heute“ und „2007“.")


@dataclass(frozen=True)
class Verdict:
    """Why one player wins a clash or not (701.30d today; 701.19c and the article's example in 2007).

    Attributes:
        player: 0-based index of the player.
        beats: when the player wins, per other player ``(other, index of my value, index of theirs)``: my
            highest value is higher than the other card's lowest (today both are the one value).
        lost_to: when the player does not win, ``(other, my highest value, their lowest value)`` of the first
            card the player's card is not higher than.
    """

    player: int
    beats: tuple[tuple[int, int, int], ...] = ()
    lost_to: tuple[int, int, int] | None = None

    @property
    def wins(self) -> bool:
        """True when the player wins."""
        return self.lost_to is None


@dataclass
class ClashResult:
    """Outcome of one clash, as facts.

    Attributes:
        cards: the revealed cards, one per player (player i = ``cards[i]``, 0-based).
        rules: ``"heute"`` or ``"2007"``.
        values: the compared values per player (one each today, per half in 2007).
        winners: 0-based indices of the winning players (empty: nobody wins).
        verdicts: per player why they win or not.
        reasons: the rules that decide it (today 701.30 and 202.3; 2007 the article, 708.6a of 2010).
        history: the dated rules beside today's (the article's 701.19c and, for a split card, its halves).
    """

    cards: list[RevealedCard]
    rules: str
    values: list[tuple[int, ...]]
    winners: list[int]
    verdicts: list[Verdict]
    reasons: tuple[Reason, ...] = ()
    history: tuple[Reason, ...] = ()


def _beats(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, int] | None:
    """Indices (i, j) with a[i] > b[j] and a[i] maximal, b[j] minimal; None if no value of a
    beats a value of b."""
    i = max(range(len(a)), key=lambda k: a[k])
    j = min(range(len(b)), key=lambda k: b[k])
    return (i, j) if a[i] > b[j] else None


def win_rule(rules: str) -> Reason:
    """The rule that decides who wins: today 701.30d of the Comprehensive Rules (17.04.2026); under the
    rules of 2007 701.19c as printed in the clash article."""
    return Reason.CLASH_WIN if rules == RULES_TODAY else Reason.CLASH_WIN_2007


def _verdict(p: int, values: list[tuple[int, ...]]) -> Verdict:
    beats = []
    for q in range(len(values)):
        if q == p:
            continue
        hit = _beats(values[p], values[q])
        if hit is None:
            return Verdict(p, lost_to=(q, max(values[p]), min(values[q])))
        beats.append((q, *hit))
    return Verdict(p, tuple(beats))


def clash(cards: Sequence[RevealedCard], rules: str = RULES_TODAY) -> ClashResult:
    """Decide a clash between ``len(cards)`` players (701.30d today; 701.19c and the clash article in 2007).

    Raises:
        ClashError: fewer than two players, more than :data:`MAX_PLAYERS`, or unknown ``rules``.
    """
    check_rules(rules)
    if len(cards) < 2:
        raise ClashError("Für eine Fehde braucht es mindestens zwei Spieler (701.30b: du und ein Gegner).")
    if len(cards) > MAX_PLAYERS:
        raise ClashError(f"Höchstens {MAX_PLAYERS} Spieler.")
    cards = list(cards)
    values = [c.value(rules) for c in cards]
    verdicts = [_verdict(p, values) for p in range(len(cards))]
    winners = [v.player for v in verdicts if v.wins]
    return ClashResult(cards, rules, values, winners, verdicts, *_reasons(cards, rules, winners))


def _reasons(
    cards: list[RevealedCard], rules: str, winners: list[int]
) -> tuple[tuple[Reason, ...], tuple[Reason, ...]]:
    """The rules a clash follows under ``rules``, and today the article's rules as history."""
    split = any(c.is_split for c in cards)
    values = [r for c in cards for r in c.reasons if r is not Reason.MV_SPLIT_SUM]
    if rules == RULES_TODAY:
        reasons = [Reason.CLASH_REVEAL, Reason.CLASH_WIN if winners else Reason.CLASH_NOBODY, *values]
        if split:
            reasons.append(Reason.MV_SPLIT_SUM)
        history = [Reason.CLASH_WIN_2007, *((Reason.CLASH_SPLIT_HALVES_2007,) if split else ())]
        return distinct(reasons), tuple(history)
    reasons = [Reason.CLASH_REVEAL_2007, Reason.CLASH_WIN_2007 if winners else Reason.CLASH_NOBODY_2007]
    if {Reason.MV_X_OFF_STACK, Reason.MV_NO_COST} & set(values):
        reasons.append(Reason.CLASH_X_2007)
    if split:
        reasons += [
            Reason.CLASH_SPLIT_HALVES_2007, Reason.CLASH_SPLIT_COMPARE_2007, Reason.MV_SPLIT_2006,
            Reason.CLASH_SPLIT_2010,
        ]  # fmt: skip
    if len(winners) > 1:
        reasons.append(Reason.CLASH_SEVERAL_2007)
    return distinct(reasons), ()


def card_from_faces(faces: Sequence[ManaCost], label: str, names: Sequence[str] = ()) -> RevealedCard:
    """A card from the mana cost of each half (an empty cost: no mana cost, 0); X counts 0 (202.3e)."""
    value = explain_mana_value(list(faces))
    return RevealedCard(
        label,
        value.values,
        tuple(names) if names else tuple(f.text if f.symbols else "" for f in faces),
        value.reasons,
    )


def card_from_cost(text: str, label: str | None = None, names: Sequence[str] = ()) -> RevealedCard:
    """A card given by its mana cost (``"{3}{R}"``, a split card ``"{3}{B}{G} // {G}{U}"``; an
    empty half = no mana cost = 0). X counts 0 (clash article; 202.3e).

    Raises:
        ManaError: a malformed cost (German message naming the symbol).
    """
    faces = parse_faces(text)
    return card_from_faces(faces, label or format_cost(faces), names)


def card_from_number(text: str) -> RevealedCard:
    """A card given by its mana value(s): ``"4"`` or a split card ``"1/3"``.

    Raises:
        ClashError: not a number, more than :data:`HALVES` values, or a value above
            :data:`bot.rules.mana.MAX_GENERIC` (as for costs).
    """
    parts = text.strip().split("/")
    if not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        raise ClashError(f"„{text}“ ist keine Zahl.")
    values = tuple(int(p) for p in parts)
    check_halves(values, text.strip())
    if any(v > MAX_GENERIC for v in values):
        raise ClashError(f"Ein Manawert über {MAX_GENERIC} kommt nicht vor (wie bei Manakosten).")
    return RevealedCard(text.strip(), values)
