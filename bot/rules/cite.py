"""What the rules engines cite: the documents (:class:`Source`) and the rules they applied (:class:`Reason`).

Every engine in :mod:`bot.rules` returns facts, never prose: besides its numbers it names the rules that
decided the result (``reasons``) and the dated rules of the documents that once said it otherwise or first
(``history``), as members of :class:`Reason`. A reason carries the rule number as printed in its source
(old FAQs use the numbering of their time, e.g. 502.46 for Einberufen; never renumbered) and that source.
The German wording of every reason and source lives in the answer layer (:mod:`bot.answers.calc_words`),
written there once.
"""

from __future__ import annotations

from enum import Enum, auto


class Source(Enum):
    """A document a rule is cited from (the files of ``data/sources/``, and the Comprehensive Rules)."""

    #: today's Comprehensive Rules (in ``../shared/reference``; the store knows its effective date)
    CR = auto()
    #: the Comprehensive Rules of 01.10.2010 (701.19 clash, 708.6a split cards with two values)
    CR_2010 = auto()
    #: 000: the clash article (Lorwyn, 2007), rules 701.19a–c and rulings
    CLASH_ARTICLE = auto()
    #: 001: the Ravnica FAQ (2005): hybrid 104.3f, 203.2e, Einberufen 502.46
    RAVNICA_FAQ = auto()
    #: 001: the Zwietracht FAQ (2006): split cards with two values
    DISSENSION_FAQ = auto()
    #: 001: the Kälteeinbruch FAQ (2006): snow mana {S}, Kumulative Versorgung 502.13a
    COLDSNAP_FAQ = auto()
    #: 002: the rulings on Getrieben // Verzweiflung (2017): a split card's mana value is the sum
    SPLIT_RULINGS = auto()
    #: 004: the rulings on Schnellvorlauf (2026): total cost, mana value unchanged
    FAST_FORWARD_RULINGS = auto()

    #: A member is its own identity (no two members are equal), so its hash is the object's: Enum's own hashes the
    #: member's name in Python on every dict or set look-up (the calculators' answers look sources up by the dozen).
    __hash__ = object.__hash__

    @property
    def today(self) -> bool:
        """True for today's Comprehensive Rules; every other source is a dated document."""
        return self is Source.CR


class Reason(Enum):
    """A rule an engine applied, with :attr:`rule` (number as printed, or None for a ruling without one)
    and :attr:`source`. Members are grouped by the calculation that cites them."""

    # mana value (202.3) and colours (202.2d; 709.4b for split cards)
    MV_X_OFF_STACK = auto()
    MV_X_ON_STACK = auto()
    MV_HYBRID_LARGEST = auto()
    MV_HYBRID = auto()
    MV_PHYREXIAN = auto()
    MV_NO_COST = auto()
    MV_SPLIT_SUM = auto()
    MV_SPLIT_2006 = auto()
    COLOR_HYBRID = auto()
    COLOR_HYBRID_2005 = auto()
    COLOR_SPLIT = auto()
    # paying symbols (107.4) and announcing choices (601.2b)
    PAY_HYBRID = auto()
    PAY_HYBRID_2005 = auto()
    PAY_MONO_HYBRID = auto()
    PAY_PHYREXIAN = auto()
    PAY_SNOW = auto()
    PAY_SNOW_2006 = auto()
    ANNOUNCE = auto()
    ANNOUNCE_2005 = auto()
    X_ANNOUNCED = auto()
    LIFE_LIMIT = auto()
    LOSES_GAME = auto()
    LOSES_AT_ZERO = auto()
    # Einberufen (702.51; 502.46 in 2005)
    CONVOKE = auto()
    CONVOKE_TOTAL = auto()
    CONVOKE_X_FIRST = auto()
    CONVOKE_ANNOUNCED = auto()
    CONVOKE_NOT_SNOW_OR_C = auto()
    CONVOKE_UNTAPPED = auto()
    CONVOKE_MANA_VALUE = auto()
    CONVOKE_2005 = auto()
    # total cost (601.2f, 118.7)
    TOTAL_COST = auto()
    TOTAL_MANA_VALUE = auto()
    REDUCE_GENERIC = auto()
    REDUCE_TYPE = auto()
    REDUCE_TYPE_MISSING = auto()
    REDUCE_HYBRID_HALF = auto()
    REDUCE_PHYREXIAN = auto()
    REDUCE_SNOW = auto()
    REDUCE_FLOOR = auto()
    REDUCE_ANNOUNCED_2005 = auto()
    # Kumulative Versorgung (702.24a; 502.13a in 2006)
    UPKEEP = auto()
    UPKEEP_CHOICES = auto()
    UPKEEP_NON_MANA = auto()
    UPKEEP_DIFFERENT_CREATURES = auto()
    UPKEEP_2006 = auto()
    # Fehde (701.30 today; 701.19 in 2007)
    CLASH_REVEAL = auto()
    CLASH_WIN = auto()
    CLASH_NOBODY = auto()
    CLASH_RANDOM_TOP = auto()
    CLASH_REVEAL_2007 = auto()
    CLASH_WIN_2007 = auto()
    CLASH_X_2007 = auto()
    CLASH_SPLIT_HALVES_2007 = auto()
    CLASH_SPLIT_COMPARE_2007 = auto()
    CLASH_SPLIT_2010 = auto()
    CLASH_NOBODY_2007 = auto()
    CLASH_SEVERAL_2007 = auto()

    #: As :attr:`Source.__hash__`: the reasons are dict keys (:data:`_CITES`, the German sentences, the notes).
    __hash__ = object.__hash__

    @property
    def rule(self) -> str | None:
        """The rule number as printed in :attr:`source` (``"702.51a"``, ``"502.46b"``), None for a ruling."""
        return _CITES[self][0]

    @property
    def source(self) -> Source:
        """The document the rule is cited from."""
        return _CITES[self][1]


_CR = Source.CR
_CITES: dict[Reason, tuple[str | None, Source]] = {
    Reason.MV_X_OFF_STACK: ("202.3e", _CR),
    Reason.MV_X_ON_STACK: ("202.3e", _CR),
    Reason.MV_HYBRID_LARGEST: ("202.3f", _CR),
    Reason.MV_HYBRID: ("202.3f", _CR),
    Reason.MV_PHYREXIAN: ("202.3g", _CR),
    Reason.MV_NO_COST: ("202.3a", _CR),
    Reason.MV_SPLIT_SUM: ("202.3d", _CR),
    Reason.MV_SPLIT_2006: (None, Source.DISSENSION_FAQ),
    Reason.COLOR_HYBRID: ("202.2d", _CR),
    Reason.COLOR_HYBRID_2005: ("203.2e", Source.RAVNICA_FAQ),
    Reason.COLOR_SPLIT: ("709.4b", _CR),
    Reason.PAY_HYBRID: ("107.4e", _CR),
    Reason.PAY_HYBRID_2005: ("104.3f", Source.RAVNICA_FAQ),
    Reason.PAY_MONO_HYBRID: ("107.4e", _CR),
    Reason.PAY_PHYREXIAN: ("107.4f", _CR),
    Reason.PAY_SNOW: ("107.4h", _CR),
    Reason.PAY_SNOW_2006: (None, Source.COLDSNAP_FAQ),
    Reason.ANNOUNCE: ("601.2b", _CR),
    Reason.ANNOUNCE_2005: (None, Source.RAVNICA_FAQ),
    Reason.X_ANNOUNCED: ("601.2b", _CR),
    Reason.LIFE_LIMIT: ("119.4", _CR),
    Reason.LOSES_GAME: ("704.5a", _CR),
    Reason.LOSES_AT_ZERO: ("704.5a", _CR),
    Reason.CONVOKE: ("702.51a", _CR),
    Reason.CONVOKE_TOTAL: ("702.51b", _CR),
    Reason.CONVOKE_X_FIRST: ("601.2b", _CR),
    Reason.CONVOKE_ANNOUNCED: ("601.2b", _CR),
    Reason.CONVOKE_NOT_SNOW_OR_C: ("702.51a", _CR),
    Reason.CONVOKE_UNTAPPED: ("702.51a", _CR),
    Reason.CONVOKE_MANA_VALUE: ("202.3", _CR),
    Reason.CONVOKE_2005: ("502.46b", Source.RAVNICA_FAQ),
    Reason.TOTAL_COST: ("601.2f", _CR),
    Reason.TOTAL_MANA_VALUE: (None, Source.FAST_FORWARD_RULINGS),
    Reason.REDUCE_GENERIC: ("118.7a", _CR),
    Reason.REDUCE_TYPE: ("118.7", _CR),
    Reason.REDUCE_TYPE_MISSING: ("118.7b", _CR),
    Reason.REDUCE_HYBRID_HALF: ("118.7e", _CR),
    Reason.REDUCE_PHYREXIAN: ("118.7f", _CR),
    Reason.REDUCE_SNOW: ("118.7g", _CR),
    Reason.REDUCE_FLOOR: ("601.2f", _CR),
    Reason.REDUCE_ANNOUNCED_2005: (None, Source.RAVNICA_FAQ),
    Reason.UPKEEP: ("702.24a", _CR),
    Reason.UPKEEP_CHOICES: ("702.24a", _CR),
    Reason.UPKEEP_NON_MANA: ("702.24a", _CR),
    Reason.UPKEEP_DIFFERENT_CREATURES: ("702.24a", _CR),
    Reason.UPKEEP_2006: ("502.13a", Source.COLDSNAP_FAQ),
    Reason.CLASH_REVEAL: ("701.30a, 701.30c", _CR),
    Reason.CLASH_WIN: ("701.30d", _CR),
    Reason.CLASH_NOBODY: ("701.30d", _CR),
    Reason.CLASH_RANDOM_TOP: ("701.30a", _CR),
    Reason.CLASH_REVEAL_2007: ("701.19a", Source.CLASH_ARTICLE),
    Reason.CLASH_WIN_2007: ("701.19c", Source.CLASH_ARTICLE),
    Reason.CLASH_X_2007: (None, Source.CLASH_ARTICLE),
    Reason.CLASH_SPLIT_HALVES_2007: (None, Source.CLASH_ARTICLE),
    Reason.CLASH_SPLIT_COMPARE_2007: (None, Source.CLASH_ARTICLE),
    Reason.CLASH_SPLIT_2010: ("708.6a", Source.CR_2010),
    Reason.CLASH_NOBODY_2007: (None, Source.CLASH_ARTICLE),
    Reason.CLASH_SEVERAL_2007: (None, Source.CLASH_ARTICLE),
}


def distinct(reasons: list[Reason]) -> tuple[Reason, ...]:
    """``reasons`` without repeats, in order of first appearance (an engine adds a reason where it applies;
    the answer names each once)."""
    return tuple(dict.fromkeys(reasons))
