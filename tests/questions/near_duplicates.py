"""Check that no question of a later part (``heldout2.toml``, ``tuning2.toml``, ``tuning3.toml``,
``tuning4.toml``, ``tuning5.toml``, ``tuning6.toml``) is a near-duplicate of an older one.

A near-duplicate is a pair whose texts reach :data:`THRESHOLD` in rapidfuzz's ``token_set_ratio`` (0–100,
case-sensitive as typed; the set ratio scores a question whose words are a subset of the other's as 100).
The older questions of each later part are in :data:`OLDER`: for ``heldout2`` those of ``tuning.toml``,
``heldout.toml`` and ``dev.toml``; for ``tuning2`` those and ``heldout2.toml`` as well; for ``tuning3`` also
``tuning2.toml``; for ``tuning4`` also ``tuning3.toml``; for ``tuning5`` also ``tuning4.toml`` and the validation
part ``validation.toml`` (a tuning question repeating a validation question would tune on what validation counts);
for ``tuning6`` also ``tuning5.toml``.
A fresh set must not repeat what the ranking has been counted or tuned on.

Usage::

    python -m tests.questions.near_duplicates            # every later part; exit 0 when no pair reaches the threshold
    python -m tests.questions.near_duplicates tuning2    # one later part
    python -m tests.questions.near_duplicates NEW.toml   # a draft file, against every older file
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz

from tests.questions import HERE, PARTS, load

THRESHOLD = 90
#: Each later part and the older files its questions must not repeat: the seeded split's parts, the dev
#: questions, and for the second tuning part also the second set-aside part.
OLDER: dict[str, tuple[str, ...]] = {
    "heldout2": (*PARTS, "dev"),
    "tuning2": (*PARTS, "heldout2", "dev"),
    "tuning3": (*PARTS, "heldout2", "tuning2", "dev"),
    "tuning4": (*PARTS, "heldout2", "tuning2", "tuning3", "dev"),
    "tuning5": (*PARTS, "heldout2", "tuning2", "tuning3", "tuning4", "validation", "dev"),
    "tuning6": (*PARTS, "heldout2", "tuning2", "tuning3", "tuning4", "tuning5", "validation", "dev"),
}
#: Every file a draft is checked against: all parts and the dev questions.
EVERY_FILE: tuple[str, ...] = (
    *PARTS, "heldout2", "tuning2", "tuning3", "tuning4", "tuning5", "tuning6", "validation", "dev")
#: The files whose texts are never shown (the set-aside parts and the validation part, which is counted but never
#: read question by question): a near-duplicate in them is named by id, never printed with its text.
SET_ASIDE_FILES = ("heldout", "heldout2", "validation")
#: The later part checked when none is named (kept for callers of :func:`check` without arguments).
NEW = "heldout2"


@dataclass(frozen=True)
class Pair:
    """A new question and an older one whose texts score ``score`` (0–100) in ``token_set_ratio``."""

    new_id: str
    new_text: str
    old_part: str
    old_id: str
    old_text: str
    score: float


def older_questions(parts: tuple[str, ...] = OLDER[NEW]) -> list[tuple[str, str, str]]:
    """``(part, id, text)`` of every question in the files ``<part>.toml`` of ``parts``, in file order.

    Read with :mod:`tomllib` rather than :func:`tests.questions.load`: ``dev.toml`` is not a part of the set.

    Raises:
        OSError, tomllib.TOMLDecodeError: a file is missing or not valid TOML.
    """
    found = []
    for part in parts:
        with (HERE / f"{part}.toml").open("rb") as handle:
            found += [(part, q["id"], q["text"]) for q in tomllib.load(handle).get("question", [])]
    return found


def near_duplicates(
    new: list[tuple[str, str]], older: list[tuple[str, str, str]], threshold: float = THRESHOLD
) -> list[Pair]:
    """Every pair of a new ``(id, text)`` and an older ``(part, id, text)`` scoring at least ``threshold``."""
    pairs = []
    for new_id, new_text in new:
        for part, old_id, old_text in older:
            score = fuzz.token_set_ratio(new_text, old_text)
            if score >= threshold:
                pairs.append(Pair(new_id, new_text, part, old_id, old_text, score))
    return pairs


def check(path: Path | None = None, part: str = NEW) -> list[Pair]:
    """The near-duplicate pairs between the later part ``part`` (a key of :data:`OLDER`) and its
    older files (:data:`OLDER`); with ``path``, between that draft file and every file (:data:`EVERY_FILE`).

    Raises:
        KeyError: ``part`` is not a later part.
    """
    if path is not None:
        return near_duplicates(_read(path), older_questions(EVERY_FILE))
    return near_duplicates([(q.id, q.text) for q in load(part)], older_questions(OLDER[part]))


def _read(path: Path) -> list[tuple[str, str]]:
    with path.open("rb") as handle:
        return [(q["id"], q["text"]) for q in tomllib.load(handle).get("question", [])]


def shown(pair: Pair) -> str:
    """The older question of ``pair`` as printed: its text, or only a mark when it belongs to a part of
    :data:`SET_ASIDE_FILES` (``heldout``, ``heldout2``, ``validation``), whose texts are never shown to whoever writes
    or tunes questions."""
    if pair.old_part in SET_ASIDE_FILES:
        return "(zurückgelegte Frage, Text nicht gezeigt)"
    return repr(pair.old_text)


def main(argv: list[str] | None = None) -> int:
    """Print each near-duplicate pair and a summary line per part checked; exit 0 when there is none, 1 otherwise."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] not in OLDER:
        checks = [(args[0], check(Path(args[0])), len(older_questions(EVERY_FILE)))]
    else:
        checks = [(p, check(part=p), len(older_questions(OLDER[p]))) for p in (args[:1] or list(OLDER))]
    for name, pairs, older in checks:
        for p in pairs:
            print(f"{p.new_id} ~ {p.old_part}:{p.old_id} ({p.score:.0f}): {p.new_text!r} / {shown(p)}")
        print(f"{name}: {len(pairs)} Fast-Duplikate (token_set_ratio >= {THRESHOLD}) gegen {older} ältere Fragen.")
    return 1 if any(pairs for _, pairs, _ in checks) else 0


if __name__ == "__main__":
    sys.exit(main())
