"""Checks of an answer's shape, shared by the answer tests: the result first, nothing said twice, short first pages.

Every check reads the reply as Discord shows it (:func:`fitted`: the pages after :func:`bot.render.fit_reply`):

* :func:`assert_result_first` — the result stands in the first page's title or first line;
* :func:`assert_no_sentence_twice` — no sentence (:func:`sentences`) occurs twice in the whole answer;
* :func:`assert_notices_once_per_page` — each notice (a line starting ⚠️, ℹ️ or ✅) at most once per page;
* :func:`assert_first_page_short` — the first page has at most :data:`FIRST_PAGE` characters, unless one
  paragraph of it (a ruling, a rule) is that long itself;
* :func:`assert_shape` — all of these and Discord's limits (:func:`tests.test_render.assert_within_limits`).
"""

from __future__ import annotations

import re

from bot.render import fit_reply, payload
from bot.reply import Page, Reply
from tests.test_render import assert_within_limits

#: Characters (title, description, fields) of a first page a player reads at a glance.
FIRST_PAGE = 1500
#: Room beside one long paragraph on a first page (title, a heading, a source line).
BESIDE_LONG = 300
#: Shorter sentences (labels, "Siehe auch Regel 104.3.") may repeat.
MIN_SENTENCE = 40
#: The marks a notice starts with, and the superscript numbers that tie entries to a page's notices.
NOTICE_MARKS = ("⚠️", "ℹ️", "✅")
_TIES = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹]+")
_MARKUP = re.compile(r"[*_>`]|\|\|")
_SENTENCE_END = re.compile(r"(?<=[\w“\")][.!?…])\s+(?=[A-ZÄÖÜ„\"(])")


def fitted(reply: Reply) -> list[Page]:
    """The pages of ``reply`` as Discord shows them."""
    return fit_reply(reply)


def page_text(page: Page, title: bool = True) -> str:
    """Title (unless ``title`` is False: every page of an answer repeats it), description and fields of a page,
    one per line."""
    return "\n".join([page.title if title else "", page.body, *(f"{f.name}\n{f.value}" for f in page.fields)])


def page_chars(page: Page) -> int:
    """Characters of a page as Discord counts them toward an embed: title, description, field names and values."""
    return len(page.title) + len(page.body) + sum(len(f.name) + len(f.value) for f in page.fields)


def is_notice(line: str) -> bool:
    """True for a notice line (``⚠️ **Heute:** …``, ``ℹ️ **Heute andere Begriffe:** …``)."""
    return line.lstrip("•> ").startswith(NOTICE_MARKS)


def is_label(line: str) -> bool:
    """True for a line that only names a source or date (``_Ravnica …, 30.08.2005:_``)."""
    stripped = line.strip()
    return len(stripped) > 1 and stripped[0] == "_" and stripped.rstrip(":").endswith("_")


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (notice and source lines left out; markdown marks and ties dropped), each at
    least :data:`MIN_SENTENCE` characters."""
    out = []
    for line in text.split("\n"):
        if is_notice(line) or is_label(line):
            continue
        plain = " ".join(_TIES.sub("", _MARKUP.sub("", line)).split()).strip("• ")
        out += [s for s in _SENTENCE_END.split(plain) if len(s) >= MIN_SENTENCE]
    return out


def assert_result_first(reply: Reply, result: str) -> None:
    """``result`` stands in the first page's title or in the first line of its description."""
    first = fitted(reply)[0]
    line = next((ln for ln in first.body.split("\n") if ln.strip()), "")
    assert result in first.title or result in line, (result, first.title, line)


def assert_no_sentence_twice(reply: Reply) -> None:
    """No sentence occurs twice in the answer (all its pages). A document's own text may repeat a sentence
    within one paragraph (a card's haunt text says its effect twice); two paragraphs never share one."""
    seen: dict[str, int] = {}
    for n, page in enumerate(fitted(reply)):
        for block in page_text(page, title=False).split("\n\n"):
            for sentence in set(sentences(block)):
                assert sentence not in seen, f"twice (pages {seen.get(sentence)} and {n}): {sentence}"
                seen[sentence] = n


def assert_notices_once_per_page(reply: Reply) -> None:
    """Each notice line stands at most once on a page."""
    for n, page in enumerate(fitted(reply)):
        notices = [_TIES.sub("", ln.strip("•> ")) for ln in page_text(page).split("\n") if is_notice(ln)]
        repeated = {ln for ln in notices if notices.count(ln) > 1}
        assert not repeated, f"page {n}: {repeated}"
        assert page_text(page).count("Heute andere Begriffe") <= 1, f"page {n}"


def assert_first_page_short(reply: Reply) -> None:
    """The first page has at most :data:`FIRST_PAGE` characters, or one of its paragraphs is that long itself."""
    first = fitted(reply)[0]
    longest = max(len(p) for p in [*first.body.split("\n\n"), *(f.value for f in first.fields)])
    assert page_chars(first) <= max(FIRST_PAGE, longest + BESIDE_LONG), (first.title, page_chars(first))


def assert_shape(reply: Reply, result: str | None = None, short: bool = True) -> None:
    """Every shape check on ``reply`` (the first-line check only with a ``result``, the first page's length only
    when ``short``) and Discord's limits on every page."""
    if result is not None:
        assert_result_first(reply, result)
    assert_no_sentence_twice(reply)
    assert_notices_once_per_page(reply)
    if short:
        assert_first_page_short(reply)
    for page in range(len(fitted(reply))):
        assert_within_limits(payload(reply, page))
