"""Answer paths two new users and a re-read found untrusted, on the documents' store: a name typed with combining
marks, Discord markup before a typed name in the autocomplete, a rule number typed to ``/ruling suche``, a split card
of more than two halves and an empty card in ``/fehde``, one source named twice in a calculator's footer."""

from __future__ import annotations

from bot.answers import run_answer, run_completer
from bot.answers.cards import card_names
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
    words = await run_answer(ctx, "ruling", search="702.19 quarkbrot")  # not a number alone: searched as before
    assert "Regelnummer" not in words.pages[0].body
