"""``/frage`` on questions a new user asked (none of them in a question set): each answer is the document's own
passage that answers it, by a rule about a kind of question or passage, not about the one question."""

from __future__ import annotations

from bot.definitions import definition_subjects
from bot.headings import answers_nothing
from bot.ranking import ranker


async def ranked_keys(ctx, question: str, depth: int = 5) -> list[str]:
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=depth)
    return [h.passage.key for h in found.hits]


async def test_a_word_inside_a_compound_names_no_card(ctx):
    r = await ranker(ctx.store)
    # „Zeit“ is a rare word of the card name „Ausgenutzte Zeit“, but in „Spontanzauberzeit“ only a compound part:
    # no card is named, and the card's ruling (001 line 256, „Sind weniger als drei Karten in deiner Bibliothek …“)
    # does not lead.
    question = "wann ist meine Spontanzauberzeit"
    found = await r.search(ctx.store, question, ctx.names, limit=5)
    assert found.cards == []
    assert "001:256" not in [h.passage.key for h in found.hits]
    # the card's whole name, or a rare name word standing alone, still names it
    zeit = (await r.search(ctx.store, "ausgenutzte zeit", ctx.names, limit=1)).cards
    assert [ctx.names.card_names[c] for c in zeit] == ["Ausgenutzte Zeit"]


async def test_a_definition_question_gets_the_term_not_a_ruling_that_mentions_it(ctx):
    # No document defines the mana value; the term table's row does: „Manawert (englisch Mana Value): Regelbegriff,
    # heute Regel 202.3. Früher: umgewandelte Manakosten.“ — not 001's Einberufen ruling („Einberufen ändert nichts
    # an den Manakosten oder den umgewandelten Manakosten des Zauberspruchs.“, line 84).
    for question in ("was sind umgewandelte manakosten", "was ist der manawert"):
        keys = await ranked_keys(ctx, question)
        assert keys[0] == "term:Manawert", (question, keys)
    term = await ctx.store.passage_by_key("term:Manawert")
    assert term is not None and "heute Regel 202.3" in term.text


async def test_a_quoted_phrase_after_a_noun_is_what_a_sentence_defines(ctx):
    # 003 line 190 defines „für Mana tappen“, not „Permanent“; 003 line 341 „Ein Permanent ist eine Karte oder ein
    # Spielstein im Spiel.“ is the definition of a Permanent.
    tapping = await ctx.store.passage_by_key("003:190")
    assert tapping is not None and tapping.text.startswith("Ein Permanent „für Mana tappen“ heißt")
    assert definition_subjects(tapping.text) == ["für Mana tappen"]
    assert definition_subjects("Der Übertypus „verschneit“ ist wieder da.") == ["verschneit"]
    assert (await ranked_keys(ctx, "was ist ein permanent"))[0] == "003:341"
    assert (await ranked_keys(ctx, "was heißt für mana tappen"))[0] == "003:190"


async def test_a_bare_heading_does_not_win_over_a_passage_that_answers(ctx):
    # 000 prints rule 701.19 as only „Fehden“ (line 3); the ruling „Es gibt in einer Fehde weder Remis noch
    # Niederlage. Entweder gewinnst du oder nicht.“ (line 20) answers.
    heading = await ctx.store.passage_by_key("000:3")
    assert heading is not None and heading.text == "Fehden" and answers_nothing(heading)
    keys = await ranked_keys(ctx, "fehde gleichstand")
    assert keys[0] == "000:20" and "000:3" not in keys
    # 001 prints rule 502.46 as only „Einberufen“ (line 69): a heading too; a short ruling is none (line 877)
    for key, heading_only in (("001:69", True), ("001:877", False), ("003:219", False)):
        passage = await ctx.store.passage_by_key(key)
        assert passage is not None and answers_nothing(passage) is heading_only, key


async def test_a_passage_on_the_named_cards_kind_beats_the_cards_unrelated_ruling(ctx):
    # Krims // Krams is a split card revealed in a clash: 000's ruling (line 25) „Falls einer oder mehrere der sich
    # befehdenden Spieler eine geteilte Karte aufdeckt, werden die umgewandelten Manakosten beider Hälften
    # unabhängig voneinander betrachtet. …“ answers, not Krims's coin flip („Der Münzwurf von Krims hat keinen
    # Sieger oder Verlierer …“, 001 line 2368).
    keys = await ranked_keys(ctx, "krims krams aufdecke wer gewinnt")
    assert keys[:2] == ["000:25", "001:2368"], keys
    # a question about the coin flip keeps the card's ruling first, and a question about the card's colour its text
    assert (await ranked_keys(ctx, "krims münzwurf wer gewinnt"))[0] == "001:2368"
    assert (await ranked_keys(ctx, "welche farbe hat krims krams"))[0] == "001:2358"
    # a card that is no split card makes no split-card passage its own (Boros-Rekrut, 001 line 26)
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "boros-rekrut aufdecken fehde", ctx.names, limit=5)
    assert all("card" not in h.parts for h in found.hits if h.passage.card_id is None)


async def test_an_enumeration_defines_its_subject(ctx):
    # 003 line 351 „Es gibt sechs Permanenttypen: Artefakt, Schlacht, Kreatur, Verzauberung, Land und Planeswalker.“
    # answers „welche … gibt es“, not the term row „Permanenttyp (englisch Permanent Type): Regelbegriff, heute
    # Regel 110.4.“; „Es gibt mehrere Möglichkeiten, die Partie zu gewinnen“ (003 line 114) names no subject.
    listing = await ctx.store.passage_by_key("003:351")
    assert listing is not None and listing.text.startswith("Es gibt sechs Permanenttypen: Artefakt, Schlacht")
    assert definition_subjects(listing.text) == ["Permanenttypen"]
    assert definition_subjects("Es gibt mehrere Möglichkeiten, die Partie zu gewinnen: …") == []
    # the verb in any case, and in letters whose lower case is no ASCII letter (long s, dotted I): read as before
    assert definition_subjects("ES GIBT DREI Kartentypen: a, b, c.") == ["Kartentypen"]
    assert definition_subjects("Eine Marke İST ein Objekt.") == ["Marke"]
    assert definition_subjects("Die Marken ſind Objekte.") == ["Marken"]
    assert definition_subjects("Ein Stapel MEANS gar nichts. Flash\tis a keyword.") == ["Stapel", "Flash"]
    assert definition_subjects("Flash is not a spell. Discard this card.") == []
    assert (await ranked_keys(ctx, "welche permanenttypen gibt es"))[0] == "003:351"
    # 001 line 157 „Es gibt vier „Doppelländer“ in Set _Ravnica_: Überwachsene Grabstätte, …“
    assert (await ranked_keys(ctx, "welche doppelländer gibt es in ravnica"))[0] == "001:157"


async def test_a_passage_saying_the_verb_in_the_second_person_meets_the_question(ctx):
    # 001 line 1667 says the sacrifice as „opferst“: read as „opfern“, it holds the question's „geopferte“ and
    # leads, not line 1669 („… dann würde das Opfern einer an sie angelegten Aura …“), which only shares the noun.
    keys = await ranked_keys(ctx, "muss die geopferte aura an der sammlerin der günste hängen")
    assert keys[0] == "001:1667", keys
    ruling = await ctx.store.passage_by_key("001:1667")
    assert ruling is not None
    assert ruling.text == "Die Aura, die du opferst, muss nicht an die Sammlerin der Günste angelegt sein."


async def test_a_permission_question_gets_the_sentence_that_allows_its_action(ctx):
    # „kann ich hybrid mit nur rot bezahlen“ asks about paying: 001's rule 104.3f (today 107.4e) answers it in one
    # sentence with a modal verb („{W/U} in Kosten kann mit entweder weißem oder blauem Mana bezahlt werden“); 001's
    # ruling on a hybrid card's colours names the payment only in its „unabhängig davon, …“ clause and led before.
    rule = await ctx.store.passage_by_key("001:37")
    colours = await ctx.store.passage_by_key("001:42")
    assert rule is not None and "{W/U} in Kosten kann mit entweder weißem oder blauem Mana bezahlt werden" in rule.text
    assert colours is not None and colours.text.startswith("Eine Hybrid-Karte hat alle Farben")
    keys = await ranked_keys(ctx, "kann ich hybrid mit nur rot bezahlen")
    assert keys[0] == "001:37" and "001:42" in keys[1:]


async def test_what_does_a_mechanic_do_leads_with_its_definition_not_a_ruling_that_says_macht(ctx):
    # „macht“ of „was macht X“ asks for X's definition (001:2869 „Wallung ist eine ausgelöste Fähigkeit eines
    # Zauberspruchs …“); the ruling 001:2887 „Versucht ein Effekt, etwas Unmögliches zu tun, macht er davon nur so
    # viel wie möglich.“ held the word and led
    for question in ("Was macht Wallung genau?", "was macht Wallung"):
        keys = await ranked_keys(ctx, question)
        assert keys[0] == "001:2869", question
    # the verb still counts where the question asks no definition
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "macht Wallung Schaden", ctx.names, limit=1)
    assert not found.analysis.definition and "mach" in found.analysis.terms
