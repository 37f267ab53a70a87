"""A passage about „einer anderen Zone als …“ is about each of the other zones a player names.

003:260 „Hat eine Karte in einer anderen Zone als dem Stapel {X} in ihren Manakosten, gilt {X} als 0 …“ answers „welchen
manawert hat ne karte mit X in der hand“, 003:424 „Ein Spielstein, der sich in einer anderen Zone als dem Spiel
befindet, hört auf zu existieren“ answers „token geht ins exil oder auf die hand – was passiert mit ihm“; but the
player names the zone (Hand, Exil) and the passage only the zone it excludes, so neither met the other's concepts.
A German text with „andere(n) Zone als <article> <zone>“ (or „außer“: 001's „In jeder anderen Zone außer dem
Stapel …“) gets the concepts of the zones of CR 400.1 a player names
in such a question — Bibliothek (401), Hand (402), Friedhof (404), Exil (406) — except the one it excludes
(001's „aus einer anderen Zone als einem Friedhof“ is about the hand, the library and exile, not the graveyard).
Stack and battlefield stay out: the texts exclude them, and a card there is no card „in another zone“.

Pure; bounded by the text's length (one regular-expression pass, only over a text holding „Zone als“ or „Zone
außer“).
"""

from __future__ import annotations

import re

from bot.concepts import concept_id

#: The term table's zones (``data/terms_de_en.tsv``, English name) by the German word that names one after „als“.
_ZONES = {"bibliothek": "Library", "hand": "Hand", "friedhof": "Graveyard", "exil": "Exile"}
#: „in einer anderen Zone als dem Stapel“, „aus einer anderen Zone als deinem Friedhof“: the excluded zone's word.
_ARTICLES = "dem|der|den|einem|einer|deinem|deiner|seinem|seiner|ihrem|ihrer"
_OTHER = re.compile(rf"\banderen? zone (?:als|außer) (?:{_ARTICLES}) (\w+)", re.IGNORECASE)


def other_zone_concepts(text: str) -> list[str]:
    """The concept ids of the zones a German ``text`` names as „einer anderen Zone als …“, each once, in the order
    of :data:`_ZONES` (``zzklibrary``, ``zzkhand``, ``zzkgraveyard``, ``zzkexile``) without the excluded one; []
    when it names none so."""
    if "one als" not in text and "one außer" not in text:  # „Zone als“, „zone als“ (no lower-case copy of each text)
        return []
    excluded = {m.group(1).lower() for m in _OTHER.finditer(text)}
    if not excluded:
        return []
    return [concept_id("k", english) for word, english in _ZONES.items() if word not in excluded]


__all__ = ["other_zone_concepts"]
