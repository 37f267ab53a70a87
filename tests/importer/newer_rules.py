"""A synthetic Comprehensive Rules file newer than the change register's basis (2026-04-17), dated 2026-08-01,
in which three rules the register cites changed: 702.51a (convoke) has a new text, 709.4a (naming a split card)
moved to 709.4f, and 106.4 (the mana pool empties) is gone.

Built from the real 2026 file when ``../shared/reference`` has it, else from the register's own quotes in
``fixtures/cr_newer_template.txt`` (so CI without the reference files runs the same test).
"""

from __future__ import annotations

import os
from pathlib import Path

from bot.importer.cr import decode_text
from bot.importer.register import read_register

FIXTURES = Path(__file__).parent / "fixtures"
REFERENCE = Path(os.environ.get("REGELBOT_REFERENCE", Path(__file__).resolve().parents[3] / "shared" / "reference"))
REAL_2026 = REFERENCE / "MagicCompRules_20260417.txt"

NEW_DATE_LINE = "These rules are effective as of August 1, 2026."
NEW_EFFECTIVE = "2026-08-01"
#: 702.51a: the old and the new wording of the changed sentence.
CONVOKE_OLD = "you may tap an untapped creature of that color you control"
CONVOKE_NEW = "you may tap an untapped creature or Vehicle of that color you control"
MOVED = ("709.4a", "709.4f")
GONE = "106.4"


def _rule_line(number: str, text: str) -> str:
    """``"702.51a Text"`` for a subrule, ``"702.51. Text"`` for a rule."""
    return f"{number} {text}" if number[-1].isalpha() else f"{number}. {text}"


def _sort_key(number: str) -> tuple[int, int, str]:
    section, _, rest = number.partition(".")
    digits = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
    return int(section), int(digits or 0), rest[len(digits):]


def _from_quotes() -> str:
    """Every quoted rule of the register as a rule line, in rule order (the quote's ``…`` cuts removed)."""
    register = read_register()
    lines = []
    for number in sorted(register.cr, key=_sort_key):
        text = " ".join(p.strip() for p in register.cr[number].split("…") if p.strip())
        lines += [_rule_line(number, text), ""]
    template = (FIXTURES / "cr_newer_template.txt").read_text(encoding="utf-8")
    return template.replace("{RULES}", "\n".join(lines).rstrip())


def _change(text: str) -> str:
    """Apply the three changes (and nothing else) to a rules text of 2026-04-17."""
    lines = text.split("\n")
    out = []
    for line in lines:
        if line.startswith(f"{GONE}. "):
            continue
        if line.startswith(f"{MOVED[0]} "):
            line = f"{MOVED[1]} " + line[len(MOVED[0]) + 1:]
        if line.startswith("702.51a "):
            assert CONVOKE_OLD in line
            line = line.replace(CONVOKE_OLD, CONVOKE_NEW)
        out.append(line)
    return "\n".join(out)


def write_newer_rules(folder: Path, *, real: bool | None = None) -> Path:
    """Write the synthetic newer rules file into ``folder`` and return its path. ``real``: True = from the real
    2026 file (must exist), False = from the register's quotes, None = the real file when present."""
    path = folder / "MagicCompRules_20260801.txt"
    path.write_text(newer_rules_text(real=real), encoding="utf-8")
    return path


def basis_rules_text(*, real: bool | None = None) -> str:
    """The rules of the register's basis date (2026-04-17) unchanged: the real file, or the register's quotes."""
    use_real = REAL_2026.is_file() if real is None else real
    if use_real:
        return decode_text(REAL_2026.read_bytes())[0]
    return _from_quotes().replace(NEW_DATE_LINE, "These rules are effective as of April 17, 2026.")


def newer_rules_text(*, real: bool | None = None) -> str:
    """The synthetic rules of 2026-08-01 (see the module doc) as text."""
    return _change(basis_rules_text(real=real).replace("These rules are effective as of April 17, 2026.",
                                                        NEW_DATE_LINE))
