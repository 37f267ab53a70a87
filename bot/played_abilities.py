"""An ability „gespielt“ in the old documents is an ability activated today.

The FAQs of 2005–2007 (001, 000) use „spielen“ for both actions of today's rules: a spell is cast (CR 601, „wirken“,
the synonym group ``wirken`` of ``data/synonyms.tsv``) and an activated ability is activated (CR 602, 701.2,
„aktivieren“). 001:1929 „Das Spielen der Vorhersage-Fähigkeit führt nicht dazu, dass die Karte die Hand ihres
Besitzers verlässt“ answers „verlässt die karte die hand wenn ich forecast aktiviere“, and the Feuerschweif-Engel's
„Spiele diese Fähigkeit nur während deines Versorgungssegments“ is an activation restriction (602.5d), but the
player's „aktivieren“ meets neither: the table's Aktivieren (Activate) has no old name, and „spielen“ cannot be one
(it names casting in the same documents). So a sentence of such a text in which a form of „spielen“ and
„Fähigkeit“ stand in one clause (no punctuation between them: „die Fähigkeit des Lebenden Infernos spielst“, „Das
Spielen der ersten Fähigkeit“, „Fähigkeiten … können nicht gespielt werden“) names Activate too. A triggered or
static ability is never played (603, 604): „der ausgelösten Fähigkeit des Hirnegelklumpens gespielt“ names nothing,
nor does a spell played during an ability's resolution or as its result („während der Verrechnung einer
Wallungsfähigkeit gespielt“).

Pure; bounded by the text's length (one regular-expression pass, only over a text holding „pielt“ or „piele“/„pielen“
and „Fähigkeit“).
"""

from __future__ import annotations

import re

from bot.concepts import concept_id

#: The term table's Aktivieren (``data/terms_de_en.tsv``: Activate, 701.2).
ACTIVATE = concept_id("k", "Activate")
#: A form of „spielen“ as a word of its own (not „Spieler“, „Spielstein“, „ins Spiel“, „ausspielen“): spiele, spielen,
#: spielst, spielt, spielte(n), gespielt, das Spielen.
_PLAY = r"\b(?:ge)?[sS]piel(?:e|en|st|t|te|ten|test)\b"
#: „Fähigkeit“ or „Fähigkeiten“, also the end of a compound („Vorhersage-Fähigkeit“, „Manafähigkeit“), with the word
#: before it (an ability „ausgelöst“ or „statisch“ is none that is played).
_ABILITY = r"(?:\b(\w+)[- ])?\w*[fF]ähigkeit(?:en)?\b"
#: Both in one clause: at most 90 characters between them without a mark that ends a clause.
_GAP = r"[^.,;:!?()„“\"]{0,90}?"
_PLAYED = re.compile(rf"{_PLAY}{_GAP}{_ABILITY}|{_ABILITY}{_GAP}{_PLAY}")
#: The word before „Fähigkeit“ that makes it an ability no one plays (triggered, static).
_NEVER_PLAYED = ("ausgelöst", "statisch")
#: The marks that end a clause (the words of :data:`_PLAYED_BY` count from the last before the match).
_CLAUSE_ENDS = (".", ",", ";", ":", "!", "?")
#: Words in their clause that make the played thing another (a spell or card played „während der Verrechnung einer
#: Wallungsfähigkeit“, 001:2893; „als Ergebnis der zweiten Fähigkeit“, 001:2262).
_PLAYED_BY = ("Verrechnung", "Ergebnis")


def played_ability_concepts(text: str, old_terms: bool) -> list[str]:
    """``[ACTIVATE]`` when ``old_terms`` (an old document, or a player's question, where old names count) and
    ``text`` holds a form of „spielen“ and „Fähigkeit“ in one clause, the ability not „ausgelöst“ or „statisch“ and
    the clause not about what is played during or as the result of an ability (:data:`_PLAYED_BY`); else []. Pure;
    each match reads back at most to its clause's start."""
    if not old_terms or "ähigkeit" not in text or not ("pielt" in text or "piele" in text or "pielst" in text):
        return []
    for m in _PLAYED.finditer(text):
        before = (m.group(1) or m.group(2) or "").lower()
        clause = text[max(text.rfind(mark, 0, m.start()) for mark in _CLAUSE_ENDS) + 1 : m.end()]
        if not before.startswith(_NEVER_PLAYED) and not any(w in clause for w in _PLAYED_BY):
            return [ACTIVATE]
    return []


__all__ = ["ACTIVATE", "played_ability_concepts"]
