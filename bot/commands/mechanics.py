"""``/mechanic`` (German ``/mechanik``): a mechanics section of the FAQs with rules, rulings and cards."""

from __future__ import annotations

from bot.answers.mechanic_finder import mechanic_finder
from bot.answers.mechanics import mechanic_answer, mechanic_names
from bot.answers.registry import AnswerContext
from bot.commands.spec import Command, Option, tr

COMMANDS = [
    Command(
        tr("mechanic", "mechanik"),
        tr(
            "A mechanic: explanation, rules, rulings and example cards",
            "Eine Mechanik: Erklärung, Regeln, Rulings und Beispielkarten",
        ),
        mechanic_answer,
        [Option(tr("name", "name"), tr("Mechanic (German or English)", "Mechanik (deutsch oder englisch)"),
                completer=mechanic_names)],
    ),
]


async def read_mechanics(ctx: AnswerContext) -> None:
    """Read the mechanics sections into memory, prepared for finding by name, so autocomplete answers from
    memory."""
    await mechanic_finder(ctx.store)


WARMUPS = [read_mechanics]
