"""The concepts a German text names by a construction of its sentences rather than by a word, read alike for a
question and a passage (:meth:`bot.analysis.Analyser.analyse`, :meth:`bot.analysis.Analyser.indexed`): the zones
„einer anderen Zone als …“ means (:mod:`bot.other_zones`), an ability „gespielt“ in the old documents
(:mod:`bot.played_abilities`), an object of any controller (:mod:`bot.any_controller`). Pure."""

from __future__ import annotations

from bot.any_controller import any_controller_concepts
from bot.other_zones import other_zone_concepts
from bot.played_abilities import played_ability_concepts


def text_concepts(text: str, old_terms: bool) -> list[str]:
    """The concept ids ``text`` names by its constructions, in the order of the modules above (duplicates kept: the
    caller adds those it lacks); ``old_terms``: the text is an old document or a player's question
    (:func:`bot.played_abilities.played_ability_concepts`)."""
    return [*other_zone_concepts(text), *played_ability_concepts(text, old_terms), *any_controller_concepts(text)]


__all__ = ["text_concepts"]
