"""The German↔English keyword table at answer time, and German game terms in English.

:func:`resolve_via_keywords` resolves an old keyword rule number a FAQ quotes (``502.46`` → 702.51) through
the rows of ``data/keywords_de_en.tsv``; :data:`LEXICON` gives the English words of the Comprehensive
Rules for German game terms. Both are used by the importer (:mod:`bot.importer.align`) and by the
answers (:mod:`bot.answers.official`), so they live outside :mod:`bot.importer`.
"""

from __future__ import annotations

from bot.model import KeywordRow, RuleMatch


def resolve_via_keywords(number: str, rows: list[KeywordRow]) -> RuleMatch | None:
    """Resolve an old keyword rule number quoted by a FAQ through the keyword table.

    ``502.46`` → 702.51 (certain, method ``keyword-table``); a subrule ``502.46b`` → the rule
    702.51 (uncertain, ``keyword-table-parent``: the letters were renumbered, 502.46a–c vs 702.51a–d).
    None when no row has that old number.
    """
    number = number.strip().rstrip(".").lower()
    for row in rows:
        if not row.old_number or not row.cr_number:
            continue
        if number == row.old_number:
            return RuleMatch(number, row.cr_number, 100.0, "keyword-table", True)
        if number[:-1] == row.old_number and number[-1].isalpha():
            return RuleMatch(number, row.cr_number, 50.0, "keyword-table-parent", False)
    return None


# German game terms → English words of the CR (lowercase stems; a German key matches inside compounds).
LEXICON: dict[str, tuple[str, ...]] = {
    "lebenspunkt": ("life",), "spielstein": ("token",), "giftmarke": ("poison", "counter"),
    "marke": ("counter",), "farbe": ("color",), "farblos": ("colorless",), "einfarbig": ("monocolored",),
    "mehrfarbig": ("multicolored",), "farbpaar": ("pair",), "bibliothek": ("library",),
    "friedhof": ("graveyard",), "stapel": ("stack",), "kreatur": ("creature",), "schaden": ("damage",),
    "zauberspruch": ("spell",), "zauber": ("spell",), "fähigkeit": ("ability",), "permanent": ("permanent",),
    "beherrscher": ("controller", "control"), "kontroll": ("control", "controller"), "besitzer": ("owner",),
    "partie": ("game",), "spieler": ("player",), "gegner": ("opponent",), "team": ("team",),
    "exil": ("exile",), "zug": ("turn",), "segment": ("step",), "phase": ("phase",), "ziehe": ("draw",),
    "zieht": ("draw",), "getappt": ("tapped",), "tappen": ("tap",), "ebene": ("plane",),
    "weltendeck": ("planar",),
    "unentschieden": ("draw",), "gewinn": ("win",), "verlier": ("lose",), "verloren": ("lost",),
    "schleife": ("loop",), "kopie": ("copy",), "ersatzeffekt": ("replacement",), "manavorrat": ("pool",),
    "manasymbol": ("symbol",), "manakosten": ("cost",), "kosten": ("cost",),
    "manafähigkeit": ("mana", "ability"),
    "verdeckt": ("face", "down"), "eigenschaft": ("characteristic", "characteristics"),
    "schatz": ("treasure",), "speise": ("food",), "hinweis": ("clue",), "blut": ("blood",),
    "kraftstein": ("powerstone",), "inkubator": ("incubator",), "splitter": ("shard",),
    "altmetall": ("junk",),
    "kernholz": ("heartwood",), "rolle": ("role",), "aura": ("aura",), "emblem": ("emblem",),
    "kommandozone": ("command",), "zone": ("zone",), "hand": ("hand",), "mulligan": ("mulligan",),
    "startspieler": ("starting", "player"), "starthand": ("opening", "hand"),
    "zugreihenfolge": ("turn", "order"),
    "aktive": ("active",), "aktiven": ("active",), "nicht-aktiv": ("nonactive",), "priorität": ("priority",),
    "zustandsbasiert": ("state-based",), "turnier": ("tournament",), "match": ("match",),
    "sideboard": ("sideboard",), "deck": ("deck",), "mindest": ("minimum",), "karte": ("card",),
    "artefakt": ("artifact",), "verzauberung": ("enchantment",), "land": ("land",), "länder": ("lands",),
    "schlacht": ("battle",), "spontanzauber": ("instant",), "hexerei": ("sorcery",), "untertyp": ("subtype",),
    "kartentyp": ("type",), "übertyp": ("supertype",), "stärke": ("power",),
    "widerstandskraft": ("toughness",),
    "loyalität": ("loyalty",), "verteidigung": ("defense",), "regeltext": ("rules", "text"),
    "status": ("status",), "umgedreht": ("flipped",), "phased": ("phased",), "ausgelöst": ("triggered",),
    "aktiviert": ("activated",), "statisch": ("static",), "verzögert": ("delayed",), "quelle": ("source",),
    "ziel": ("target",), "wähl": ("choose",), "entscheid": ("choice", "choices", "decision", "decisions"),
    "aufgeben": ("concede",), "mischt": ("shuffle", "shuffles"), "mischen": ("shuffle",),
    "zufällig": ("random",),
    "generisch": ("generic",), "schnee": ("snow",), "einflusssphäre": ("influence",), "kaiser": ("emperor",),
    "erzfeind": ("archenemy",), "weiß": ("white",), "blau": ("blue",), "schwarz": ("black",), "rot": ("red",),
    "grün": ("green",), "verrechn": ("resolve", "resolves"), "neutralis": ("countered",), "münze": ("coin",),
    "würfel": ("die", "dice"), "sticker": ("sticker",), "handkarten": ("hand",), "modifikator": ("modifier",),
}
