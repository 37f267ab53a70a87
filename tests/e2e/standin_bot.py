"""A small stand-in bot that proves the e2e harness before the real bot exists.

Same environment contract as ``python -m bot run``: ``DISCORD_TOKEN``, ``REGELBOT_STATE_DIR`` (the hash of
the last synced command tree lives there; a changed tree is synced at start-up), ``LOG_LEVEL``. It has one
slash command ``/card`` (German ``/karte``) with an autocompleted option ``name`` and a persistent button
``rb:rulings:<name>`` answered with a deferred update. Run: ``python tests/e2e/standin_bot.py``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import re
import signal
import sys
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

log = logging.getLogger("standin")

CARDS = {"Boros-Rekrut": "{R/W}", "Boros-Gildenmagier": "{1}{R}{W}", "Chor des Konklave": "{G}{G}{W}{W}"}
GERMAN = {"card": "karte", "name": "name", "Show a card": "Zeigt eine Karte", "Card name": "Kartenname",
          "rules": "regeln", "Rules": "Regeln", "glossary": "glossar", "Glossary": "Glossar",
          "term": "begriff", "Look up a term": "Begriff nachschlagen", "Term": "Begriff",
          "show": "zeige", "Show a rule": "Regel zeigen", "number": "nummer", "Rule number": "Regelnummer"}
TERMS = ("Fehde", "Einberufen", "Manawert")


class GermanTranslator(app_commands.Translator):
    """German localizations for the stand-in's command (``de`` only)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        """Return the German text for ``string`` when ``locale`` is German, else None."""
        return GERMAN.get(string.message) if locale is discord.Locale.german else None


class RulingsButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rb:rulings:(?P<name>.+)"):
    """A persistent button ``rb:rulings:<card>`` that edits the message to show (fake) rulings."""

    def __init__(self, name: str) -> None:
        super().__init__(discord.ui.Button(label="Rulings", custom_id=f"rb:rulings:{name}"))
        self.name = name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> RulingsButton:
        """Rebuild the button from its custom_id."""
        return cls(match["name"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Defer the update, then edit the original message to show the rulings page."""
        await interaction.response.defer()
        embed = discord.Embed(title=f"Rulings: {self.name}", description="1 Ruling.")
        await interaction.edit_original_response(embed=embed, view=None)


class StandinBot(commands.Bot):
    """The stand-in bot: one command, a translator, a sync when the command tree changed."""

    def __init__(self, state_dir: Path) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.none(),
                         help_command=None)
        self.state_dir = state_dir

    async def setup_hook(self) -> None:
        """Register the command and button, then sync when the tree's hash changed."""
        await self.tree.set_translator(GermanTranslator())
        self.tree.add_command(card)
        self.tree.add_command(rules)
        self.add_dynamic_items(RulingsButton)
        payload = [await c.get_translated_payload(self.tree, self.tree.translator)
                   for c in self.tree.get_commands()]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        marker = self.state_dir / "command-tree.sha256"
        if not marker.exists() or marker.read_text() != digest:
            await self.tree.sync()
            self.state_dir.mkdir(parents=True, exist_ok=True)
            marker.write_text(digest)
            log.info("commands synced")


@app_commands.command(name=app_commands.locale_str("card"),
                      description=app_commands.locale_str("Show a card"))
@app_commands.describe(name=app_commands.locale_str("Card name"))
async def card(interaction: discord.Interaction, name: str) -> None:
    """Show a card's mana cost, or an ephemeral German error for an unknown name."""
    cost = CARDS.get(name)
    if cost is None:
        await interaction.response.send_message(f"Keine Karte namens „{name}“ gefunden.", ephemeral=True)
        return
    view = discord.ui.View(timeout=None)
    view.add_item(RulingsButton(name))
    await interaction.response.send_message(embed=discord.Embed(title=name, description=cost), view=view)


@card.autocomplete("name")
async def card_name_autocomplete(interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
    """Names containing ``current`` (case-insensitive), at most 25."""
    hits = [n for n in CARDS if current.lower() in n.lower()]
    return [app_commands.Choice(name=n, value=n) for n in hits[:25]]


def _ls(text: str) -> app_commands.locale_str:
    return app_commands.locale_str(text)


rules = app_commands.Group(name=_ls("rules"), description=_ls("Rules"))
glossary = app_commands.Group(name=_ls("glossary"), description=_ls("Glossary"), parent=rules)


@glossary.command(name=_ls("term"), description=_ls("Look up a term"))
@app_commands.describe(term=_ls("Term"))
@app_commands.rename(term=_ls("term"))
async def glossary_term(interaction: discord.Interaction, term: str) -> None:
    """``/rules glossary term`` (a subcommand in a group): echo the command path and the value."""
    await interaction.response.send_message(f"{interaction.command.qualified_name}: {term}")


@glossary_term.autocomplete("term")
async def glossary_term_autocomplete(interaction: discord.Interaction,
                                     current: str) -> list[app_commands.Choice[str]]:
    """Terms starting with ``current``."""
    return [app_commands.Choice(name=t, value=t) for t in TERMS if t.lower().startswith(current.lower())]


@rules.command(name=_ls("show"), description=_ls("Show a rule"))
@app_commands.describe(number=_ls("Rule number"))
@app_commands.rename(number=_ls("number"))
async def rules_show(interaction: discord.Interaction, number: app_commands.Range[int, 100, 999]) -> None:
    """``/rules show number`` (a subcommand): echo the number, deferred and followed up."""
    await interaction.response.defer(thinking=True)
    await interaction.followup.send(f"{interaction.command.qualified_name}: {number}")


async def main() -> int:
    """Run the stand-in until SIGINT/SIGTERM; 0 on a clean stop, 2 without a token."""
    token = os.environ.get("DISCORD_TOKEN", "")
    if not token:
        print("DISCORD_TOKEN fehlt.", file=sys.stderr)
        return 2
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "INFO"), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    state_dir = Path(os.environ.get("REGELBOT_STATE_DIR", "."))
    async with StandinBot(state_dir) as bot:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
        await bot.start(token)
    log.info("stopped cleanly")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
