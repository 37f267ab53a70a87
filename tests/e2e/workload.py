"""A mixed workload derived from the synced command payload: every command and every autocomplete option.

Used by the load test (tests/load/) and the round-trip benchmark (bench/bench_e2e.py). The plan is built
by asking the bot itself: each autocompleted option is filled with the first choice the bot offers for a
seed text, options with fixed ``choices`` take their first choice, numbers their minimum.
"""

# ruff: noqa: ASYNC109  (a deadline per interaction is part of the workload's contract)
from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from fakediscord import (
    BOOLEAN,
    INTEGER,
    NUMBER,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    FakeDiscord,
    InteractionResult,
)

DEFAULT_SEEDS = ("boros", "feld", "chor", "a", "e", "7", "1")


@dataclass(frozen=True)
class Leaf:
    """A runnable command: base name, optional group/subcommand, and its declared options."""

    command: str
    group: str | None
    subcommand: str | None
    options: tuple[dict[str, Any], ...]

    @property
    def label(self) -> str:
        """``/card`` or ``/rules group sub`` — for messages."""
        return "/" + " ".join(p for p in (self.command, self.group, self.subcommand) if p)


@dataclass
class Step:
    """One interaction of the workload: a command with options, or an autocomplete of one option."""

    leaf: Leaf
    kind: str  # "command" | "autocomplete"
    options: dict[str, Any] = field(default_factory=dict)
    focused: str | None = None
    value: str = ""

    def __str__(self) -> str:
        if self.kind == "autocomplete":
            return f"autocomplete {self.leaf.label} {self.focused}={self.value!r}"
        return f"{self.leaf.label} {self.options}"


def leaves(commands: list[dict[str, Any]]) -> Iterator[Leaf]:
    """Every runnable (sub)command of a synced chat-input command list."""
    for cmd in commands:
        if cmd.get("type", 1) != 1:
            continue
        opts = cmd.get("options") or []
        subs = [o for o in opts if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if not subs:
            yield Leaf(cmd["name"], None, None, tuple(opts))
        for sub in subs:
            if sub["type"] == SUB_COMMAND:
                yield Leaf(cmd["name"], None, sub["name"], tuple(sub.get("options") or []))
            else:
                for inner in sub.get("options") or []:
                    yield Leaf(cmd["name"], sub["name"], inner["name"], tuple(inner.get("options") or []))


async def run_step(fake: FakeDiscord, step: Step, *, locale: str = "de",
                   timeout: float = 5.0) -> InteractionResult:
    """Send one step through the fake and return the bot's answer."""
    kw = {"subcommand": step.leaf.subcommand, "group": step.leaf.group, "locale": locale, "timeout": timeout}
    if step.kind == "autocomplete":
        return await fake.autocomplete_result(step.leaf.command, step.focused or "", step.value,
                                              others=step.options, **kw)
    return await fake.command(step.leaf.command, step.options, **kw)


_EXAMPLE_RE = re.compile(r"(?:\blike|\be\.g\.|:)\s+(.+?)\s*(?:,\s*or\b|;|\)|$)")


def example_from_description(description: str) -> str | None:
    """The example a free-text option's description gives: "Mana pool like {B}{G}{G} or BGG; …" →
    ``{B}{G}{G}``; "Mana value counts like 0:17 1:4 2:8, or …" → ``0:17 1:4 2:8``; "…: {W} or {U}" →
    ``{W} or {U}``; "Cost increases, e.g. {1} or {1}, {2}" → ``{1}``. None when there is no example."""
    match = _EXAMPLE_RE.search(description)
    if match is None:
        return None
    text = match.group(1)
    if " or " in text and not match.group(0).startswith(":"):
        text = text.split(" or ")[0]  # "like A or B": A; after a colon, "A or B" is the example itself
    return text.strip() or None


def _static_value(opt: dict[str, Any]) -> Any:
    if opt.get("choices"):
        return opt["choices"][0]["value"]
    kind = opt["type"]
    if kind in (INTEGER, NUMBER):
        low = opt.get("min_value", 1)
        return math.ceil(low) if kind == INTEGER else float(low)
    if kind == BOOLEAN:
        return True
    if kind == STRING:
        return example_from_description(opt.get("description") or "")
    return None


async def build_plan(fake: FakeDiscord, *, seeds: tuple[str, ...] = DEFAULT_SEEDS,
                     overrides: Mapping[tuple[str, str], Any] | None = None) -> list[Step]:
    """Ask the bot for values and return the steps: one command per leaf, one autocomplete per seed
    and autocompleted option. ``overrides`` maps (leaf label, option name) to a fixed value.

    Leaves whose required options cannot be filled (no choice offered, unknown type) are skipped.
    """
    overrides = overrides or {}
    steps: list[Step] = []
    for leaf in leaves([c for cmds in fake.synced.values() for c in cmds]):
        filled: dict[str, Any] = {}
        ok = True
        for opt in leaf.options:
            key = (leaf.label, opt["name"])
            if opt.get("autocomplete"):
                for seed in seeds:
                    steps.append(Step(leaf, "autocomplete", dict(filled), opt["name"], seed))
            if key in overrides:
                filled[opt["name"]] = overrides[key]
                continue
            if opt.get("autocomplete"):
                value = None
                for seed in seeds:
                    res = await run_step(fake, Step(leaf, "autocomplete", dict(filled), opt["name"], seed))
                    # skip a choice that only echoes the typed text ("Suche: boros"): it is no known value
                    offered = [c["value"] for c in res.choices or [] if c["value"] != seed]
                    if offered:
                        value = offered[0]
                        break
            elif opt["type"] == BOOLEAN and not opt.get("required"):
                continue  # an optional switch (e.g. "private") keeps its default
            else:
                value = _static_value(opt)
            if value is None and opt["type"] == STRING and not opt.get("required"):
                continue
            if value is None:
                ok = not opt.get("required")
                if not ok:
                    break
                continue
            filled[opt["name"]] = value
        if ok:
            steps.append(Step(leaf, "command", filled))
    return steps


def percentile(values: list[float], q: float) -> float:
    """The ``q``-quantile (0..1) by the nearest-rank method; ``values`` need not be sorted."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def visible(result: InteractionResult) -> dict[str, Any]:
    """What the user sees of an answer (content, embeds, ephemeral flag, button labels, choices) —
    comparable across runs of the same step."""
    return {
        "callback": result.callback_type,
        "content": result.content,
        "embeds": result.embeds,
        "ephemeral": result.ephemeral,
        "buttons": [b.get("label") for b in result.buttons()],
        "choices": result.choices,
    }
