"""A rule number pasted with the punctuation of the sentence around it (quotes of any kind, brackets, a full stop
or colon after it) is the bare number for ``/regel suche`` and its autocomplete: ``"702.19`` found nothing
(„Nichts gefunden für „"702.19““) while ``702.19`` answered 702.19 Trampelschaden."""

from __future__ import annotations

import pytest

from bot.answers import AnswerContext, run_answer, run_completer
from bot.answers.rules import rule_queries

#: One pasted form per kind of punctuation: quotes (typewriter, German, French, single), brackets, full stop, colon.
PASTED = ['"702.19', '"702.19"', "„702.19“", "«702.19»", "'702.19'", "‚702.19‘", "(702.19)", "[702.19]",
          "702.19.", "702.19:", "702.19?", "Regel „702.19“"]


@pytest.mark.parametrize("typed", PASTED)
async def test_a_pasted_number_finds_the_rule_the_bare_number_finds(ctx: AnswerContext, typed):
    bare = (await run_answer(ctx, "rule", search="702.19")).pages[0]
    reply = await run_answer(ctx, "rule", search=typed)
    assert not reply.error
    assert reply.pages[0].title == bare.title == "Regel 702.19 (heute) – Trampelschaden"
    assert reply.pages[0].body == bare.body


@pytest.mark.parametrize("typed", ['"702.1', "„702.1", "(702.1", "[702.1"])
async def test_the_autocomplete_reads_a_pasted_start_as_the_bare_one(ctx: AnswerContext, typed):
    bare = [c.value for c in await run_completer(ctx, rule_queries, "702.1")]
    assert [c.value for c in await run_completer(ctx, rule_queries, typed)] == bare
    assert bare[:3] == ["702.10", "702.11", "702.12"]


@pytest.mark.parametrize("typed", ["702.19.", "702.19?", "702.19:", "„702.19“", "(702.19)", "702.19,"])
async def test_the_autocomplete_reads_punctuation_after_a_whole_number_as_its_end(ctx: AnswerContext, typed):
    """The answer reads „702.19.“ as 702.19 Trampelschaden; the autocomplete offered 702.190 Schleichen (Sneak),
    702.191 and 702.192 after it, as for the start „702.19“, which it still does."""
    offered = await run_completer(ctx, rule_queries, typed)
    assert [(c.name, c.value) for c in offered] == [("702.19 – Trampelschaden (Trample)", "702.19")]
    assert [c.value for c in await run_completer(ctx, rule_queries, "702.19")] == [
        "702.19", "702.190", "702.191", "702.192"]
    # a section's number with a full stop begins its rules: „702.“ is no ended number
    assert [c.value for c in await run_completer(ctx, rule_queries, "702.")][:2] == ["702", "702.2"]


@pytest.mark.parametrize("typed", ["„702.19“ und „104.3f“", "„702.19“ „104.3f“", "(702.19) (104.3f)"])
async def test_a_list_of_quoted_numbers_answers_each(ctx: AnswerContext, typed):
    """„„702.19“ „104.3f““ was one piece, searched as words („Regeln zu …“)."""
    reply = await run_answer(ctx, "rule", search=typed)
    assert "ℹ️ 2 Regelnummern gesucht; jede wird einzeln gezeigt: 702.19, 104.3f." in reply.pages[0].body


@pytest.mark.parametrize(("typed", "shown"), [("„702.19zz“", "702.19zz"), ('"-5"', "-5"), ("(Regel -5)", "-5")])
async def test_a_quoted_shape_no_rule_has_is_refused_as_the_bare_one(ctx: AnswerContext, typed, shown):
    reply = await run_answer(ctx, "rule", search=typed)
    assert reply.error and reply.pages[0].title == "Ungültige Regelnummer"
    assert reply.pages[0].body.startswith(f"„{shown}“ ist keine Regelnummer")


@pytest.mark.parametrize("typed", ['"702.19 trample"', "„702.19 trample“", '702.19 "trample"', "(702.19 trample)"])
async def test_a_quoted_search_of_a_number_and_a_word_names_the_word_bare(ctx: AnswerContext, typed):
    # before: „Das Wort „trample"“ wurde auch gesucht“ (the closing quote echoed), and „Nichts gefunden“ for
    # 702.19 "trample" (one piece: a quote after the number split nothing)
    reply = await run_answer(ctx, "rule", search=typed)
    assert reply.pages[0].title == "Regel 702.19 (heute) – Trampelschaden"
    assert reply.pages[0].body.startswith(
        "ℹ️ Das Wort „trample“ wurde auch gesucht; seine Treffer folgen nach der Regel.")


async def test_each_passage_is_shown_once_in_a_list_of_quoted_numbers(ctx: AnswerContext):
    """003's entry of today's 104.3f („Würde ein Spieler die Partie gleichzeitig gewinnen und verlieren, verliert er
    sie.“) is quoted whole on 104.3f's first page; page 3 „Regel 104.3f (Erklärung)“ repeated it."""
    reply = await run_answer(ctx, "rule", search="„702.19“ „104.3f“")
    entry = "Würde ein Spieler die Partie gleichzeitig gewinnen und verlieren, verliert er sie."
    assert [p.title for p in reply.pages if entry in p.body] == ["Regel 104.3f (heute) · so zitiert 2005, heute 107.4e"]
    assert "Regel 104.3f (Erklärung)" not in [p.title for p in reply.pages]
