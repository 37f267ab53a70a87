"""Make ``data/prior_questions.tsv`` (:data:`bot.prior.PRIOR_FILE`): the questions asked before that ``/frage``'s
``prior`` feature reads (bot/prior.py), from the tuning parts of the question set only (:data:`PARTS`:
``tests/questions/tuning.toml``, ``tuning2.toml`` … ``tuning6.toml``;
never a held-out part, and not ``dev``, which
stays a check outside them), each with its gold keys, in the parts' order.

Run: ``.venv/bin/python bench/make_prior.py [--check]`` (``--check``: exit 1 when the file differs from what the
parts make; ``tests/test_prior.py`` checks the same).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.prior import PRIOR_FILE, PriorQuestion, prior_text  # noqa: E402
from tests.questions import TUNED, load  # noqa: E402

#: The parts the file is made from: the tuning parts (tests.questions.TUNED), in this order.
PARTS = TUNED


def made() -> str:
    """The text of the file as the tuning parts make it."""
    return prior_text(PriorQuestion(q.id, q.gold, q.text) for part in PARTS for q in load(part))


def main() -> int:
    """Write the file, or with ``--check`` compare it; 0 when it is (now) what the parts make."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare the file with what the parts make")
    args = parser.parse_args()
    text = made()
    if args.check:
        same = PRIOR_FILE.is_file() and PRIOR_FILE.read_text(encoding="utf-8") == text
        print(f"{PRIOR_FILE}: {'as made' if same else 'differs from what the tuning parts make'}")
        return 0 if same else 1
    PRIOR_FILE.write_text(text, encoding="utf-8")
    print(f"{PRIOR_FILE}: {sum(not line.startswith('#') for line in text.splitlines())} questions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
