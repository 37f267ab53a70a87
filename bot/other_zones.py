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
A card „weder Permanent noch Zauberspruch“ (003:312, CR 108.4a: the card without a controller), an object „weder auf
dem Stapel noch im Spiel“ (003:323, 108.4) is one in those four zones too, none excluded: „wer kontrolliert karten
im friedhof oder exil“ asks 003:323.

A player names a zone in two ways: by its word (the term table's concept, ``zzkexile``) or by a phrase of
``data/synonyms.tsv`` that holds the word and stands for the zone or a move into it („ins exil“, „im exil“ →
group ``exil``; „oben auf dem stapel“ → ``bibliothek``; „zurück auf die hand“ → ``zurueck_auf_hand``; „in den
friedhof“, „stirbt“ → ``friedhof_gelegt``), and such a phrase names only its group, not the table's zone („token ins
exil“ never met 003:424's ``zzkexile``). So each zone stands here for both: the table's concept and its groups.

Pure; bounded by the text's length (one regular-expression pass, only over a text holding „Zone als“ or „Zone
außer“, or over one holding „weder “).
"""

from __future__ import annotations

import re

from bot.concepts import concept_id

#: The term table's zones (``data/terms_de_en.tsv``, English name) by the German word that names one after „als“,
#: with the keys of the synonym groups (``data/synonyms.tsv``) whose phrases name the zone or a move into it.
_ZONES = {
    "bibliothek": ("Library", ("bibliothek",)),
    "hand": ("Hand", ("zurueck_auf_hand",)),
    "friedhof": ("Graveyard", ("friedhof_gelegt",)),
    "exil": ("Exile", ("exil",)),
}
#: „in einer anderen Zone als dem Stapel“, „aus einer anderen Zone als deinem Friedhof“: the excluded zone's word.
_ARTICLES = "dem|der|den|einem|einer|deinem|deiner|seinem|seiner|ihrem|ihrer"
_OTHER = re.compile(rf"\banderen? zone (?:als|außer) (?:{_ARTICLES}) (\w+)", re.IGNORECASE)
#: „(weil sie) weder Permanent noch Zauberspruch ist“ (108.4a), „Objekte, die weder auf dem Stapel noch im Spiel
#: sind“ (108.4, 003:323): a card or object neither on the battlefield nor on the stack, either order.
_PLACES = r"(?:ein )?Permanent|(?:ein )?Zauberspruch|auf dem Stapel|im Spiel|auf dem Schlachtfeld"
_NEITHER = re.compile(rf"\bweder (?:{_PLACES}) noch (?:{_PLACES})\b", re.IGNORECASE)


def other_zone_concepts(text: str) -> list[str]:
    """The concept ids of the zones a German ``text`` names as „einer anderen Zone als …“ (without the excluded one)
    or as a card „weder Permanent noch Zauberspruch“, „weder auf dem Stapel noch im Spiel“ (all four), each once, in
    the order of :data:`_ZONES`: per zone the term table's id, then its synonym groups' (``zzklibrary``,
    ``zzsbibliothek``, ``zzkhand``, ``zzszuruckxaufxhand``, ``zzkgraveyard``, ``zzsfriedhofxgelegt``, ``zzkexile``,
    ``zzsexil``); [] when it names none so."""
    excluded: set[str] = set()
    if "one als" in text or "one außer" in text:  # „Zone als“, „zone als“ (no lower-case copy of each text)
        excluded = {m.group(1).lower() for m in _OTHER.finditer(text)}
    if not excluded and not ("weder " in text and _NEITHER.search(text)):
        return []
    return [c for word, (english, groups) in _ZONES.items() if word not in excluded
            for c in (concept_id("k", english), *(concept_id("s", g) for g in groups))]


__all__ = ["other_zone_concepts"]
