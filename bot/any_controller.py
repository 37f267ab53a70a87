"""A passage saying its rule holds whoever controls the object holds for an opponent's object too.

001:1108 „Du kannst bei jeder Kreatur im Spiel spuken, egal wer sie kontrolliert.“ answers „spuk auf ne kreatur vom
gegner legen geht das“, 001:1961 „… wenn eine Kreatur ins Spiel kommt, unabhängig davon, wer die neue Kreatur
beherrscht“ answers „kann ich die Pfropfen-Marke auch auf die Kreatur vom Gegner schieben“; but the player names the
opponent (the term table's Gegner, Opponent, CR 102.3) and the passage only says that the controller does not matter,
so neither met the other's concepts. A German text with „egal(,) wer“, „unabhängig davon, wer“, „gleichgültig(,)
wer“ or „ganz gleich(,) wer“ followed in its clause by „kontrolliert“, „beherrscht“ (the old documents' word for
controlling, 001), „besitzt“ or „… Zug hat“ (001's „Dabei ist es egal, wer den nächsten Zug hat“: the opponent's turn
as well) names the opponent too: an object or a turn of any player is one of an opponent (102.3: every player not
on one's team).

Pure; bounded by the text's length (one regular-expression pass, only over a text holding „ wer “).
"""

from __future__ import annotations

import re

from bot.concepts import concept_id

#: The term table's Gegner (``data/terms_de_en.tsv``: Opponent, 102.3).
OPPONENT = concept_id("k", "Opponent")
#: „egal, wer sie kontrolliert“, „unabhängig davon, wer die neue Kreatur beherrscht“, „egal, wer den nächsten Zug
#: hat“: the words that say the player does not matter, then in the same clause (at most 60 characters without a
#: mark that ends one) the verb of controlling, owning or having the turn.
_ANY = re.compile(
    r"\b(?:egal|unabhängig davon|gleichgültig|ganz gleich),? wer\b[^.;:!?()]{0,60}?"
    r"\b(?:kontrolliert|beherrscht|besitzt|Zug hat)\b",
    re.IGNORECASE,
)


def any_controller_concepts(text: str) -> list[str]:
    """``[OPPONENT]`` when the German ``text`` says a rule holds whoever controls or owns the object or has the
    turn (:data:`_ANY`: „egal wer sie kontrolliert“), else []. Pure."""
    return [OPPONENT] if " wer " in text and _ANY.search(text) else []


__all__ = ["OPPONENT", "any_controller_concepts"]
