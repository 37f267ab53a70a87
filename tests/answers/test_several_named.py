"""Several things named where one is answered at a time (bot/answers/several_named.py): each answered or offered,
none dropped without a word — /mechanik, /karte, /ruling karte and /frage."""

from __future__ import annotations

import pytest

from bot.answers import run_answer

SPUK = "Spuk – Gildenbund"
BLUTDURST = "Blutdurst – Gildenbund"


def titles(reply) -> list[str]:
    return list(dict.fromkeys(p.title for p in reply.pages if ": Rulings" not in p.title))


@pytest.mark.parametrize("name", ["Spuk und Blutdurst", "Spuk, Blutdurst", "Spuk Blutdurst"])
async def test_mechanik_answers_each_section_named(ctx, name):
    reply = await run_answer(ctx, "mechanic", name=name)
    assert not reply.error
    assert titles(reply) == [SPUK, BLUTDURST]
    start = next(n for n, p in enumerate(reply.pages) if p.title == BLUTDURST) + 1
    assert reply.pages[0].body.startswith(
        f"ℹ️ 2 Mechaniken genannt, jede auf eigenen Seiten: **Spuk** (Seite 1), **Blutdurst** (Seite {start}).")
    # each section's own text: Gildenbund's explanation of Blutdurst (001) on its first page
    assert "Nur Kreaturen aus der Gruul-Gilde (rot, grün oder rot-grün) haben Blutdurst." in reply.pages[start - 1].body


async def test_mechanik_spuk_oder_ausgraben_answers_both(ctx):
    reply = await run_answer(ctx, "mechanic", name="spuk oder ausgraben")
    assert titles(reply) == [SPUK, "Ausgraben – Ravnica: Stadt der Gilden"]
    assert all(p.source for p in reply.pages)  # each page names its own document
    assert reply.pages[-1].source.startswith("Ravnica: Stadt der Gilden")


async def test_a_title_with_und_stays_one_section(ctx):
    reply = await run_answer(ctx, "mechanic", name="Mehrfarbig und Einfarbig")
    assert titles(reply) == ["Mehrfarbig und Einfarbig – Zwietracht"]
    assert "Mechaniken genannt" not in reply.pages[0].body


async def test_a_piece_naming_no_mechanic_is_said(ctx):
    reply = await run_answer(ctx, "mechanic", name="Spuk und xyzzy")
    assert titles(reply) == [SPUK]
    assert reply.pages[0].body.startswith("ℹ️ Gezeigt: **Spuk**. Keine Mechanik gefunden zu „xyzzy“.")


async def test_the_second_sections_outdated_rulings_are_named_by_the_joined_pages(ctx):
    reply = await run_answer(ctx, "mechanic", name="Spuk und Ley-Linien")
    start = next(n for n, p in enumerate(reply.pages) if p.title == "Ley-Linien – Gildenbund")
    last = len(reply.pages)
    assert f"⚠️ 2 Rulings heute überholt (Seite {last})" in reply.pages[start].body
    assert "Heute:** Nach den Mulligans bringt zuerst der Startspieler seine Ley-Linien" in reply.pages[last - 1].body


@pytest.mark.parametrize(("kind", "option", "action"), [("card", "name", "card"), ("ruling", "card", "rulings")])
async def test_two_cards_named_are_both_offered(ctx, kind, option, action):
    reply = await run_answer(ctx, kind, **{option: "Boros-Rekrut und Szadek"})
    assert reply.error
    assert reply.pages[0].title == "Mehrere Karten genannt: „Boros-Rekrut und Szadek“"
    assert "• Boros-Rekrut\n• Szadek, Herr der Geheimnisse" in reply.pages[0].body
    labels = [(c.label, c.action) for c in reply.choices]
    assert labels == [("Boros-Rekrut", action), ("Szadek, Herr der Geheimnisse", action)]


async def test_a_card_list_says_the_piece_that_names_none(ctx):
    reply = await run_answer(ctx, "card", name="Szadek, Boros-Rekrut, xyzzy")
    assert "Keine Karte gefunden zu „xyzzy“." in reply.pages[0].body
    assert len(reply.choices) == 2


async def test_frage_names_the_question_its_answer_leaves(ctx):
    reply = await run_answer(ctx, "question", question="Was ist Spuk? Und wie funktioniert Blutdurst?")
    body = reply.pages[0].body
    assert "ℹ️ Mehrere Fragen in einer; die Antwort unten gilt „Und wie funktioniert Blutdurst“." in body
    assert "„Was ist Spuk“ – **Spuk**: `/mechanik name: Spuk`" in body
    assert reply.actions[0].label == "Mechanik: Spuk" and reply.actions[0].action == "mechanic"


async def test_frage_names_the_card_its_answer_leaves(ctx):
    reply = await run_answer(ctx, "question", question="Was macht Szadek und was macht Tamanoa?")
    body = reply.pages[0].body
    assert "die Antwort unten gilt „was macht Tamanoa“" in body
    assert "„Was macht Szadek“ – **Szadek, Herr der Geheimnisse**" in body
    assert (reply.actions[0].label, reply.actions[0].action) == ("Karte: Szadek, Herr der Geheimnisse", "card")


async def test_one_question_naming_two_cards_gets_no_such_line(ctx):
    reply = await run_answer(ctx, "question", question="Kann Szadek Tamanoa auslösen?")
    assert "Mehrere Fragen" not in reply.pages[0].body


#: Eight sections named in one /mechanik: the first five are answered, the other three named with a button each.
EIGHT = "Spuk, Blutdurst, Ausgraben, Einberufen, Transmutation, Ausstrahlung, Zauberzeichen, Vorhersage"


async def test_a_long_list_answers_the_first_five_and_names_the_rest_with_their_buttons(ctx):
    reply = await run_answer(ctx, "mechanic", name=EIGHT)
    assert [t.split(" – ")[0] for t in titles(reply)] == ["Spuk", "Blutdurst", "Ausgraben", "Einberufen",
                                                          "Transmutation"]
    first = reply.pages[0]
    assert first.body.startswith("ℹ️ 8 Mechaniken genannt, höchstens 5 auf einmal, jede auf eigenen Seiten: **Spuk** "
                                 "(Seite 1), ")
    assert (" und 3 weitere, nicht gezeigt: **Ausstrahlung**, **Zauberzeichen**, **Vorhersage** (je ein Knopf "
            "unten).") in first.body.split("\n")[0]
    assert [(a.label, a.action) for a in first.actions[:3]] == [
        ("Mechanik: Ausstrahlung", "mechanic"), ("Mechanik: Zauberzeichen", "mechanic"),
        ("Mechanik: Vorhersage", "mechanic")]
    sections = {m.title: m.id for m in await ctx.store.mechanic_sections()}
    assert [a.arg for a in first.actions[:3]] == [str(sections[t]) for t in ("Ausstrahlung", "Zauberzeichen",
                                                                           "Vorhersage")]


async def test_each_sections_pages_carry_its_own_buttons_none_cut(ctx):
    # before, the joined answer's buttons were one list cut at 20: the later sections' card buttons were dropped
    reply = await run_answer(ctx, "mechanic", name=EIGHT)
    for title in ("Spuk", "Ausgraben", "Transmutation"):
        alone = await run_answer(ctx, "mechanic", name=title)
        pages = [p for p in reply.pages if p.title.split(" – ")[0].split(":")[0] == title]
        assert pages and all(p.actions is not None for p in pages), title
        assert {(a.action, a.arg) for a in alone.actions} <= {(a.action, a.arg) for a in pages[-1].actions}, title
    assert all(len(p.actions) <= 19 for p in reply.pages)  # a row for paging, a place for sharing


async def test_a_keyword_beyond_the_five_gets_the_keyword_button(ctx):
    reply = await run_answer(ctx, "mechanic", name="Spuk, Blutdurst, Ausgraben, Einberufen, Hybrid, Trampelschaden")
    assert "und 1 weitere, nicht gezeigt: **Trampelschaden** (je ein Knopf unten)." in reply.pages[0].body
    assert ("Mechanik: Trampelschaden", "mechanic_pick", "Trampelschaden") in [
        (a.label, a.action, a.arg) for a in reply.pages[0].actions]


async def test_frage_names_the_question_the_register_rows_answer_first(ctx):
    # the change register's rows on Manabrand („Manabrand abgeschafft“, data/changes.toml) lead the page and the
    # clash article's 701.19c answers „wer gewinnt die Fehde“: before, the line named the Fehde question alone and
    # the Manabrand question neither as answered nor as left
    asked = ("Was ist Spuk? Und wie funktioniert Blutdurst? Und was macht Pfropfen? Und wer gewinnt die Fehde? "
             "Und was ist Manabrand?")
    reply = await run_answer(ctx, "question", question=asked)
    assert reply.pages[0].title == "„Manabrand abgeschafft“ heute"
    note = reply.pages[0].body.splitlines()[1]
    assert note == (
        "ℹ️ Mehrere Fragen in einer; die Antwort unten gilt „Und was ist Manabrand“ und „Und wer gewinnt die Fehde“. "
        "Nicht beantwortet (Knopf unten): „Was ist Spuk“ – **Spuk**: `/mechanik name: Spuk`; „Und wie funktioniert "
        "Blutdurst“ – **Blutdurst**: `/mechanik name: Blutdurst`; „Und was macht Pfropfen“ – **Pfropfen**: "
        "`/mechanik name: Pfropfen`.")
    assert [a.label for a in reply.actions[:3]] == ["Mechanik: Spuk", "Mechanik: Blutdurst", "Mechanik: Pfropfen"]


async def test_frage_answering_every_question_with_the_register_rows_names_none_as_left(ctx):
    # the Manabrand rows lead, Blutdurst's section is the best passage below them: both questions answered
    reply = await run_answer(ctx, "question", question="Was ist Manabrand? Und wie funktioniert Blutdurst?")
    assert "Mehrere Fragen in einer" not in reply.pages[0].body and "Manabrand abgeschafft" in reply.pages[0].body
