"""Split the question set once into a tuning part and a held-out third, and check that split later.

Protocol: all questions were written in one list before any tuning; this script split them once with the fixed
seed ``SEED``, stratified by (document of the first gold, names a card or not) so both parts have the same mix;
within each stratum the questions (in id order) are shuffled and the first ones held out, with the cut chosen so
that the running total of held-out questions stays at one third of the questions seen (rounded). The two files
it wrote, ``tuning.toml`` and ``heldout.toml``, are the truth from then on; ``--check`` recombines them, splits
again and reports any question that sits in the other part than the seed puts it.

Usage::

    python -m tests.questions.split --check           # exit 0 when both files match the seeded split
    python -m tests.questions.split --write ALL.toml  # (once) write both files from the full list
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

from tests.questions import PARTS, path_of

SEED = 19
HELD_OUT_SHARE = 3  # one question in three is held out
KEYS = ("id", "text", "gold", "clause", "card", "kind", "note")
HEADERS = {
    "tuning": (
        "# Question set for /frage, TUNING part: two thirds of the questions.",
        "# Written from the documents before any tuning; free to tune the ranking on.",
    ),
    "heldout": (
        "# Question set for /frage, HELD-OUT part: one third of the questions.",
        "# Set aside before any tuning. Only ever read to report figures (hit@1, hit@3, MRR);",
        "# never tune, add synonyms or change ranking because of what these questions find or miss.",
    ),
}
PROTOCOL = (
    "# Split once by tests/questions/split.py (seed 19, stratified by document of the first gold and",
    "# card/no-card); this file is the truth, `python -m tests.questions.split --check` verifies the split.",
    '# Format: tests/questions/__init__.py. Gold ids "<file prefix>:<line>": tests/questions/passages.py.',
)


def number(question: dict) -> int:
    """The numeric part of a question id (``"q042"`` → 42), the order of the full list."""
    return int(question["id"].lstrip("q"))


def stratum(question: dict) -> tuple[str, bool]:
    """The stratum of a question: (file prefix of its first gold, whether it names a card)."""
    return question["gold"][0].split(":", 1)[0], bool(question["card"])


def split(questions: list[dict], seed: int = SEED) -> tuple[list[dict], list[dict]]:
    """The seeded, stratified split of ``questions``: (tuning, held-out), each in id order.

    Raises:
        ValueError: two questions share an id.
    """
    ordered = sorted(questions, key=number)
    if len({q["id"] for q in ordered}) != len(ordered):
        raise ValueError("question ids are not unique")
    groups: dict[tuple[str, bool], list[dict]] = defaultdict(list)
    for question in ordered:
        groups[stratum(question)].append(question)
    rng = random.Random(seed)
    held: set[str] = set()
    seen = 0
    for key in sorted(groups):
        group = list(groups[key])
        rng.shuffle(group)
        seen += len(group)
        wanted = round(seen / HELD_OUT_SHARE) - len(held)
        held.update(q["id"] for q in group[:wanted])
    return [q for q in ordered if q["id"] not in held], [q for q in ordered if q["id"] in held]


def render(part: str, questions: list[dict]) -> str:
    """The TOML text of one part: header comments, then one ``[[question]]`` table per question."""
    lines = [*HEADERS[part], *PROTOCOL, f"# {len(questions)} questions.", ""]
    for question in questions:
        lines.append("[[question]]")
        for key in KEYS:
            value = question.get(key, "")
            if key == "note" and not value:
                continue
            lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
        lines.append("")
    return "\n".join(lines)


def read(path: Path) -> list[dict]:
    """The ``[[question]]`` tables of a TOML file, as dicts.

    Raises:
        OSError, tomllib.TOMLDecodeError: unreadable file or invalid TOML.
    """
    with path.open("rb") as handle:
        return list(tomllib.load(handle).get("question", []))


def check() -> list[str]:
    """Recombine both part files, split again with the seed; one line per question in the wrong part."""
    current = {part: read(path_of(part)) for part in PARTS}
    tuning, heldout = split(current["tuning"] + current["heldout"])
    expected = {"tuning": {q["id"] for q in tuning}, "heldout": {q["id"] for q in heldout}}
    problems = []
    for part in PARTS:
        for question in current[part]:
            if question["id"] not in expected[part]:
                problems.append(f"{question['id']} steht in {part}.toml, der Split mit Seed {SEED} legt es anders")
    return problems


def write(source: Path) -> tuple[int, int]:
    """Split the full list in ``source`` and write both part files; (tuning count, held-out count)."""
    tuning, heldout = split(read(source))
    for part, questions in (("tuning", tuning), ("heldout", heldout)):
        path_of(part).write_text(render(part, questions), encoding="utf-8")
    return len(tuning), len(heldout)


def main(argv: list[str] | None = None) -> int:
    """Command line: ``--check`` (default) or ``--write ALL.toml``; exit 0 on success, 1 on a bad split."""
    parser = argparse.ArgumentParser(prog="python -m tests.questions.split", description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, metavar="ALL.toml", help="write both parts from the full list")
    parser.add_argument("--check", action="store_true", help="verify both parts against the seeded split")
    args = parser.parse_args(argv)
    if args.write:
        kept, held = write(args.write)
        print(f"tuning.toml: {kept} Fragen, heldout.toml: {held} Fragen (Seed {SEED})")
        return 0
    problems = check()
    for line in problems:
        print(line)
    print("Split stimmt." if not problems else f"{len(problems)} Fragen im falschen Teil.")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
