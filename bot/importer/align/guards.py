"""Guards against a wrong named counterpart in the uncertain passes of the version map.

A wrong counterpart sends a judge to the wrong rule; "no counterpart" is honest. Each guard here is a
content check that turns a match into none:

- :func:`polarity_conflict`: the first sentence of one text says "not X" where the other says "X" (2010
  800.7 "a multiplayer game not using the limited range of influence option" is not 2026 104.3h "… using the
  limited range …").
- :func:`children_elsewhere`: the old rule's subrules went under another new rule (2010 513.1, whose 513.1a
  is today's 513.1a, is not today's 513.2).
- :func:`intro_only`: a leaf rule against a new rule that has subrules, whose own text only introduces them
  (2010 903.10 "… may put it into the command zone instead" is today's 903.9a, not 903.9 "A commander may
  return to the command zone during a Commander game.").
"""

from __future__ import annotations

import re
from collections import Counter

from bot.importer.align.result import RuleMatch
from bot.importer.align.similarity import WORDS, first_sentence, wording
from bot.importer.cr import CRDocument

_NEGATED = re.compile(r"\b(?:not|never)\s+([a-z][a-z'-]+)")


def _polarity(text: str) -> tuple[set[str], set[str]]:
    """``(negated, plain)``: the words a folded text puts after "not"/"never", and the words it uses
    at least once without them."""
    folded = wording(text)
    negated = Counter(_NEGATED.findall(folded))
    used = Counter(WORDS.findall(folded))
    return set(negated), {w for w, n in used.items() if n > negated.get(w, 0)}


def polarity_conflict(old: str, new: str) -> bool:
    """True when the first sentence (what the rule is about, its case) of one text negates a word ("not
    using") that the first sentence of the other uses only plainly ("using"). Later sentences may turn a
    ruling around and still be the same rule (2010 708.7 "must name both halves" → 2026 709.4a "… and not
    both")."""
    neg_old, plain_old = _polarity(first_sentence(old))
    neg_new, plain_new = _polarity(first_sentence(new))
    return bool((neg_old - neg_new) & plain_new) or bool((neg_new - neg_old) & plain_old)


def children_elsewhere(old: CRDocument, number: str, target: str, out: dict[str, RuleMatch]) -> bool:
    """True when a subrule of old ``number`` is mapped to a new subrule (``513.1a``) whose rule (``513.1``)
    is not ``target``."""
    for child in old.children(number):
        m = out.get(child.number)
        if m is not None and m.new is not None and m.new[-1].isalpha() and m.new.rstrip(_LETTERS) != target:
            return True
    return False


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def intro_only(old: CRDocument, new: CRDocument, number: str, target: str) -> bool:
    """True when old ``number`` has no subrules and new ``target`` has some."""
    return not old.children(number) and bool(new.children(target))
