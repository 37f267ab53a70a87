"""Notes beside the change register: the term notes of the third-party rules explanation (document 003) and the
register's coverage counts (``/info``). Re-exported by :mod:`bot.answers.today`, where every answer reads them.
"""

from __future__ import annotations

import re

from bot.answers.today_index import TodayIndex
from bot.terms import Term, senses

#: The file prefix of the German rules explanation (CardX Academy), whose passages these notes are for.
EXPLANATION = "003"


def explanation_terms_note(text: str, terms: list[Term], rule_text: str = "") -> str:
    """For the third-party German explanation (document 003, CardX Academy), which writes "Permanent",
    "Token", "Vorrang" where German cards print other words: ``ℹ️ Auf deutschen Karten: „Bleibende Karte“
    statt „Permanent“ (110)`` for every capitalised older name of the term table (``data/terms_de_en.tsv``,
    column ``old``) the text uses as a word (also with an ending: "Permanents"); ``""`` when none.

    Only nouns are checked: verbs and phrases of that column ("spielen", "im Spiel") keep their
    other senses in that text (a land is played; "ins Spiel gebracht" can mean "into the game").
    One phrase is checked against the English rule it explains (``rule_text``): "außerhalb des Spiels"
    where the rule says "not on the battlefield" (110.5d) — in the rules that phrase means "in no zone"
    (400.11), so the note says what is meant.
    """
    found: dict[str, str] = {}
    # A word 003 uses in another sense than the table's term (data/terms_documents.tsv: „Vorrang“ is precedence
    # there, 101.2) gets no note: the German cards' word for priority would be wrong for it.
    other_sense = {w.casefold(): s.english for s in senses() if EXPLANATION in s.documents for w in s.words}
    for term in terms:
        for old in term.old:
            if other_sense.get(old.casefold(), term.english) != term.english:
                continue
            if old[:1].isupper() and old != term.german and re.search(
                r"(?<!\w)" + re.escape(old) + r"(?:s|n|en|e)?(?!\w)", text
            ):
                found.setdefault(old, f"„{term.german}“ statt „{old}“ ({term.rule})")
    if "außerhalb des Spiels" in text and "not on the battlefield" in rule_text:
        found["außerhalb des Spiels"] = ("„nicht auf dem Schlachtfeld“ (englisch „not on the battlefield“) statt "
                                         "„außerhalb des Spiels“, das in den Regeln „in keiner Zone“ heißt (400.11)")
    if not found:
        return ""
    return "ℹ️ Auf deutschen Karten: " + "; ".join(found.values()) + " _(Begriffstabelle, Regelnummer von heute)_"


def coverage(index: TodayIndex) -> dict[str, dict[str, int]]:
    """``{"ruling": {status: n}, "mechanic": {status: n}}`` over every entry of the store (``current``: the
    entries of current sources, counted by the store)."""
    out: dict[str, dict[str, int]] = {"ruling": {}, "mechanic": {}}
    for (kind, _id), status in index.status.items():
        out.setdefault(kind, {})
        out[kind][status] = out[kind].get(status, 0) + 1
    for kind, n in index.current.items():
        out.setdefault(kind, {})["current"] = n
    return out


__all__ = ["coverage", "explanation_terms_note"]
