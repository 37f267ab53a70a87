"""A small local reader of document 003 for the alignment tests.

The real parser (bot/importer/rules_explained.py) is written by another helper; this reader only
needs what the alignment uses: entries between lines that are ``-`` (or end in `` -`` after the
trailers), ``Beispiel:`` lines, and the trailers ``Begriffe<term>`` / ``Siehe auch<number>``.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.importer.model import RuleExplanation

_TRAILER = re.compile(r"^((?:Begriffe(?:(?!Siehe auch).)+?|Siehe auch[0-9][0-9.a-z–-]*)+) -$")
_PART = re.compile(r"Begriffe((?:(?!Siehe auch).)+)|Siehe auch([0-9][0-9.a-z–-]*)")


def read_explanations(path: Path) -> list[RuleExplanation]:
    """Entries of 003 in order (header lines before the first ``-`` and the site's closing line dropped)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start = lines.index("-") + 1
    entries: list[RuleExplanation] = []
    cur: RuleExplanation | None = None
    for lineno, line in enumerate(lines[start:], start=start + 1):
        if not line.strip():
            continue
        trailer = _TRAILER.match(line)
        if line == "-" or trailer:
            if cur is None:
                raise ValueError(f"003:{lineno}: separator without an entry")
            if trailer:
                for m in _PART.finditer(trailer.group(1)):
                    if m.group(1):
                        cur.terms.append(m.group(1).strip())
                    else:
                        cur.see_also.append(m.group(2))
            entries.append(cur)
            cur = None
        elif line.startswith("Beispiel:"):
            if cur is None:
                raise ValueError(f"003:{lineno}: example without an entry")
            cur.examples.append(line.removeprefix("Beispiel:").strip())
        elif cur is None:
            cur = RuleExplanation(text=line, line=lineno)
        else:
            cur.text += "\n" + line
    # The last entry has no separator; the site's closing line ("Keine Regel gefunden …") follows it.
    if cur is not None:
        kept = [t for t in cur.text.split("\n") if not t.startswith("Keine Regel gefunden")]
        if kept:
            cur.text = "\n".join(kept)
            entries.append(cur)
    return entries
