"""A question's „Stapel“ is the library when the question puts a card on top of it, under it or shuffles it.

Players call the library „Stapel“ (a pile of cards) where the documents say „Bibliothek“ and mean by „Stapel“ the
stack. ``data/synonyms.tsv`` reads the set phrases („oben auf dem stapel“, „stapel mischen“: group ``bibliothek``,
docs/ranking.md ²³), but a player's own sentence puts the words apart: „was ist mit stapel gemeint wenn ich eine karte
oben drauf lege“, „karte unter den eigenen stapel legen“, „stapel danach gemischt?“. A question holding „stapel“
and a word of putting a card on top of or under a pile („oben“, „drauf“, „oberste“, „unten“, „unter“, „drunter“,
„unterste“) or of shuffling („mischen“ and its forms) names the group ``bibliothek`` too; the stack stays named
(the question may still mean it: 003:428 „oben auf den Stapel gelegt“ is a spell on the stack), so both kinds of
passage are scored.
Drawing („ziehen“) is no sign: „ziehe ich eine karte wenn der zauber auf den stapel geht“ is about the stack.

Pure; one pass over the question's tokens (at most :data:`bot.words.MAX_TOKENS`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.concepts import concept_id

#: The group of the library in ``data/synonyms.tsv``.
LIBRARY = concept_id("s", "bibliothek")
#: Words of putting a card on top of or under a pile, or of shuffling it, folded as :func:`bot.words.tokens` gives.
PILE_WORDS = frozenset({"oben", "obendrauf", "drauf", "oberste", "obersten", "oberstes", "unten", "unter", "drunter",
                        "darunter", "unterste", "untersten", "mischen", "mische", "mischt", "mischst", "gemischt"})


def library_concepts(words: Sequence[str]) -> list[str]:
    """``[LIBRARY]`` when ``words`` (a question's folded tokens) hold „stapel“ (or „stapels“) and a word of
    :data:`PILE_WORDS`, else []."""
    held = set(words)
    return [LIBRARY] if ("stapel" in held or "stapels" in held) and not held.isdisjoint(PILE_WORDS) else []


__all__ = ["LIBRARY", "PILE_WORDS", "library_concepts"]
