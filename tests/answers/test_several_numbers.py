"""Several rule numbers in one search, on the documents' store. ``/ruling suche: 702.19 702.20`` (and ``502.46,
502.32``, ``701.19c und 701.30``) answered a plain „Nichts gefunden“: no ruling of the documents names a rule by its
number, so each number is pointed to its rule as one number alone is, with a button each (an old number's button opens
its era page: 502.46 of the Ravnica FAQ is today 702.51, 701.19 of the clash article today 701.30); mistyped numbers
and words that found nothing are named; more than five numbers are said. ``/regel suche`` with several numbers names
the numbers no rule answered on its first page."""

from __future__ import annotations

import pytest

from bot.answers import run_answer, run_completer
from bot.answers.rule_numbers import MAX_NUMBERS, MAX_TRIED, searched_words
from bot.answers.rules import rule_queries
from bot.page_fit import fit_pages


def buttons(reply) -> list[tuple[str, str, str]]:
    return [(a.label, a.action, a.arg) for a in reply.actions]


@pytest.mark.parametrize(("typed", "numbers"), [
    ("702.19 702.20", ["702.19", "702.20"]),
    ("502.46, 502.32", ["502.46", "502.32"]),
    ("701.19c und 701.30", ["701.19c", "701.30"]),
])
async def test_several_numbers_to_the_rulings_search_point_to_each_rule(ctx, typed, numbers):
    reply = await run_answer(ctx, "ruling", search=typed)
    assert reply.error and reply.pages[0].title == f"Nichts gefunden für „{typed}“"
    assert reply.pages[0].body == (
        f"{numbers[0]} und {numbers[1]} sind Regelnummern, und kein Ruling nennt sie: jede Regel und was die Dokumente "
        f"unter ihr, auch unter alten Nummern, sagen, zeigt `/regel suche: {' '.join(numbers)}` (Knöpfe unten).")
    assert buttons(reply) == [(f"Regel {n}", "rule", n) for n in numbers]


async def test_an_old_numbers_button_opens_todays_rule(ctx):
    # 502.46 (Ravnica FAQ 2005, Einberufen) is today 702.51; 701.19 (clash article 2007) today 701.30
    reply = await run_answer(ctx, "ruling", search="502.46 und 701.19")
    assert [arg for _label, _action, arg in buttons(reply)] == ["502.46", "701.19"]
    for label, action, arg in buttons(reply):
        page = (await run_answer(ctx, "rule", search=arg)).pages[0]
        # 701.19 is another rule today (Regenerieren): that leads, the article's 701.19 follows (since 2026-12-07)
        assert page.title == {"502.46": "Regel 502.46 (so zitiert) – heute 702.51",
                              "701.19": "Regel 701.19 (heute) – Regenerieren · so zitiert 2007, heute 701.30"}[arg], (
            label, action, page.title)
        assert "ist heute **702.51**" in page.body or "**701.19** ist heute **701.30**" in page.body


async def test_mistyped_numbers_and_words_that_found_nothing_are_named(ctx):
    reply = await run_answer(ctx, "ruling", search="702.19 und 7022.19 quarkbrot")
    assert reply.pages[0].body.splitlines() == [
        "702.19 ist eine Regelnummer, und kein Ruling nennt sie: die Regel und was die Dokumente unter ihr, auch unter "
        "alten Nummern, sagen, zeigt `/regel suche: 702.19` (Knopf unten).",
        "„7022.19“ ist keine gültige Regelnummer (drei Ziffern, ein Punkt, eine bis drei Ziffern, vielleicht ein "
        "Buchstabe).",
        "Das Wort „quarkbrot“ wurde auch gesucht: kein Ruling gefunden."]
    assert buttons(reply) == [("Regel 702.19", "rule", "702.19")]


async def test_numbers_of_a_numbers_shape_only_are_no_search_of_their_digits(ctx):
    # before, „8000.1“ was searched as words: its „1“ met the +1/+1-Marke of Pfropfen (001) in 15 hits
    reply = await run_answer(ctx, "ruling", search="7022.19 und 8000.1")
    assert reply.error and reply.pages[0].body == (
        "„7022.19“, „8000.1“ sind keine gültigen Regelnummern (drei Ziffern, ein Punkt, eine bis drei Ziffern, "
        "vielleicht ein Buchstabe).")


async def test_more_numbers_than_buttons_are_said(ctx):
    # 702.2 to 702.8, each a rule the documents hold or cite (702.1 is none of the documents': it gets no button)
    typed = " ".join(f"702.{n}" for n in range(2, 9))
    reply = await run_answer(ctx, "ruling", search=typed)
    assert len(buttons(reply)) == MAX_NUMBERS == 5
    assert reply.pages[0].body.splitlines()[1] == (
        "7 Regelnummern gesucht; Knöpfe nur für die ersten 5 (ohne Knopf: 702.7, 702.8). Bitte höchstens 5 auf einmal.")


async def test_numbers_beside_words_that_found_rulings_are_pointed_to_their_rules(ctx):
    # „Mehrere Vorkommen von Trampelschaden … sind redundant“ (Getrieben // Verzweiflung, 002) is found by the word
    reply = await run_answer(ctx, "ruling", search="702.19 trampelschaden")
    body = reply.pages[0].body
    assert not reply.error and "**Getrieben // Verzweiflung**" in body
    assert "ℹ️ Regelnummern nennt kein Ruling; die Regel 702.19 zeigt `/regel suche: 702.19`." in body


async def test_one_number_alone_is_answered_as_before(ctx):
    reply = await run_answer(ctx, "ruling", search="702.19")
    assert buttons(reply) == [("Regel 702.19", "rule", "702.19")]
    assert reply.pages[0].body.startswith("702.19 ist eine Regelnummer, und kein Ruling nennt sie")


async def test_the_rule_search_names_the_numbers_no_rule_answered(ctx):
    reply = await run_answer(ctx, "rule", search="702.19 999.99")
    assert reply.pages[0].body.splitlines()[:2] == [
        "ℹ️ 2 Regelnummern gesucht; jede wird einzeln gezeigt: 702.19, 999.99.",
        "ℹ️ Nichts gefunden zu 999.99 (Seite „Regel 999.99 nicht gefunden“)."]
    assert reply.pages[1].title == "Regel 999.99 nicht gefunden"
    both = await run_answer(ctx, "rule", search="502.46 und 702.19")  # both answered: no such line
    assert "Nichts gefunden zu" not in both.pages[0].body


async def test_a_number_no_rule_answers_takes_no_shown_rules_place(ctx):
    # before: 999.9 counted among „gezeigt werden die ersten 5“, so 409.1b (Ravnica FAQ) was not shown
    reply = await run_answer(ctx, "rule", search="702.19 104.3f 117.1 999.9 601.2 409.1b 603.7")
    assert reply.pages[0].body.splitlines()[:2] == [
        "ℹ️ 7 Regelnummern gesucht; gezeigt werden die ersten 5 gefundenen: 702.19, 104.3f, 117.1, 601.2, 409.1b "
        "(nicht gezeigt: 603.7). Bitte höchstens 5 auf einmal.",
        "ℹ️ Nichts gefunden zu 999.9 (Seite „Regel 999.9 nicht gefunden“)."]
    titles = [p.title for p in reply.pages]
    assert "Regel 999.9 nicht gefunden" in titles and any(t.startswith("Regel 409.1b") for t in titles)
    # bounded: at most MAX_TRIED numbers are looked up, the others named as not looked up
    unknown = " ".join(f"999.{n}" for n in range(1, MAX_TRIED + 1))
    bounded = await run_answer(ctx, "rule", search=f"{unknown} 702.19")
    assert bounded.pages[0].body.startswith(
        f"ℹ️ {MAX_TRIED + 1} Regelnummern gesucht; nachgeschlagen wurden die ersten {MAX_TRIED}, gefunden davon: "
        "keine (nicht nachgeschlagen: 702.19). Bitte höchstens 5 auf einmal.\n")
    assert len(bounded.pages) == MAX_TRIED


async def test_a_number_no_document_has_beside_searched_words_says_only_what_is_true(ctx):
    # before: „Nach Wörtern statt einer Nummer suchen“ on 420.5e's page though „trampelschaden“ was searched, and its
    # hits said to follow „nach der Regel“ that was not found
    reply = await run_answer(ctx, "rule", search="420.5e trampelschaden")
    assert reply.pages[0].title == "Regel 420.5e nicht gefunden"
    assert reply.pages[0].body.splitlines()[:2] == [
        "ℹ️ Das Wort „trampelschaden“ wurde auch gesucht; seine Treffer folgen nach dieser Seite.",
        "Kein Dokument des Bots enthält oder zitiert diese Regel."]
    assert "Nach Wörtern statt" not in reply.pages[0].body
    assert "Trampelschaden" in reply.pages[1].title  # the word's hits: the term table's Trampelschaden, 702.19
    nothing = await run_answer(ctx, "rule", search="420.5e quarkbrot")  # searched, nothing found: no hint either
    assert "Nach Wörtern statt" not in nothing.pages[0].body
    alone = await run_answer(ctx, "rule", search="420.5e")  # a number alone: the words' search is pointed to
    assert alone.error and alone.pages[0].body.splitlines()[1] == (
        "Nach Wörtern statt einer Nummer suchen: `/regel suche: <Stichwort>`.")
    mixed = await run_answer(ctx, "rule", search="702.19 420.5e trampelschaden")  # one rule found: after it
    assert "seine Treffer folgen nach den Regeln." in mixed.pages[0].body


async def test_a_number_no_document_has_as_a_rule_is_said_so_without_a_button(ctx):
    # no document holds or cites a rule 999.99 (`/regel suche: 999.99`: „Regel 999.99 nicht gefunden“): before, the
    # rulings search called it a rule number with a button that answered „nicht gefunden“
    unknown = ("999.99 hat die Form einer Regelnummer, doch kein Dokument des Bots enthält oder zitiert eine solche "
               "Regel (`/regel suche: 999.99` findet sie nicht).")
    reply = await run_answer(ctx, "ruling", search="999.99")
    assert reply.error and reply.pages[0].title == "Nichts gefunden für „999.99“"
    assert (reply.pages[0].body, buttons(reply)) == (unknown, [])
    reply = await run_answer(ctx, "ruling", search="702.19 999.99")
    assert reply.pages[0].body.splitlines() == [
        "702.19 ist eine Regelnummer, und kein Ruling nennt sie: die Regel und was die Dokumente unter ihr, auch unter "
        "alten Nummern, sagen, zeigt `/regel suche: 702.19` (Knopf unten).", unknown]
    assert buttons(reply) == [("Regel 702.19", "rule", "702.19")]
    reply = await run_answer(ctx, "ruling", search="999.99 und 888.88")
    assert reply.pages[0].body == (
        "999.99 und 888.88 haben die Form von Regelnummern, doch kein Dokument des Bots enthält oder zitiert solche "
        "Regeln (`/regel suche: 999.99 888.88` findet sie nicht).")
    # beside words that found rulings: only a rule the bot answers is pointed to
    body = (await run_answer(ctx, "ruling", search="999.99 trampelschaden")).pages[0].body
    assert "**Getrieben // Verzweiflung**" in body and "Regelnummern nennt kein Ruling" not in body
    body = (await run_answer(ctx, "ruling", search="702.19 999.99 trampelschaden")).pages[0].body
    assert "ℹ️ Regelnummern nennt kein Ruling; die Regel 702.19 zeigt `/regel suche: 702.19`." in body


@pytest.mark.parametrize("typed", ["702.19 -5", "702.19, -5", "702.19 −5"])
def test_a_negative_number_after_a_rule_number_is_a_piece_of_its_own_with_or_without_a_comma(typed):
    from bot.answers.rule_numbers import rule_numbers

    found = rule_numbers(typed)
    assert found is not None and (found.numbers, found.invalid, found.words) == (["702.19"], [typed[-2:]], [])


async def test_a_rule_number_beside_a_negative_number_is_answered_first(ctx):
    # before, „104.3f -5“ was searched as words and led by 105.2a („fünf“); 104.3f (Ravnica FAQ) is today 107.4e
    page = (await run_answer(ctx, "rule", search="104.3f -5")).pages[0]
    assert page.title == "Regel 104.3f (heute) · so zitiert 2005, heute 107.4e"  # today's 104.3f first
    assert page.body.startswith("ℹ️ „-5“ ist keine gültige Regelnummer (drei Ziffern, ein Punkt, eine bis drei "
                                "Ziffern, vielleicht ein Buchstabe).\n")


async def test_a_rule_page_split_by_the_renderer_leaves_the_missing_number_named_by_its_page(ctx):
    # 702's page fills several Discord pages: the line names 703's page by its title, not by a number it would miss
    reply = await run_answer(ctx, "rule", search="702,703")
    assert "ℹ️ Nichts gefunden zu 703 (Seite „Regel 703 nicht gefunden“)." in reply.pages[0].body
    shown = fit_pages(reply.pages)
    assert len(shown) > len(reply.pages) and shown[-1].title == "Regel 703 nicht gefunden"



@pytest.mark.parametrize(("typed", "number", "words"), [
    ("702.19 **trample**", "702.19", ["trample"]),
    ("`702.19` trample", "702.19", ["trample"]),
    ("104.3 **verlieren**", "104.3", ["verlieren"]),
    ("702.19 x", "702.19", ["x"]),
    ("702.19 ||x||", "702.19", ["x"]),
    ("702.19 b", "702.19", ["b"]),
])
def test_a_number_beside_markup_or_a_single_letter_is_read_as_the_question_reads_it(typed, number, words):
    # before, markup or a single letter beside the number joined them into one piece: searched as words
    # („Nichts gefunden“, or 107.3, the letter X, first); /frage read the number all along
    from bot.answers.asked_rules import asked_numbers
    from bot.answers.rule_numbers import rule_numbers

    found = rule_numbers(typed)
    assert found is not None and (found.numbers, found.words) == ([number], words)
    assert asked_numbers(f"was sagt {typed}") == [number]  # one reading for both doors


@pytest.mark.parametrize(("typed", "title"), [
    ("702.19 **trample**", "Regel 702.19 (heute) – Trampelschaden"),
    ("702.19 ||x||", "Regel 702.19 (heute) – Trampelschaden"),
    ("104.3 **verlieren**", "Regel 104.3 (heute) – Partie verlieren · so zitiert 2005, heute 107.4"),
])
async def test_the_rule_search_answers_a_number_beside_markup_first(ctx, typed, title):
    assert (await run_answer(ctx, "rule", search=typed)).pages[0].title == title


def test_the_words_searched_beside_numbers_are_named_in_singular_or_plural():
    assert searched_words(["Trampelschaden"]) == "Das Wort „Trampelschaden“ wurde auch gesucht"
    assert searched_words(["ley", "linien"]) == "Die Wörter „ley linien“ wurden auch gesucht"
    assert searched_words(["ley", "linien"], also=False) == "Gesucht wurden die Wörter „ley linien“"
    assert searched_words(["**x**"]) == "Das Wort „\\*\\*x\\*\\*“ wurde auch gesucht"  # the user's text escaped


@pytest.mark.parametrize(("typed", "values"), [
    # the answer shows rule 702.19 (Trampelschaden, the term table's rule) and searches „trample“ after it
    ("702.19 **trample**", ["702.19", "702.19 **trample**"]),
    ("trample 702.19", ["702.19", "trample 702.19"]),
    # two numbers: each rule as its number alone offers it (104.3f: 001's rule on winning and losing at once)
    ("702.19 und 104.3f", ["702.19", "104.3f", "702.19 und 104.3f"]),
])
async def test_a_rule_named_beside_words_is_offered_before_the_search(ctx, typed, values):
    choices = await run_completer(ctx, rule_queries, typed)
    assert [c.value for c in choices][: len(values)] == values
    assert choices[0].name == "702.19 – Trampelschaden (Trample)"
    reply = await run_answer(ctx, "rule", search=typed)
    assert "Trampelschaden" in reply.pages[0].title


@pytest.mark.parametrize("typed", ["702.19/104.3f", "702.19 / 104.3f", "„702.19“/„104.3f“"])
async def test_a_slash_between_two_rule_numbers_lists_them(ctx, typed):
    """„702.19/104.3f“ was one word: the search found 104.3f (the Ravnica FAQ's hybrid mana rule) alone and dropped
    702.19 without a word; a slash between rule numbers now lists them as the comma does."""
    reply = await run_answer(ctx, "rule", search=typed)
    assert "ℹ️ 2 Regelnummern gesucht; jede wird einzeln gezeigt: 702.19, 104.3f." in reply.pages[0].body
    assert reply.pages[0].title == "Regel 702.19 (heute) – Trampelschaden"
    offered = [c.value for c in await run_completer(ctx, rule_queries, typed)]
    assert offered[:2] == ["702.19", "104.3f"]
    rulings = await run_answer(ctx, "ruling", search="702.19/104.3f")  # the rulings search points to both
    assert [(a.action, a.arg) for a in rulings.actions] == [("rule", "702.19"), ("rule", "104.3f")]


@pytest.mark.parametrize("typed", ["2/2 kreatur", "+1/+1-marke"])
async def test_a_slash_between_other_digits_stays_a_word(ctx, typed):
    # power and toughness: no rule numbers, the words searched as before
    reply = await run_answer(ctx, "rule", search=typed)
    assert "Regelnummern gesucht" not in reply.pages[0].body


@pytest.mark.parametrize("typed", ['"702.19"."104.3f"', '„702.19“,„104.3f“', '"702.19";"104.3f"'])
async def test_quoted_rule_numbers_joined_by_a_point_list_them(ctx, typed):
    """„"702.19"."104.3f"“ was one word searched as words (702.19 lost); with a space both showed: now a list."""
    reply = await run_answer(ctx, "rule", search=typed)
    assert "ℹ️ 2 Regelnummern gesucht; jede wird einzeln gezeigt: 702.19, 104.3f." in reply.pages[0].body
    assert reply.pages[0].title == "Regel 702.19 (heute) – Trampelschaden"
