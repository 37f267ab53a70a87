"""Checks of an answer's shape, as Discord shows it (the rendered payload of every page).

An answer a player reads in ten seconds: its first line is the result, the result is said once, each notice
(a line starting with ℹ️ or ⚠️) stands at most once per page, the first page is short, and Discord's limits
hold. :func:`assert_answer_shape` runs all of these; the single checks are usable on their own.
:func:`assert_document_shape` is the same for answers of several pages that list the documents' text (a card's
rulings, a section, a rule): every page repeats its title and footer, and one ruling may say what another says
in its own paragraph, so sentences are compared between paragraphs, titles, sources and notices left out.

Text is compared normalised (:func:`normal`): markdown marks and bullets removed, white space collapsed,
case folded, so ``**Spieler 1 gewinnt**`` and ``• Spieler 1 gewinnt`` count as the same sentence.
"""

from __future__ import annotations

import re

from bot.page_fit import fit_reply
from bot.render import payload
from bot.reply import Reply
from tests.test_render import assert_within_limits, embed_total

#: characters of a first page (title, description, fields, footer) unless a quoted text is longer
FIRST_PAGE = 1500
#: a sentence counts for the repetition check from this many words on (shorter lines like ``{B/G} ← {G}``
#: repeat legitimately: two symbols paid alike)
MIN_WORDS = 6
NOTICE_MARKS = ("ℹ️", "⚠️")
_MARKS = re.compile(r"[*_`]|^\s*[•\-]\s+", re.MULTILINE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n| · ")


def normal(text: str) -> str:
    """``text`` without markdown marks and bullets, white space collapsed, trailing dots dropped, casefolded."""
    return " ".join(_MARKS.sub("", text).split()).rstrip(".:").casefold()


def pages(reply: Reply) -> list[dict]:
    """The first embed of every page's payload, as Discord receives it (the limits checked on the way)."""
    out = []
    for index in range(len(fit_reply(reply))):
        message = payload(reply, index)
        assert_within_limits(message)
        out.append(message["embeds"][0])
    return out


def embed_lines(embed: dict) -> list[str]:
    """The lines of an embed: title, description lines, each field's name and value lines, the footer."""
    lines = [embed.get("title", ""), *embed.get("description", "").splitlines()]
    for f in embed.get("fields", []):
        lines += [f["name"], *f["value"].splitlines()]
    return [*lines, embed.get("footer", {}).get("text", "")]


def first_line(reply: Reply) -> str:
    """The first line of the first page's description: where the answer must stand."""
    return pages(reply)[0].get("description", "").split("\n", 1)[0]


def page_keys(reply: Reply) -> list[str]:
    """The passage keys an answer of ``/frage`` shows, best first: the lead passage its first page names
    („_Schlüssel: 001:2967_“), then the passages of its buttons (``rb:passage:<key>``); ``[]`` for an error page."""
    lead = re.search(r"_Schlüssel: ([^_]+)_", reply.pages[0].body)
    return [lead.group(1)] * bool(lead) + [a.arg for a in reply.actions if a.action == "passage"]


def sentences(text: str) -> list[str]:
    """``text`` cut at line breaks, `` · `` and sentence ends, each :func:`normal`, empty ones dropped."""
    return [s for s in (normal(part) for part in _SENTENCE.split(text)) if s]


def assert_first_line(reply: Reply, *fragments: str) -> None:
    """The first line holds every fragment of the result (``"Bezahlbar"``, ``"{1}{W}"``)."""
    line = first_line(reply)
    for fragment in fragments:
        assert fragment in line, (fragment, line)


def assert_result_once(reply: Reply) -> None:
    """No sentence of the first line (the result) stands anywhere else in the answer, on any page."""
    first = first_line(reply)
    lines = [line for embed in pages(reply) for line in embed_lines(embed)]
    lines.remove(first)
    text = "\n".join(normal(line) for line in lines)
    for sentence in sentences(first):
        assert sentence not in text, (sentence, text)


def assert_no_repeated_sentences(reply: Reply) -> None:
    """No sentence of :data:`MIN_WORDS` words or more stands twice in the answer (all pages together)."""
    seen: set[str] = set()
    for embed in pages(reply):
        for line in embed_lines(embed):
            for sentence in sentences(line):
                if len(sentence.split()) >= MIN_WORDS:
                    assert sentence not in seen, sentence
                    seen.add(sentence)


def assert_notices_once_per_page(reply: Reply) -> None:
    """Each notice (a line starting with ℹ️ or ⚠️) stands at most once on each page."""
    for embed in pages(reply):
        notices = [normal(line) for line in embed_lines(embed) if line.lstrip("• ").startswith(NOTICE_MARKS)]
        assert len(notices) == len(set(notices)), notices


def assert_first_page_short(reply: Reply, quoted: str = "") -> None:
    """The first page has at most :data:`FIRST_PAGE` characters, or the length of ``quoted`` (a ruling or rule
    the answer quotes whole) and a little around it when that is longer."""
    size = embed_total(pages(reply)[0])
    assert size <= max(FIRST_PAGE, len(quoted) + 300), size


def assert_answer_shape(reply: Reply, *fragments: str, quoted: str = "") -> None:
    """All checks of this module: the first line holds ``fragments``, the result once, no repeated sentence,
    each notice once per page, a short first page, Discord's limits on every page."""
    assert not reply.error, reply.pages[0].title
    assert_first_line(reply, *fragments)
    assert_result_once(reply)
    assert_no_repeated_sentences(reply)
    assert_notices_once_per_page(reply)
    assert_first_page_short(reply, quoted)


# --- answers of several pages that list the documents' text --------------------------------------------------

#: the superscript numbers that tie an entry to a notice its page states once (``ℹ️¹``)
_TIES = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹]+")
_SENTENCE_END = re.compile(r"(?<=[\w“\")][.!?…])\s+(?=[A-ZÄÖÜ„\"(])")


def paragraphs(embed: dict) -> list[str]:
    """The paragraphs of an embed's description and field values (no title, no footer: every page repeats them)."""
    text = "\n\n".join([embed.get("description", ""), *(f["value"] for f in embed.get("fields", []))])
    return [p for p in text.split("\n\n") if p.strip()]


def document_sentences(paragraph: str) -> set[str]:
    """The sentences of :data:`MIN_WORDS` words or more of a paragraph, :func:`normal`, ties dropped; lines that
    are a notice or only name a source (``_Ravnica …, 30.08.2005:_``) left out."""
    out = set()
    for line in paragraph.split("\n"):
        bare = line.strip().lstrip("•> ")
        if bare.startswith((*NOTICE_MARKS, "✅")) or (bare.startswith("_") and bare.rstrip(":").endswith("_")):
            continue
        out |= {normal(s) for s in _SENTENCE_END.split(_TIES.sub("", line)) if len(s.split()) >= MIN_WORDS}
    return out


def assert_no_sentence_between_paragraphs(reply: Reply) -> None:
    """No sentence stands in two paragraphs of the answer (all pages); a document's own text may repeat one
    inside a paragraph (a card's haunt text says its effect twice)."""
    seen: set[str] = set()
    for embed in pages(reply):
        for paragraph in paragraphs(embed):
            found = document_sentences(paragraph)
            assert not found & seen, found & seen
            seen |= found


def assert_document_shape(reply: Reply, result: str | None = None, short: bool = True) -> None:
    """:func:`assert_answer_shape` for an answer of the documents: ``result`` in the first page's title or first
    line, no sentence in two paragraphs, each notice once per page, a first page of at most :data:`FIRST_PAGE`
    characters unless one paragraph of it (a ruling, a rule) is longer (``short``), Discord's limits."""
    first = pages(reply)[0]
    if result is not None:
        assert result in first.get("title", "") or result in first_line(reply), (result, first.get("title"))
    assert_no_sentence_between_paragraphs(reply)
    assert_notices_once_per_page(reply)
    if short:
        assert_first_page_short(reply, max(paragraphs(first), key=len, default=""))
