"""``python -m bot call '/karte name: …'`` as a real process, as the README shows it: on a store built with ``build
--cards`` from a small MTGJSON-shaped file (written here: one printing of Überwachsene Grabstätte, 001's Ravnica FAQ,
with its English name „Overgrown Tomb“), the English name of two words answers the German card; on the documents'
store a split card's halves typed without „//“ („krims krams“, 001's Zwietracht FAQ) answer Krims // Krams without
a typo line; a name in no store answers the German „Keine Karte … gefunden“, never another card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.importer import DEFAULT_SOURCES
from tests.build_cache import BuildCache
from tests.conftest import run_cli

#: One printing in MTGJSON v5's shape: the English name and text, the German name and type line (``foreignData``).
OVERGROWN_TOMB = {
    "name": "Overgrown Tomb", "layout": "normal", "manaValue": 0.0, "type": "Land — Swamp Forest", "number": "279",
    "text": "({T}: Add {B} or {G}.)\nAs Overgrown Tomb enters, you may pay 2 life. If you don't, it enters tapped.",
    "foreignData": [{"language": "German", "name": "Überwachsene Grabstätte", "type": "Land — Sumpf Wald"}],
}
#: What the typo line of ``/karte`` says (:mod:`bot.answers.name_notes`); no name read exactly says it.
TYPO_LINE = "steht so nicht in der Datenbank"


@pytest.fixture(scope="module")
def cards_db(tmp_path_factory: pytest.TempPathFactory, build_cache: BuildCache) -> Path:
    """The documents' store with the card file of :data:`OVERGROWN_TOMB` (``build --cards``)."""
    folder = tmp_path_factory.mktemp("english")
    cards = folder / "RAV.json"
    cards.write_text(json.dumps({"meta": {"version": "5.2.2"}, "data": {
        "code": "RAV", "name": "Ravnica: City of Guilds", "cards": [OVERGROWN_TOMB]}}), encoding="utf-8")
    db = folder / "regelbot.sqlite3"
    build_cache.build(db, DEFAULT_SOURCES, card_files=[cards])
    return db


def karte(name: str, db: Path) -> str:
    """What ``python -m bot call '/karte name: <name>'`` prints on the store ``db`` (a new process; exit 0)."""
    proc = run_cli("call", f"/karte name: {name}", db=db)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("typed", ["Overgrown Tomb", "overgrown tomb"])
def test_an_english_name_of_two_words_answers_the_german_card(cards_db, typed):
    out = karte(typed, cards_db)
    assert out.startswith("== Überwachsene Grabstätte ==\n_Gedruckter Text (FAQ Ravnica: Stadt der Gilden):_\n"
                          "**Land — Sumpf, Wald**"), out
    assert TYPO_LINE not in out and "Keine Karte" not in out


def test_split_halves_typed_without_slashes_answer_the_split_card_without_a_typo_line(built_db):
    out = karte("krims krams", built_db)
    assert out.startswith("== Krims // Krams ==\n_Gedruckter Text (FAQ Zwietracht):_\nGeteilte Karte\n"
                          "[Krims] **{U}{R} · Spontanzauber**"), out
    assert TYPO_LINE not in out


@pytest.mark.parametrize("typed", ["Hallowed Fountain", "Overgrown Garden", "Boros Guildmage"])
def test_a_name_in_no_store_answers_not_found_never_another_card(cards_db, typed):
    # „Overgrown Garden“ shares a word with Overgrown Tomb, „Boros Guildmage“ one with Boros-Rekrut (001)
    assert karte(typed, cards_db) == (
        f"== Keine Karte „{typed}“ gefunden ==\n"
        "Tippe die ersten Buchstaben des deutschen Kartennamens und wähle aus der Liste.\n(nur für dich)\n")
