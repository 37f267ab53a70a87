"""Check that no question of the second set-aside part (``heldout2.toml``) is a near-duplicate of an older one.

A near-duplicate is a pair whose texts reach :data:`THRESHOLD` in rapidfuzz's ``token_set_ratio`` (0–100,
case-sensitive as typed; the set ratio scores a question whose words are a subset of the other's as 100).
The older questions are those of ``tuning.toml``, ``heldout.toml`` and ``dev.toml``: a fresh set must not
repeat what the ranking has been counted or tuned on.

Usage::

    python -m tests.questions.near_duplicates   # exit 0 when no pair reaches the threshold, else 1
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz

from tests.questions import HERE, PARTS, load

THRESHOLD = 90
#: The older files a new question must not repeat: the seeded split's parts and the dev questions.
OLDER = (*PARTS, "dev")
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


def older_questions(parts: tuple[str, ...] = OLDER) -> list[tuple[str, str, str]]:
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


def check(path: Path | None = None) -> list[Pair]:
    """The near-duplicate pairs between ``heldout2.toml`` (or the part file ``path``) and the older files."""
    questions = [(q.id, q.text) for q in load(NEW)] if path is None else _read(path)
    return near_duplicates(questions, older_questions())


def _read(path: Path) -> list[tuple[str, str]]:
    with path.open("rb") as handle:
        return [(q["id"], q["text"]) for q in tomllib.load(handle).get("question", [])]


def main(argv: list[str] | None = None) -> int:
    """Print each near-duplicate pair and a summary line; exit 0 when there is none, 1 otherwise."""
    args = sys.argv[1:] if argv is None else argv
    pairs = check(Path(args[0]) if args else None)
    for p in pairs:
        print(f"{p.new_id} ~ {p.old_part}:{p.old_id} ({p.score:.0f}): {p.new_text!r} / {p.old_text!r}")
    older = len(older_questions())
    print(f"{len(pairs)} Fast-Duplikate (token_set_ratio >= {THRESHOLD}) gegen {older} ältere Fragen.")
    return 1 if pairs else 0


if __name__ == "__main__":
    sys.exit(main())
