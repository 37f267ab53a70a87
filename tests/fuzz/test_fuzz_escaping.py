"""Echoed user text stays inert: hostile markdown in every free-text option of every
command goes through the answer layer and the real renderer (``bot.render.payload``); nothing of it may
render as a masked link, autolink, mention, spoiler, emphasis, code, heading, quote or list, and no control
character (NUL, RTL override, newline of the user's) survives. Unit checks of ``quote_user`` at the end."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.answers import run_answer
from bot.commands import Kind
from bot.page_fit import fit_pages
from bot.render import buttons, payload
from bot.reply import quote_user
from tests.fuzz.test_fuzz_answers import harness  # noqa: F401  (the prepared bot, shared fixture)

MARK = "ZQ"  # every construct wraps this marker, so the bot's own markdown never matches the checks
FRAGMENTS = [
    f"[{MARK}](https://evil.example/x)", f"[{MARK}](<https://evil.example>)", f"||{MARK}||", f"**{MARK}**",
    f"__{MARK}__", f"~~{MARK}~~", f"*{MARK}*", f"`{MARK}`", f"```{MARK}```", "<@123456789012345678>",
    "<@!123456789012345678>", "<@&123456789012345678>", "<#123456789012345678>", "<:e:123456789012345678>",
    "<t:0:R>", "@everyone", "@here", f"# {MARK}", f"## {MARK}", f"-# {MARK}", f"> {MARK}", f"- {MARK}",
    f"1. {MARK}", "https://evil.example/y", "\n", "\r\n", "\x00", "\u202e", "\u2066", "\u200b", "\ufeff",
    "\\", "Boros-Rekrut", "{2}{G/W}", "0:24", " ",
]
hostile = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=4)), min_size=1, max_size=8).map("".join)

#: Sensible values for the other options, so the hostile text is the one the answer reads and echoes.
DEFAULTS = {"cost": "{1}{W}", "pool": "{W}{W}", "creatures": "weiß", "counters": 2, "card1": "Boros-Rekrut",
            "card2": "3", "library1": "0:24 2:36", "library2": "0:20 3:40"}

UNSAFE_CHARS = re.compile("[\x00-\x08\x0b-\x1f\u202a-\u202e\u2066-\u2069\u200b\ufeff]")
CHECKS = {
    "masked link": re.compile(r"(?<!\\)\[[^\[\]]*(?<!\\)\]\(\s*<?https?"),
    "autolink": re.compile(r"https?://evil"),
    "mention/channel/emoji/timestamp": re.compile(r"(?<!\\)<(?:@|#|:|t:|a:)"),
    "everyone/here": re.compile(r"(?<!\\)@(?:everyone|here)"),
    "spoiler": re.compile(r"(?<!\\)\|(?<!\\)\|" + MARK),
    "emphasis/strike": re.compile(r"(?<!\\)[*_~]" + MARK),
    "code": re.compile(r"(?<!\\)`" + MARK),
    "heading/subtext/quote/list": re.compile(r"^(?:#{1,3} |-# |> |- |\d+\. )" + MARK, re.M),
}


def rendered_strings(reply) -> list[str]:
    out = []
    for i in range(len(fit_pages(reply.pages))):
        message = payload(reply, i)
        for embed in message["embeds"]:
            footer = (embed.get("footer") or {}).get("text", "")
            out += [embed.get("title") or "", embed.get("description") or "", footer]
            out += [s for f in embed.get("fields") or [] for s in (f["name"], f["value"])]
        out += [c["label"] for c in buttons(message)]
    return out


def problems(strings: list[str]) -> list[str]:
    found = []
    for s in strings:
        if UNSAFE_CHARS.search(s):
            found.append(f"control character in {s[:80]!r}")
        for name, rx in CHECKS.items():
            if rx.search(s):
                found.append(f"{name} in {s[:120]!r}")
    return found


def test_no_user_markup_renders_in_any_answer(harness, request):  # noqa: F811
    loop, ctx, table = harness
    examples = request.config.getoption("--fuzz-examples") // 4  # per free-text option of every command
    cases = [(leaf, option) for leaf in sorted(table.leaves, key=lambda leaf: leaf.path)
             for option in leaf.command.all_options if option.kind is Kind.STRING and not option.choices]
    assert len(cases) >= 10
    assert any(leaf.path == ("ask",) for leaf, _option in cases)  # /frage echoes the question

    def fuzz(leaf, option):
        @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
        @given(text=hostile)
        def run(text):
            kwargs = {o.param: DEFAULTS.get(o.param, "Boros-Rekrut") for o in leaf.command.all_options
                      if o.required and not o.choices}
            kwargs[option.param] = text
            reply = loop.run_until_complete(run_answer(ctx, leaf.command.answer, **kwargs))
            assert problems(rendered_strings(reply)) == []

        return run

    for leaf, option in cases:
        try:
            fuzz(leaf, option)()
        except Exception as exc:
            raise AssertionError(f"/{' '.join(leaf.path)} {option.param}: user text renders as markup") from exc


def test_the_issue_example_is_shown_as_typed():
    # `/ruling suche: Bibliothek [Regel-Update](https://example.com/x)` posted a disguised link
    assert quote_user("Bibliothek [Regel-Update](https://example.com/x)") == \
        r"Bibliothek \[Regel-Update\](https\://example.com/x)"
    assert quote_user("||a|| **b** `c` <@1> @everyone") == r"\|\|a\|\| \*\*b\*\* \`c\` \<\@1\> \@everyone"
    assert quote_user("# Titel") == r"\# Titel" and quote_user("1. x") == r"1\. x"
    assert quote_user("a\u202eb\x00c\nd\r\n") == "a b c d"
    assert quote_user("Boros-Rekrut, Feld der Unterdrückung") == "Boros-Rekrut, Feld der Unterdrückung"
    assert quote_user("x" * 6000, 80) == "x" * 79 + "…"
    assert quote_user("*" * 6000, 10) == r"\*" * 9 + "…"
