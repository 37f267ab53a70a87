"""Generate an MTGJSON file of N printings for the card-import benchmark (``bench/bench_cards.py``).

Shapes: ``v5`` — ``AllPrintings.json`` (``{"meta", "data": {SET: {…, "cards": […], "tokens": […]}}}``, sets of
300 printings, every card with the fields and sizes of real v5 printings: identifiers, legalities, purchase
URLs, rulings, foreign data in the languages MTGJSON has, about 4.5 KB each like the real file's ~450 MB for
~100 000 printings); ``v3`` — one set file of the shape of ``mtgjson3_RAV.json`` (``cards[]`` with
``foreignNames``, ``cmc``). ``--non-latin1`` adds the Japanese, Chinese, Korean and Russian foreign data real
files carry; without it every character is Latin-1. Every tenth card is a split card (two halves). Output is
deterministic for the same arguments (seeded) and written card by card, so the generator needs little memory.

Rulings repeat as in the real file, where a card reprinted in many sets carries the same rulings in each printing
(about 57 % of the real v5 file's ruling texts are distinct): a v5 card is a reprint with probability
:data:`REPRINTED` and then carries the rulings of an earlier card that is no reprint (drawn from a generator
seeded by that card's number, so only the cards' numbers are held). ``--unique-rulings`` gives every card
rulings of its own (the file of before, byte for byte).

    python bench/gen_allprintings.py --printings 100000 [--shape v5|v3] [--non-latin1] [--unique-rulings]
        --out /tmp/AllPrintings.json
"""

from __future__ import annotations

import argparse
import json
import random
import uuid
from pathlib import Path
from typing import Any, TextIO

WORDS = ("spell", "target", "creature", "player", "card", "library", "graveyard", "battlefield", "draw", "discard",
         "counter", "token", "mana", "untap", "tap", "sacrifice", "exile", "enchantment", "artifact", "land",
         "instant", "sorcery", "damage", "life", "opponent", "turn")
GERMAN = ("Zauber", "Ziel", "Kreatur", "Spieler", "Karte", "Bibliothek", "Friedhof", "Schlachtfeld", "ziehe",
          "abwerfen", "Marke", "Mana")
LATIN1 = {"German": GERMAN, "French": ["sort", "cible", "créature", "joueur", "carte", "bibliothèque", "cimetière"],
          "Italian": ["magia", "bersaglio", "creatura", "giocatore", "carta", "grimorio", "cimitero"],
          "Spanish": ["hechizo", "objetivo", "criatura", "jugador", "carta", "biblioteca", "cementerio"],
          "Portuguese (Brazil)": ["mágica", "alvo", "criatura", "jogador", "card", "grimório", "cemitério"]}
OTHER = {"Japanese": ["呪文", "対象", "クリーチャー", "プレイヤー", "カード", "ライブラリー", "墓地"],
         "Chinese Simplified": ["咒语", "目标", "生物", "牌手", "牌", "牌库", "坟墓场"],
         "Korean": ["주문", "대상", "생물", "플레이어", "카드", "서고", "무덤"],
         "Russian": ["заклинание", "цель", "существо", "игрок", "карта", "библиотека", "кладбище"]}
FORMATS = ("commander", "duel", "legacy", "modern", "oathbreaker", "pauper", "penny", "pioneer", "vintage", "future")
#: Share of v5 cards that carry an earlier card's rulings (the rest have rulings of their own): 0.37 makes about
#: 57 % of the ruling texts distinct (a split card's two halves carry the same two).
REPRINTED = 0.37
COSTS = ("{2}{G}{G}", "{1}{W}", "{3}{U}{R}", "{B}", "{X}{G}{G}{G}", "{4}", "{R/W}", "{2}{B}{B}")


def _text(rng: random.Random, words: list[str] | tuple[str, ...], n: int) -> str:
    return " ".join(rng.choice(words) for _ in range(n)).capitalize() + "."


def _foreign(rng: random.Random, name: str, non_latin1: bool, v3: bool) -> list[dict[str, Any]]:
    languages = dict(LATIN1, **(OTHER if non_latin1 else {}))
    out = []
    for language, words in languages.items():
        mid = rng.randrange(100_000, 700_000)
        entry: dict[str, Any] = {"language": language, "name": f"{_text(rng, words, 2)[:-1]} {name[-6:]}"}
        if v3:
            entry["multiverseid"] = mid
        else:
            entry.update(text=_text(rng, words, 22), type=_text(rng, words, 3)[:-1], flavorText=_text(rng, words, 8),
                         identifiers={"multiverseId": str(mid), "scryfallId": str(uuid.UUID(int=rng.getrandbits(128)))})
        out.append(entry)
    return out


def _rulings(rng: random.Random, source: int | None) -> list[dict[str, str]]:
    """Two rulings: drawn from ``rng`` (``source`` None: the card's own, as before), else those of card ``source``
    (drawn from a generator seeded by its number, so no text is held); ``rng`` is drawn from alike either way, so
    the rest of the file does not change."""
    own = [{"date": "2019-01-25", "text": _text(rng, WORDS, 25)} for _ in range(2)]
    if source is None:
        return own
    texts = random.Random(f"rulings-{source}")
    return [{"date": "2019-01-25", "text": _text(texts, WORDS, 25)} for _ in range(2)]


def _v5_card(rng: random.Random, i: int, set_code: str, non_latin1: bool, face: str | None = None,
             rulings_of: int | None = None) -> dict[str, Any]:
    name = f"Generated Card {i:06d}" if face is None else f"Gen Half {i:06d}a // Gen Half {i:06d}b"
    cost = rng.choice(COSTS)
    card: dict[str, Any] = {
        "artist": "Stand-in Artist", "availability": ["mtgo", "paper"], "borderColor": "black",
        "colorIdentity": ["G"], "colors": ["G"], "convertedManaCost": 4.0, "edhrecRank": rng.randrange(1, 20_000),
        "finishes": ["nonfoil", "foil"], "foreignData": _foreign(rng, name, non_latin1, False),
        "frameVersion": "2003", "hasFoil": True, "hasNonFoil": True,
        "identifiers": {"cardKingdomId": str(rng.randrange(10**6)), "mcmId": str(rng.randrange(10**6)),
                        "multiverseId": str(rng.randrange(10**6)),
                        "scryfallId": str(uuid.UUID(int=rng.getrandbits(128))),
                        "scryfallOracleId": str(uuid.UUID(int=rng.getrandbits(128))),
                        "tcgplayerProductId": str(rng.randrange(10**6))},
        "language": "English", "layout": "normal" if face is None else "split",
        "legalities": {f: "Legal" for f in FORMATS}, "manaCost": cost, "manaValue": 4.0, "name": name,
        "number": str(i % 300 + 1) + ("" if face is None else face), "originalText": _text(rng, WORDS, 35),
        "originalType": "Creature — Elf Druid", "printings": [set_code, "M10", "C21"],
        "purchaseUrls": {k: f"https://mtgjson.com/links/{uuid.UUID(int=rng.getrandbits(128)).hex[:16]}"
                         for k in ("cardKingdom", "cardmarket", "tcgplayer")},
        "rarity": "common", "rulings": _rulings(rng, rulings_of),
        "setCode": set_code, "subtypes": ["Elf", "Druid"], "supertypes": [], "text": _text(rng, WORDS, 35),
        "type": "Creature — Elf Druid", "types": ["Creature"], "uuid": str(uuid.UUID(int=rng.getrandbits(128))),
        "power": "2", "toughness": "2",
    }
    if face is not None:
        card["faceName"] = name.split(" // ")[0 if face == "a" else 1]
        card["side"] = face
    return card


def _v3_card(rng: random.Random, i: int, non_latin1: bool) -> dict[str, Any]:
    return {"artist": "Stand-in Artist", "cmc": 4, "colorIdentity": ["G"], "colors": ["Green"],
            "foreignNames": _foreign(rng, f"Generated Card {i:06d}", non_latin1, True),
            "id": uuid.UUID(int=rng.getrandbits(128)).hex, "layout": "normal", "manaCost": rng.choice(COSTS),
            "multiverseid": rng.randrange(10**6), "name": f"Generated Card {i:06d}", "number": str(i + 1),
            "originalText": _text(rng, WORDS, 35), "originalType": "Creature — Elf Druid", "power": "2",
            "printings": ["RAV"], "rarity": "Common",
            "rulings": [{"date": "2005-10-01", "text": _text(rng, WORDS, 25)}],
            "subtypes": ["Elf", "Druid"], "text": _text(rng, WORDS, 35), "toughness": "2",
            "type": "Creature — Elf Druid", "types": ["Creature"]}


def _write_list(out: TextIO, items: Any) -> None:
    out.write("[")
    for n, item in enumerate(items):
        out.write(("," if n else "") + json.dumps(item, ensure_ascii=False))
    out.write("]")


def write_v5(out: TextIO, printings: int, non_latin1: bool, seed: int = 7, unique_rulings: bool = False) -> None:
    """AllPrintings of ``printings`` printings in sets of 300 (split cards count as one printing; both halves carry
    the same rulings); rulings repeated as in the module doc unless ``unique_rulings``."""
    rng = random.Random(seed)
    reprints = random.Random(seed + 1)
    originals: list[int] = []  # the cards with rulings of their own (one int each)

    def source(i: int) -> int | None:
        if unique_rulings:
            return None
        if originals and reprints.random() < REPRINTED:
            return reprints.choice(originals)
        originals.append(i)
        return i
    out.write('{"data": {')
    for s, start in enumerate(range(0, printings, 300)):
        code = f"G{s:03d}"

        def cards(start: int = start, code: str = code) -> Any:
            for i in range(start, min(start + 300, printings)):
                of = source(i)
                if i % 10 == 9:
                    yield _v5_card(rng, i, code, non_latin1, "a", of)
                    yield _v5_card(rng, i, code, non_latin1, "b", of)
                else:
                    yield _v5_card(rng, i, code, non_latin1, None, of)

        head = {"baseSetSize": 300, "block": "Generated", "booster": {"default": {"boosters": [{"weight": 1}]}}}
        out.write(("," if s else "") + json.dumps(code) + ": {" + json.dumps(head)[1:-1] + ', "cards": ')
        _write_list(out, cards())
        out.write(f', "code": "{code}", "name": "Generated Set {s}", "releaseDate": "2020-01-01", "tokens": [], '
                  '"totalSetSize": 300, "translations": {}, "type": "expansion"}')
    out.write('}, "meta": {"date": "2026-08-01", "version": "5.2.2+generated"}}')


def write_v3(out: TextIO, printings: int, non_latin1: bool, seed: int = 7) -> None:
    """One v3 set file of ``printings`` cards (the shape of the reference file ``mtgjson3_RAV.json``)."""
    rng = random.Random(seed)
    out.write('{"name": "Generated Set", "code": "GEN", "releaseDate": "2005-10-07", "border": "black", '
              '"type": "expansion", "cards": ')
    _write_list(out, (_v3_card(rng, i, non_latin1) for i in range(printings)))
    out.write("}")


def main() -> None:
    """Command line (module doc)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--printings", type=int, required=True)
    parser.add_argument("--shape", choices=("v5", "v3"), default="v5")
    parser.add_argument("--non-latin1", action="store_true")
    parser.add_argument("--unique-rulings", action="store_true", help="every card its own rulings (v5; as before)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    with args.out.open("w", encoding="utf-8") as out:
        if args.shape == "v5":
            write_v5(out, args.printings, args.non_latin1, unique_rulings=args.unique_rulings)
        else:
            write_v3(out, args.printings, args.non_latin1)
    print(f"{args.out}: {args.out.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
