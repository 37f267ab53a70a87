"""The README's way to try ``serve`` locally works as written: its key-pair one-liner and its ``ping.py`` are
taken from the README and run against the endpoint (``make_app`` on a free port, no Discord)."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

from aiohttp.test_utils import TestServer

from bot.serve import RestClient, make_app
from bot.serve_interactions import Interactions

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _snippets() -> tuple[str, str]:
    """The key-pair one-liner (the code of its ``python -c``) and ``ping.py``, as the README has them."""
    keygen = re.search(r"^\.venv/bin/python -c '(.+)' > test\.pub$", README, re.M)
    ping = re.search(r"^```python\n(# ping\.py:.*?)^```$", README, re.M | re.S)
    assert keygen and ping, "README: the snippet to try serve locally is gone"
    return keygen[1], ping[1]


async def _run(code: str, cwd: Path) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(sys.executable, "-c", code, cwd=cwd, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode or 0, out.decode(), err.decode()


async def test_the_readme_s_signed_ping_gets_its_pong(core, tmp_path):
    keygen, ping = _snippets()
    rc, public_key, err = await _run(keygen, tmp_path)
    assert rc == 0, err
    assert re.fullmatch(r"[0-9a-f]{64}\n", public_key) and (tmp_path / "test.key").is_file()
    interactions = Interactions(core, RestClient())
    server = TestServer(make_app(interactions, public_key.strip()))
    await server.start_server()
    try:
        assert "http://127.0.0.1:8080/interactions" in ping
        rc, out, err = await _run(ping.replace(":8080/", f":{server.port}/"), tmp_path)
        assert (rc, out) == (0, '{"type":1}\n'), err
        (tmp_path / "test.key").write_text("11" * 32)  # another key than the endpoint's: refused
        rc, out, err = await _run(ping.replace(":8080/", f":{server.port}/"), tmp_path)
        assert rc == 1 and "HTTP Error 401" in err
    finally:
        await server.close()
        await interactions.rest.close()
