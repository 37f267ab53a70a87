"""Autocomplete data of the rules, prepared once per store: what ``/regel suche`` (:func:`bot.answers.rules.
rule_queries`) and the Comprehensive Rules' completer (:func:`bot.answers.official.cr_rule_choices`) offer,
with every label folded and indexed by its prefixes when the store is opened, so a keystroke costs dict
look-ups, not a pass over every rule.

Both objects live in the store's cache (:meth:`bot.store.Store.memo`): a store swapped for a new one starts
without them and prepares its own at its first use (or in the command table's warm-ups).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

from bot.prefixes import WordPrefixes
from bot.reply import CHOICES_MAX, Choice
from bot.text import clean, normalise_for_search, shorten, tokens


def _by_prefix(items: Iterable[tuple[str, Choice]]) -> dict[str, list[Choice]]:
    """Every prefix of each key → the choices of the keys starting with it, in the order given."""
    out: dict[str, list[Choice]] = {}
    for key, choice in items:
        for end in range(1, len(key) + 1):
            out.setdefault(key[:end], []).append(choice)
    return out


class NameChoices:
    """Names offered by the words typed: the names whose folded form (:func:`bot.text.normalise_for_search`) starts
    with the typed text, then those containing it, each in the order given; every prefix indexed once here, so a
    keystroke costs a dict look-up and one substring scan."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        folded = [normalise_for_search(n) for n in names]
        self._starts: dict[str, list[int]] = {}
        for pos, key in enumerate(folded):
            for end in range(1, len(key) + 1):
                found = self._starts.setdefault(key[:end], [])
                if not found or found[-1] != pos:
                    found.append(pos)
        # The folded names on one line ("\n" cannot occur in them), for the names containing the typed text.
        self._joined = "\n".join(folded)
        self._offsets = [0]
        for key in folded[:-1]:
            self._offsets.append(self._offsets[-1] + len(key) + 1)

    def choices(self, typed: str) -> list[Choice]:
        """Up to 25 choices for ``typed``: the names starting with it, then those containing it (all names, up to
        25, for a text without letters or digits). ``typed`` is read as every completer reads it
        (:func:`bot.text.clean`): zero-width characters alone are an empty box (``"\u200b\u200b"`` offers what
        ``""`` offers)."""
        key = normalise_for_search(clean(typed))
        if not key:
            return [Choice(name=n, value=n) for n in self.names[:CHOICES_MAX]]
        starts = [self.names[p] for p in self._starts.get(key, ())]
        picked = starts[:CHOICES_MAX]
        if len(picked) < CHOICES_MAX:
            picked += self._inside(key, set(starts), CHOICES_MAX - len(picked))
        return [Choice(name=n, value=n) for n in picked]

    def _inside(self, key: str, starts: set[str], wanted: int) -> list[str]:
        """The first ``wanted`` names (in order) containing ``key`` after their start, none of ``starts``."""
        out: list[str] = []
        at = self._joined.find(key)
        while at >= 0 and len(out) < wanted:
            pos = bisect.bisect_right(self._offsets, at) - 1
            name = self.names[pos]
            if at > self._offsets[pos] and name not in starts:  # a name starting with the key is in starts
                out.append(name)
            following = self._offsets[pos + 1] if pos + 1 < len(self._offsets) else len(self._joined)
            at = self._joined.find(key, following)
        return out


class CRChoices:
    """The current Comprehensive Rules' numbers (with their titles) and its glossary terms and German keywords,
    prepared for :meth:`choices` (``701.3`` → 701.3, 701.30 Clash, …; ``einb`` → Einberufen)."""

    def __init__(self, rules: list[tuple[str, str]], terms: list[str], german: list[str]) -> None:
        self.empty = not rules
        ranked = sorted(rules, key=lambda nt: (len(nt[0]), nt[0]))
        by_number = _by_prefix((n, Choice(name=f"{n} {t}", value=n)) for n, t in ranked)
        self._numbers = {prefix: found[:CHOICES_MAX] for prefix, found in by_number.items()}
        self._names = NameChoices([*german, *terms])

    def choices(self, typed: str) -> list[Choice]:
        """Up to 25 choices for ``typed`` (folded as :func:`bot.answers.official.cr_rule_choices` folds it): a
        number prefix lists the numbers starting with it, shortest first; text lists the names starting with it,
        then those containing it, in the order German keywords, glossary terms."""
        if self.empty:
            return []
        if typed[:1].isdigit():
            return list(self._numbers.get(typed, ()))
        return self._names.choices(typed)


class RuleChoices:
    """What ``/regel suche`` offers from the documents' rules: the rule numbers (quoted rules, the explanation's
    numbers, the numbers it mentions) by prefix, and the headings and explanation terms by word prefixes.

    ``numbered``: (number, choice) in the order offered, each number once; ``labelled``: (label, value) of the
    headings (``"701.19 Fehden"``) and terms, in the order offered.
    """

    def __init__(self, numbered: list[tuple[str, Choice]], labelled: list[tuple[str, str]]) -> None:
        self._numbers = _by_prefix(numbered)
        self._labelled = [(value, Choice(name=shorten(label, 100), value=value)) for label, value in labelled]
        self._words = WordPrefixes(tokens(label) for label, _value in labelled)

    def numbers(self, prefix: str) -> list[Choice]:
        """The choices of the numbers starting with ``prefix``, in order."""
        return self._numbers.get(prefix, [])

    def labelled(self, words: list[str]) -> Iterable[tuple[str, Choice]]:
        """(value, choice) of the headings and terms whose words start with every word of ``words``, in order
        (all of them for no words)."""
        return (self._labelled[pos] for pos in self._words.matching(words))
