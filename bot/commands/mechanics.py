"""``/mechanic`` (German ``/mechanik``): a mechanics section of the FAQs with rules, rulings and cards."""

from __future__ import annotations

from bot.answers.registry import AnswerContext
from bot.commands.spec import Command, Option, tr

COMMANDS = [
    Command(
        tr("mechanic", "mechanik"),
        tr(
            "A mechanic: explanation, rules, rulings and example cards",
            "Eine Mechanik: Erklärung, Regeln, Rulings und Beispielkarten",
        ),
        "bot.answers.mechanics:mechanic_answer",
        [Option(tr("name", "name"), tr("Mechanic (German or English)", "Mechanik (deutsch oder englisch)"),
                completer_at="bot.answers.mechanics:mechanic_names")],
    ),
]


async def read_mechanics(ctx: AnswerContext) -> None:
    """Read the mechanics sections into memory, prepared for finding by name, so autocomplete answers from
    memory."""
    # at the warm-up only: a one-shot command imports no answer module it does not run (tests/test_lazy_imports.py)
    from bot.answers.mechanic_finder import mechanic_finder

    await mechanic_finder(ctx.store)


WARMUPS = [read_mechanics]
