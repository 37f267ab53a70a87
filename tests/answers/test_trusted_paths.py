"""Answer paths two new users and a re-read found untrusted, on the documents' store: a name typed with combining
marks, Discord markup before a typed name in the autocomplete, a rule number typed to ``/ruling suche``, a split card
of more than two halves and an empty card in ``/fehde``, one source named twice in a calculator's footer."""

from __future__ import annotations

from bot.answers import run_answer, run_completer
from bot.answers.calc_words import DOCUMENT_TITLES
from bot.answers.card_picks import card_names
from bot.answers.mechanics import mechanic_names
from bot.answers.upkeep import upkeep_card_names
from tests.conftest import call_cli


def test_a_name_with_combining_marks_is_read_alike_by_frage_and_karte(built_db):
    # Boros-Rekrut and Überwachsene Grabstätte (001, Ravnica FAQ): through a door (bot.commands.check.check_options,
    # bot.text.clean) a mark that composes with its letter only once the soft hyphen between them is dropped, and a
    # mark no letter composes with („r̈“), are read as /karte reads them; before, /frage echoed the decomposed „Ü“
    # and read „Bor̈os-Rekrut“ as the words „bor“ and „os“ (its answer: 103.8, Startspieler)
    for typed, name in (("Bor\u0308os-Rekrut", "Boros-Rekrut"),
                        ("U\u00ad\u0308berwachsene Grabsta\u0308tte", "Überwachsene Grabstätte")):
        karte = call_cli("call", f"/karte name: {typed}", db=built_db).stdout
        frage = call_cli("call", f"/frage frage: was macht {typed}", db=built_db).stdout
        assert karte.startswith(f"== {name} =="), karte
        assert frage.startswith(f"== {name} ==") and f"Frage: „was macht {name}“" in frage, frage


async def test_the_autocomplete_reads_past_discord_markup_as_the_answers_do(ctx):
    # /karte name: <@123> **boros-rekrut** shows Boros-Rekrut (bot.answers.markup_notes.reads_markup); its box offered
    # nothing for „<@123> **bo“, nor /mechanik for „<@123> spu“ (Spuk, 001), nor /mana versorgung for a card with
    # Kumulative Versorgung (Überlebender der Unsichtbaren, 001 #4) after „@everyone“
    assert [c.value for c in await run_completer(ctx, card_names, "<@123> **bo")][:3] == [
        "Borborygmos", "Boros-Rekrut", "Borealis-Druide"]
    assert [c.value for c in await run_completer(ctx, mechanic_names, "<@123> spu")] == ["Spuk"]
    assert [c.value for c in await run_completer(ctx, upkeep_card_names, "@everyone Überl")] == [
        "Überlebender der Unsichtbaren"]


def test_the_console_completes_past_a_mention(built_db):
    assert call_cli("complete", "/karte name", "<@123> **bo", db=built_db).stdout.splitlines()[:2] == [
        "Borborygmos", "Boros-Rekrut"]


async def test_a_rule_number_typed_to_the_rulings_search_points_to_the_rule(ctx):
    # no ruling of the documents names a rule by its number: „/ruling suche: 702.19“ said only „Nichts gefunden“,
    # while /regel suche reads it as Trampelschaden (702.19); now one line and the rule's button, also for an old
    # number (502.46, Einberufen in the Ravnica FAQ, today 702.51: the button's page says so)
    for typed, number in (("702.19", "702.19"), ("Regel 502.46", "502.46")):
        reply = await run_answer(ctx, "ruling", search=typed)
        assert reply.error and reply.pages[0].title == f"Nichts gefunden für „{typed}“"
        assert reply.pages[0].body == (
            f"{number} ist eine Regelnummer, und kein Ruling nennt sie: die Regel und was die Dokumente unter ihr, "
            f"auch unter alten Nummern, sagen, zeigt `/regel suche: {number}` (Knopf unten).")
        assert [(a.label, a.action, a.arg) for a in reply.actions] == [(f"Regel {number}", "rule", number)]
    # not a number alone: its words are searched as before; when they find nothing either, the number is pointed to
    # its rule and the words named as found in no ruling (tests/answers/test_several_numbers.py)
    words = await run_answer(ctx, "ruling", search="702.19 quarkbrot")
    assert words.pages[0].body.splitlines()[-1] == "Das Wort „quarkbrot“ wurde auch gesucht: kein Ruling gefunden."


async def test_a_split_card_of_more_than_two_halves_is_refused(ctx):
    # CR 709.1: a split card has two card faces; /fehde revealed „{1} // … // {9}“ as one card of mana value 45
    nine = " // ".join(f"{{{n}}}" for n in range(1, 10))
    cases = [(dict(card1=nine, card2="4"), "Karte 1: zu viele Hälften",
              f"„{nine}“ hat 9 Hälften; eine geteilte Karte hat zwei (Regel 709.1)."),
             (dict(card1="4", card2="1/2/3"), "Karte 2: zu viele Hälften",
              "„1/2/3“ hat 3 Hälften; eine geteilte Karte hat zwei (Regel 709.1).")]
    for options, title, body in cases:
        reply = await run_answer(ctx, "clash_reveal", **options)
        assert reply.error and (reply.pages[0].title, reply.pages[0].body) == (title, body)
    odds = await run_answer(ctx, "clash_odds", library1="1/2/3:4", library2="0:3")
    assert odds.error and odds.pages[0].body == (
        "Bibliothek 1, Eintrag 1: „1/2/3:4“ hat 3 Hälften; eine geteilte Karte hat zwei (Regel 709.1).")
    mixed = await run_answer(ctx, "clash_odds", library1="1/2/3:4 Boros-Rekrut:2", library2="0:3")
    assert mixed.error and mixed.pages[0].title == "Bibliothek 1, Eintrag 1: zu viele Hälften"
    # two halves, typed or printed (Bestimmt // Unbeirrt, 001 Zwietracht: 5 + 2), are a split card as before
    two = await run_answer(ctx, "clash_reveal", card1="Bestimmt // Unbeirrt", card2="1/3")
    assert two.pages[0].body.startswith("**Spieler 1 gewinnt die Fehde** (Manawert 7 gegen 4).")


def test_a_card_of_invisible_characters_only_is_said_empty(built_db):
    # through a door the zero-width characters are dropped (bot.text.clean): card 1 is empty, not „one player“
    for option in ("karte1: \u200b\u200b karte2: 4", "karte1: 4 karte2: \u2060"):
        out = call_cli("call", f"/fehde aufdecken {option}", db=built_db).stdout
        number = 1 if option.startswith("karte1: \u200b") else 2
        assert out.startswith(f"== Karte {number} ist leer ==\nGib einen Kartennamen, Manakosten wie `{{3}}{{R}}` "
                              "oder einen Manawert wie `4` an."), out


async def test_a_calculators_footer_names_each_document_once(ctx, store):
    # Überlebender der Unsichtbaren (001 #4, Kälteeinbruch FAQ) cites the FAQ's 502.13a as history, Boros-Rekrut
    # (001 #1, Ravnica FAQ) its hybrid rule: the card's document and the rule's were both named, once by its title
    # and once as „Kälteeinbruch-FAQ, 2006“ / „Ravnica-FAQ, 2005“
    upkeep = await run_answer(ctx, "mana_upkeep", cost="Überlebender der Unsichtbaren", counters=2)
    assert upkeep.source == "Kälteeinbruch – Häufig gestellte Fragen · Comprehensive Rules, 17.04.2026"
    info = await run_answer(ctx, "mana_info", cost="Boros-Rekrut")
    assert info.source == "Ravnica: Stadt der Gilden – Häufig gestellte Fragen · Comprehensive Rules, 17.04.2026"
    typed = await run_answer(ctx, "mana_upkeep", cost="{1}", counters=2)  # no card read: the rule's short name
    assert typed.source == "Comprehensive Rules, 17.04.2026 · Kälteeinbruch-FAQ, 2006"
    titles = {doc.title for doc in await store.documents()}
    assert set(DOCUMENT_TITLES.values()) <= titles  # each title is the store's, so the footer can meet it
