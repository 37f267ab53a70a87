"""No answer shows a ruling the register marks as changed or worded differently today without its notice.

Walks every such ruling (``data/changes.toml``, kind ``changed`` or ``wording``) through every answer that shows
rulings: a card's rulings (``/ruling karte``, the rulings button, ``[[Karte|rulings]]``), a section's rulings
(``/mechanik``), the split-card rules button, ``/ruling suche`` with words of the ruling, and the term pages of
``/regel`` that list it. Wherever the rendered page shows the ruling (a 30-character piece of its text), the
row's statement of today stands in the same paragraph, or at the top of the page with a tie (``⚠️¹``) in that
paragraph; a changed ruling's statement stands before its text, and its line names the newer documents the row cites
as evidence (``Dokument 003 (…)`` for 003's explanation of rule 106.4 under a mana burn ruling). The label of a
passage (its page under ``/frage`` and the button ``rb:passage``, a candidate's field name) says the rule's status from
the register rows and, apart, today's words for its old terms (:class:`bot.answers.today.Standing`), over every
changed or wording entry and every passage of the current documents 003 and 004.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.answers import run_action, run_answer
from bot.answers.chat import inline_replies
from bot.answers.questions import candidate_name
from bot.answers.terms import document_entries
from bot.answers.today import STATUS_LABELS
from bot.answers.today_facts import entry_status
from bot.answers.today_index import today_index
from bot.answers.today_notes import explanation_words
from bot.page_fit import fit_reply
from bot.reply import Page, Reply
from bot.serve import RestClient
from bot.serve_interactions import Interactions
from bot.terms import term_index
from tests.conftest import _file_identity

_MARKUP = re.compile(r"\*\*|…|_")
_TIE = re.compile("([⚠ℹ✅]\ufe0f?)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)")


@dataclass(frozen=True)
class Changed:
    """A ruling whose status today is ``changed`` or ``wording``: the statements of the register rows naming it
    (``kind`` of the strongest) and the old terms it uses, as ``„new“ statt „old“``."""

    ruling_id: int
    text: str
    card_id: int | None
    mechanic_id: int | None
    kind: str
    statements: tuple[str, ...]
    terms: tuple[str, ...]
    pieces: frozenset[str] = frozenset()
    #: per statement, the documents its row cites as evidence, as the notice names them (``Dokument 003``)
    cited: tuple[tuple[str, ...], ...] = ()


#: :func:`changed_rulings` per store file (path, inode, size, mtime): the six tests of a worker read them once.
_changed: dict[tuple[str, int, int, int], list[Changed]] = {}


async def changed_rulings(store) -> list[Changed]:
    """Every ruling the register gives the status changed or wording (rows or old terms); read once per store file
    (unchanged since: same inode, size and mtime) and worker."""
    key = _file_identity(Path(store.path))
    if key not in _changed:
        _changed[key] = await _read_changed_rulings(store)
    return _changed[key]


async def _read_changed_rulings(store) -> list[Changed]:
    rows = await store.fetchall(
        "SELECT r.id, r.text, r.card_id, r.mechanic_id, s.status FROM today_status s"
        " JOIN rulings r ON r.id = s.entry_id WHERE s.entry_kind = 'ruling'"
        " AND s.status IN ('changed', 'wording') ORDER BY r.id"
    )
    out = []
    own = await own_pieces(store)
    for rid, text, card_id, mechanic_id, status in rows:
        statements = await store.fetchall(
            "SELECT c.today, c.evidence FROM change_entries e JOIN changes c ON c.key = e.key"
            " WHERE e.entry_kind = 'ruling' AND e.entry_id = ? AND c.kind IN ('changed', 'wording')", (rid,))
        terms = await store.fetchall(
            "SELECT t.new, t.old FROM entry_terms e JOIN change_terms t ON t.key = e.term WHERE e.entry_kind = 'ruling'"
            " AND e.entry_id = ?", (rid,))
        cited = tuple(tuple(dict.fromkeys(f"Dokument {ev[:3]}" for ev in json.loads(evidence) if ev[:3].isdigit()))
                      for _today, evidence in statements)
        out.append(Changed(rid, text, card_id, mechanic_id, status, tuple(t for t, _e in statements),
                           tuple(f"„{new}“ statt „{old}“" for new, old in terms), frozenset(own.get(rid, ())), cited))
    return out


@functools.lru_cache(maxsize=1 << 14)
def plain(text: str) -> str:
    return " ".join(_MARKUP.sub("", text).split())


#: A piece of a ruling's text this long that no other ruling has identifies the ruling on a page.
PIECE = 30


def windows(text: str) -> set[str]:
    """Every :data:`PIECE`-character piece of a text (markup and spacing ignored)."""
    flat = plain(text)
    pieces = (flat[i : i + PIECE] for i in range(max(1, len(flat) - PIECE + 1)))
    return {p for p in pieces if p == p.strip()}  # a piece ending in a space could continue differently


async def own_pieces(store) -> dict[int, set[str]]:
    """Per ruling id, the pieces of its text that no other ruling of the store has (a snippet shows some)."""
    owners: dict[str, set[int]] = {}
    for rid, text in await store.fetchall("SELECT id, text FROM rulings"):
        for w in windows(text):
            owners.setdefault(w, set()).add(rid)
    out: dict[int, set[str]] = {}
    for w, ids in owners.items():
        if len(ids) == 1:
            out.setdefault(next(iter(ids)), set()).add(w)
    return out


def identifiable(ruling: Changed) -> bool:
    """True when pieces only this ruling has lie two apart in its text (see :func:`check_pages`)."""
    at = sorted(plain(ruling.text).index(p) for p in ruling.pieces)
    return bool(at) and at[-1] - at[0] >= PIECE


def check_pages(reply, ruling: Changed, where: str, echo: str = "") -> int:
    """Every paragraph of ``reply`` that shows ``ruling`` carries its notices; returns how many showed it.
    A paragraph echoing the search words ``echo`` („…“) is the search's intro, not the ruling."""
    shown = 0
    for body, block, flat in _paragraphs(reply):
        if echo and f"„{echo}“" in block:
            continue
        found = ruling.pieces & _present(flat)  # pieces no other ruling has (all PIECE long; see windows)
        at = sorted(plain(ruling.text).index(p) for p in found)
        if not at or at[-1] - at[0] < PIECE:  # two apart: one phrase may stand elsewhere (a notice)
            continue
        # where its text (or snippet) shows, after any notice; a piece today's statement repeats (it may open with the
        # ruling's own words: „Die ausgelöste Fähigkeit von Pfropfen wird …“) marks no text when the snippet skips it
        said = " ".join(plain(x) for x in ruling.statements)
        start = min(flat.rindex(p) for p in ({p for p in found if p not in said} or found))
        shown += 1
        for statement, cited in zip(ruling.statements, ruling.cited, strict=True):
            _check_notice(body, block, plain(statement)[:50], start if ruling.kind == "changed" else None,
                          (where, ruling.text[:60]), cited)
        for term in ruling.terms:
            _check_notice(body, block, plain(term), None, (where, ruling.text[:60]))
    return shown


#: The last reply :func:`_paragraphs` split (the reply itself is kept, so its id cannot be reused meanwhile).
_LAST: list = [None, []]


def _paragraphs(reply) -> list[tuple[str, str, str]]:
    """(page text, paragraph, paragraph without markup) of every paragraph of ``reply`` as Discord shows it
    (:func:`fit_reply`); the last reply's are kept, since each is checked for every changed ruling."""
    if _LAST[0] is not reply:
        out = []
        for page in fit_reply(reply):
            body = page.body + "\n\n" + "\n\n".join(f.value for f in page.fields)
            out += [(body, block, plain(block)) for block in body.split("\n\n")]
        _LAST[:] = [reply, out]
    return _LAST[1]


@functools.lru_cache(maxsize=1 << 12)
def _present(flat: str) -> frozenset[str]:
    """Every :data:`PIECE`-character piece of a paragraph: the ruling pieces it shows are their intersection
    (a ruling's pieces are all that long, see :func:`windows`; a shorter text has one piece and never counts)."""
    return frozenset(flat[i : i + PIECE] for i in range(len(flat) - PIECE + 1))


def _check_notice(body: str, block: str, statement: str, text_at: int | None, where: tuple,
                  cited: tuple[str, ...] = ()) -> None:
    """``statement`` stands in ``block`` (before the ruling's text at ``text_at`` when given), or on a line of the
    page above the block whose number (``¹`` of ``⚠️¹``, ``² „wirken“ statt …``) the block's tie carries; either
    line names the documents ``cited`` (its Beleg)."""
    flat = plain(block)
    if statement in flat:
        assert text_at is None or flat.index(statement) < text_at, (*where, "notice after the text")
        line = next((ln for ln in block.split("\n") if statement in plain(ln)), flat)
        assert all(doc in line for doc in cited), (*where, "Beleg without", cited, line)
        return
    line = next((ln for ln in body.split("\n") if statement in plain(ln)), None)
    assert line is not None, (*where, "no notice", statement)
    assert all(doc in line for doc in cited), (*where, "Beleg without", cited, line)
    before = plain(line)[: plain(line).index(statement)]
    number = re.findall("[⁰¹²³⁴⁵⁶⁷⁸⁹]+", before)[-1:]  # the notice's own number, just before its statement
    assert number, (*where, "notice without number", statement)
    ties = [t for m in _TIE.finditer(block) for t in _split(m.group(2))]
    assert number[0] in ties, (*where, "no tie", statement)
    if text_at is not None:
        assert body.index(line) < body.index(block), (*where, "notice below the text", statement)


def _split(numbers: str) -> list[str]:
    """The tie numbers of ``ℹ️¹²`` (single digits; a page has fewer than ten notices)."""
    return list(numbers)


async def test_every_changed_ruling_shows_its_notice_in_every_answer(ctx, store):
    changed = await changed_rulings(store)
    # changed and wording rulings (/info; 004 is current: none of its rulings); 001:2061, old terms only, is confirmed
    # by 002:33 since 2026-12-07 (split_discard): unchanged
    assert len(changed) == 24 + 239
    walked = [r for r in changed if identifiable(r)]
    assert len(walked) >= len(changed) - 3  # nearly twin rulings (001: "Daher wird die Kreatur geopfert.") aside
    seen: dict[str, int] = {}
    for ruling in walked:
        answers = []
        if ruling.card_id is not None:
            answers.append(("rulings", await run_action(ctx, "rulings", str(ruling.card_id))))
            name = ctx.names.card_names[ruling.card_id]
            answers.append(("inline", (await inline_replies(ctx, f"[[{name}|rulings]]"))[0]))
        if ruling.mechanic_id is not None:
            answers.append(("mechanic", await run_action(ctx, "mechanic", str(ruling.mechanic_id))))
        words = " ".join(plain(ruling.text).split()[2:7])
        answers.append(("search", await run_answer(ctx, "ruling", search=words)))
        shown = {where: check_pages(reply, ruling, where, words) for where, reply in answers}
        assert shown.get("rulings") or shown.get("mechanic"), ("not in its own list", ruling.text[:60])
        for where, n in shown.items():
            seen[where] = seen.get(where, 0) + bool(n)
    print(f"\nchanged/wording rulings shown with their notice: {seen}")
    assert seen["rulings"] + seen["mechanic"] >= 260 and seen["search"] > 200


async def test_the_split_card_rules_show_their_notices(ctx, store):
    reply = await run_action(ctx, "split", "")
    shown = sum(check_pages(reply, r, "split") for r in await changed_rulings(store))
    assert shown >= 3


@pytest.mark.parametrize("chunk", range(4))
async def test_term_pages_of_regel_show_the_notices(ctx, store, chunk):
    """The rulings a term page lists (``/regel suche: <term>``), over every term of the term table."""
    changed = await changed_rulings(store)
    terms = term_index().terms[chunk::4]
    listed = 0
    for term in terms:
        lines, _actions = await document_entries(ctx, term)
        page = Reply(pages=[Page(title=term.german, body="\n\n".join(lines))])  # a paragraph per listed entry
        listed += sum(check_pages(page, ruling, term.german) for ruling in changed)
    assert listed >= 5


async def labelled_entries(store) -> list[tuple[str, str, int, str]]:
    """(passage key, entry kind, entry id, stored status) of every ruling and mechanics paragraph whose entry the
    build stored as ``changed`` or ``wording`` (by a register row, or by old terms alone)."""
    return await store.fetchall(
        "SELECT p.key, s.entry_kind, s.entry_id, s.status FROM today_status s JOIN passages p"
        " ON (s.entry_kind = 'ruling' AND p.kind = 'ruling' AND p.ref_id = s.entry_id)"
        " OR (s.entry_kind = 'mechanic' AND p.kind = 'mechanic' AND p.mechanic_id = s.entry_id)"
        " WHERE s.status IN ('changed', 'wording') ORDER BY p.id")


async def expected_label(store, kind: str, entry_id: int, termed: tuple[str, int]) -> tuple[str, str]:
    """(the rule's status as a key of STATUS_LABELS, today's words for its old terms as the label writes them),
    read from the store apart from the code: the strongest register row (changed, unchanged, wording), else
    ``unchanged`` (the register read every entry of these documents; old terms alone change no rule); the terms of
    entry ``termed`` (the entry itself, or the German twin of an English entry of 000)."""
    kinds = {k for (k,) in await store.fetchall(
        "SELECT c.kind FROM change_entries e JOIN changes c ON c.key = e.key WHERE e.entry_kind = ? AND e.entry_id = ?",
        (kind, entry_id))}
    state = next((k for k in ("changed", "unchanged", "wording") if k in kinds), "unchanged")
    news = await store.fetchall(
        "SELECT t.new FROM entry_terms e JOIN change_terms t ON t.key = e.term"
        " WHERE e.entry_kind = ? AND e.entry_id = ? ORDER BY e.rowid", termed)
    words = list(dict.fromkeys(new.split(" (")[0].split(" / ")[0] for (new,) in news))
    return state, (f"ℹ️ Begriffe (heute {', '.join(f'„{w}“' for w in words)})" if words else "")


async def test_every_label_says_the_rule_status_and_the_old_terms_apart(ctx, store):
    """Every ruling and mechanics paragraph stored as changed or wording — by a register row or by old terms alone
    (001:3070 and 001:3068, Gegengewicht, both „Spielt … umgewandelten Manakosten“: one with an unchanged row, one
    with none) — opened whole (``/frage``'s page, its button ``rb:passage``) and as a ``/frage`` candidate's field
    name: the label says the rule's status from the register rows and, apart, today's words for its old terms;
    „heute anders formuliert“ only where a register row of kind wording names the entry."""
    index = await today_index(store)
    sections = await store.mechanic_sections()
    counts: dict[str, int] = {}
    for key, kind, entry_id, _stored in await labelled_entries(store):
        state, terms = await expected_label(store, kind, entry_id, index.twins.get((kind, entry_id), (kind, entry_id)))
        words = " · ".join(p for p in (STATUS_LABELS[state].partition(" ")[2], terms) if p)
        owner = (await run_action(ctx, "passage", key)).pages[0].body.split("\n\n")[0]
        assert owner.endswith(f" · {STATUS_LABELS[state]}" + (f" · {terms}" if terms else "")), (key, owner)
        assert ("heute anders formuliert" in owner) == (state == "wording"), (key, owner)
        p = await store.passage_by_key(key)
        name = candidate_name(index, 2, p, sections)
        assert name.startswith(f"2. {STATUS_LABELS[state].partition(' ')[0]} ") and name.endswith(f" · {words}"), name
        counts[state + (" + Begriffe" if terms else "")] = counts.get(state + (" + Begriffe" if terms else ""), 0) + 1
    # passages (a section's paragraphs each): 238 hold today with old words only, none of them „anders formuliert“
    # (001:2061, confirmed by 002:33 since 2026-12-07, is stored unchanged: no longer among them)
    assert counts == {"changed": 15, "changed + Begriffe": 16, "unchanged + Begriffe": 233, "wording": 16,
                      "wording + Begriffe": 13}
    both = [(await run_action(ctx, "passage", k)).pages[0].body.split("\n\n")[0] for k in ("001:3070", "001:3068")]
    assert all(o.endswith(" · ✅ gilt weiterhin · ℹ️ Begriffe (heute „wirken“, „Manawert“)") for o in both), both


async def test_a_current_documents_passage_gets_a_term_mark_and_no_status_of_old_words(ctx, store):
    """004 (Schnellvorlauf, 27.01.2026) and 003 (the rules of 2024+) are never „heute anders formuliert“: 004's
    „provoziert“ is goad (701.15) in the newest document, and no evidence of the register says German cards print
    another word since, so it carries no term mark (before, „heute „aufstacheln““); 003's „im Spiel“ is the
    battlefield (403); 003's „Permanent“ is „bleibende Karte“ on German cards (110), marked with the word."""
    index = await today_index(store)
    rows = await store.fetchall("SELECT key, kind, text FROM passages WHERE kind = 'explanation' OR key LIKE '004:%'")
    marked = 0
    for key, kind, text in rows:
        owner = (await run_action(ctx, "passage", key)).pages[0].body.split("\n\n")[0]
        assert "heute anders formuliert" not in owner, (key, owner)
        if kind == "explanation":
            words = explanation_words(index, text)
            assert ("ℹ️ Begriffe" in owner) == bool(words) and "gilt weiterhin" not in owner, (key, owner)
            assert ("„Bleibende Karte“" in owner) == ("Bleibende Karte" in words), (key, owner)
            marked += bool(words)
    assert marked >= 15
    fast = (await run_action(ctx, "passage", "004:5")).pages[0].body.split("\n\n")[0]
    assert fast.endswith("Schnellvorlauf, 27.01.2026 · ✅ gilt weiterhin"), fast
    for key in ("004:5", "004:9", "004:13", "004:17", "004:21"):  # every goad ruling: no „old wording“ anywhere
        page = (await run_action(ctx, "passage", key)).pages[0].body
        assert "Begriffe" not in page and "aufstacheln" not in page, (key, page)
    reply = await run_answer(ctx, "question", question="Was passiert mit einer provozierten Kreatur bei Schnellvorlauf")
    names = [f.name for page in reply.pages for f in page.fields] + [reply.pages[0].body.split("\n\n")[0]]
    assert not any("heute anders formuliert" in n for n in names if "Schnellvorlauf" in n), names


async def test_the_http_door_shows_the_same_label(core):
    """The interactions endpoint (``POST /``, bot/serve.py) answers ``/frage`` and a candidate's button with the same
    label as the gateway: 001:3068 (Gegengewicht, old words, no register row) holds today, its words marked apart."""
    http = Interactions(core, RestClient())
    base = {"id": "1", "application_id": "9", "token": "t", "locale": "de"}
    button = {"custom_id": "rb:passage:001%3A3068", "component_type": 2}
    pressed = await http.handle({**base, "type": 3, "data": button})
    (embed,) = pressed["data"]["embeds"]
    assert ("Kälteeinbruch – Häufig gestellte Fragen, 01.06.2006 · ✅ gilt weiterhin · ℹ️ Begriffe (heute „wirken“, "
            "„Manawert“)\n") in embed["description"]
    asked = await http.handle({**base, "type": 2, "data": {"name": "ask", "type": 1, "options": [
        {"name": "question", "type": 3, "value": "Gegengewicht umgewandelte Manakosten"}]}})
    names = [f["name"] for e in asked["data"]["embeds"] for f in e.get("fields", [])]
    label = "01.06.2006 · gilt weiterhin · ℹ️ Begriffe (heute „wirken“, „Manawert“)"
    assert any(n.endswith(label) for n in names), names
    assert not any("heute anders formuliert" in n for n in names if "Gegengewicht" in n), names


#: A list's mark of an entry whose statement is not today's (:data:`bot.answers.rule_status.LISTED`, or "zu prüfen").
_MARKED = ("⚠️ heute überholt", "ℹ️ heute anders formuliert", "🔎 zu prüfen")


def _said_under(body: str, line: str, statement: str) -> bool:
    """True when ``statement`` stands on the line right under ``line`` of ``body``, or on a numbered line of the page
    whose number ``line``'s tie carries (``⚠️¹``: Fehde and Clash share one register row)."""
    lines = body.split("\n")
    at = lines.index(line)
    if at + 1 < len(lines) and statement in plain(lines[at + 1]):
        return True
    ties = [t for m in _TIE.finditer(line) for t in _split(m.group(2))]
    return any(statement in plain(ln) and re.findall("[⁰¹²³⁴⁵⁶⁷⁸⁹]", ln)[:1] in ([t] for t in ties)
               for ln in lines if ln != line)


async def test_term_pages_say_today_for_their_sections_and_listed_rules(ctx, store):
    """Every section a term page of ``/regel`` lists with a mark (``· ⚠️ heute überholt``) carries the register's
    statement of today under it (or a tie to it), and every rule its second page lists with a mark has the register's
    note on that number in its paragraph: 001's 502.46b „Kein Gegenstück: Einberufen reduziert heute keine Kosten“,
    the section Einberufen „Einberufen ist heute Regel 702.51: …“; before, the mark alone."""
    index = await today_index(store)
    sections = {f"• Abschnitt „{m.title}“ ({m.document.set_name or m.document.title})": m.id
                for m in await store.mechanic_sections()}
    marked = rules = 0
    for term in term_index().terms:
        lines, _actions = await document_entries(ctx, term)
        body = "\n".join(lines)
        for line in (ln for ln in body.split("\n") if any(mark in ln for mark in _MARKED)):
            section = next((sid for head, sid in sections.items() if line.startswith(head + " · ")), None)
            if section is None:
                continue
            notices = [n for n in entry_status(index, "mechanic", section).notices if n.status != "unchanged"]
            assert notices, line
            for notice in notices:
                assert _said_under(body, line, plain(notice.today)[:50]), (term.german, line)
            marked += 1
        if not any(ln.startswith("• Abschnitt") for ln in body.split("\n")):
            continue
        reply = await run_answer(ctx, "rule", search=term.german)
        for block in (b for page in reply.pages[1:] for b in page.body.split("\n\n")):
            head = block.split("\n")[0]
            found = re.match(r"\*\*(\d{3}\.\d+[a-z]?)\*\* \(heute [^)]*?(?:; ([^)]*))?\)", head)
            if found is None or found.group(2) not in _MARKED:
                continue
            cited = next(c for (_p, n), c in index.numbers.items() if n == found.group(1))
            assert plain(cited.note)[:50] in plain(block), (term.german, block)
            rules += 1
    assert marked >= 15 and rules >= 16, (marked, rules)
