"""A card name typed into ``/karte name`` as players write it (bot/search.py NameIndex.lookup, bot/text.py's terminal
sequences, bot/question_reading.py's emoji shortcodes), each a new process on the documents' store: after an article,
after an emoji's shortcode, with a terminal's colour codes, a legendary card's first name alone. The values are the
documents': Boros-Rekrut's printed line of 001 (Ravnica FAQ), Tolsimir Wolfsblut's name."""

from __future__ import annotations

import pytest

from bot.question_reading import without_markup
from bot.text import clean
from tests.conftest import run_cli

#: Boros-Rekrut's answer as /karte gives it for the exact name: its title and printed line (001).
REKRUT = "== Boros-Rekrut ==\n"
PRINTED = "**{R/W} · Kreatur — Goblin, Soldat · 1/1**"


def karte(db, name: str) -> str:
    proc = run_cli("call", f"/karte name: {name}", db=db)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize("typed", ["der Boros-Rekrut", ":fire: Boros-Rekrut", "Boros-Rekrut\x1b[31m",
                                   "\x1b[1;31mBoros-Rekrut\x1b[0m"])
def test_a_name_typed_with_an_article_a_shortcode_or_colour_codes_is_the_card(built_db, typed):
    out = karte(built_db, typed)  # before: „Keine Karte „der Boros-Rekrut“ gefunden“
    assert out.startswith(REKRUT) and PRINTED in out, out[:300]


def test_a_shortcode_is_said_as_other_discord_markup_is():
    assert without_markup(":fire: Boros-Rekrut") == "Boros-Rekrut"
    assert without_markup("um 12:30:45 bei: Fehde:") == "um 12:30:45 bei: Fehde:"  # times and colons in text stay
    assert clean("Boros-Rekrut\x1b[31m") == "Boros-Rekrut"  # the sequence whole, not „Boros-Rekrut [31m“


def test_a_legendary_card_s_first_name_alone_is_offered_not_read(built_db):
    # one rule for every card option (tests/answers/test_card_resolution.py): a word left out is offered, not read
    out = karte(built_db, "Tolsimir")
    assert out.startswith("== Keine Karte „Tolsimir“ gefunden ==\nMeintest du:\n• Tolsimir Wolfsblut\n"), out[:300]
    assert karte(built_db, "der Borso-Rekrut").startswith(  # a slip beside the article: said as /karte says a slip
        "== Boros-Rekrut ==\n_„der Borso-Rekrut“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: "
        "Boros-Rekrut._")
