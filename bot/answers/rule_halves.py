"""One candidate per rule a document prints in two languages: the clash article (000, 2007) prints its rules in
German and in English (701.19 „Fehden“ and „Clash“, 701.19a–c), each half a passage of its own; among ``/frage``'s
further candidates they were two places for one rule („2. Regel 701.19 … Clash“, „3. Regel 701.19 … Fehden“)."""

from __future__ import annotations

from bot.candidates import Hit


def _rule_of(hit: Hit) -> tuple[int, str] | None:
    """(document id, number) of a rule a document prints (``quoted_rule``), else None."""
    p = hit.passage
    return (p.document_id, p.number) if p.kind == "quoted_rule" and p.number and p.document_id is not None else None


def one_half_each(hits: list[Hit]) -> list[Hit]:
    """``hits`` in their order without a rule of a document that an earlier hit already is in the other language (or
    again): the first of each (document, number) stays, every other passage stays. ``[Clash 701.19, Fehden 701.19,
    107.1c]`` → ``[Clash 701.19, 107.1c]``."""
    seen: set[tuple[int, str]] = set()
    out = []
    for hit in hits:
        rule = _rule_of(hit)
        if rule is not None and rule in seen:
            continue
        if rule is not None:
            seen.add(rule)
        out.append(hit)
    return out
