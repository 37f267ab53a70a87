"""Discord's limits of text other than the custom_id counted as Discord's clients count them, in UTF-16 units
(bot.reply.utf16_len): a button's label (80), a select option's label (100), an autocomplete choice's name and value
(100), an embed's title (256), a field's value (1024) and description. An emoji beyond U+FFFF („🔥“, U+1F525) is one
code point and two units: a text of the limit in code points ending in one is one unit over."""

from __future__ import annotations

from bot.answers.registry import run_completer
from bot.page_fit import fit_pages, split_text
from bot.render import buttons, choice_rows, payload
from bot.reply import (
    BUTTON_LABEL_MAX,
    CHOICE_NAME_MAX,
    EMBED_TITLE_MAX,
    FIELD_VALUE_MAX,
    Action,
    Choice,
    Field,
    Page,
    Reply,
    cut_units,
    utf16_len,
)

FIRE = "🔥"


def test_an_emoji_counts_two_units():
    assert len(FIRE) == 1 and utf16_len(FIRE) == 2
    assert cut_units("x" * 79 + FIRE, 80) == "x" * 79  # 81 units: the emoji left out whole
    assert cut_units("x" * 78 + FIRE, 80) == "x" * 78 + FIRE  # 80 units: it fits


def test_a_button_label_ending_in_an_emoji_at_the_limit_is_cut():
    over, fits = "x" * (BUTTON_LABEL_MAX - 1) + FIRE, "x" * (BUTTON_LABEL_MAX - 2) + FIRE  # 80 and 79 code points
    labels = [b["label"] for b in buttons(payload(Reply(pages=[Page(title="t", body="b")],
                                                        actions=[Action(over, "card", "1"),
                                                                 Action(fits, "card", "2")])))]
    assert labels == ["x" * (BUTTON_LABEL_MAX - 1) + "…", fits]
    assert [utf16_len(label) for label in labels] == [BUTTON_LABEL_MAX, BUTTON_LABEL_MAX]


def test_a_select_option_label_ending_in_an_emoji_at_the_limit_is_cut():
    rows = choice_rows([Action("x" * 99 + FIRE, "card", str(i)) for i in range(6)])  # six: a select menu
    labels = [o["label"] for o in rows[0][0]["options"]]
    assert labels[0] == "x" * 99 + "…" and all(utf16_len(label) <= 100 for label in labels)


async def test_a_choice_name_and_value_ending_in_an_emoji_at_the_limit_are_cut():
    made = [Choice(name="n" * (CHOICE_NAME_MAX - 1) + FIRE, value="v" * 99 + FIRE),
            Choice(name="n" * (CHOICE_NAME_MAX - 2) + FIRE, value="v" * 98 + FIRE)]
    choices = await run_completer(None, lambda _ctx, _current: made, "x")  # type: ignore[arg-type]
    assert [(c.name, c.value) for c in choices] == [("n" * 99 + "…", "v" * 99), (made[1].name, made[1].value)]


def test_an_embed_title_and_a_field_value_ending_in_an_emoji_at_the_limit_are_split():
    page = Page(title="t" * (EMBED_TITLE_MAX - 1) + FIRE, body="b",
                fields=[Field("Feld", "a" * (FIELD_VALUE_MAX - 1) + FIRE)])
    fitted = fit_pages([page])
    assert fitted[0].title == "t" * (EMBED_TITLE_MAX - 1) + "…"
    assert fitted[0].body.startswith(f"**{page.title}**\n")  # the whole title at the top of the body
    assert [f.value for f in fitted[0].fields] == ["a" * (FIELD_VALUE_MAX - 1), FIRE]
    assert split_text("d" * 4095 + FIRE, 4096) == ["d" * 4095, FIRE]  # a description likewise
