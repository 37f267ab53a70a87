"""``/rule`` (German ``/regel``): a rule by number, or keywords over rules explanation and quoted rules."""

from __future__ import annotations

from bot.answers.registry import AnswerContext
from bot.commands.spec import Command, Option, tr

COMMANDS = [
    Command(
        tr("rule", "regel"),
        tr(
            "A rule by number (104.3f) or keywords (German or English glossary terms)",
            "Eine Regel nach Nummer (104.3f) oder Stichwörtern (deutsch oder englische Begriffe)",
        ),
        "bot.answers.rules:rule_answer",
        [Option(tr("search", "suche"), tr("Rule number or keywords", "Regelnummer oder Stichwörter"),
                completer_at="bot.answers.rules:rule_queries")],
    ),
]


async def read_catalog(ctx: AnswerContext) -> None:
    """Read the rule catalogue (numbers, headings, terms) and the CR's numbers and names into memory, prepared by
    prefix, and make the term table's lists per prefix, so autocomplete answers from memory."""
    # at the warm-up only: a one-shot command imports no answer module it does not run (tests/test_lazy_imports.py)
    from bot.answers.official import cr_choices
    from bot.answers.rules import rule_choices, term_rule_choices
    from bot.answers.terms import term_choices
    from bot.terms import term_index

    await rule_choices(ctx)
    await cr_choices(ctx.store)
    term_index().prepare_completion()  # the term table's autocomplete lists (/regel suche, /ruling suche)
    term_rule_choices()  # and the choices they offer for each name
    term_choices()


WARMUPS = [read_catalog]
