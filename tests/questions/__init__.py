"""The evaluation set of player questions for ``/frage``, written from the documents before any tuning.

Two files hold it, and they are the truth: ``tuning.toml`` (two thirds, free to tune on) and ``heldout.toml``
(one third, set aside before any tuning and only ever read to report figures). ``split.py`` made the split
once with a fixed seed and can check it.

A second set-aside part, ``heldout2.toml`` (ids ``h2-001`` …), was written later from the documents alone by
someone who had not seen the ranking or its misses; it is never tuned on and takes no part in the seeded
split (:data:`PARTS`, :func:`load_all` and ``split.py`` stay the first two files).

A second tuning part, ``tuning2.toml`` (ids ``t2-001`` …), was written the same way (from the documents alone, by
someone who had not seen the ranking or its misses) but is free to tune on: :data:`TUNED` names both tuning parts,
which the fit and its cross-validation use together. It too stays outside the seeded split. A third tuning part,
``tuning3.toml`` (ids ``t3-001`` …), holds the questions of five independent judges' sets (three of 2026-12-04, two of
2026-12-05; written from the documents alone before they tried the bot, counted once as figures, then moved
here), less those that repeat an older question or whose gold or clause did not check. A fourth tuning part,
``tuning4.toml`` (ids ``t4-001`` …), holds three more judges' sets of 2026-12-05 evening, made the same way (its notes
``"from j7N-NNN"``, then ``"; typo: …"``). A fifth tuning part, ``tuning5.toml`` (ids ``t5-001`` …), holds three
judges' sets of 2026-12-06 evening, made the same way (notes ``"from j16N-NNN"``); it is checked against the
validation part as well, whose questions it must not repeat. A sixth tuning part, ``tuning6.toml`` (ids ``t6-001``
…), holds four judges' sets of 2026-12-07 (``bench/judges/judge210.toml``, ``judge220.toml``, ``judge230.toml``,
``judge240.toml``, counted there as development figures, then moved here; notes ``"from j2N0-NNN"``), made the same
way. A validation part, ``validation.toml`` (ids ``j80-001`` …, :data:`VALIDATION`), holds three more judges' sets
made the same way, only ever counted. A ``note`` that starts with ``typo:`` marks a slip typed on purpose
(``"typo: fraben (Farben)"``). Each entry::

    [[question]]
    id = "q042"                      # unique over every file (every part and dev)
    text = "convoke mit getappten kreaturen?"
    gold = ["001:78", "cr:702.51a"]  # "<file prefix>:<line where the passage begins>", optional "cr:<rule>"
    clause = "nur ungetappte Kreaturen"  # verbatim from the first gold passage: the deciding statement
    card = ""                        # the card the question names (the document's German name), or ""
    kind = "ruling"                  # ruling | mechanic | rule | explanation
    note = ""                        # optional: why this gold

Gold ids of the documents follow :mod:`tests.questions.passages`; ``cr:`` golds name rules of the
Comprehensive Rules of 2026-04-17. Every question has at least one document gold, and the first gold is
always a document passage.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
PARTS = ("tuning", "heldout")
#: Parts set aside outside the seeded split: read only to report figures, never tuned on.
SET_ASIDE = ("heldout2",)
#: Later tuning parts outside the seeded split: free to tune on, like ``tuning``.
EXTRA_TUNING = ("tuning2", "tuning3", "tuning4", "tuning5", "tuning6")
#: Every part the ranking may be tuned on: the split's tuning part and the later ones.
TUNED = ("tuning", *EXTRA_TUNING)
#: The tuning parts the shipped weights (bot/weights.py) were made on by ``bench/refit.py``: ``tuning4``,
#: ``tuning5`` and ``tuning6`` came after them; they take part in the CV of ``bench/weight_methods.py`` and in the
#: earlier questions (bot/prior.py), and the weights move to all of :data:`TUNED` only with a refit measured by that CV
#: (docs/ranking.md). Measured on 2026-12-05 (⁵³, ``bench/weight_methods.py --train-on``): the shipped method made on
#: these three parts' training questions ranks the four parts' folds better (union hit@1 82.9 %, hit@3 94.5 %) than
#: made on all four (82.7 %, 94.0 %), so the weights stay made on three.
WEIGHTS_MADE_ON = ("tuning", "tuning2", "tuning3")
#: Parts counted to choose between changes, never tuned on and never read question by question while choosing:
#: ``validation.toml`` (ids ``j80-001`` …), three independent judges' sets of 2026-12-05 evening. Unlike the set-aside
#: parts it is counted as often as a change needs (``bench/bench_questions.py --parts validation``), so it guards
#: against changes that only the tuning parts like; it may become a tuning part later.
VALIDATION = ("validation",)
#: Every part :func:`load` accepts: the split's two, the later set-aside ones, the later tuning ones, the validation.
ALL_PARTS = PARTS + SET_ASIDE + EXTRA_TUNING + VALIDATION
KINDS = ("ruling", "mechanic", "rule", "explanation")
CR_PREFIX = "cr:"


@dataclass(frozen=True)
class Question:
    """One player question with the passages that answer it.

    ``gold`` lists ``"<prefix>:<line>"`` document passages first-gold-first, then optional ``"cr:<rule>"``;
    ``part`` is the file the question was read from (one of :data:`ALL_PARTS`).
    """

    id: str
    text: str
    gold: tuple[str, ...]
    clause: str
    card: str
    kind: str
    part: str
    note: str = ""

    @property
    def document_gold(self) -> tuple[str, ...]:
        """The gold ids that name a passage of the documents (``"001:78"``), in order; no ``cr:`` golds."""
        return tuple(g for g in self.gold if not g.startswith(CR_PREFIX))

    @property
    def document(self) -> str:
        """The file prefix (``"000"`` … ``"004"``) of the first gold passage: the document the question is on."""
        return self.gold[0].split(":", 1)[0]


def path_of(part: str) -> Path:
    """The TOML file of ``part`` (one of :data:`ALL_PARTS`: ``"tuning"``, ``"heldout"``, ``"heldout2"``,
    ``"tuning2"`` … ``"tuning6"``, ``"validation"``).

    Raises:
        ValueError: ``part`` is not one of ``ALL_PARTS``.
    """
    if part not in ALL_PARTS:
        raise ValueError(f"unknown part {part!r}; expected one of {', '.join(ALL_PARTS)}")
    return HERE / f"{part}.toml"


def parse(raw: dict, part: str) -> Question:
    """One ``[[question]]`` table of a part's TOML file as a :class:`Question`.

    Raises:
        KeyError: a required key (id, text, gold, clause, card, kind) is missing.
    """
    return Question(
        id=raw["id"],
        text=raw["text"],
        gold=tuple(raw["gold"]),
        clause=raw["clause"],
        card=raw["card"],
        kind=raw["kind"],
        part=part,
        note=raw.get("note", ""),
    )


def load(part: str) -> list[Question]:
    """The questions of ``part`` (one of :data:`ALL_PARTS`) in file order.

    The held-out parts exist to report figures; never tune a ranking on what they return.

    Raises:
        ValueError: unknown part.
        OSError, tomllib.TOMLDecodeError: the file is missing or not valid TOML.
    """
    with path_of(part).open("rb") as handle:
        data = tomllib.load(handle)
    return [parse(raw, part) for raw in data.get("question", [])]


def load_all() -> list[Question]:
    """The two parts of the seeded split (:data:`PARTS`), tuning first, each in file order; not ``heldout2``."""
    return [question for part in PARTS for question in load(part)]
