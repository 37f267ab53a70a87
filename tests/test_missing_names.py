"""Names and terms a question gives that the documents lack, said as such however typed (bot/answers/missing_phrases.py,
bot/answers/unused_terms.py), through ``python -m bot call`` in a new process on the documents' store. The values are
the documents': Simic- and Rakdos-Gildenmagier (003's FAQ), Razia, Boros-Erzengel (001), the term table's
Sekundenbruchteil (Split Second, 702.61), which no document uses."""

from __future__ import annotations

import pytest

from tests.conftest import run_cli

#: The line of a card no document names (bot.answers.missing_cards.missing_name_line), up to its near names.
MISSING = "ℹ️ Keine Karte „{}“ gefunden: kein Dokument des Bots nennt eine Karte dieses Namens; die Stellen unten " \
          "gelten nicht ihr."


def frage(db, question: str) -> str:
    proc = run_cli("call", f"/frage frage: {question}", db=db)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.parametrize(("question", "name", "near"), [
    # before: only „„selesnja“ (gelesen als „selesnija“) steht so in keinem Dokument“ under Simic-Gildenmagier
    ("was macht der Selesnja-Gildenmagier?", "Selesnja-Gildenmagier",
     " Karten mit „Gildenmagier“ im Namen: **Simic-Gildenmagier**, **Rakdos-Gildenmagier**."),
    ("was macht der Selesnija-Gildenmagier?", "Selesnija Gildenmagier",  # the right spelling, as before
     " Karten mit „Gildenmagier“ im Namen: **Simic-Gildenmagier**, **Rakdos-Gildenmagier**."),
    ("was macht Dunkler Vertrauter", "Dunkler Vertrauter", "\n"),  # before: „„vertrauter“ steht in keinem Dokument“
    ("was macht der Erzengel Avacyn", "Erzengel Avacyn", " Karten mit „Erzengel“ im Namen: **Razia, Boros-Erzengel**."),
    ("was macht Lightning Bolt", "Lightning Bolt", "\n"),  # before: „„bolt“ (gelesen als „bold“)“
    ("was macht Dark Confidant", "Dark Confidant", "\n"),  # before: „„dark“ (gelesen als „dank“)“
])
def test_a_name_of_no_card_gets_the_missing_card_line_however_spelled(built_db, question, name, near):
    out = frage(built_db, question)
    assert MISSING.format(name) + near in out, out[:600]
    assert "gelesen als" not in out and "steht in keinem Dokument" not in out  # its words not said one by one


#: The note on a word read as a slip (bot.answers.unknown_notes.near_misses).
SLIP = "ℹ️ „{}“ (gelesen als „{}“) steht so in keinem Dokument des Bots; die Stellen unten passen zum ähnlichsten " \
       "Wort der Dokumente, vielleicht nicht zum gemeinten."


@pytest.mark.parametrize(("question", "typed", "read"), [
    ("Was passiert wenn meine Kreatur Schaadn bekommt?", "schaadn", "schaden"),
    # a hyphened compound with a slip (before: no note, „schadn“ read as a form of „schaden“)
    ("Wie wirkt Trampel-Schadn?", "schadn", "schaden"),
    ("Wie wirkt Trampelschadn?", "trampelschadn", "trampelschaden"),
])
def test_capitalised_nouns_with_a_slip_are_no_card_name_and_the_slip_is_said(built_db, question, typed, read):
    out = frage(built_db, question)
    assert "Keine Karte" not in out
    assert f"Frage: „{question}“\n" + SLIP.format(typed, read) + "\n" in out, out[:600]


def test_a_noun_ending_in_er_before_a_noun_is_no_card_name(built_db):
    # before: „Keine Karte „Spieler Zauberstab“ gefunden“ (the noun „Spieler“ read as an adjective like „Dunkler“)
    out = frage(built_db, "Was macht der Spieler Zauberstab?")
    assert "Keine Karte" not in out
    assert "ℹ️ „zauberstab“ steht in keinem Dokument des Bots, auch nicht abgewandelt (vielleicht eine Karte, die " \
           "dort fehlt)" in out, out[:600]


@pytest.mark.parametrize(("question", "word"), [
    # before: „Keine Karte „Mana-Brand“ gefunden … die Stellen unten gelten nicht ihr“ above Manabrand's passages
    ("Wie funktioniert Mana-Brand?", "Manabrand"),
    ("Was ist der Mana-Vorrat?", "Manavorrat"),  # joined: a word of the documents (106 of 003)
    ("Wie wirkt Trampel-Schadn?", "Trampelschaden"),  # joined, one slip from one
    ("Was ist Spontanzauber-Geschwindigkeit?", "Spontanzauber"),  # no sign of a name: German words only
    ("Was ist eine Boros-Karte?", "Boros"),  # a guild's name before a frame word
    ("Was ist ein Gilden-Symbol?", "Gildensymbol"),  # joined: 001's word
])
def test_a_hyphened_compound_of_german_words_is_no_card_name(built_db, question, word):
    out = frage(built_db, question)
    assert "Keine Karte" not in out and word in out, out[:600]


def test_a_ruling_search_for_a_term_no_document_uses_says_so_first(built_db):
    proc = run_cli("call", "/ruling suche: split second", db=built_db)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(
        "== Rulings mit „split second“ ==\nℹ️ „split second“ ist **Sekundenbruchteil** (englisch *Split Second*), "
        "Schlüsselwortfähigkeit, Regel 702.61: kein Dokument des Bots verwendet diesen Begriff; die Treffer unten "
        "teilen nur Wörter der Suche. Die Regel: `/regel suche: Sekundenbruchteil`.\n"), proc.stdout[:400]
    trample = run_cli("call", "/ruling suche: trample", db=built_db).stdout  # 001 and 002 use Trampelschaden
    assert "kein Dokument des Bots verwendet" not in trample


@pytest.mark.parametrize(("typed", "named"), [
    # before: a bare „Nichts gefunden für „Kaskade““ with the hint to try other words
    ("Kaskade", "**Kaskade** (englisch *Cascade*), Schlüsselwortfähigkeit, Regel 702.85"),
    ("cascade", "„cascade“ ist **Kaskade** (englisch *Cascade*), Schlüsselwortfähigkeit, Regel 702.85"),
    ("flashback", "„flashback“ ist **Rückblende** (englisch *Flashback*), Schlüsselwortfähigkeit, Regel 702.34"),
    ("Sekundenbruchteil", "**Sekundenbruchteil** (englisch *Split Second*), Schlüsselwortfähigkeit, Regel 702.61"),
])
def test_a_ruling_search_without_hits_for_a_term_no_document_uses_says_so(built_db, typed, named):
    proc = run_cli("call", f"/ruling suche: {typed}", db=built_db)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(
        f"== Nichts gefunden für „{typed}“ ==\nℹ️ {named}: kein Dokument des Bots verwendet diesen Begriff; darum gibt "
        "es keine Rulings dazu. Die Regel: `/regel suche: "), proc.stdout[:400]


def test_a_german_term_typed_is_not_named_twice(built_db):
    proc = run_cli("call", "/ruling suche: Todesberührung", db=built_db)  # before: „„Todesberührung“ ist …“
    assert "ℹ️ **Todesberührung** (englisch *Deathtouch*), Schlüsselwortfähigkeit, Regel 702.2: kein Dokument" \
        in proc.stdout and "„Todesberührung“ ist" not in proc.stdout, proc.stdout[:400]
