""""Karten erklären" reads the names written plainly in a message as ``/karte`` reads a typed name: a split card's
halves without „//“ (CR 709.1; Krims // Krams, 001 Zwietracht-FAQ), a legend's shortened name (CR 201.5c; Szadek,
Herr der Geheimnisse, 001 Ravnica-FAQ), a slip; and it says which words of card names it could not read as a card.
"""

from __future__ import annotations

from bot.answers import run_answer
from bot.mentions import scanner
from bot.message_names import plain_names
from bot.search import NameIndex

SZADEK = "Szadek, Herr der Geheimnisse"


def names_of(ctx, ids: list[int]) -> list[str]:
    return [ctx.names.card_names[i] for i in ids]


async def test_a_shortened_name_written_plainly_is_explained_with_the_line_of_karte(ctx):
    reply = await run_answer(ctx, "explain_message", text="was macht Szadek")
    assert [p.title for p in reply.pages] == [SZADEK]
    assert f"„Szadek“ ist der kurze Name von {SZADEK} (Regel 201.5c)." in reply.pages[0].body


async def test_split_halves_without_slashes_and_a_lower_case_shortened_name(ctx):
    reply = await run_answer(ctx, "explain_message", text="krims krams und szadek")
    assert [p.title for p in reply.pages] == ["Krims // Krams", SZADEK]
    assert f"„szadek“ ist der kurze Name von {SZADEK} (Regel 201.5c)." in reply.pages[1].body
    feud = await run_answer(ctx, "explain_message",
                            text="wer gewinnt die fehde bei krims krams gegen boros rekrut")
    assert [p.title for p in feud.pages] == ["Krims // Krams", "Boros-Rekrut"]


async def test_words_of_a_card_name_that_fit_no_card_are_named_with_the_cards_they_may_mean(ctx):
    reply = await run_answer(ctx, "explain_message", text="was macht Agrus mit boros-rektur")
    assert [p.title for p in reply.pages] == ["Boros-Rekrut", "Nicht gefunden"]
    assert "• Agrus – meintest du **Agrus Kos, Wojek-Veteran**?" in reply.pages[1].body
    alone = await run_answer(ctx, "explain_message", text="was macht Tolsimir, wenn er angreift?")
    assert alone.error and alone.pages[0].title == "Keine Karten in dieser Nachricht gefunden"
    assert "Keine Karte passt zu „Tolsimir“." in alone.pages[0].body
    assert [a.label for a in alone.choices] == ["Tolsimir Wolfsblut"]


def test_ordinary_words_of_card_names_are_no_unread_name(ctx):
    # „Veteran“ (Agrus Kos, Wojek-Veteran), „Königin“ (Savra, Königin der Golgari), „Grab“ (Svogthos, das ruhelose
    # Grab), „bestimmt“ (Bestimmt // Unbeirrt, a one-word half written in lower case): ordinary German words
    read = plain_names(ctx.names, "Der Veteran greift an, die Königin blockt, das Grab ist bestimmt leer", 35)
    assert read == ([], [], [])


def test_the_question_scanner_reads_only_printed_names(ctx):
    # the reading of the message command is its own: /frage's scanner (ranking) still reads printed names only
    assert scanner(ctx.names).scan("krims krams und szadek", 10) == []
    assert names_of(ctx, plain_names(ctx.names, "krims krams und szadek", 10).ids) == ["Krims // Krams", SZADEK]


def test_a_long_message_is_read_with_a_bounded_number_of_lookups(ctx, monkeypatch):
    names = sorted(ctx.names.card_names.values())
    words = [w for n in names for w in n.replace(",", " ").split()]
    text = " ".join(words[i * 7 % len(words)] + " rektur agrus" for i in range(400))[:2000]
    lookups: list[str] = []
    lookup = NameIndex.lookup
    monkeypatch.setattr(NameIndex, "lookup", lambda s, q, *a: lookups.append(q) or lookup(s, q, *a))
    read = plain_names(ctx.names, text, 35)
    # at most three slip searches of at most 12 look-ups each, and six look-ups of unread words
    assert read.ids and len(read.unread) <= 6
    assert len(lookups) <= 3 * 12 + 6


async def test_a_single_word_with_one_slip_is_read_as_karte_reads_it(ctx):
    # /karte reads „Teisa“ as Teysa, Orzhovweiser (001, Gildenbund) by a typo of its shortened name (CR 201.5c)
    reply = await run_answer(ctx, "explain_message", text="Teisa ist stark")
    assert [p.title for p in reply.pages] == ["Teysa, Orzhovweiser"]
    assert "„Teisa“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Teysa, Orzhovweiser." in \
        reply.pages[0].body
    # an ordinary German word is no slip of a name
    assert (await run_answer(ctx, "explain_message", text="Karte ist stark")).error
