"""/mechanik on the real store: every FAQ section, its rules, rulings, example cards and notices."""

from __future__ import annotations

import pytest

from bot.answers import run_action, run_answer, run_completer
from bot.answers.mechanic_finder import mechanic_finder
from bot.answers.mechanics import find_mechanics, mechanic_names, mechanics
from bot.render import payload
from tests.answers.test_rulings import all_payloads
from tests.test_render import assert_within_limits, button_ids
from tests.test_textsearch import NASTY

# The mechanics sections (titles as printed in 001/000, looked up by a word of them).
ISSUE_SECTIONS = [
    ("Hybrid", "Hybrid-Karten und Halbe-Halbe-Manasymbole"),
    ("Einberufen", "Einberufen"),
    ("Ausgraben", "Ausgraben"),
    ("Transmutation", "Transmutation"),
    ("Ausstrahlung", "Ausstrahlung"),
    ("Blutdurst", "Blutdurst"),
    ("Spuk", "Spuk"),
    ("Reproduktion", "Reproduktion"),
    ("Ley-Linien", "Ley-Linien"),
    ("Zauberzeichen", "Zauberzeichen"),
    ("Vorhersage", "Vorhersage"),
    ("Pfropfen", "Pfropfen"),
    ("Versessenheit", "Versessenheit"),
    ("Geteilte Karten", "Geteilte Karten"),
    ("Kumulative Versorgung", "Kumulative Versorgung"),
    ("Fehde", "Fehde"),
]


async def find(ctx, title: str):
    """The section with this title."""
    return next(m for m in await mechanics(ctx.store) if m.title == title)


async def history(ctx, reply) -> str:
    """The section's dated text: behind the button "Früher (<year>)" (all its pages), else on the first page."""
    button = next((a for a in reply.actions if a.action == "mechanic_text"), None)
    if button is None:
        return reply.pages[0].body
    return "\n\n".join(p.body for p in (await run_action(ctx, button.action, button.arg)).pages)


async def test_store_has_32_sections(ctx):
    # Build report: 2 (clash article) + 8 + 7 + 7 + 8 (the four FAQs) mechanics sections.
    assert len(await mechanics(ctx.store)) == 32


@pytest.mark.parametrize(("typed", "title"), ISSUE_SECTIONS)
async def test_every_issue_section_answers_within_limits(ctx, typed, title):
    reply = await run_answer(ctx, "mechanic", name=typed)
    assert not reply.error, reply.pages[0].title
    assert reply.pages[0].title.split(" – ")[0] == title
    for message in all_payloads(reply):
        assert_within_limits(message)


async def test_einberufen_shows_convoke_rules_and_example_card(ctx):
    reply = await run_answer(ctx, "mechanic", name="Einberufen")
    message = payload(reply)
    embed = message["embeds"][0]
    assert embed["title"] == "Einberufen – Ravnica: Stadt der Gilden"
    # Today's rule first (702.51); the 2005 text is behind the button "Früher (2005)": Ravnica FAQ lines 56-85,
    # heading 502.46, the misprinted 502.32a, 502.46b, 502.46c, each old number with today's.
    assert embed["description"].startswith("⚠️ **Heute:** Einberufen ist heute Regel 702.51")
    history = next(c for c in button_ids(message) if c["label"] == "Früher (2005)")
    old = await run_action(ctx, "mechanic_text", history["custom_id"].split(":")[2])
    description = "\n\n".join(p.body for p in old.pages)
    assert (
        "**502.46b** (heute ohne Gegenstück; ⚠️ heute überholt) Einberufen kann die Kosten, einen Zauberspruch zu "
        "spielen, nicht unter 0 reduzieren." in description
    )
    assert (
        description.index("**502.46** (heute 702.51; ⚠️ heute überholt) **Einberufen**")
        < description.index("**502.32a** (heute 702.51a; ⚠️ heute überholt)")
        < description.index("**502.46b**")
    )
    assert old.date == "2005-08-30"
    assert {"inline": False, "name": "Beispielkarten", "value": "Konklavenequidonaut"} in embed["fields"]
    card_button = next(c for c in button_ids(message) if c["label"] == "Karte: Konklavenequidonaut")
    card = await run_action(ctx, "card", card_button["custom_id"].split(":")[2])
    assert card.pages[0].title == "Konklavenequidonaut"
    assert "Stand 30.08.2005" in embed["footer"]["text"]
    # The section's four "* " rulings follow on the next page.
    assert reply.pages[1].title == "Einberufen – Ravnica: Stadt der Gilden: Rulings (4)"


async def test_english_keyword_finds_the_section(ctx):
    reply = await run_answer(ctx, "mechanic", name="convoke")
    assert reply.pages[0].title == "Einberufen – Ravnica: Stadt der Gilden"
    reply = await run_answer(ctx, "mechanic", name="haunt")
    assert reply.pages[0].title == "Spuk – Gildenbund"


async def test_close_spelling_finds_the_section(ctx):
    reply = await run_answer(ctx, "mechanic", name="Einberfen")
    assert reply.pages[0].title == "Einberufen – Ravnica: Stadt der Gilden"


async def test_gilden_shows_all_three_faqs(ctx):
    reply = await run_answer(ctx, "mechanic", name="Gilden")
    titles = [p.title for p in reply.pages]
    assert titles[:1] == ["Gilden – Ravnica: Stadt der Gilden"]
    assert "Gilden – Gildenbund" in titles and "Gilden – Zwietracht" in titles
    one = await run_answer(ctx, "mechanic", name="Gilden (Zwietracht)")
    assert one.pages[0].title == "Gilden – Zwietracht"


async def test_ambiguous_word_asks_back(ctx):
    reply = await run_answer(ctx, "mechanic", name="Verbesserte")
    assert reply.error and reply.pages[0].title == "Mehrere Mechaniken passen zu „Verbesserte“"
    assert "• „Verbesserte“ Kreaturen (Gildenbund)" in reply.pages[0].body


async def test_fehde_links_the_english_clash_section(ctx):
    reply = await run_answer(ctx, "mechanic", name="Fehde")
    assert reply.actions[0].label == "Andere Sprache: Clash"
    clash = await run_action(ctx, reply.actions[0].action, reply.actions[0].arg)
    assert clash.pages[0].title == "Clash"
    assert "**701.19c** (heute 701.30d; ℹ️ heute anders formuliert) A player wins a clash" in await history(ctx, clash)


async def test_split_card_section_of_2006_carries_the_2017_change(ctx):
    reply = await run_answer(ctx, "mechanic", name="Geteilte Karten")
    first = reply.pages[0].body
    # Today's rule first (CR 709.4b, 2026-04-17), the 2006 text after it as history.
    assert first.startswith("⚠️ **Heute:** Außerhalb des Stapels hat eine geteilte Karte")
    assert "> **709.4** In every zone except the stack" in first
    assert reply.pages[0].title == "Geteilte Karten – Zwietracht"
    old = await history(ctx, reply)
    assert old.startswith("Geteilte Karten bestehen aus zwei kleinen Karten auf einer herkömmlichen Karte.")


async def test_unknown_and_empty_names_are_german_errors(ctx):
    reply = await run_answer(ctx, "mechanic", name="Quxxel")
    assert reply.error and reply.pages[0].title == "Keine Mechanik „Quxxel“ gefunden"
    assert "Einberufen" in reply.pages[0].body
    assert (await run_answer(ctx, "mechanic", name="  ")).error
    assert (await run_action(ctx, "mechanic", "abc")).error
    assert (await run_action(ctx, "mechanic", "99999")).error


@pytest.mark.parametrize("text", NASTY)
async def test_nasty_names(ctx, text):
    reply = await run_answer(ctx, "mechanic", name=text)
    for message in all_payloads(reply):
        assert_within_limits(message)


async def test_autocomplete(ctx):
    choices = await run_completer(ctx, mechanic_names, "gil")
    assert [c.value for c in choices] == [
        "Gilden (Ravnica: Stadt der Gilden)",
        "Gilden (Gildenbund)",
        "Gilden (Zwietracht)",
    ]
    everything = await run_completer(ctx, mechanic_names, "")
    assert len(everything) == 25  # 32 sections, capped at Discord's 25
    convoke = await run_completer(ctx, mechanic_names, "convoke")
    assert [c.value for c in convoke] == ["Einberufen"]


async def test_find_mechanics_tiers(ctx):
    sections = await mechanics(ctx.store)
    assert [m.title for m in find_mechanics(sections, "ley linien")] == ["Ley-Linien"]
    assert find_mechanics(sections, "") == []
    assert find_mechanics(sections, "zzzzzz") == []


async def test_every_autocomplete_label_names_its_section(ctx):
    sections = await mechanics(ctx.store)
    for section in sections:
        twins = [m for m in sections if m.title == section.title]
        label = section.label if len(twins) > 1 else section.title
        reply = await run_answer(ctx, "mechanic", name=label)
        assert not reply.error, label
        expected = section.title + (f" – {section.document.set_name}" if section.document.set_name else "")
        assert reply.pages[0].title == expected


async def test_misprinted_numbers_are_marked_only_under_pure_headings(ctx):
    # Ravnica FAQ: "502.46. Einberufen" is followed by "502.32a …" (misprint); the Hybrid section quotes
    # 104.3, 104.3f and 203.2e, which are three different rules, no misprint.
    from bot.answers import run_answer

    convoke = await run_action(ctx, "mechanic_text", str((await find(ctx, "Einberufen")).id))
    text = "\n".join(p.body for p in convoke.pages)
    assert "**502.32a** (heute 702.51a; ⚠️ heute überholt) _(so gedruckt; gemeint ist 502.46a)_" in text
    hybrid = await run_answer(ctx, "mechanic", name="Hybrid")
    assert "gemeint ist" not in "\n".join(p.body for p in hybrid.pages)


async def test_a_keyword_without_a_section_answers_with_its_rule_and_the_rulings_that_use_it(ctx):
    """Goad (Aufstacheln, 701.15) has no mechanics section; 004 writes „angestachelt“ and „provoziert“ for it.
    ``/mechanik`` in any form of it answers with the term's rule and 004's rulings, each with the register's
    status and no term notice (the document of 2026 is current: no evidence of another German word since), and the
    autocomplete offers the keyword, which answers the same."""
    for form in ("Aufstacheln", "aufgestachelt", "stachelt auf", "angestachelt"):
        reply = await run_answer(ctx, "mechanic", name=form)
        assert not reply.error, form
        page = reply.pages[0]
        assert page.title == "Aufstacheln – Regel 701.15", form
        assert page.body.startswith("_Zu **Aufstacheln** haben die Dokumente des Bots keinen eigenen Mechanik-")
        assert "**Angestachelt** zu sein ist keine Fähigkeit, die die Kreatur hat." in page.body
        assert "statt „provozieren" not in page.body and "Heute andere Begriffe" not in page.body, form
    choices = await run_completer(ctx, mechanic_names, "stachelt auf")
    assert [c.value for c in choices] == ["Aufstacheln"]
    again = await run_answer(ctx, "mechanic", name=choices[0].value)
    assert again.pages[0].title == "Aufstacheln – Regel 701.15"
    # Provoke: 004's „provoziert“ is goad there, and the page says so (once: bot/answers/terms.py unused_line)
    provoke = await run_answer(ctx, "mechanic", name="provoziert")
    assert provoke.pages[0].title == "Provozieren – Regel 702.39"
    assert ("in Dokument 004 steht „provoziert“ für Aufstacheln (Goad, Regel 701.15), unten aufgeführt."
            in provoke.pages[0].body)
    # a form of an ordinary word (001 „verschwinden die Ladungsmarken“) is no keyword
    assert (await run_answer(ctx, "mechanic", name="verschwindet")).error
    assert (await run_answer(ctx, "mechanic", name="Verschwinden")).pages[0].title == "Verschwinden – Regel 702.63"


async def test_first_page_explains_in_german_when_only_the_rules_are_behind_the_button(ctx):
    # Wallung (Kälteeinbruch FAQ, 2006): today's 702.60a is English; the FAQ's own German explanation stands under
    # it on the first page, without its lead-in „… lauten wie folgt:“, whose rules are behind "Früher (2006)".
    reply = await run_answer(ctx, "mechanic", name="Wallung")
    first = reply.pages[0].body
    assert first.index("> **702.60a** Ripple is a triggered ability") < first.index(
        "Wallung ist eine ausgelöste Fähigkeit eines Zauberspruchs, die Wirkung hat, wenn du den Zauberspruch spielst."
    )
    assert "lauten wie folgt" not in first
    assert "„wirken“ statt „spielen“" in first
    assert "_Die Regeln von 2006 im Wortlaut: Knopf „Früher (2006)“._" in first
    assert "**502.56a** (heute 702.60a) Wallung ist eine ausgelöste Fähigkeit" in await history(ctx, reply)
    # Fehde (2007): the article's German opening sentence under today's 701.30.
    fehde = (await run_answer(ctx, "mechanic", name="Fehde")).pages[0].body
    assert "Fehde ist eine Schlüsselwort-Aktion, die einen kurzen Wettkampf erzeugt." in fehde


async def test_autocomplete_offers_the_section_of_a_term_by_its_other_names(ctx):
    # Replikation is an old name of Reproduktion (term table, 702.56); Haunt the English name of Spuk (702.55):
    # /mechanik finds both sections by them, and the box offers them while they are typed
    for typed, section in (("repl", "Reproduktion"), ("Replik", "Reproduktion"), ("haun", "Spuk")):
        assert section in [c.value for c in await run_completer(ctx, mechanic_names, typed)], typed
    own = [c.value for c in await run_completer(ctx, mechanic_names, "C")]
    assert own[:2] == ["Clash", "Chiffrieren"]  # a name's own matches first, the other names' sections after


@pytest.mark.parametrize(("typed", "title"), [
    ("haun", "Spuk"),  # a beginning of Spuk's English name Haunt, typed without choosing
    ("Replik", "Reproduktion"),  # of the old name Replikation
    ("tramp", "Trampelschaden"),  # the one keyword without a section the box offers (its rule, 702.19)
])
async def test_a_name_typed_without_choosing_answers_what_the_box_offers(ctx, typed, title):
    offered = [c.value for c in await run_completer(ctx, mechanic_names, typed)]
    assert offered == [title]
    reply = await run_answer(ctx, "mechanic", name=typed)
    assert not reply.error
    assert reply.pages[0].title.startswith(f"{title} – ")


async def test_a_slip_in_the_first_letters_is_offered(ctx):
    # „ripl“: one slip from „repl…“ (Replikation → Reproduktion) and from „rippl…“ (Ripple → Wallung)
    assert [c.value for c in await run_completer(ctx, mechanic_names, "ripl")] == ["Reproduktion", "Wallung"]
    assert (await mechanic_finder(ctx.store)).slipped(["spk"]) == []  # under MIN_SLIPPED letters
    reply = await run_answer(ctx, "mechanic", name="ripl")  # typed: offered to choose, not answered
    assert reply.error and reply.pages[0].title == "Keine Mechanik „ripl“ gefunden"
    assert reply.pages[0].body == "Meintest du:\n• Reproduktion\n• Wallung"
    assert [a.label for a in reply.choices] == ["Reproduktion", "Wallung"]


async def test_a_name_nothing_begins_stays_unknown(ctx):
    reply = await run_answer(ctx, "mechanic", name="xyzq")
    assert reply.error and reply.pages[0].title == "Keine Mechanik „xyzq“ gefunden"
    assert reply.pages[0].body.startswith("Bekannte Abschnitte: Fehde, Clash") and not reply.choices


@pytest.mark.parametrize(("typed", "title", "note"), [
    ("spuck", "Spuk – Gildenbund", "_Gelesen als **Spuk**, ähnlich geschrieben._\n"),  # a letter added
    ("blutdurts", "Blutdurst – Gildenbund", "_Gelesen als **Blutdurst**, ähnlich geschrieben._\n"),  # swapped
    ("trampelschadn", "Trampelschaden – Regel 702.19",  # a keyword without a section, a letter dropped
     "_Gelesen als **Trampelschaden** (englisch *Trample*), ähnlich geschrieben._\n"),
])
async def test_a_name_one_slip_off_is_answered_and_says_how_it_was_read(ctx, typed, title, note):
    assert [c.value for c in await run_completer(ctx, mechanic_names, typed)] == [title.split(" – ")[0]]
    reply = await run_answer(ctx, "mechanic", name=typed)
    assert not reply.error and reply.pages[0].title == title
    assert reply.pages[0].body.startswith(note)


@pytest.mark.parametrize("typed", ["spu", "Spuk", "spukt", "haun", "tramp"])
async def test_a_beginning_a_form_or_the_name_itself_gets_no_read_as_note(ctx, typed):
    reply = await run_answer(ctx, "mechanic", name=typed)
    assert not reply.error and "Gelesen als" not in reply.pages[0].body


@pytest.mark.parametrize(("typed", "offered"), [
    # keywords without a section that begin so (before: „Meintest du: Ausstrahlung“, a fuzzy match)
    ("aufst", ["Aufstacheln", "Aufstocken", "Aufstieg"]),
    ("fl", ["Fliegend", "Fluchsicher", "Fluchsicherheit", "Flankenangriff", "Flucht"]),  # before: „Keine Mechanik“
    # a section's title begins so, and keywords too (before: Reproduktion, Wallung, Fehde answered silently)
    ("re", ["Reproduktion", "Regenerieren", "Reichweite", "Reitkunst", "Rekonfigurieren", "Bergung"]),
    ("w", ["Wallung", "Wirken", "Abwerfen", "Weltenwandeln", "Wuchern", "Schurkische Wahl", "Wasserbändigen",
           "Landwandeln", "Wachsamkeit", "Wahnsinn"]),
    ("f", ["Fehde", "Fliegend", "Fluchsicher", "Fluchsicherheit", "Flankenangriff", "Furcht", "Fusion",
           "Fabrizieren", "Flucht", "Für Mirrodin!"]),
])
async def test_a_beginning_the_box_completes_several_ways_gets_the_boxs_choices(ctx, typed, offered):
    box = [c.value for c in await run_completer(ctx, mechanic_names, typed)]
    assert box[: len(offered)] == offered
    reply = await run_answer(ctx, "mechanic", name=typed)
    assert reply.error and reply.pages[0].title == f"Mehrere Mechaniken passen zu „{typed}“"
    assert [a.label for a in reply.choices] == offered
    assert reply.pages[0].body == "Meintest du:\n" + "\n".join(f"• {o}" for o in offered)
    first = await run_action(ctx, reply.choices[0].action, reply.choices[0].arg)  # each choice answers
    assert first.pages[0].title.startswith(offered[0])


@pytest.mark.parametrize("typed", ["zuschiessen", "Zuschießen", "doppeltem zuschiessen"])
async def test_a_title_with_sharp_s_is_found_typed_with_ss(ctx, typed):
    reply = await run_answer(ctx, "mechanic", name=typed)
    assert reply.pages[0].title == "Karten mit doppeltem Zuschießen – Kälteeinbruch"
    assert "kannst du zwei Karten einer bestimmten Farbe aus deiner Hand ganz aus dem Spiel entfernen" in (
        reply.pages[0].body)


@pytest.mark.parametrize("typed", ["zuschiess", "zuschieß", "doppelt zusch"])
async def test_autocomplete_offers_a_sharp_s_title_typed_with_ss(ctx, typed):
    choices = await run_completer(ctx, mechanic_names, typed)
    assert [c.name for c in choices] == ["Karten mit doppeltem Zuschießen"]


async def test_a_rule_number_a_section_quotes_names_that_section(ctx):
    # 001 prints „502.46. Einberufen“ and its rules 502.46b, 502.46c under the section Einberufen; before, the number
    # answered „Keine Mechanik „502.46“ gefunden“ with the list of every section
    from bot.answers import run_answer, run_completer
    from bot.answers.mechanics import mechanic_names

    for typed in ("502.46", "Regel 502.46", "502.46b"):
        page = (await run_answer(ctx, "mechanic", name=typed)).pages[0]
        assert page.title == "Einberufen – Ravnica: Stadt der Gilden", typed
    assert [c.value for c in await run_completer(ctx, mechanic_names, "502.46")][:1] == ["Einberufen"]
    # 000 quotes 701.19 (Clash) and 002 its German copy (Fehde): both offered
    reply = await run_answer(ctx, "mechanic", name="701.19")
    assert reply.error and reply.pages[0].body == "Meintest du:\n• Fehde\n• Clash"
    # today's number of a quoted rule names its section too: the register maps 001's 502.46 to 702.51 (Einberufen),
    # 502.50 to 702.54 (Blutdurst) and the misprinted 502.32a to 702.51a; 000's 701.19 is today 701.30 (Fehde, Clash)
    convoke = "Einberufen – Ravnica: Stadt der Gilden"
    for typed, title in (("702.51", convoke), ("Regel 702.51a", convoke), ("702.54", "Blutdurst – Gildenbund")):
        page = (await run_answer(ctx, "mechanic", name=typed)).pages[0]
        assert page.title == title, typed
    reply = await run_answer(ctx, "mechanic", name="701.30")
    assert reply.error and reply.pages[0].body == "Meintest du:\n• Fehde\n• Clash"
    # a number no section quotes, then or today, points to the rule search instead of listing every section
    for number in ("702.19", "702"):  # Trampelschaden has no section, nor have the keywords as a whole
        reply = await run_answer(ctx, "mechanic", name=number)
        assert reply.error and reply.pages[0].body == (
            f"Kein Abschnitt der Dokumente zitiert Regel {number}; die Regel zeigt `/regel suche: {number}`.")
    # … only where it answers: 702.19a is in no document (/regel suche: „Regel 702.19a nicht gefunden“)
    reply = await run_answer(ctx, "mechanic", name="702.19a")
    assert reply.error and reply.pages[0].body.startswith("Regel 702.19a gibt es in keinem Dokument des Bots")


@pytest.mark.parametrize(("typed", "title", "said"), [
    # CR 709 „Split Cards“ (data/terms_de_en.tsv: Geteilte Karte, 709); 001:2042 prints no rule number (its text of
    # 2006 behind „Früher (2006)“, today's 709.4 first)
    ("709", "Geteilte Karten – Zwietracht", "In every zone except the stack, the characteristics of a split card"),
    # CR 205.4g, the supertype snow (the table's Verschneit)
    ("205.4g", "Verschneite Karten und das Schnee-Manasymbol – Kälteeinbruch", "Der Übertypus „verschneit“"),
    # CR 105.2b „A multicolored object is two or more of the five colors.“ (Mehrfarbig)
    ("105.2b", "Mehrfarbig und Einfarbig – Zwietracht", "beziehen sich einige Karte auf „mehrfarbig“"),
    # a sub-rule names the section its rule names: the „Heute“ blocks of „Geteilte Karten“ quote 709.4 and 709.4b,
    # Einberufen's 702.51b; before „Kein Abschnitt der Dokumente zitiert Regel 709.4“ while 702.55a found Spuk
    ("709.4", "Geteilte Karten – Zwietracht", "709.4b"),
    ("709.4a", "Geteilte Karten – Zwietracht", "709.4b"),
    ("702.51b", "Einberufen – Ravnica: Stadt der Gilden", "702.51b"),
])
async def test_today_s_number_of_a_section_printing_none_names_it(ctx, typed, title, said):
    page = (await run_answer(ctx, "mechanic", name=typed)).pages[0]
    assert page.title == title and said in page.body
    assert [c.name for c in await run_completer(ctx, mechanic_names, typed)][:1] == [title.split(" – ")[0]]


async def test_the_ability_words_number_offers_its_two_sections(ctx):
    # CR 207.2c lists the ability words, among them radiance (Ausstrahlung) and hellbent (Versessenheit)
    reply = await run_answer(ctx, "mechanic", name="207.2c")
    assert reply.error and reply.pages[0].body == "Meintest du:\n• Ausstrahlung\n• Versessenheit"
    assert [c.value for c in await run_completer(ctx, mechanic_names, "207.2c")] == ["Ausstrahlung", "Versessenheit"]


async def test_every_section_quoting_a_rule_is_found_by_today_s_number(ctx):
    # each section that quotes a rule (001's 502.x, 000's 701.19) is named by the number the register gives it today
    finder = await mechanic_finder(ctx.store)
    today = {"Einberufen": "702.51", "Ausgraben": "702.52", "Transmutation": "702.53", "Blutdurst": "702.54",
             "Spuk": "702.55", "Reproduktion": "702.56", "Vorhersage": "702.57", "Pfropfen": "702.58",
             "Bergung": "702.59", "Wallung": "702.60", "Kumulative Versorgung": "702.24", "Fehde": "701.30",
             "Clash": "701.30", "Hybrid-Karten und Halbe-Halbe-Manasymbole": "107.4e"}
    for section, number in today.items():
        found = finder.resolve(number)
        assert section in [finder.sections[i].title for i in found.sections], (section, number)


async def test_an_old_english_name_the_section_prints_names_it(ctx):
    # 001:2781 (Kälteeinbruch): „Der Übertypus „verschneit“ ist wieder da, wurde auf Englisch allerdings von
    # „snow-covered“ in „snow“ umbenannt.“ Before, „snow-covered“ found no section.
    for typed in ("snow-covered", "Snow-Covered", "snow covered"):
        page = (await run_answer(ctx, "mechanic", name=typed)).pages[0]
        assert page.title == "Verschneite Karten und das Schnee-Manasymbol – Kälteeinbruch", typed
        assert "von „snow-covered“ in „snow“ umbenannt" in page.body


async def test_a_rule_number_no_document_has_names_no_mechanic_and_several_numbers_offer_each(ctx):
    # 709.4z is no rule (/regel suche: „Regel 709.4z nicht gefunden“): before, Geteilte Karten as for 709.4
    reply = await run_answer(ctx, "mechanic", name="709.4z")
    assert reply.error and reply.pages[0].title == "Keine Mechanik „709.4z“ gefunden"
    assert "Regel 709.4z gibt es in keinem Dokument des Bots" in reply.pages[0].body
    # 420.5e, a number of a rule no document has and no section quotes: before, „die Regel zeigt `/regel suche:
    # 420.5e`“, which answers „Regel 420.5e nicht gefunden“
    rule = await run_answer(ctx, "rule", search="420.5e")
    assert rule.error and rule.pages[0].title == "Regel 420.5e nicht gefunden"
    reply = await run_answer(ctx, "mechanic", name="420.5e")
    assert reply.error and reply.pages[0].title == "Keine Mechanik „420.5e“ gefunden"
    assert reply.pages[0].body.startswith("Regel 420.5e gibt es in keinem Dokument des Bots")
    assert "die Regel zeigt" not in reply.pages[0].body
    sub = await run_answer(ctx, "mechanic", name="709.4a")  # a rule of today: the section of 709.4 still
    assert not sub.error and sub.pages[0].title.startswith("Geteilte Karten")
    # two numbers: the section of each offered (before: „Keine Mechanik“ and every section's title)
    both = await run_answer(ctx, "mechanic", name="702.51b 709.4")
    assert both.error and both.pages[0].title == "Mehrere Mechaniken passen zu „702.51b 709.4“"
    assert [a.label for a in both.choices] == ["Einberufen", "Geteilte Karten"]
