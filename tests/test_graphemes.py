"""User text is cut at grapheme boundaries wherever it is shortened (bot/text.py ``cut``): a flag, an emoji with its
skin tone, a ZWJ sequence or a letter with its accent is kept whole or left out, never split; echoed emoji sequences
keep the joiners they are made of (bot/reply.py ``one_line``)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.commands import TABLE, BadValue, check_options
from bot.reply import one_line, quote_user
from bot.text import clean, cut, shorten

FLAG = "🇩🇪"  # two regional indicators
THUMB = "👍🏽"  # emoji + skin tone
FAMILY = "👨\u200d👩\u200d👧"  # ZWJ sequence, five code points
SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"  # tag sequence, seven code points
ACCENT = "e\u0301"  # e + combining acute


@pytest.mark.parametrize("unit", [FLAG, THUMB, FAMILY, SCOTLAND, ACCENT])
def test_cut_never_splits_a_grapheme(unit):
    text = "ab" + unit * 4
    whole = {"", "a", "ab", *("ab" + unit * k for k in range(1, 5))}
    for limit in range(len(text) + 1):
        start = cut(text, limit)
        assert start in whole and len(start) <= limit, (limit, start)
        assert len(start) > limit - len(unit), (limit, start)  # at most the grapheme at the cut left out


def test_cut_of_plain_text_is_a_slice():
    assert cut("Boros-Rekrut", 5) == "Boros" and cut("a\r\nb", 2) == "a" and cut("kurz", 10) == "kurz"
    assert cut("x", 0) == ""


def test_shorten_and_quote_user_end_on_whole_flags():
    assert shorten(FLAG * 10, 6) == FLAG * 2 + "…"  # 5 characters of room: two flags, not two and a half
    assert quote_user(FLAG * 10, 6) == FLAG * 2 + "…"
    assert quote_user("Wer gewinnt " + THUMB * 5, 15) == "Wer gewinnt " + THUMB + "…"


def test_an_echoed_emoji_sequence_keeps_its_joiners_other_invisible_characters_do_not_stay():
    assert one_line(f"{FAMILY} und {SCOTLAND}") == f"{FAMILY} und {SCOTLAND}"
    assert one_line("a\u200db\u202eX\u200b") == "a b X"  # a ZWJ between letters, a bidi override: spaces
    assert one_line("Fe\u2060hde\u00adn\ufeff \u2060x") == "Fehden x"  # zero-width characters in a word: removed
    assert one_line("was\u200bmacht") == "was macht"  # the zero-width space is a word boundary: a space
    assert one_line(f"{FAMILY}\u202e") == FAMILY


async def test_a_card_name_echoed_in_the_error_is_cut_at_a_whole_flag(ctx):
    # flags beside a name are no part of it (bot/answers/markup_notes.py: an emoji is taken out and said, whole)
    reply = await run_answer(ctx, "card", name="x" * 78 + FLAG * 3)
    assert reply.error and reply.pages[0].title == f"Keine Karte „{'x' * 78}“ gefunden"
    assert reply.pages[0].body.startswith(f"ℹ️ Nicht gelesen: „{FLAG * 3}“")
    # a flag inside the echo is cut whole: /frage's „Frage: …“ echo (120 characters)
    asked = await run_answer(ctx, "question", question="spuk " + "x" * 113 + FLAG * 3)
    echo = asked.pages[0].body.split("\n", 1)[0]
    assert echo.startswith(f"Frage: „spuk {'x' * 113}") and echo.endswith("…“")
    assert sum(0x1F1E6 <= ord(c) <= 0x1F1FF for c in echo) % 2 == 0  # no half of a flag


def test_a_bad_value_is_shown_cut_at_a_whole_emoji():
    leaf = next(leaf for leaf in TABLE.leaves if leaf.path == ("mana", "upkeep"))
    with pytest.raises(BadValue) as caught:
        check_options(leaf, [{"name": "cost", "value": "{1}"}, {"name": "counters", "value": "x" + THUMB * 60}])
    shown = caught.value.line.split("„")[2].split("“")[0]
    assert len(shown) > 2 and shown.replace(THUMB, "") == "x", shown


def test_a_text_option_reaches_the_answer_and_its_buttons_without_invisible_characters():
    leaf = next(leaf for leaf in TABLE.leaves if leaf.path == ("ruling",))
    call = check_options(leaf, [{"name": "card", "value": "Boros\u200b-Rekrut\u202e\u2066  "}])
    assert call.options == {"card": "Boros-Rekrut"}
    assert "\u200b" not in call.invocation().kwargs["card"]


RAINBOW = "🏳\ufe0f\u200d🌈"  # flag, variation selector, ZWJ, rainbow: one grapheme cluster


async def test_an_emoji_sequence_beside_a_name_is_echoed_whole_in_the_note(ctx):
    # the options' cleaning (bot.text.clean) keeps a ZWJ inside an emoji sequence, so „Nicht gelesen“ names the
    # sequence typed, not its pictographs one after the other; a ZWJ inside a word is still dropped
    leaf = next(leaf for leaf in TABLE.leaves if leaf.path == ("card",))
    call = check_options(leaf, [{"name": "name", "value": f"Boros\u200d-Rekrut {FAMILY} {RAINBOW}"}])
    assert call.options == {"name": f"Boros-Rekrut {FAMILY} {RAINBOW}"}
    reply = await run_answer(ctx, "card", name=call.options["name"])
    assert reply.pages[0].title == "Boros-Rekrut"
    assert reply.pages[0].body.startswith(f"ℹ️ Nicht gelesen: „{FAMILY}“, „{RAINBOW}“ (Links, Erwähnungen und Emojis")
    assert clean(f"a\u200db {THUMB}\u200d{FAMILY}\u200d") == f"ab {THUMB}\u200d{FAMILY}"
