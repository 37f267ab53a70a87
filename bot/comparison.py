"""Comparison questions: „Was ist der Unterschied zwischen Blutdurst und Pfropfen?“, „Spuk oder Ausgraben?“,
„Blutdurst vs. Pfropfen“, „Spuk im Vergleich zu Ausgraben“, „Ist Manawert dasselbe wie umgewandelte Manakosten?“.

Such a question names two things and asks about both; one ranking over the whole question answers the side whose
words weigh more (tester20 F4: five Blutdurst passages, Pfropfen nowhere). :func:`compared_sides` finds the two
sides' texts; ``/frage`` (:mod:`bot.answers.questions`) then leads with the best passage of each side, and for two
names of one concept (an old and a new term of the term table) with the table's row. Pure: text in, text out.
"""

from __future__ import annotations

import re

#: Most words one side may have: a side is a name (of a mechanic, a term, a section, a card), not a clause.
MAX_SIDE_WORDS = 5
#: Most characters of a question read for a comparison.
MAX_CHARS = 300

_AND = r"(?:und|sowie|and|&)"
#: The question forms, each with the sides ``a`` and ``b``; tried in order, the first that matches decides.
_FORMS = (
    re.compile(r"\b(?:unterschieds?|unterschiede|difference)\s+(?:zwischen|von|between|of)\s+(?P<a>.+?)\s+"
               + _AND + r"\s+(?P<b>.+)", re.IGNORECASE),
    re.compile(r"^(?P<a>.+?)\s+(?:im\s+vergleich\s+(?:zu|mit)|verglichen\s+mit|compared\s+to)\s+(?P<b>.+)",
               re.IGNORECASE),
    re.compile(r"^(?P<a>.+?)\s+(?:dasselbe|dasgleiche|das\s+gleiche|das\s+selbe|the\s+same)\s+(?:wie|as)\s+"
               r"(?P<b>.+)", re.IGNORECASE),
    re.compile(r"^(?P<a>.+?)\s+(?:vs\.?|versus)\s+(?P<b>.+)", re.IGNORECASE),
    re.compile(r"^(?P<a>.+?)\s+oder\s+(?P<b>.+)", re.IGNORECASE),
)
#: Words around a side that are the question's form, not the thing compared („was ist besser“, „genau“, „eigentlich“).
_FRAME_WORDS = (
    "was wo wie ist sind der die das den dem des ein eine einen genau eigentlich denn besser schlechter stärker "
    "unterschied unterschiede vergleich gleich gleiche dasselbe selbe nun jetzt nochmal mal bitte zwischen "
    "what is the a an which better difference between same"
)
_FRAME = frozenset(_FRAME_WORDS.split())
#: Words that make a side a clause, not a name (a person, a modal or asking verb, a condition, a question word or
#: the verb of an outcome): „kann ich mit Spuk oder mit Ausgraben …“ asks one thing about two ways, „wer gewinnt
#: fehde krims krams oder boros rekrut“ one thing about two cards; they compare nothing.
_CLAUSE_WORDS = (
    "ich du er sie es man wir ihr mich dich mein meine dein deine sein seine kann kannst darf darfst muss musst "
    "soll sollte will wird werden wenn falls ob dass mit ohne bei nach gegen habe hast hat haben geht gehen "
    "wer wen wem wann warum wieso weshalb gewinnt verliert passiert "
    "i you my your can may must does do if when with who why wins"
)
_CLAUSE = frozenset(_CLAUSE_WORDS.split())
_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
_END = re.compile(r"[?!.,;:]+\s*$")


def _side(text: str) -> str | None:
    """The side's name: its words without the question's frame words at either end (``None`` when none is left or
    more than :data:`MAX_SIDE_WORDS` remain, the side runs into another clause at a comma, or it has a word of
    :data:`_CLAUSE`)."""
    text = _END.sub("", text.strip())
    if any(c in text for c in ",;:?!"):
        return None
    words = _WORD.findall(text)
    while words and words[0].lower() in _FRAME:
        words.pop(0)
    while words and words[-1].lower() in _FRAME:
        words.pop()
    if any(w.lower() in _CLAUSE for w in words):
        return None
    return " ".join(words) if 0 < len(words) <= MAX_SIDE_WORDS else None


def compared_sides(question: str) -> tuple[str, str] | None:
    """The two things a comparison question names, as typed (frame words dropped): „was ist der unterschied
    zwischen blutdurst und pfropfen“ → ``("blutdurst", "pfropfen")``, „Spuk oder Ausgraben?“ → ``("Spuk",
    "Ausgraben")``; ``None`` for any other question, or when a side is no short name (:func:`_side`: „darf ich
    angreifen oder muss ich blocken, wenn …“). Whether each side names something of the store is the caller's
    test. Bounded: reads at most :data:`MAX_CHARS` characters."""
    text = " ".join(question[:MAX_CHARS].split())
    for form in _FORMS:
        m = form.search(text)
        if m is None:
            continue
        a, b = _side(m["a"]), _side(m["b"])
        if a is None or b is None or a.lower() == b.lower():
            return None
        return a, b
    return None


__all__ = ["MAX_SIDE_WORDS", "compared_sides"]
