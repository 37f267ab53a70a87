"""The renderer splits long replies into pages within Discord's limits and never drops text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.page_fit import fit_pages, fit_reply, split_text
from bot.render import buttons, payload, to_text
from bot.reply import (
    EMBED_DESCRIPTION_MAX,
    EMBED_TITLE_MAX,
    FIELD_NAME_MAX,
    FIELD_VALUE_MAX,
    FIELDS_MAX,
    MESSAGE_EMBED_TOTAL_MAX,
    Action,
    Field,
    Page,
    Reply,
    in_quotes,
    utf16_len,
)


def embed_total(embed: dict) -> int:
    """An embed's text against Discord's 6000 a message, in UTF-16 units as Discord counts (an emoji two)."""
    total = utf16_len(embed.get("title", "")) + utf16_len(embed.get("description", ""))
    total += sum(utf16_len(f["name"]) + utf16_len(f["value"]) for f in embed.get("fields", []))
    return total + utf16_len(embed.get("footer", {}).get("text", ""))


def assert_within_limits(message: dict) -> None:
    for embed in message["embeds"]:
        assert utf16_len(embed.get("title", "")) <= EMBED_TITLE_MAX
        assert utf16_len(embed.get("description", "")) <= EMBED_DESCRIPTION_MAX
        assert len(embed.get("fields", [])) <= FIELDS_MAX
        for f in embed.get("fields", []):
            assert 0 < utf16_len(f["name"]) <= FIELD_NAME_MAX
            assert 0 < utf16_len(f["value"]) <= FIELD_VALUE_MAX
        assert embed_total(embed) <= MESSAGE_EMBED_TOTAL_MAX
    assert len(message["components"]) <= 5
    for row in message["components"]:
        assert row["type"] == 1 and 1 <= len(row["components"]) <= 5
    ids = [c["custom_id"] for c in buttons(message)]
    assert len(ids) == len(set(ids))
    for c in buttons(message):
        assert len(c["label"]) <= 80 and len(c["custom_id"]) <= 100
        for option in c.get("options", []):  # a "Meintest du" select menu
            assert 0 < len(option["label"]) <= 100 and 0 < len(option["value"]) <= 100
        assert len(c.get("options", [])) <= 25


def button_ids(message: dict) -> list[dict]:
    """The buttons of a message payload as ``{"label", "custom_id"}``, row after row."""
    return [{"label": b["label"], "custom_id": b["custom_id"]} for b in buttons(message)]


def test_split_text_keeps_every_word():
    text = "\n\n".join(f"Absatz {i} " + "wort " * 300 for i in range(10))
    chunks = split_text(text, 1000)
    assert all(len(c) <= 1000 for c in chunks)
    assert " ".join(" ".join(chunks).split()) == " ".join(text.split())


text_st = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=9000)


@settings(max_examples=150, deadline=None)
@given(
    title=st.text(max_size=400),
    body=text_st,
    fields=st.lists(st.tuples(st.text(min_size=1, max_size=300), st.text(max_size=3000)), max_size=40),
)
def test_every_page_fits_and_nothing_is_lost(title, body, fields):
    reply = Reply(
        pages=[Page(title=title, body=body, fields=[Field(n, v) for n, v in fields])],
        source="Quelle " * 20,
        date="2005-08-30",
        actions=[Action("Rulings anzeigen (5)", "rulings", "12")],
    )
    pages = fit_pages(reply.pages)
    for i in range(len(pages)):
        assert_within_limits(payload(reply, i))
    joined = " ".join(p.body for p in pages)
    assert " ".join(body.split()) in " ".join(joined.split()) or not body.strip()
    values = " ".join(f.value for p in pages for f in p.fields)
    for _n, v in fields:
        for word in v.split()[:3]:
            assert word in values


def test_paging_buttons_only_with_several_pages():
    one = Reply(pages=[Page("Titel", "kurz")])
    assert payload(one)["components"] == []
    many = Reply(pages=[Page("Titel", "x " * 5000)])
    p = payload(many)
    assert [c["label"] for c in buttons(p)] == ["Zurück", "Weiter"]
    assert (buttons(p)[0]["disabled"], buttons(p)[1]["disabled"]) == (True, False)
    assert p["embeds"][0]["footer"]["text"].endswith("Seite 1/3")


@settings(max_examples=300, deadline=None)
@given(
    source=st.text(min_size=0, max_size=3000),
    date=st.one_of(st.none(), st.text(max_size=40)),
    body=st.text(max_size=7000),
    fields=st.lists(st.tuples(st.text(min_size=1, max_size=40), st.text(min_size=1, max_size=60)), max_size=80),
)
def test_long_footers_and_many_small_fields_fit_through_the_real_renderer(source, date, body, fields):
    """The renderer budgets the real footer (up to 2048 characters), not a fixed 300-character reserve:
    6000 per message, 4096 description, 1024 per field, 25 fields, 256 title, 2048 footer."""
    reply = Reply(
        pages=[Page(title="Titel " * 10, body=body, fields=[Field(n, v) for n, v in fields])],
        source=source,
        date=date,
    )
    pages = fit_reply(reply)
    for i in range(len(pages)):
        message = payload(reply, i)
        assert_within_limits(message)
        assert len(message["embeds"][0].get("footer", {}).get("text", "")) <= 2048
    assert sum(len(p.fields) for p in pages) == len(fields)


def test_constructed_long_footer_stays_under_6000():
    # The case: a footer longer than the old 300-character reserve pushed an embed to 6 739.
    reply = Reply(pages=[Page(title="T", body="x " * 2900, fields=[Field("f", "y" * 1000)] * 3)], source="Q" * 1500)
    assert fit_pages(reply.pages)  # the old fixed budget ...
    for i in range(len(fit_reply(reply))):
        assert embed_total(payload(reply, i)["embeds"][0]) <= MESSAGE_EMBED_TOTAL_MAX


def test_buttons_follow_the_page_they_are_on():
    first, second = [Action("Regel 1", "rule", "100.1")], [Action("Regel 2", "rule", "100.2")]
    reply = Reply(pages=[Page("A", "eins", actions=first), Page("B", "zwei", actions=second)])
    assert [c["custom_id"] for c in buttons(payload(reply, 0))][2:] == ["rb:rule:100.1"]
    assert [c["custom_id"] for c in buttons(payload(reply, 1))][2:] == ["rb:rule:100.2"]
    assert "rb:rule:100.2" in to_text(reply, 1) and "rb:rule:100.1" not in to_text(reply, 1)
    # A page split by the renderer keeps its buttons on every part.
    long = Reply(pages=[Page("A", "x " * 5000, actions=first)], actions=second)
    assert all(p.actions == first for p in fit_reply(long))


def test_every_page_starts_with_content():
    # A heading page without text (a long parent whose subrules follow) is joined to the next page.
    reply = Reply(pages=[Page("704 — State-Based Actions"), Page("704 (Unterregeln)", "704.1 ...")])
    pages = fit_reply(reply)
    assert len(pages) == 1
    assert pages[0].title == "704 — State-Based Actions"
    assert pages[0].body.startswith("**704 (Unterregeln)**\n704.1")


def test_no_doubled_quotes():
    assert in_quotes("Doppelländer") == "„Doppelländer“"
    assert in_quotes("„Doppelländer“") == "„Doppelländer“"


def test_a_button_whose_argument_cannot_be_a_custom_id_is_left_out_not_raised(caplog):
    # A store built before passage keys were made safe holds keys like "glossary:Bury (Obsolete)": the answer is
    # shown with its other buttons, and the one left out is logged.
    reply = Reply(pages=[Page(title="Bury (Obsolete)", body="An obsolete term for destroy.")],
                  actions=[Action("Bury", "passage", "glossary:Bury (Obsolete)"),
                           Action("Destroy", "passage", "glossary:Destroy")])
    ids = [c["custom_id"] for row in payload(reply)["components"] for c in row["components"]]
    assert ids == ["rb:passage:glossary%3ADestroy"]
    assert "(rb:passage:glossary%3ADestroy)" in to_text(reply) and "Bury (Obsolete))" not in to_text(reply)
    assert "Knopf passage ausgelassen" in caplog.text


def test_fields_fill_each_page_up_to_the_budget_exactly():
    """A page takes fields while title, body and fields stay within the budget (equal is within): 1 + 100 + 4 × 1000
    on the first page, then 1 + 5 × 1000 = 5001 on the second, the last field on a third."""
    fields = [Field("n", "v" * 999) for _ in range(10)]
    pages = fit_pages([Page(title="T", body="b" * 100, fields=fields)], budget=5001)
    assert [len(p.fields) for p in pages] == [4, 5, 1]
    assert [p.body for p in pages] == ["b" * 100, "", ""]
    assert [f for p in pages for f in p.fields] == fields


def test_a_pointer_to_a_page_names_the_page_shown_after_a_long_page_before_it_is_split():
    # /regel suche: 702.19 und 104.3f: „Wortlaut auf Seite 3“ points at the reply's third page; when a page before it
    # fills two Discord pages, the pointer must name the fourth page shown
    pages = [Page(title="Regel 702.19", body="Trampelschaden. " * 500),
             Page(title="Regel 104.3f (so zitiert)", body="… _(Wortlaut auf Seite 3)_"),
             Page(title="Regel 104.3f", body="Wortlaut.")]
    shown = fit_pages(pages)
    assert [p.title for p in shown] == ["Regel 702.19", "Regel 702.19", "Regel 104.3f (so zitiert)", "Regel 104.3f"]
    assert shown[2].body == "… _(Wortlaut auf Seite 4)_"
    # nothing split: the pointer stays as written
    assert fit_pages(pages[1:])[0].body == "… _(Wortlaut auf Seite 3)_"
