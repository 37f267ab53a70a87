"""What an answer says of a typed card name that no card of the store has but its rulings print: the German line
(:func:`mention_line`), its buttons (:func:`mention_actions`) and the error of ``/karte`` and every option that takes
a card (:func:`mentioned_error`). The lookup itself (:func:`~bot.name_mentions.mentioned_card`: the card's own other
name, or another card named only as an example) stands below the answers, as the build runs it too.
"""

from __future__ import annotations

from bot.answers.registry import UserError
from bot.name_mentions import MENTION_QUOTE, Mentioned
from bot.reply import Action, quote_user


def mention_line(query: str, found: Mentioned) -> str:
    """Where the documents print a typed name no card has (``found``, :func:`~bot.name_mentions.mentioned_card`), said
    in German with the first sentence that prints it (escaped): „„Destined // Lead“ ist nicht in der Datenbank; nur
    erwähnt in den Rulings zu **Getrieben // Verzweiflung**:“ and the quote; „… nur erwähnt in der Regelerklärung (003)
    zu **Regel 104.3 (Erklärung)**:“ for a name only 003 prints; „… nicht in der Datenbank; gedruckt als
    „Llanovarelfen“, nur erwähnt …“ for a name typed with a slip (:attr:`Mentioned.printed`). The one text of every door
    (``/karte``, the message command, ``/mana``)."""
    shown = quote_user(query, 80) or "(leer)"
    quote = f"> {quote_user(found.ruling, MENTION_QUOTE + 10)}"
    ruled = ", ".join(f"**{label}**" if action == "rulings" else f"Abschnitt **{label}**"
                      for label, action, _r in found.places if action != "rulex")
    explained = ", ".join(f"**{label}**" for label, action, _r in found.places if action == "rulex")
    where = " und ".join([*([f"in den Rulings zu {ruled}"] if ruled else []),
                          *([f"in der Regelerklärung (003) zu {explained}"] if explained else [])])
    printed = f"gedruckt als „{quote_user(found.printed, 80)}“, " if found.printed else ""
    return f"„{shown}“ ist nicht in der Datenbank; {printed}nur erwähnt {where}:\n{quote}"


def mention_actions(found: Mentioned) -> list[Action]:
    """A button to each place of ``found`` (:func:`mention_line`): a card's rulings, a section, an entry of 003."""
    kinds = {"rulings": "Rulings", "mechanic": "Abschnitt", "rulex": "Regel"}
    return [Action(label=(label if action == "rulex" else f"{kinds[action]}: {label}")[:80], action=action,
                   arg=str(ref)) for label, action, ref in found.places]


def mentioned_error(query: str, found: Mentioned, choice: str) -> UserError:
    """The German error for a typed name that is no card's but that rulings print
    (:func:`~bot.name_mentions.mentioned_card`): it says the name is not in the store and quotes the ruling's sentence;
    the card's own other name is offered as that card (buttons to the card and its rulings, the one ``choice`` asked for
    first), another card named only as an example is said to be only mentioned in those rulings (a button to each card's
    rulings or section), no card offered."""
    shown = quote_user(query, 80) or "(leer)"
    quote = f"> {quote_user(found.ruling, MENTION_QUOTE + 10)}"
    card = found.card
    if card is None:
        return UserError(f"Keine Karte „{shown}“ in der Datenbank", mention_line(query, found),
                         actions=mention_actions(found))
    body = (f"„{shown}“ ist kein Kartenname in der Datenbank. Die Rulings zu **{card.name}** nennen es:\n{quote}\n"
            f"Meintest du **{card.name}**?")
    actions = [Action(label=f"Karte: {card.name}"[:80], action="card", arg=str(card.id)),
               Action(label=f"Rulings: {card.name}"[:80], action="rulings", arg=str(card.id))]
    actions.sort(key=lambda a: a.action != choice)
    return UserError(f"Keine Karte „{shown}“ gefunden", body, choices=actions)


__all__ = ["mention_actions", "mention_line", "mentioned_error"]
