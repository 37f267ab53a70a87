"""The console door's parsing (bot/console.py): option names and colons in text, umlauts typed as ``ae``."""

from __future__ import annotations

import pytest

from bot.commands import TABLE, Text
from bot.console import CommandLine, UsageError, _prose, names_of
from bot.core import Core
from tests.conftest import run_cli


@pytest.fixture
def cli() -> CommandLine:
    return CommandLine(Core.__new__(Core))  # parsing reads the table only; nothing runs on the core


def options(cli: CommandLine, line: str) -> dict[str, object]:
    _leaf, typed = cli.parse(line)
    return {o["name"]: o["value"] for o in typed}


def test_a_colon_inside_free_text_is_text_not_an_option(cli):
    question = "Was passiert bei: Fehde?"
    assert options(cli, f"/frage frage: {question}") == {"question": question}
    assert options(cli, f"/frage {question}") == {"question": question}
    assert options(cli, "/regel suche: Regel: 702.51 privat: ja") == {"search": "Regel: 702.51", "private": True}


def test_the_question_s_own_option_name_inside_it_is_text(cli):
    # before: „Option „frage“ ist doppelt angegeben“ (exit 2) for a question holding „Frage:“
    for line, question in (("/frage frage: Meine Frage: was ist Spuk?", "Meine Frage: was ist Spuk?"),
                           ("/frage Meine Frage: was ist Spuk?", "Meine Frage: was ist Spuk?"),
                           ("/frage Frage: kann ich das? Frage: was ist Spuk", "kann ich das? Frage: was ist Spuk")):
        assert options(cli, line) == {"question": question}, line
    assert options(cli, "/frage frage: Frage: Spuk? privat: ja") == {"question": "Frage: Spuk?", "private": True}
    with pytest.raises(UsageError, match="„name“ ist doppelt angegeben"):  # a value chosen from the box, twice
        cli.parse("/karte name: Circu name: Boros-Rekrut")
    with pytest.raises(UsageError, match="„bibliothek1“ ist doppelt angegeben"):  # one of two free-text options
        cli.parse("/fehde chancen bibliothek1: 0:24 bibliothek1: 0:20 bibliothek2: 3:40")


def test_another_option_s_name_in_the_question_without_a_value_it_takes_is_text(cli):
    # before: „Ungültige Eingabe — Option „privat“: „bei Vorhersage?“ passt nicht“, the question lost
    question = "Was bedeutet privat: bei Vorhersage?"
    assert options(cli, f"/frage frage: {question}") == {"question": question}
    assert options(cli, f"/frage {question}") == {"question": question}
    assert options(cli, "/frage frage: Was ist privat:") == {"question": "Was ist"}  # ends the input: the option
    assert options(cli, f"/frage frage: {question} privat: ja") == {"question": question, "private": True}
    assert options(cli, "/karte name: Boros-Rekrut privat: vielleicht") == {  # a name from the box: the option
        "name": "Boros-Rekrut", "private": "vielleicht"}


@pytest.mark.parametrize("leaf", [leaf for leaf in TABLE.leaves if leaf.command.all_options],
                         ids=lambda leaf: leaf.label)
def test_every_command_with_its_first_option_empty_or_named_twice_is_read(cli, leaf):
    # before: IndexError in _segments (no segment yet, no prose option: None is None) and „Unerwarteter Fehler“
    first = leaf.command.all_options[0]
    assert options(cli, f"{leaf.label} {first.name.de}:") == {}  # left out: „Option fehlt“ when required
    if first is not _prose(leaf.command.all_options):
        with pytest.raises(UsageError, match=f"Option „{first.name.de}“ ist doppelt angegeben"):
            cli.parse(f"{leaf.label} {first.name.de}: {first.name.de}: 1")


def test_another_option_s_name_before_one_word_in_the_question_is_that_option_and_checked(cli):
    # before: /frage frage: was ist spuk privat: jaa was answered in public, „privat: jaa“ in the question
    for word in ("jaa", "Ja.", "vielleicht"):
        assert options(cli, f"/frage frage: was ist spuk privat: {word}") == {"question": "was ist spuk",
                                                                             "private": word}
    assert options(cli, "/frage frage: was ist spuk privat: Ja") == {"question": "was ist spuk", "private": True}


def test_the_question_s_own_option_name_after_another_option_s_one_word_value_is_that_option(cli):
    # before: „Ungültige Eingabe — Option „privat“: „ja frage: was ist Spuk“ passt nicht“ (the list of segments
    # read as „the question has begun“ once privat's value was in it)
    assert options(cli, "/frage privat: ja frage: was ist Spuk") == {"question": "was ist Spuk", "private": True}
    assert options(cli, "/frage privat: nein frage: Meine Frage: was ist Spuk") == {
        "question": "Meine Frage: was ist Spuk", "private": False}
    assert options(cli, "/karte privat: ja name: Szadek") == {"name": "Szadek", "private": True}


def test_an_invalid_one_word_value_after_the_question_and_an_empty_name_are_refused_not_answered(built_db):
    proc = run_cli("call", "/frage frage: was ist spuk privat: jaa", db=built_db)
    assert proc.returncode == 0, proc.stderr  # refused in private, not answered in public
    assert proc.stdout.startswith("== Ungültige Eingabe ==\nOption „privat“: „jaa“ passt nicht, erwartet: ja oder "
                                  "nein.\n(nur für dich)"), proc.stdout[:300]
    proc = run_cli("call", "/karte name:", db=built_db)
    assert (proc.returncode, proc.stdout[:52]) == (0, "== Option fehlt ==\n/karte braucht die Option „name“."), \
        proc.stderr


def test_option_names_inside_and_before_a_question_through_the_real_process(built_db):
    # Gildenbund's section Spuk (001) answers both; the question's own „Frage:“ is text, „privat: ja“ first is private
    proc = run_cli("call", "/frage frage: Meine Frage: was ist Spuk?", db=built_db)
    assert proc.returncode == 0 and "doppelt angegeben" not in proc.stdout, proc.stderr
    assert "Frage: „Meine Frage: was ist Spuk?“" in proc.stdout and "Mechanik-Abschnitt **Spuk**" in proc.stdout
    proc = run_cli("call", "/frage privat: ja frage: was ist Spuk", db=built_db)
    assert proc.returncode == 0 and "Mechanik-Abschnitt **Spuk**" in proc.stdout, proc.stderr
    assert "(nur für dich)" in proc.stdout


def test_a_word_with_a_colon_where_an_option_name_stands_is_still_an_unknown_option(cli):
    assert options(cli, "/regel nummer: 702") == {"nummer": None}  # its value is no search text
    assert options(cli, "/regel nummer: 1 suche: 701.19") == {"search": "701.19", "nummer": None}
    assert options(cli, "/karte name: Boros-Rekrut privat: ja foo: 1") == {"name": "Boros-Rekrut",
                                                                          "private": "ja foo: 1", "foo": None}
    assert options(cli, "/mana info kosten: {X} x: 3 zahl: 2")["zahl"] is None  # after a number option


def test_umlauts_typed_as_ae_match_in_both_directions_in_the_shared_names():
    assert {"erhoehung", "erhöhung"} <= names_of(Text("increase", "erhoehung"))
    assert {"karten erklären", "karten erklaeren"} <= names_of(Text("Explain cards", "Karten erklären"))
    assert "grösse" in names_of(Text("size", "größe")) and "groesse" in names_of(Text("size", "größe"))


def test_the_message_command_is_found_through_the_shared_names(cli):
    menu = TABLE.menus[0]
    for typed in ("Karten erklären", "karten erklaeren", "Explain cards"):
        found = cli._menu_line(f"{typed}: Was macht [[Boros-Rekrut]]?")
        assert found is not None and found[0] is menu and found[1] == "Was macht [[Boros-Rekrut]]?", typed
    assert options(cli, "/mana gesamtkosten kosten: {2}{R} erhöhung: {1}") == {"cost": "{2}{R}", "increase": "{1}"}


def test_a_group_without_its_subcommand_names_the_subcommands(cli):
    # /fehde has two (clash article 000: chancen, aufdecken); typed in English, they are named in English
    with pytest.raises(UsageError, match=r"^„/fehde“ braucht einen Unterbefehl: /fehde aufdecken \(reveal\), "
                                         r"/fehde chancen \(odds\)\.$"):
        cli.parse("/Fehde anzahl: -3")
    with pytest.raises(UsageError, match=r"^„/clash“ braucht einen Unterbefehl: /clash reveal, /clash odds\.$"):
        cli.parse("/clash")
    with pytest.raises(UsageError, match=r"/mana bezahlen \(pay\), /mana einberufen \(convoke\)"):
        cli.parse("/mana kosten: {2}")
    # a word in the subcommand's place that names none is named, escaped, beside the valid ones
    with pytest.raises(UsageError, match=r"^Unbekannter Unterbefehl „foo“ für /mana\. Gültig sind: /mana info, "
                                         r"/mana bezahlen \(pay\), "):
        cli.parse("/mana foo kosten: 1")
    with pytest.raises(UsageError, match=r"^Unbekannter Unterbefehl „\\\*\\\*x\\\*\\\*“ für /fehde\. Gültig sind: "
                                         r"/fehde aufdecken \(reveal\), /fehde chancen \(odds\)\.$"):
        cli.parse("/fehde **x**")
    with pytest.raises(UsageError, match=r"^Unbekannter Befehl „/zauberei“"):
        cli.parse("/zauberei")


def test_an_option_given_twice_is_a_usage_error(cli):
    with pytest.raises(UsageError, match="„name“ ist doppelt"):
        cli.parse("/karte Boros-Rekrut name: Krims")


async def test_autocomplete_of_an_option_without_it_names_what_has_it(cli):
    with pytest.raises(UsageError, match="Option „frage“ – dieser Befehl hat keine Option mit Autovervollständigung"):
        await cli.complete("/frage frage", "fehde")
    with pytest.raises(UsageError, match="Option „privat“ – Autovervollständigung gibt es für: name"):
        await cli.complete("/karte privat", "ja")


async def test_an_unknown_option_lists_the_names_in_the_language_the_command_was_typed_in(cli):
    for line, said in (("/rule query: 702.55", "Unbekannte Option „query“ für /rule – erlaubt: search, private"),
                       ("/regel nummer: 702.55", "Unbekannte Option „nummer“ für /regel – erlaubt: suche, privat"),
                       ("/ruling such: spuk", "Unbekannte Option „such“ für /ruling – erlaubt: karte (card), "
                                              "suche (search), privat (private)")):
        with pytest.raises(UsageError) as raised:
            await cli.invoke(line)
        assert str(raised.value) == said


def test_rule_and_ruling_search_under_the_same_english_option_name(cli):
    assert options(cli, "/rule search: 702.55") == {"search": "702.55"}
    assert options(cli, "/ruling search: spuk") == {"search": "spuk"}


def test_an_option_name_means_one_english_name_in_every_command():
    english: dict[str, set[str]] = {}
    for leaf in TABLE.leaves:
        for option in leaf.command.all_options:
            english.setdefault(option.name.de, set()).add(option.name.en)
    assert english["suche"] == {"search"}
    assert {de: en for de, en in english.items() if len(en) > 1} == {}


@pytest.mark.parametrize("line", ["/\u200bfrage spuk", "/ｆrage spuk", "／ｆｒａｇｅ spuk", "\u200b/frage spuk",
                                  "/fra\u00adge spuk"])
def test_a_command_name_is_read_without_invisible_and_full_width_characters(cli, line):
    leaf, typed = cli.parse(line)
    assert leaf.label == "/frage"
    assert typed == [{"name": "question", "value": "spuk"}]


@pytest.mark.parametrize("line", ["/frage was\u200bmacht\u200bspuk", "/frage frage: was\u200bmacht\u200bspuk"])
def test_a_zero_width_space_between_words_separates_them_with_or_without_the_option_name(cli, line):
    from bot.text import clean

    leaf, typed = cli.parse(line)
    assert leaf.label == "/frage"
    assert [(o["name"], clean(o["value"])) for o in typed] == [("question", "was macht spuk")]


def test_an_option_name_typed_without_its_colon_at_the_start_is_that_option(cli):
    # /ruling's first option is karte: „suche manaburn“ was read as a card name („Keine Karte „suche manaburn““)
    assert options(cli, "/ruling suche manaburn") == {"search": "manaburn"}
    assert options(cli, "/ruling search manaburn privat: ja") == {"search": "manaburn", "private": True}
    assert options(cli, "/karte name Boros-Rekrut") == {"name": "Boros-Rekrut"}
    # only a name at the very start, with more after it; elsewhere a name without its colon is text
    assert options(cli, "/ruling suche") == {"card": "suche"}
    assert options(cli, "/frage was heißt suche manaburn") == {"question": "was heißt suche manaburn"}
    assert options(cli, "/ruling suche: manaburn") == {"search": "manaburn"}



@pytest.mark.parametrize("target", ["/ｋarte name", "／ｋａｒｔｅ name", "/\u200bkarte name", "/karte ｎａｍｅ",
                                    "\u200b/karte na\u00adme"])
async def test_autocomplete_reads_the_command_and_option_name_as_a_call_does(cli, target):
    asked: list[tuple[object, str, str]] = []

    async def complete(completer: object, current: str, label: str) -> list[object]:
        asked.append((completer, current, label))
        return []

    cli.core.complete = complete  # type: ignore[method-assign]  # records what the answer layer is asked
    assert await cli.complete(target, "bo") == []
    option = next(o for o in cli.table.leaves if o.label == "/karte").command.all_options[0]
    assert asked == [(option.completer, "bo", "card")]
