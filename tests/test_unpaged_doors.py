"""An answer of several pages whose input no button can carry (bot/unpaged.py), through the doors a user has, each a
new process: ``call --json`` shows its first page with no paging button, says how many pages there are and by how
much the input is too long; the same search short enough to ride in a button pages in another process (``press``).
The values are the documents': 13 rulings of the FAQs match the sentence on combat damage and a
removed blocker (15 before the learned translations held the sixth tuning
part's questions, 2026-12-07; the first page is the same)."""

from __future__ import annotations

import json

import pytest

from bot.custom_id import PAGE, Invocation, encode_strict
from bot.id_values import TooLong
from bot.page_fit import fit_reply
from bot.render import page_checks, shown
from bot.reply import Unpaged
from bot.unpaged import turn_refusal
from tests.conftest import call_cli, run_cli

#: 78 characters: its custom_id would be 105 (the commas count three, „%2C“).
SENTENCE = "Was passiert mit Kampfschaden, wenn der Blocker vor dem Schaden entfernt wird?"
#: The same search without its question words: 46 characters, it fits.
SHORT = "Kampfschaden Blocker vor dem Schaden entfernt"
#: Its paging custom_id is 100 code points but 101 UTF-16 units: the emoji counts two.
EMOJI_SEARCH = "Kampfschaden Blocker vor dem Schaden entfernt wenn der Angreifer blockten 🔥"


def call_json(db, command: str) -> dict:
    proc = run_cli("call", "--json", command, db=db)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def ids(message: dict) -> list[str]:
    return [c["custom_id"] for row in message["components"] for c in row["components"]]


def test_a_sentence_search_too_long_for_a_button_shows_its_first_page_and_no_dead_weiter(built_db):
    message = call_json(built_db, f"/ruling suche: {SENTENCE}")
    assert not [i for i in ids(message) if i.startswith("rb:pg:")], ids(message)  # before: rb:pg:2:…:! active
    embed = message["embeds"][0]
    assert embed["description"].startswith(f"13 Treffer für „{SENTENCE}“, die passendsten zuerst")
    assert embed["description"].endswith(
        "_ℹ️ Seite 1 von 3: Die Eingabe ist um 5 Zeichen zu lang, um sie in einem Knopf zum Blättern mitzugeben "
        "(Discord erlaubt 100 Zeichen, ein Komma zählt dreifach, ein Emoji doppelt). Für die weiteren Seiten den "
        "Befehl mit einer kürzeren Eingabe erneut ausführen (eine Suche etwa nur mit ihren Stichwörtern)._")
    assert "Seite 1/" not in embed["footer"]["text"]  # one page shown: no counter of pages that cannot be reached
    assert "rb:rulings:271" in ids(message)  # the first page's buttons stay: Wollwildschwein's rulings


def test_an_emoji_counts_two_in_a_button_as_discord_s_clients_count_it(built_db):
    # 73 characters and an emoji the search does not read: its custom_id was 100 code points, 101 UTF-16 units (as
    # Discord's clients count a custom_id), and was sent with its paging buttons
    message = call_json(built_db, f"/ruling suche: {EMOJI_SEARCH}")
    assert not [i for i in ids(message) if i.startswith("rb:pg:")], ids(message)
    description = message["embeds"][0]["description"]
    assert description.startswith("ℹ️ Nicht gelesen: „🔥“")
    assert "_ℹ️ Seite 1 von 3: Die Eingabe ist um 1 Zeichen zu lang" in description, description[-400:]


def test_the_shortened_search_pages_in_another_process(built_db):
    message = call_json(built_db, f"/ruling suche: {SHORT}")
    weiter = next(i for i in ids(message) if i.startswith("rb:pg:2:"))
    assert weiter.endswith(f":/ruling:~,{SHORT}")
    proc = run_cli("press", weiter, db=built_db)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"== Rulings mit „{SHORT}“ ==\n"), proc.stdout[:200]
    assert "Seite 2/3" in proc.stdout and "Blättern nicht möglich" not in proc.stdout


def test_a_first_page_alone_names_the_rules_its_cut_pages_held(built_db):
    # before: page 1 of 7 promised „jede wird einzeln gezeigt: 702.19, 104.3f, …“ and said nothing of the others
    message = call_json(built_db, "/regel suche: 702.19 104.3f 117.1 704.5a 601.2 Trampelschaden Blocker "
                                  "Kampfschaden entfernt Erstschlag Doppelschlag")
    description = message["embeds"][0]["description"]
    assert message["embeds"][0]["title"] == "Regel 702.19 (heute) – Trampelschaden"
    assert ("_ℹ️ Seite 1 von 7: Die Eingabe ist um 22 Zeichen zu lang, um sie in einem Knopf zum Blättern mitzugeben "
            "(Discord erlaubt 100 Zeichen, ein Komma zählt dreifach, ein Emoji doppelt). Nicht gezeigt: „Regel 104.3f "
            "(heute) · so zitiert 2005, heute 107.4e“, „Regel 104.3f“, „Regel 117.1 (heute)“, „Regel 704.5a "
            "(heute)“, „Regel 601.2 (heute)“, „") in description, description[-700:]


#: What the console's „weiter“ and ``call --page 2`` say of the sentence's answer, in its note's words.
ONLY_FIRST = ("Gezeigt wird nur Seite 1 von 3: Die Eingabe ist um 5 Zeichen zu lang, um sie in einem Knopf zum "
              "Blättern mitzugeben (Discord erlaubt 100 Zeichen, ein Komma zählt dreifach, ein Emoji doppelt). Für die "
              "weiteren Seiten den Befehl mit einer kürzeren Eingabe erneut ausführen.")


def test_a_page_no_button_reaches_is_no_page_of_call_either(built_db):
    # the answer has 3 pages, Discord gets its first alone: call --page 2 is refused, saying so in the note's words
    # (before: „die Antwort hat 1 Seite“ beside a page saying „Seite 1 von 3“)
    proc = call_cli("call", "--page", "2", f"/ruling suche: {SENTENCE}", db=built_db)
    assert proc.returncode == 2, proc.stderr
    assert f"--page: Seite 2 wird nicht gezeigt. {ONLY_FIRST}" in proc.stderr, proc.stderr
    proc = call_cli("call", "--page", "4", f"/ruling suche: {SENTENCE}", db=built_db)
    assert proc.returncode == 2 and f"--page: Seite 4 wird nicht gezeigt. {ONLY_FIRST}" in proc.stderr, proc.stderr


async def test_the_answer_keeps_its_pages_and_its_paging_id_says_how_much_it_is_too_long(core):
    # the core answers with every page; where its paging id is encoded (bot.render.shown) it is too long by 5 units
    inv = Invocation.answer("ruling", search=SENTENCE)
    reply = await core.run(inv)
    pages = fit_reply(reply)
    assert len(pages) == 3 and reply.unpaged is None
    with pytest.raises(TooLong) as refused:
        encode_strict(PAGE, inv, 3, page_checks(reply, pages, inv)[2])
    assert refused.value.over == 5
    alone, fitted = shown(reply, inv)
    assert alone.unpaged == Unpaged(pages=3, over=5) and len(fitted) == 1
    assert turn_refusal(alone, 1) == ONLY_FIRST  # before: „Diese Antwort hat 3 Seiten, lässt sich aber nicht …“
    assert shown(reply, None) == (reply, pages)  # an invocation unknown: its buttons say why (rb:pg:2:…:!)
