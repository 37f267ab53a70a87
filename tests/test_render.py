"""The renderer splits long replies into pages within Discord's limits and never drops text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render import fit_pages, payload, split_text
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
)


def embed_total(embed: dict) -> int:
    total = len(embed.get("title", "")) + len(embed.get("description", ""))
    total += sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))
    return total + len(embed.get("footer", {}).get("text", ""))


def assert_within_limits(message: dict) -> None:
    for embed in message["embeds"]:
        assert len(embed.get("title", "")) <= EMBED_TITLE_MAX
        assert len(embed.get("description", "")) <= EMBED_DESCRIPTION_MAX
        assert len(embed.get("fields", [])) <= FIELDS_MAX
        for f in embed.get("fields", []):
            assert 0 < len(f["name"]) <= FIELD_NAME_MAX
            assert 0 < len(f["value"]) <= FIELD_VALUE_MAX
        assert embed_total(embed) <= MESSAGE_EMBED_TOTAL_MAX
    for c in message["components"]:
        assert len(c["label"]) <= 80 and len(c["custom_id"]) <= 100
        for option in c.get("options", []):  # a "Meintest du" select menu
            assert 0 < len(option["label"]) <= 100 and 0 < len(option["value"]) <= 100
        assert len(c.get("options", [])) <= 25


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
    assert p["pages"] == 3
    assert [c["label"] for c in p["components"]] == ["Zurück", "Weiter"]
    assert p["components"][0]["disabled"] and not p["components"][1]["disabled"]
    assert p["embeds"][0]["footer"]["text"].endswith("Seite 1/3")
