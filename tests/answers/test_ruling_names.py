"""`/ruling suche` with a card's name typed as `/karte` accepts it (:meth:`bot.search.NameIndex.named`, the look-up
of `/karte`): joined, without umlauts, with a small typo, by its short or English name — the card's rulings lead, also
of a card whose rulings are all its section's (Boros-Rekrut: none of its own, the three of „Hybrid-Karten und
Halbe-Halbe-Manasymbole“, Ravnica FAQ 2005) or that has none (Verblüffen). Before, such a card was not read as named
(only a card with rulings of its own was): „borosrekrut“ led with Furienschild der Boros' ruling on „Boros“."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from bot.answers import AnswerContext, run_answer
from bot.search import NameIndex
from bot.store import Store

HYBRID = "Rulings: Boros-Rekrut (0 eigene · 3 aus Abschnitt „Hybrid-Karten und Halbe-Halbe-Manasymbole“)"
OWN_NONE = ("Zu Boros-Rekrut selbst gibt es in den Dokumenten keine eigenen Rulings; es folgen 3 Rulings aus dem "
            "Abschnitt „Hybrid-Karten und Halbe-Halbe-Manasymbole“, auf den sich die Karte bezieht:")


async def test_a_cards_name_typed_as_karte_accepts_it_leads_with_its_rulings(ctx):
    for typed in ("borosrekrut", "Boros-Rekrut", "boros rekrut"):
        page = (await run_answer(ctx, "ruling", search=typed)).pages[0]
        assert page.title == HYBRID, typed
        assert page.body.startswith(f"„{typed}“ ist ein Kartenname: die Rulings von **Boros-Rekrut**. Die "
                                    f"Volltext-Treffer folgen nach den Rulings der Karte.\n\n{OWN_NONE}\n"), typed
        assert "Eine Hybrid-Karte hat alle Farben, die in ihren Manakosten auftauchen" in page.body
    # umlauts typed as „ue“/„ae“ or left out: Überwachsene Grabstätte, whose rulings are its section's („Doppelländer“)
    for typed in ("ueberwachsene grabstaette", "uberwachsene grabstatte"):
        page = (await run_answer(ctx, "ruling", search=typed)).pages[0]
        assert page.title.startswith("Rulings: Überwachsene Grabstätte (0 eigene · "), typed
        assert "aus Abschnitt „Doppelländer“" in page.title
    # the name typed joined, a split card: Krims // Krams (Zwietracht FAQ, 1 ruling), as before
    assert (await run_answer(ctx, "ruling", search="krimskrams")).pages[0].title == "Rulings: Krims // Krams (1)"


async def test_a_slip_or_short_name_is_said_as_karte_says_it(ctx):
    # a typo of one clear name: /karte's line (not „… ist ein Kartenname“, which it is not), then the card's rulings
    reply = await run_answer(ctx, "ruling", search="kenner der strasen")
    assert reply.pages[0].title == "Rulings: Kenner der Straßen (1)"
    assert reply.pages[0].body.startswith("_„kenner der strasen“ steht so nicht in der Datenbank; am ähnlichsten "
                                          "geschrieben: Kenner der Straßen._\nDie Rulings von **Kenner der Straßen**.")
    page = (await run_answer(ctx, "ruling", search="borso-rekrut")).pages[0]
    assert page.title == HYBRID
    assert page.body.startswith("_„borso-rekrut“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: "
                                "Boros-Rekrut._\n")
    # a shortened name (CR 201.5c): Razia, Boros-Erzengel (Ravnica FAQ, 2 rulings)
    page = (await run_answer(ctx, "ruling", search="razia")).pages[0]
    assert page.title == "Rulings: Razia, Boros-Erzengel (2)"
    assert page.body.startswith("_„razia“ ist der kurze Name von Razia, Boros-Erzengel (Regel 201.5c)._\n")


async def test_a_named_card_without_any_ruling_says_so_instead_of_nothing_found(ctx):
    # Verblüffen (Ravnica FAQ): no ruling of its own, no section; before: „Nichts gefunden für „Verblüffen““
    reply = await run_answer(ctx, "ruling", search="verbluffen")
    assert not reply.error
    assert reply.pages[0].title == "Rulings: Verblüffen (0)"
    assert reply.pages[0].body == ("„verbluffen“ ist ein Kartenname: die Rulings von **Verblüffen**.\n\n"
                                   "Zu dieser Karte gibt es in den Dokumenten keine Rulings.")
    assert [a.label for a in reply.actions] == ["Karte anzeigen"]


@pytest.fixture
async def english_ctx(built_db, tmp_path):
    """The documents' store with Boros-Rekrut's English name as a build with card files writes it (``card_aliases``,
    kind ``english``)."""
    db = tmp_path / "english.sqlite3"
    shutil.copy(built_db, db)
    with sqlite3.connect(db) as conn:
        cid = conn.execute("SELECT id FROM cards WHERE name = 'Boros-Rekrut'").fetchone()[0]
        conn.execute("INSERT INTO card_aliases (card_id, alias, kind) VALUES (?, 'Boros Recruit', 'english')", (cid,))
    store = await Store.open(db)
    yield AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
    await store.close()


async def test_an_english_name_leads_with_the_german_cards_rulings(english_ctx):
    assert (await run_answer(english_ctx, "card", name="boros recruit")).pages[0].title == "Boros-Rekrut"
    page = (await run_answer(english_ctx, "ruling", search="boros recruit")).pages[0]
    assert page.title == HYBRID
    assert page.body.startswith("„boros recruit“ ist ein Kartenname: die Rulings von **Boros-Rekrut**.")
