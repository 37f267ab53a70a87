"""A search that repeats its words (bot/answers/repeated_words.py): ``/regel suche`` with „trampelschaden “ typed 400
times answered „Nichts gefunden“, though the word alone is the term Trampelschaden (702.19, the term table); three
times was enough to lose it (a sentence of three content words, which no rule of the documents matched)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.repeated_words import MAX_UNIT, once_each, repeated_line

TRAMPLE = "Trampelschaden – Regel 702.19"


@pytest.mark.parametrize(("typed", "read", "said"), [
    ("trampelschaden " * 400, "trampelschaden", ["trampelschaden"]),
    ("Trampelschaden, trampelschaden TRAMPELSCHADEN", "Trampelschaden,", ["Trampelschaden"]),
    ("kampfschaden stapel kampfschaden stapel", "kampfschaden stapel", ["kampfschaden stapel"]),
    ("a a b a a b", "a b", ["a", "a b"]),  # a repeat inside a repeated group: read once in the next pass
    ("was ist vorrang vorrang", "was ist vorrang", ["vorrang"]),
])
def test_words_typed_again_right_after_themselves_are_read_once(typed, read, said):
    assert once_each(typed) == (read, said)


@pytest.mark.parametrize("typed", ["Schaden durch Schaden", "trampelschaden", "", "eins zwei eins drei zwei"])
def test_words_not_repeated_right_after_themselves_are_left_as_typed(typed):
    assert once_each(typed) is None


def test_a_group_longer_than_the_longest_unit_is_not_read_as_a_repeat():
    group = " ".join(f"w{i}" for i in range(MAX_UNIT + 1))
    assert once_each(f"{group} {group}") is None
    longest = " ".join(group.split()[:MAX_UNIT])
    assert once_each(f"{longest} {longest}") == (longest, [longest])


def test_the_line_names_the_pieces_escaped():
    assert repeated_line(["*fett*", "b", "c", "d"]) == "ℹ️ Wiederholt getippt, einmal gelesen: „\\*fett\\*“, „b“, „c“ …."


async def test_a_term_typed_400_times_is_the_term_as_typed_once(ctx):
    reply = await run_answer(ctx, "rule", search="trampelschaden " * 400)
    assert not reply.error and reply.pages[0].title == TRAMPLE
    # the door reads the first part of a text this long (said first), then the word once
    assert reply.pages[0].body.startswith("ℹ️ Die Suche war sehr lang; nur der Anfang wurde verwendet.\n"
                                          "ℹ️ Wiederholt getippt, einmal gelesen: „trampelschaden“.\n"
                                          "**Trampelschaden** (englisch *Trample*)")
    for typed in ("trampelschaden trampelschaden trampelschaden", "Trampelschaden, Trampelschaden, Trampelschaden"):
        assert (await run_answer(ctx, "rule", search=typed)).pages[0].title == TRAMPLE, typed


async def test_a_repeated_search_that_finds_nothing_says_how_it_was_read(ctx):
    reply = await run_answer(ctx, "rule", search="quarkbrot quarkbrot quarkbrot")
    assert reply.error and reply.pages[0].title == "Nichts gefunden für „quarkbrot“"
    assert reply.pages[0].body.startswith("ℹ️ Wiederholt getippt, einmal gelesen: „quarkbrot“.\n")


async def test_a_repeated_rule_number_is_still_named_as_named_twice(ctx):
    # numbers keep their own reading (bot/answers/rule_numbers.py): „Mehrfach genannt, einmal gezeigt“
    reply = await run_answer(ctx, "rule", search="702.19 702.19")
    assert reply.pages[0].body.startswith("ℹ️ Mehrfach genannt, einmal gezeigt: 702.19.\n")
