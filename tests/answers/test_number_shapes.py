"""A number's shape read the same way by ``/regel suche``, ``/frage`` and ``/regel suche``'s autocomplete: a rule
number with more letters than a rule has (``702.19zz``, ``103.5aa``) or with a minus sign (``-5``) is refused with
the shape said, never searched as words (``-5`` found 105.2a „der **fünf** Farben“); the autocomplete offers the
rules whose number begins with the typed digits (702.19 Trampelschaden: the term table, as the answer reads it), and
reads a Unicode emoji as nothing typed, as the answers do."""

from __future__ import annotations

import pytest

from bot.answers import AnswerContext, run_answer, run_completer
from bot.answers.card_picks import card_names
from bot.answers.rules import rule_queries
from bot.answers.terms import term_queries


@pytest.mark.parametrize(("typed", "shown"), [("702.19zz", "702.19zz"), ("103.5aa", "103.5aa"),
                                              ("**702.19zz**", "702.19zz"), ("regel 702.19zz", "702.19zz"),
                                              ("Rule 103.5aa", "103.5aa")])
@pytest.mark.parametrize(("kind", "option"), [("rule", "search"), ("question", "question"), ("ruling", "search")])
async def test_a_number_with_letters_no_rule_has_is_refused_with_its_shape(ctx: AnswerContext, typed, shown, kind,
                                                                           option):
    reply = await run_answer(ctx, kind, **{option: typed})
    assert reply.error and reply.pages[0].title == "Ungültige Regelnummer"
    assert reply.pages[0].body.startswith(f"„{shown}“ ist keine Regelnummer: drei Ziffern, ein Punkt, eine bis drei "
                                          "Ziffern, vielleicht ein Buchstabe.")


@pytest.mark.parametrize("typed", ["-5", "−5", "-702.19"])
@pytest.mark.parametrize(("kind", "option"), [("rule", "search"), ("question", "question"), ("ruling", "search")])
async def test_a_negative_number_is_no_rule_number_and_no_word(ctx: AnswerContext, typed, kind, option):
    reply = await run_answer(ctx, kind, **{option: typed})
    assert reply.error and reply.pages[0].title == "Ungültige Regelnummer"
    body = reply.pages[0].body
    assert body.startswith(f"„{typed}“ ist keine Regelnummer (keine Regel hat eine negative Nummer) und kein Suchwort")
    assert "fünf" not in body and "105.2a" not in body


@pytest.mark.parametrize(("typed", "shown"), [("Regel -5", "-5"), ("rule -5", "-5"), ("R. -5", "-5"),
                                              ("regel −702.19", "−702.19"), ("**Regel -5**", "-5")])
@pytest.mark.parametrize(("kind", "option"), [("rule", "search"), ("question", "question"), ("ruling", "search")])
async def test_a_negative_number_after_the_word_for_rule_is_refused_as_the_bare_one(ctx: AnswerContext, typed, shown,
                                                                                   kind, option):
    """„Regel -5“ found 105.2a („der fünf Farben“) and „5/2“ as words: the word before the number changes nothing."""
    reply = await run_answer(ctx, kind, **{option: typed})
    assert reply.error and reply.pages[0].title == "Ungültige Regelnummer"
    body = reply.pages[0].body
    assert body.startswith(f"„{shown}“ ist keine Regelnummer (keine Regel hat eine negative Nummer) und kein Suchwort")
    assert await run_completer(ctx, rule_queries, typed) == []
    assert await run_completer(ctx, term_queries, typed) == []


async def test_words_with_a_minus_stay_a_search(ctx: AnswerContext):
    """„-1/-1“ (the counters) is no number: searched as before."""
    reply = await run_answer(ctx, "rule", search="-1/-1")
    assert not reply.error and reply.pages[0].title == "Regeln zu „-1/-1“"


async def test_the_autocomplete_offers_the_rules_whose_number_begins_with_the_digits(ctx: AnswerContext):
    exact = await run_completer(ctx, rule_queries, "702.19")
    assert exact[0].name == "702.19 – Trampelschaden (Trample)" and exact[0].value == "702.19"
    tens = [c.value for c in await run_completer(ctx, rule_queries, "702.1")]
    assert tens[:3] == ["702.10", "702.11", "702.12"] and "702.19" in tens and len(tens) <= 25
    assert [c.value for c in await run_completer(ctx, rule_queries, "Regel 702,1")] == tens  # as the answer reads it
    assert [c.value for c in await run_completer(ctx, rule_queries, "7O2.19")][:1] == ["702.19"]
    # no rule begins with 0: the answer searches „0“ as words, and so the choice does; 7022.19 it refuses: no choice
    assert [(c.name, c.value) for c in await run_completer(ctx, rule_queries, "0")] == [("Suche: 0", "0")]
    assert await run_completer(ctx, rule_queries, "7022.19") == []
    # the documents' old numbers as before (502.46 Einberufen, today 702.51)
    assert "502.46 (heute 702.51) – Einberufen" in [c.name for c in await run_completer(ctx, rule_queries, "502.4")]
    answer = (await run_answer(ctx, "rule", search=exact[0].value)).pages[0]
    assert answer.title == "Regel 702.19 (heute) – Trampelschaden"


async def test_an_emoji_alone_is_nothing_typed_for_the_card_names_as_for_the_answer(ctx: AnswerContext):
    default = [c.name for c in await run_completer(ctx, card_names, "")]
    assert [c.name for c in await run_completer(ctx, card_names, "🔥")] == default
    assert [c.name for c in await run_completer(ctx, card_names, "@everyone")] == default
    assert [c.name for c in await run_completer(ctx, card_names, "🔥 bor")][:2] == ["Borborygmos", "Boros-Rekrut"]
    reply = await run_answer(ctx, "card", name="🔥")
    assert reply.error and reply.pages[0].title == "Bitte einen Kartennamen angeben"


async def test_the_ruling_search_keeps_what_a_number_finds(ctx: AnswerContext):
    """A rule number no ruling names points to its rule (the button), „0“ finds the rulings that print it."""
    number = await run_answer(ctx, "ruling", search="702.19")
    assert number.pages[0].title == "Nichts gefunden für „702.19“"
    assert [a.arg for a in number.actions] == ["702.19"]
    zero = await run_answer(ctx, "ruling", search="0")
    assert not zero.error
    assert "Ein X in den Manakosten einer aufgedeckten Karte wird als 0 gewertet." in zero.pages[0].body
    within = await run_answer(ctx, "ruling", card="Zytoform", search="-5")
    assert within.error and within.pages[0].title == "Ungültige Regelnummer"


@pytest.mark.parametrize("typed", ["999.9", "999.9z", "702.19z", "702.19zz", "7022.19", "-5", "**-5**", "−702.19"])
async def test_the_autocomplete_offers_nothing_the_answer_refuses_or_finds_no_rule_for(ctx: AnswerContext, typed):
    assert await run_completer(ctx, rule_queries, typed) == []
    answer = await run_answer(ctx, "rule", search=typed)
    assert answer.error and answer.pages[0].title in ("Ungültige Regelnummer", f"Regel {typed} nicht gefunden")


@pytest.mark.parametrize("typed", ["702.19zz", "-5", "7022.19"])
async def test_the_ruling_search_offers_nothing_it_refuses(ctx: AnswerContext, typed):
    assert await run_completer(ctx, term_queries, typed) == []
    assert [c.value for c in await run_completer(ctx, term_queries, "702.19")] == ["702.19"]


async def test_the_autocomplete_offers_the_numbers_the_documents_cite_or_003_names(ctx: AnswerContext):
    """409.1b: 001 cites it under Einberufen (502.32a; today 601.2b); 603.7a: 003 names it in its text; both are
    answered."""
    cited = [(c.name, c.value) for c in await run_completer(ctx, rule_queries, "409.1b")]
    assert cited == [("409.1b (heute 601.2b) – so zitiert", "409.1b")]
    assert (await run_answer(ctx, "rule", search="409.1b")).pages[0].title == "Regel 409.1b (so zitiert) – heute 601.2b"
    named = [(c.name, c.value) for c in await run_completer(ctx, rule_queries, "603.7")]
    assert named == [("603.7a – erwähnt in der Regelerklärung", "603.7a"),
                     ("603.7d – erwähnt in der Regelerklärung", "603.7d")]
    assert (await run_answer(ctx, "rule", search="603.7a")).pages[0].title == "Regel 603.7a: nicht enthalten"


def test_a_new_process_offers_the_rule_and_refuses_a_shape_no_rule_has(built_db):
    """Through ``python -m bot complete`` and ``call`` as new processes (README), on the store the build wrote."""
    from tests.conftest import run_cli

    offered = run_cli("complete", "/regel suche", "702.19", db=built_db)
    assert offered.returncode == 0, offered.stderr
    assert offered.stdout.splitlines()[0] == "702.19 – Trampelschaden (Trample)"
    refused = run_cli("call", "/regel suche: 702.19zz", db=built_db)
    assert refused.returncode == 0, refused.stderr
    assert "Ungültige Regelnummer" in refused.stdout and "„702.19zz“ ist keine Regelnummer" in refused.stdout
    assert "Traceback" not in refused.stdout + refused.stderr


@pytest.mark.parametrize("typed", ["**", "00", "000", "..", "9999"])
async def test_the_autocomplete_offers_no_search_that_finds_nothing(ctx: AnswerContext, typed):
    """„Suche: **“ and „Suche: 00“ were offered; their answer is „Nichts gefunden“."""
    assert not [c for c in await run_completer(ctx, rule_queries, typed) if c.name.startswith("Suche:")]
    answer = await run_answer(ctx, "rule", search=typed)
    assert answer.error and answer.pages[0].title.startswith(("Nichts gefunden für", "Regel "))


@pytest.mark.parametrize(("typed", "title"), [("0", "Regeln zu „0“"), ("5/2", "Regeln zu „5/2“"),
                                              ("tram", "Regeln zu „tram“")])
async def test_the_autocomplete_offers_a_search_that_finds_something(ctx: AnswerContext, typed, title):
    offered = await run_completer(ctx, rule_queries, typed)
    assert (offered[0].name, offered[0].value) == (f"Suche: {typed}", typed)
    answer = await run_answer(ctx, "rule", search=typed)
    assert not answer.error and answer.pages[0].title == title
