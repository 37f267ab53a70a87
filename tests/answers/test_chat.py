"""Chat on the real store: card names in messages, "Meintest du" choices, the whole picture of a card,
private answers. Expected values from data/sources (file and line next to each)."""

from __future__ import annotations

import pytest

from bot.answers import run_action, run_answer
from bot.answers.chat import EXPLAIN_MAX, READ_MAX, carried, explain_options, inline_replies, message_cards
from bot.config import ConfigError, load_settings
from bot.console import CommandLine, UsageError
from bot.mentions import Mention, NameScanner, bracket_mentions, scanner
from bot.render import channel_payloads, choice_rows, payload
from bot.reply import SHARE, Action, Page, Reply, as_private
from bot.search import NameIndex
from tests.test_render import assert_within_limits, button_ids


def fields(reply: Reply) -> dict[str, str]:
    return {f.name: f.value for f in reply.pages[0].fields}


# ---------------------------------------------------------------- [[…]] and names in text


def test_bracket_mentions():
    text = "Erst [[Boros-Rekrut]], dann [[ Feld der Unterdrückung | rulings ]], [[ ]], nochmal [[Boros-Rekrut]]"
    assert bracket_mentions(text, 5) == [Mention("Boros-Rekrut"), Mention("Feld der Unterdrückung", True)]
    assert bracket_mentions("[[a]] [[b]] [[c]] [[d]] [[e]] [[f]] [[g]]", 5) == [Mention(n) for n in "abcde"]
    # a name longer than 200 characters is still asked about: read shortened, ending in „…“
    assert bracket_mentions("Boros-Rekrut [Boros-Rekrut] [[" + "x" * 300 + "]]", 5) == [Mention("x" * 199 + "…")]
    assert bracket_mentions("[[" * 3000, 5) == []


def test_scanner_finds_names_with_the_normalisation_of_karte(ctx):
    scan = scanner(ctx.names)
    names = ctx.names.card_names
    text = "Wer gewinnt, KRIMS//KRAMS oder boros rekrut? Und was ist mit Ueberstimmen."
    assert [names[i] for i in scan.scan(text, 10)] == ["Krims // Krams", "Boros-Rekrut", "Überstimmen"]
    # the half alone names the split card (001 line 2358); the longest name wins at a position
    assert [names[i] for i in scan.scan("Krims ist gut", 10)] == ["Krims // Krams"]
    assert [names[i] for i in scan.scan("(borosrekrut)", 10)] == ["Boros-Rekrut"]
    assert scanner(ctx.names) is scan  # built once per name index


def test_text_keys_equal_the_keys_of_each_word():
    from bot.mentions import _name_token_keys, _token_keys
    from bot.search import clean

    text = "Über-stimmen ÜBERSTIMMEN Straße, Krims//Krams | Äther-Plasma ‚x‘ ｜ 5 ²"
    assert _token_keys(clean(text)) == _name_token_keys(text)
    assert [k[1] for k in _token_keys(clean(text))][:4] == ["ueber", "stimmen", "ueberstimmen", "strasse"]


def test_scanner_needs_the_capital_letter_of_one_word_names(ctx):
    scan = scanner(ctx.names)
    assert scan.scan("Wir wollen das Spiel beschleunigen und standhalten.", 10) == []
    found = scan.scan("Beschleunigen oder Standhalten?", 10)
    assert [ctx.names.card_names[i] for i in found] == ["Beschleunigen", "Standhalten"]


def test_scanner_is_bounded_and_respects_the_limit(ctx):
    scan = scanner(ctx.names)
    flood = "Boros-Rekrut Chor des Konklave Krims // Krams " * 2000  # far beyond a message
    assert len(scan.scan(flood, 10)) == 3  # three distinct cards, each once
    assert len(scan.scan(flood, 2)) == 2


async def test_explain_message_pages_one_card_each(ctx):
    reply = await run_answer(ctx, "explain_message", text="krims // krams gegen Boros-Rekrut")
    assert [p.title for p in reply.pages] == ["Krims // Krams", "Boros-Rekrut"]
    assert [[a.label for a in p.actions or []] for p in reply.pages] == [
        ["Rulings anzeigen (1)", "Regeln für geteilte Karten"], ["Mechanik anzeigen"]]
    # bracketed names first, then the names written plainly; a bracketed name that fits no card is listed
    brackets = await run_answer(ctx, "explain_message", text="Boros-Rekrut auch, [[Chor des Konklave]] [[Xylophon]]")
    assert [p.title for p in brackets.pages] == ["Chor des Konklave", "Boros-Rekrut", "Nicht gefunden"]
    assert "• Xylophon" in brackets.pages[2].body
    # a name both bracketed and written plainly is explained once
    once = await run_answer(ctx, "explain_message", text="[[Krims]] und Krims // Krams und Boros-Rekrut")
    assert [p.title for p in once.pages] == ["Krims // Krams", "Boros-Rekrut"]


async def test_each_page_of_explain_message_carries_its_own_cards_buttons_as_karte_does(ctx):
    reply = await run_answer(ctx, "explain_message", text="Karten erklären: [[Boros-Rekrut]] und [[Krims // Krams]]")
    assert [p.title for p in reply.pages] == ["Boros-Rekrut", "Krims // Krams"]
    assert [[(a.label, a.action) for a in p.actions or []] for p in reply.pages] == [
        [("Mechanik anzeigen", "mechanic")],
        [("Rulings anzeigen (1)", "rulings"), ("Regeln für geteilte Karten", "split")]]
    for page, name in zip(reply.pages, ("Boros-Rekrut", "Krims // Krams"), strict=True):
        assert page.actions == (await run_answer(ctx, "card", name=name)).actions  # the same buttons as /karte
    one = await run_answer(ctx, "explain_message", text="[[Boros-Rekrut]]")
    assert [a.label for a in as_private(one).pages[0].actions or []] == ["Mechanik anzeigen", "Im Kanal teilen"]


async def test_explain_cards_is_what_a_button_carries(ctx):
    chor = ctx.names.resolve("Chor des Konklave").card_id
    reply = await run_answer(ctx, "explain_cards", ids=str(chor), missing="Xylophon")
    same = await run_answer(ctx, "explain_message", text="[[Chor des Konklave]] [[Xylophon]]")
    assert reply == same
    for forged in ("1,2,3,4,5,6,7,8,9,10,11", "-1", "1;DROP", "9" * 13, ",", "1,,2"):
        bad = await run_answer(ctx, "explain_cards", ids=forged)
        assert bad.error and bad.pages[0].title == "Ungültige Kartenliste", forged
    gone = await run_answer(ctx, "explain_cards", ids="999999")
    assert gone.error and gone.pages[0].title == "Keine Karten in dieser Nachricht gefunden"


async def test_explain_message_leaves_spoilered_names_hidden_also_from_its_share_button(ctx):
    # Its private answer can be posted to the channel („Im Kanal teilen“ carries the options): a name the writer hid
    # in ||…|| is not explained, and the answer says so; Blitzschlange (Kälteeinbruch) is written only in a spoiler.
    text = "Was macht [[Bestimmt]] und [[Gibtsnicht]] und ||[[Blitzschlange]]||?"
    reply = await run_answer(ctx, "explain_message", text=text)
    assert [p.title for p in reply.pages] == ["Bestimmt // Unbeirrt", "Nicht gefunden"]
    assert reply.pages[0].body.startswith("_Namen hinter Spoilern (\\|\\|…\\|\\|) werden hier nicht erklärt")
    assert not any("Blitzschlange" in a.label for a in reply.actions)
    # what its buttons carry (paging, „Im Kanal teilen“) says the same after a restart: the options are the id
    bestimmt = ctx.names.resolve("Bestimmt // Unbeirrt").card_id
    assert await run_answer(ctx, "explain_cards", ids=str(bestimmt), missing="Gibtsnicht", hidden="1") == reply
    only = await run_answer(ctx, "explain_message", text="Was macht ||Blitzschlange||?")
    assert only.error and "Namen hinter Spoilern" in only.pages[0].body
    # a name hidden anywhere in a spoiler: in brackets around it, plainly, as a card's short name (Szadek, Herr der
    # Geheimnisse: „Szadek“, CR 201.5c) or misspelt; the name itself stays out of the answer
    for hiding in ("[[||Szadek||]]", "Was macht ||Szadek||?", "||[[Szadek]]||", "[[||Blitzschlang||]]",
                   "Was ist ||mit [[Szadek|rulings]]||?", "Wer gewinnt ||Boros-Rekrut gegen Bestimmt||?"):
        hidden = await run_answer(ctx, "explain_message", text=hiding)
        assert hidden.error and "Namen hinter Spoilern" in hidden.pages[0].body, hiding
        assert "Szadek" not in hidden.pages[0].body and "Blitzschlang" not in hidden.pages[0].body
    # a spoiler that hides no name says nothing; the same name written openly is explained
    for empty in ("Was macht ||nichts hier||?", "[[||gg||]]"):
        assert "Spoiler" not in (await run_answer(ctx, "explain_message", text=empty)).pages[0].body, empty
    plain = await run_answer(ctx, "explain_message", text="[[Blitzschlange]] ||gg||")
    assert [p.title for p in plain.pages] == ["Blitzschlange"] and "Spoiler" not in plain.pages[0].body


async def test_explain_message_says_when_a_bracketed_name_was_a_typo_also_on_its_buttons(core):
    # „Borso-Rekrut“ is read as Boros-Rekrut (RAV FAQ) as /karte reads it, and the page says so in /karte's line;
    # the buttons carry the typed name, so paging and sharing show the line again
    said = "_„Borso-Rekrut“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut._\n"
    cli = CommandLine(core)
    reply, origin = await cli.invoke("Karten erklären: Was macht [[Borso-Rekrut]] gegen [[Krims]]?")
    assert [p.title for p in reply.pages] == ["Boros-Rekrut", "Krims // Krams"]
    assert reply.pages[0].body.startswith(said)
    assert "steht so nicht" not in reply.pages[1].body  # „Krims“ is a half's name, no typo
    assert origin is not None and origin.kwargs["typed"] == "Borso-Rekrut"
    share = [b["custom_id"] for b in button_ids(payload(reply, 0, origin)) if b["custom_id"].startswith("rb:sh:")]
    assert len(share) == 1 and share[0].endswith(",,Borso-Rekrut") and len(share[0]) <= 100
    shared = await cli.press(share[0])
    assert not shared.reply.error and shared.reply.pages[0].body.startswith(said)
    turned = await cli.press(next(b["custom_id"] for b in button_ids(payload(reply, 0, origin))
                                  if b["custom_id"].startswith("rb:pg:2:")))
    assert turned.page == 1 and turned.reply.pages[0].body.startswith(said)
    # the name written right says nothing
    exact = await cli.call("Karten erklären: Was macht [[Boros-Rekrut]]?")
    assert "steht so nicht" not in exact.pages[0].body


async def test_a_forged_typed_name_makes_the_explain_button_say_nothing_untrue(ctx):
    boros = ctx.names.resolve("Boros-Rekrut").card_id
    krims = ctx.names.resolve("Krims // Krams").card_id
    plain = await run_answer(ctx, "explain_cards", ids=str(boros))
    # a name that is no typo of a shown card (a forged button, or the store changed) adds no line
    for forged in ("@everyone", "Boros-Rekrut", "Krims", "\n" * 20, "x" * 500):
        assert await run_answer(ctx, "explain_cards", ids=str(boros), typed=forged) == plain, forged[:20]
    many = await run_answer(ctx, "explain_cards", ids=str(boros), typed="Borso-Rekrut\n" * 20)
    assert many.pages[0].body.count("steht so nicht in der Datenbank") == 1
    other = await run_answer(ctx, "explain_cards", ids=str(krims), typed="Borso-Rekrut")
    assert other == await run_answer(ctx, "explain_cards", ids=str(krims))
    # a typo in markdown is echoed without its marks (as typed plainly), the rest escaped; before „\\*Boros-Rekru\\*“
    marked = await run_answer(ctx, "explain_cards", ids=str(boros), typed="*Boros-Rekru*")
    assert marked.pages[0].body.startswith(
        "_„Boros-Rekru“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut._\n")


async def test_explain_message_at_most_ten_cards_and_names_those_left_out(ctx):
    names = sorted(ctx.names.card_names.values())
    many = " ".join(f"[[{name}]]" for name in names[:14])
    reply = await run_answer(ctx, "explain_message", text=many)
    assert len(reply.pages) == EXPLAIN_MAX
    assert_within_limits(payload(as_private(reply)))
    assert names[10:14] == ["Auge des Sturms", "Auraumwobener Magier", "Ausgenutzte Zeit", "Azorius-Herold"]
    line = ("_ℹ️ Höchstens 10 Karten je Antwort; nicht erklärt: „Auge des Sturms“, „Auraumwobener Magier“, "
            "„Ausgenutzte Zeit“, „Azorius-Herold“. Frag sie mit `/karte` oder „Karten erklären“ auf einer Nachricht, "
            "die nur sie nennt._\n")
    assert reply.pages[0].body.startswith(line) and all(line not in p.body for p in reply.pages[1:])
    # the buttons carry them: turning the page („Weiter“, „Zurück“) shows the same pages
    options = explain_options(ctx, many)
    assert carried(options) and await run_answer(ctx, "explain_cards", **options) == reply
    # more than the buttons carry: the first named, the others counted; never more than the line's bound
    flood = await run_answer(ctx, "explain_message", text=" ".join(f"[[{name}]]" for name in names[:30]))
    assert "„Balduvianischer Zorn“ und 11 weitere. Frag sie" in flood.pages[0].body
    for forged in ("abc", "99999999", "1" * 13, "+1000", "1." * 30):  # the count has at most three digits
        assert await run_answer(ctx, "explain_cards", ids="1", more=forged) == await run_answer(
            ctx, "explain_cards", ids="1"), forged


def test_a_message_is_read_once_for_the_cards_it_explains_and_those_it_leaves_out(ctx, monkeypatch):
    names = sorted(ctx.names.card_names.values())
    text = " ".join(f"[[{name}]]" for name in names[:12]) + " und " + ", ".join(names[14:17])
    scans: list[int] = []
    lookups: list[str] = []
    scan, lookup = NameScanner.matches, NameIndex.lookup
    monkeypatch.setattr(NameScanner, "matches", lambda s, t, limit: scans.append(limit) or scan(s, t, limit))
    monkeypatch.setattr(NameIndex, "lookup", lambda s, q, *a: lookups.append(q) or lookup(s, q, *a))
    found = message_cards(ctx, text)
    # one scan of the plain text, one look-up per bracketed name
    assert scans == [READ_MAX] and lookups == names[:12]
    assert [ctx.names.card_names[i] for i in found.ids] == names[:10]
    # the later mentions first, then the names written plainly
    assert [ctx.names.card_names[i] for i in found.more] == [
        "Auge des Sturms", "Auraumwobener Magier", "Azorius-Tricks", "Azorius-Äthermagier",
        "Balduvianischer Frostrufer"]
    assert explain_options(ctx, text)["more"] == ".".join(map(str, found.more))
    # fewer than ten cards: nothing is left out
    assert message_cards(ctx, ", ".join(names[14:17])).more == []


async def test_explain_message_without_cards_is_a_german_error(ctx):
    reply = await run_answer(ctx, "explain_message", text="Hallo zusammen!")
    assert reply.error and reply.pages[0].title == "Keine Karten in dieser Nachricht gefunden"
    assert "`[[Boros-Rekrut]]`" in reply.pages[0].body
    # the documents name their cards in German only: English names are found after `build --cards` alone
    assert "Kartennamen (deutsch) werden im Text erkannt" in reply.pages[0].body


async def test_inline_replies(ctx):
    replies = await inline_replies(ctx, "[[Boros-Rekrut]] [[Feld der Unterdrückung|rulings]] [[Konklave]]")
    assert [r.pages[0].title for r in replies] == [
        "Boros-Rekrut",
        "Rulings: Feld der Unterdrückung (1)",
        "Keine Karte „Konklave“ gefunden",
    ]
    # 001 line 385: the one ruling of Feld der Unterdrückung
    assert "keinen Einfluss auf statische Fähigkeiten" in replies[1].pages[0].body
    assert [c.label for c in replies[2].choices] == ["Konklavenequidonaut", "Chor des Konklave"]
    assert await inline_replies(ctx, "kein Klammerpaar") == []
    # 002: 13 rulings on Getrieben // Verzweiflung, more than one page: a button opens all of them
    (many,) = await inline_replies(ctx, "[[Getrieben // Verzweiflung|rulings]]")
    assert many.pages[0].title == "Rulings: Getrieben // Verzweiflung (13)"
    assert (many.actions[0].action, many.actions[0].label) == ("rulings", "Alle Rulings (zum Blättern)")
    six = await inline_replies(ctx, "[[Boros-Rekrut]]" * 3 + "".join(f"[[{n}]]" for n in "abcdef"))
    assert len(six) == 5


async def test_inline_answers_each_card_once_and_keeps_spoilers_hidden(ctx):
    text = "`[[Boros-Rekrut]]` ||[[Boros-Rekrut]] [[Getrieben]]|| [[Krims]] [[krims]] [[Krams]] [[Krims // Krams]]"
    replies = await inline_replies(ctx, text)
    assert [r.pages[0].title for r in replies] == ["Boros-Rekrut", "Krims // Krams"]
    assert await inline_replies(ctx, "Spoiler: ||[[Getrieben // Verzweiflung]]||") == []
    assert len(await inline_replies(ctx, "||nur ein Strich|| [[Krims]] || offen")) == 1
    # a name that fits no card once, after the cards found; the card and its rulings are two answers
    replies = await inline_replies(ctx, "[[xyz]] [[XYZ]] [[Krims|rulings]] [[Krims]]")
    assert [r.pages[0].title for r in replies] == [
        "Rulings: Krims // Krams (1)", "Krims // Krams", "Keine Karte „xyz“ gefunden"]
    # names that fit no card never push out a card the message names
    replies = await inline_replies(ctx, "[[a]][[b]][[c]][[d]][[e]][[f]][[Boros-Rekrut]]")
    assert [r.pages[0].title for r in replies] == [
        "Boros-Rekrut", "Keine Karte „a“ gefunden", "Keine Karte „b“ gefunden", "Keine Karte „c“ gefunden",
        "Keine Karte „d“ gefunden"]
    # repeats do not use up the five answers
    replies = await inline_replies(ctx, "[[Krims]]" * 4 + "[[Krams]][[Boros-Rekrut]]")
    assert [r.pages[0].title for r in replies] == ["Krims // Krams", "Boros-Rekrut"]


async def test_inline_rulings_of_a_card_with_only_section_rulings(ctx):
    # Konklavenequidonaut (Ravnica FAQ): no rulings of its own, the 4 rulings of "Einberufen" follow
    (reply,) = await inline_replies(ctx, "[[Konklavenequidonaut|rulings]]")
    assert reply.pages[0].title == "Rulings: Konklavenequidonaut (0 eigene · 4 aus Abschnitt „Einberufen“)"
    assert reply.pages[0].body.startswith("Zu Konklavenequidonaut selbst gibt es in den Dokumenten keine eigenen "
                                          "Rulings; es folgen 4 Rulings aus dem Abschnitt „Einberufen“")
    assert (reply.actions[0].label, reply.actions[0].action) == ("Rulings der Abschnitte (zum Blättern)", "rulings")


async def test_channel_payloads_respect_discords_limits(ctx):
    names = ["Forschung // Entwicklung", "Krims // Krams", "Goblin-Feuerunhold", "Konklave", "Hysterie hervorrufen"]
    replies = await inline_replies(ctx, "".join(f"[[{n}]]" for n in names))
    messages = channel_payloads(replies)
    assert [e["title"] for m in messages for e in m["embeds"]] == [r.pages[0].title for r in replies]
    for m in messages:
        assert_within_limits(m)
        assert len(m["embeds"]) <= 10 and len(m["components"]) <= 5
        ids = [c["custom_id"] for row in m["components"] for c in row["components"]]
        assert len(ids) == len(set(ids))  # both split cards had the split-rules button: once per message
        assert not [i for i in ids if i.startswith(("rb:pg:", "rb:sh:"))]  # no paging, nothing to share


# ---------------------------------------------------------------- "Meintest du"


async def test_unknown_card_offers_its_candidates_as_buttons(ctx):
    reply = await run_answer(ctx, "card", name="Konklave")
    assert [(c.action, c.label) for c in reply.choices] == [
        ("card", "Konklavenequidonaut"),
        ("card", "Chor des Konklave"),
    ]
    (row,) = payload(reply)["components"]
    assert [(c["type"], c["style"]) for c in row["components"]] == [(2, 1), (2, 1)]  # primary buttons
    picked = await run_action(ctx, "card", reply.choices[1].arg)
    assert picked.pages[0].title == "Chor des Konklave"


async def test_ambiguous_mechanic_offers_a_select_menu(ctx):
    reply = await run_answer(ctx, "mechanic", name="Ver")
    labels = [c.label for c in reply.choices]
    # what the autocomplete offers for „Ver“: the sections, then keywords without a section (Verdoppeln, …)
    assert labels[:3] == ["„Verbesserte“ Zaubersprüche", "„Verbesserte“ Kreaturen (Gildenbund)", "Versessenheit"]
    assert "Kumulative Versorgung" in labels and "Verdoppeln" in labels and len(labels) == 10
    ((menu,),) = [row["components"] for row in payload(reply)["components"]]
    assert (menu["type"], menu["custom_id"], len(menu["options"])) == (3, "rb:mechanic_pick:", 10)
    picked = await run_action(ctx, "mechanic_pick", next(c.arg for c in reply.choices if c.label == "Versessenheit"))
    assert picked.pages[0].title.startswith("Versessenheit")
    keyword = await run_action(ctx, "mechanic_pick", "Verdoppeln")
    assert keyword.pages[0].title == "Verdoppeln – Regel 701.10"


async def test_mechanic_pick_refuses_what_the_bot_never_offers(ctx):
    # the menu offers a section by its id and only a keyword without a section (Verdoppeln, 701.10) by its name:
    # Spuk has a section (Gildenbund FAQ), so its name in rb:mechanic_pick is forged; Arabic-Indic digits ١٤
    # (int() reads 14) are no id; both get the reply of every forged button, not a search's "nicht gefunden"
    for forged in ("Spuk", "\u0661\u0664", "Spukk"):
        refused = await run_action(ctx, "mechanic_pick", forged)
        assert refused.error and refused.pages[0].title == "Unbekannte Schaltfläche", forged
    stale = await run_action(ctx, "mechanic_pick", "999999")  # an ASCII id no section has: a stale button
    assert stale.pages[0].title == "Mechanik nicht gefunden"


async def test_unknown_rule_number_offers_the_nearest_numbers(ctx):
    reply = await run_answer(ctx, "rule", search="502.15")
    numbers = [c.arg for c in reply.choices]
    # Kälteeinbruch FAQ: 502.13 (cumulative upkeep, 2006 numbering) is the only close number (no far ones).
    assert numbers == ["502.13", "502.13a", "502.13b"]
    assert all(c.action == "rule" for c in reply.choices)


def test_choice_rows_buttons_then_select():
    few = [Action(label=f"K{i}", action="card", arg=str(i)) for i in range(1, 6)]  # row ids begin at 1
    assert [c["custom_id"] for c in choice_rows(few)[0]] == [f"rb:card:{i}" for i in range(1, 6)]
    many = [Action(label="x" * 150, action="card", arg=str(i)) for i in range(1, 31)]
    ((menu,),) = choice_rows(many)
    assert len(menu["options"]) == 25 and all(len(o["label"]) == 100 for o in menu["options"])


# ---------------------------------------------------------------- the whole picture of a card


async def test_split_card_mana_value_today_and_2006(ctx):
    reply = await run_answer(ctx, "card", name="Krims // Krams")
    f = fields(reply)
    # 001 lines 2359/2364: {U}{R} and {3}{R}{W}; 002 line 53: today the sum; Zwietracht FAQ: two values
    assert f["Manawert heute"].startswith("7 (2 + 5")
    assert f["Manawert 2006"].startswith("2 und 5")
    assert f["Farben heute"].startswith("blau, rot und weiß")
    assert f["Farben 2006"] == "Krims: blau und rot · Krams: rot und weiß"
    assert ("split", "Regeln für geteilte Karten") in [(a.action, a.label) for a in reply.actions]


async def test_normal_card_mana_value_and_colours(ctx):
    f = fields(await run_answer(ctx, "card", name="Boros-Rekrut"))  # {R/W}: 1, both colours (203.2e)
    assert (f["Manawert"], f["Farben"]) == ("1", "rot und weiß")
    assert "Manawert" not in fields(await run_answer(ctx, "card", name="Getrieben // Verzweiflung"))  # no cost


@pytest.mark.parametrize(
    ("name", "field_name", "new_text"),
    [
        ("Goblin-Feuerunhold", "Erratum", "Der Goblin-Feuerunhold muss geblockt werden, falls möglich."),  # 001:529
        ("Hysterie hervorrufen", "Erratum", "Ausstrahlung -- Bis zum Ende des Zuges erhalten eine Kreatur"),  # :632
        ("Forschung // Entwicklung", "Erratum (Entwicklung)", "falls dir nicht ein beliebiger Gegner gestattet"),
    ],
)
async def test_errata_of_the_faq(ctx, name, field_name, new_text):
    f = fields(await run_answer(ctx, "card", name=name))
    assert new_text in f[field_name]
    assert "neuer Text laut FAQ vom" in f[field_name]


async def test_card_without_erratum_has_none(ctx):
    assert not [n for n in fields(await run_answer(ctx, "card", name="Feld der Unterdrückung")) if "Erratum" in n]


async def test_split_rules_button(ctx):
    reply = await run_action(ctx, "split", "")
    titles = [p.title for p in reply.pages]
    assert titles[0] == "Geteilte Karten – Zwietracht"  # 001 line 2042
    assert titles[-1].startswith("Geteilte Karten: Rulings seit 2017")
    text = "\n".join(p.body for p in reply.pages)
    assert "„5 und 2“" in text  # the 2006 ruling (001 line 2059) …
    assert "ihr Manawert ist 6" in text  # … and the 2017 change (002 line 53)
    assert "Zwietracht" in (reply.source or "") and "Getrieben // Verzweiflung" in (reply.source or "")


# ---------------------------------------------------------------- private answers


def test_as_private():
    reply = Reply(pages=[Page("x")], actions=[Action(label=str(i), action="card", arg=str(i)) for i in range(20)])
    private = as_private(reply)
    assert private.ephemeral and private.actions[-1] == SHARE and len(private.actions) == 20
    assert as_private(private).actions.count(SHARE) == 1
    error = Reply.fail("Fehler")
    assert as_private(error) is error
    paged = as_private(Reply(pages=[Page("a", actions=[Action("x", "card", "1")]), Page("b")]))
    assert paged.pages[0].actions == [Action("x", "card", "1"), SHARE] and paged.pages[1].actions is None


async def test_privat_option_in_the_console(core):
    cli = CommandLine(core)
    private = await cli.call("/karte name: Boros-Rekrut privat: ja")
    assert private.ephemeral and private.actions[-1].label == "Im Kanal teilen"
    public = await cli.call("/karte name: Boros-Rekrut privat: nein")
    assert not public.ephemeral and SHARE not in public.actions
    assert (await cli.call("/card name: Boros-Rekrut private: true")).ephemeral


async def test_message_command_in_the_console(core):
    cli = CommandLine(core)
    reply, origin = await cli.invoke("Karten erklären: Wer gewinnt, Krims // Krams oder [[Boros-Rekrut]]?")
    # [[…]] first, then the names written plainly; private as on Discord
    assert [p.title for p in reply.pages] == ["Boros-Rekrut", "Krims // Krams"] and reply.ephemeral
    assert origin is not None and origin.key == "explain_cards"
    text = await cli.call("Explain cards: Wer gewinnt, Krims // Krams oder Boros-Rekrut?")
    assert [p.title for p in text.pages] == ["Krims // Krams", "Boros-Rekrut"]
    assert (await cli.call("karten erklaeren: Hallo")).pages[0].title == "Keine Karten in dieser Nachricht gefunden"
    with pytest.raises(UsageError, match="oder „Karten erklären: <Text einer Nachricht>“"):
        await cli.call("Was macht [[Boros-Rekrut]]?")


# ---------------------------------------------------------------- settings


def test_inline_cards_setting(monkeypatch, tmp_path):
    from bot.gateway.client import intents_for

    env = tmp_path / ".env"
    env.write_text("")
    monkeypatch.delenv("INLINE_CARDS", raising=False)
    off = load_settings(env)
    assert off.inline_cards is False and not intents_for(off).message_content
    monkeypatch.setenv("INLINE_CARDS", "1")
    on = load_settings(env)
    assert on.inline_cards is True
    assert intents_for(on).message_content and intents_for(on).guild_messages
    monkeypatch.setenv("INLINE_CARDS", "vielleicht")
    with pytest.raises(ConfigError, match="INLINE_CARDS"):
        load_settings(env)


async def test_long_unknown_names_are_listed_shortened_with_an_ellipsis(ctx):
    # „…mit langem Namen“ has 41 characters, the second name 300: both fit no card and both are listed, cut to 40
    text = "[[Boros-Rekrut]] [[Unbekannte Karte Nummer 0 mit langem Namen]] [[" + "x" * 300 + "]]"
    reply = await run_answer(ctx, "explain_message", text=text)
    assert [p.title for p in reply.pages] == ["Boros-Rekrut", "Nicht gefunden"]
    assert reply.pages[1].body == ("Zu diesen Namen gibt es keine Karte:\n"
                                   "• Unbekannte Karte Nummer 0 mit langem Na…\n"
                                   "• " + "x" * 39 + "…")


async def test_explained_cards_pages_each_name_their_own_source(ctx):
    from bot.page_fit import footer_text

    reply = await run_answer(ctx, "explain_message", text="Was macht [[Boros-Rekrut]] und [[Tarmogoyf]]?")
    assert [p.title for p in reply.pages] == ["Boros-Rekrut", "Nicht gefunden"]
    footers = [footer_text(reply, i, len(reply.pages), p.source) for i, p in enumerate(reply.pages)]
    assert footers == ["Quelle: Ravnica: Stadt der Gilden – Häufig gestellte Fragen · Seite 1/2", "Seite 2/2"]
    two = await run_answer(ctx, "explain_message", text="Was macht [[Boros-Rekrut]] und [[Schnellvorlauf]]?")
    assert [footer_text(two, i, 2, p.source) for i, p in enumerate(two.pages)] == [
        "Quelle: Ravnica: Stadt der Gilden – Häufig gestellte Fragen · Seite 1/2",
        "Quelle: Rulings zu Schnellvorlauf · Seite 2/2"]


def test_names_that_fit_no_card_take_no_place_of_the_cards_a_message_names(ctx):
    # four bracketed names of no card among twenty cards: ten cards explained, the ten others named as left out
    # (no card of the message is dropped without a word), the four names said to fit no card
    names = sorted(ctx.names.card_names.values())
    nothing = ["Qqqqxx", "Zzzzyy", "Xxxxww", "Vvvvkk"]
    found = message_cards(ctx, " ".join(f"[[{name}]]" for name in nothing + names[:20]))
    assert found.missing == nothing
    assert [ctx.names.card_names[i] for i in found.ids] == names[:10]
    assert [ctx.names.card_names[i] for i in found.more] == names[10:20]

