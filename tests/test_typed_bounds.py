"""Typed text at Discord's limits gets the choices of the whole text from every autocomplete source: text of 6 000
characters is cut (:func:`bot.answers.registry.typed_start`) only where the cut changes no source's choices (every
text of :data:`LONG` is cut, and answers as the whole; text with no such place is left whole), lone surrogates are
replaced whether or not the text is ASCII elsewhere, and a digit run anywhere in the whole text (also past the cut)
still gets no choices."""

from __future__ import annotations

import pytest

from bot.answers import COMPLETERS, AnswerContext, registry, run_completer
from bot.answers.registry import MAX_DIGITS, TYPED_KEEP, clean_text, has_digit_run, load_all, typed_start

#: Long typed texts that :func:`typed_start` cuts, each with what lies at or before the cut.
LONG = [
    "x" * 6000,
    "Boros " * 1000,
    "ä" * 6000,
    "Boros-Rekrut " + "a" * 5987,
    "Chor des Konklave " * 333,
    "Trampelschaden " + "ü" * 5985,
    # combining marks up to the cut (before an "e" at 1 005), on a Greek letter: kept (bot.text.clean drops a mark
    # after a Latin letter it composes with none of, so „ë“ with eight more marks cleans to „ë“, too short to cut)
    "Fehde" + ("e" + "\u03b5" + "\u0308" * 8) * 599,
    "\u200b" * 700 + "Boros-Rekrut" + "x" * 5288,  # invisible characters: the cut part cleans to 300 characters
    "   " * 200 + "Krims // Krams " * 360,  # leading white space, the cut inside a split card's name
    "702.19" + "b" * 5994,
]


async def choices_of(ctx: AnswerContext, text: str) -> dict[str, list[tuple[str, str]]]:
    load_all()  # every completer registered, also when this file runs alone (the answer modules load lazily)
    return {key: [(c.name, c.value) for c in await run_completer(ctx, fn, text)]
            for key, fn in sorted(COMPLETERS.items())}


@pytest.mark.parametrize("text", LONG, ids=range(len(LONG)))
async def test_long_text_answered_as_the_whole(ctx: AnswerContext, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    assert len(text) >= 5990 and TYPED_KEEP <= len(typed_start(text)) < len(text)  # cut, so the comparison counts
    cut = await choices_of(ctx, text)
    monkeypatch.setattr(registry, "typed_start", lambda typed: typed)  # every source reads the whole text
    assert cut == await choices_of(ctx, text)


def test_long_text_is_cut() -> None:
    assert typed_start("x" * 6000) == "x" * TYPED_KEEP
    assert typed_start("ä" * 6000) == "ä" * TYPED_KEEP
    assert len(typed_start("Boros " * 1000)) == TYPED_KEEP
    # left whole: no ASCII or Latin-1 letter after the first 1 000 characters (combining marks), or a cut part that
    # cleans to 200 characters or fewer (invisible characters, white space)
    for whole in ("Fehde " + "\u0308" * 5994, "\u200b" * 1500 + "Boros", "\u200b" * 1500 + "Boros-Rekrut" + "x" * 4488,
                  "   " * 400 + "Krims // Krams " * 300):
        assert typed_start(whole) == whole
    assert typed_start("y" * TYPED_KEEP) == "y" * TYPED_KEEP


async def test_sample_of_long_text(ctx: AnswerContext) -> None:
    """Real choices for long text: a card name followed by 5 987 letters still finds nothing unrelated, and the
    card name repeated finds the card."""
    found = await choices_of(ctx, "Boros-Rekrut " + "a" * 5987)
    assert found["card_names"] == found["mechanic_names"] == found["cr_rules"] == []  # no card is named so
    offered = found["rule_queries"] + found["term_queries"]  # the searches offer the typed words themselves
    assert offered and all(value.startswith("Boros-Rekrut aaaa") for _, value in offered)
    found = await choices_of(ctx, "Chor des Konklave " * 333)
    assert ("Chor des Konklave", "Chor des Konklave") in found["card_names"]
    assert found["card_names"] == [("Chor des Konklave", "Chor des Konklave")]


async def test_digit_run_past_the_cut_gets_no_choices(ctx: AnswerContext) -> None:
    text = "Boros " * 900 + "1" * (MAX_DIGITS + 1)
    assert len(typed_start(text)) < 5400 < len(text)
    assert await choices_of(ctx, text) == {key: [] for key in COMPLETERS}
    assert has_digit_run(text) and not has_digit_run("1" * MAX_DIGITS + "x" + "1" * MAX_DIGITS)
    for start in range(40):  # a run anywhere, of exactly 31 digits
        assert has_digit_run("a" * start + "٣" * (MAX_DIGITS + 1) + "b" * 7)
        assert not has_digit_run("a" * start + "7" * MAX_DIGITS + "b" * 70)


async def test_surrogates_replaced(ctx: AnswerContext) -> None:
    assert clean_text("Boros\ud800-Rekrut") == "Boros\ufffd-Rekrut"
    assert clean_text("Krims\udfff" + "x" * 7000) == "Krims\ufffd" + "x" * 5994
    assert clean_text("Fähigkeit") == "Fähigkeit"
    assert clean_text("Fähigkeit\ud800") == "Fähigkeit\ufffd"  # not ASCII elsewhere: replaced as well
    assert clean_text("Krämer\udfff" + "ü" * 7000) == "Krämer\ufffd" + "ü" * 5993
    assert await choices_of(ctx, "Boros-Rekrut\ud800" + "x" * 5987) == await choices_of(
        ctx, "Boros-Rekrut\ufffd" + "x" * 5987)
    assert await choices_of(ctx, "Trampelschaden\ud800" + "ü" * 5985) == await choices_of(
        ctx, "Trampelschaden\ufffd" + "ü" * 5985)
