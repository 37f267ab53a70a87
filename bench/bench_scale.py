"""Scale-out figures: memory under 20 000 button interactions, and a burst of 5 000 interactions answered
by 4 ``serve`` workers on one port beside the single gateway process.

* memory: the real bot (``python -m bot run``) against the fake Discord answers ``--clicks`` interactions
  that all carry or press buttons (``/ruling karte: Getrieben // Verzweiflung`` → 3 pages with buttons,
  "Weiter" pressed on it, the "Karte anzeigen" button pressed); its RSS (VmRSS) is printed at checkpoints.
  Target: growth ≤ 10 MB over 20 000 interactions after warm-up.
* burst: ``--burst`` interactions (every command and autocomplete of the synced payload, round robin) sent
  at once, signed with Ed25519, to 4 ``python -m bot serve --reuse-port`` processes on one port
  (SO_REUSEPORT: the kernel spreads connections). The requests are built and signed before the clock
  starts and sent by ``--clients`` generator processes of their own over 256 keep-alive connections, as a
  load balancer would (``bench/http_burst.py``); the fake Discord only takes the deferred answers' webhook
  calls. The same generator against 4 trivial aiohttp workers answering PONG (with and without the
  signature check) is the ceiling this machine allows. Then the same burst over the gateway to one
  ``python -m bot run`` (dispatched by the fake Discord). Each interaction's time counts from the burst's
  start to its first callback (Discord's 3-s limit); CPU seconds per interaction are printed per side.

Loopback only. ``python bench/bench_scale.py [--quick]``; ``bench/run.py`` calls :func:`rows`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fakediscord import LOADING, FakeDiscord, InteractionResult, _Pending
from harness import PYTHON, REAL_BOT, BotProcess, bot_env, build_store, running_bot
from http_burst import BurstFigures, fire, presign
from nacl.signing import SigningKey
from workload import Step, build_plan, percentile, run_step

HERE = Path(__file__).resolve().parent

DEADLINE = 3.0


def rss_mb(pid: int) -> float:
    """Current resident set size (VmRSS) of a Linux process in MB; NaN when unreadable."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


@dataclass
class Burst:
    """One burst: who answered, how many, wall time and per-interaction times (s) to the first callback."""

    label: str
    total: int
    wall: float
    seconds: list[float]
    within: int
    failed: int
    server_cpu: float = float("nan")
    client_cpu: float = float("nan")
    deferred: int = -1  # HTTP responses that were a defer (type 5/6); -1: not counted
    answered: int = -1  # deferred commands whose answer arrived through the webhook
    commands: int = 0

    def line(self) -> str:
        """One printed line: in time, throughput, p50/p99/max, CPU per interaction of each side."""
        ms = [s * 1000 for s in self.seconds]
        client = "fake Discord" if self.deferred < 0 else "generator (+ fake Discord's webhooks)"
        return (f"{self.label:<52} {self.total} at once: {self.within}/{self.total} answered within 3 s, "
                f"{self.total / self.wall:6.0f} /s, p50 {percentile(ms, 0.5):6.0f} ms, "
                f"p99 {percentile(ms, 0.99):6.0f} ms, max {max(ms):6.0f} ms"
                + (f", {self.failed} failed" if self.failed else "")
                + (f", {self.deferred} deferred" if self.deferred >= 0 else "")
                + (f" ({self.answered}/{self.commands} commands answered via webhook)" if self.answered >= 0 else "")
                + f"; CPU per interaction: server {self.server_cpu / self.total * 1000:.2f} ms, "
                  f"{client} {self.client_cpu / self.total * 1000:.2f} ms")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a Linux process so far, in seconds (NaN when unreadable)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _burst(fake: FakeDiscord, plan, total: int, label: str, pids: list[int]) -> Burst:
    results: list[InteractionResult | None] = [None] * total

    async def one(i: int) -> None:
        try:
            results[i] = await run_step(fake, plan[i % len(plan)], timeout=60.0)
        except AssertionError:
            results[i] = None

    cpu0, own0 = sum(cpu_seconds(p) for p in pids), sum(os.times()[:2])
    t0 = time.perf_counter()
    await asyncio.gather(*(one(i) for i in range(total)))
    wall = time.perf_counter() - t0
    await asyncio.sleep(0.5)  # deferred answers finish
    server_cpu = sum(cpu_seconds(p) for p in pids) - cpu0
    client_cpu = sum(os.times()[:2]) - own0
    done = [r for r in results if r is not None]
    within = sum(1 for r in done if r.seconds <= DEADLINE and not r.refused)
    return Burst(label, total, wall, [r.seconds for r in done], within, sum(r is None for r in results),
                 server_cpu, client_cpu)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def measure_memory(db: Path, tmp: Path, clicks: int) -> list[tuple[int, float]]:
    """RSS of the bot (MB) after 0 (warm-up done) … ``clicks`` button interactions."""
    checkpoints: list[tuple[int, float]] = []
    async with FakeDiscord() as fake, running_bot(fake, tmp, argv=REAL_BOT, db=db,
                                                  extra_env={"LOG_LEVEL": "WARNING"}) as bot:
        await fake.wait_sync()
        sem = asyncio.Semaphore(16)

        async def cycle() -> int:
            async with sem:
                res = await fake.command("ruling", {"card": "Getrieben // Verzweiflung"}, timeout=30)
                weiter = next(b for b in res.buttons() if b["label"] == "Weiter")
                turned = await fake.component(res, weiter["custom_id"], timeout=30)
                card = next(b for b in turned.buttons() if b["label"] == "Karte anzeigen")
                await fake.component(turned, card["custom_id"], timeout=30)
                return 3

        async def run(n: int) -> None:
            cycles = n // 3
            while cycles > 0:
                batch = min(300, cycles)
                cycles -= batch
                await asyncio.gather(*(cycle() for _ in range(batch)))
                fake.messages.clear()  # the fake's own bookkeeping (not the bot's), between batches
                fake._pending.clear()
                fake._by_token.clear()
                fake.requests.clear()

        await run(3000)  # warm-up: imports, caches, SQLite page cache
        done = 0
        checkpoints.append((done, rss_mb(bot.proc.pid)))
        step = max(3, clicks // 4)
        while done < clicks:
            await run(step)
            done += step // 3 * 3
            checkpoints.append((done, rss_mb(bot.proc.pid)))
        assert not fake.errors and not fake.invalid, (fake.errors[:3], fake.invalid[:3])
    return checkpoints


def payload_for(fake: FakeDiscord, step: Step, locale: str = "de") -> dict:
    """The interaction payload of a workload step as the fake would send it, registered with the fake as a
    deferred interaction (a "thinking…" message), so the endpoint's webhook calls for it are accepted."""
    leaf = step.leaf
    if step.kind == "autocomplete":
        given = {**step.options, step.focused or "": step.value}
        data = fake._command_data(leaf.command, given, subcommand=leaf.subcommand, group=leaf.group,
                                  focused=step.focused)
        payload = fake._interaction(4, data, locale, guild=True)
    else:
        data = fake._command_data(leaf.command, step.options, subcommand=leaf.subcommand, group=leaf.group,
                                  focused=None)
        payload = fake._interaction(2, data, locale, guild=True)
    result = InteractionResult(id=payload["id"], token=payload["token"], type=payload["type"])
    pending = _Pending(result=result, started=time.perf_counter())
    fake._pending[result.id] = fake._by_token[result.token] = pending
    if step.kind == "command":
        mid = fake.snowflake()
        result.message = fake.messages[mid] = fake._message(mid, {"flags": LOADING}, interaction=pending)
    return payload


def _figures(label: str, fig: BurstFigures, server_cpu: float, fake_cpu: float = 0.0) -> Burst:
    seconds = [s.seconds for s in fig.shots if s.status == 200]
    out = Burst(label, fig.total, fig.wall, seconds or [float("nan")], fig.within, fig.failed, server_cpu,
                fig.client_cpu + fake_cpu)
    out.deferred = sum(1 for s in fig.shots if s.ctype in (5, 6))
    return out


async def _start_workers(argvs: list[list[str]], envs: list[dict], tmp: Path, ready: str) -> list[BotProcess]:
    procs = [await BotProcess(argv, env, tmp / f"worker{i}.log").start() for i, (argv, env) in
             enumerate(zip(argvs, envs, strict=True))]
    deadline = time.monotonic() + 60
    while not all(ready in p.output() for p in procs):
        dead = [p for p in procs if p.returncode is not None]
        if dead or time.monotonic() > deadline:
            for p in procs:
                await p.stop()
            raise RuntimeError("workers did not start:\n" + (dead or procs)[0].tail())
        await asyncio.sleep(0.2)
    return procs


async def _fire(fake: FakeDiscord, key: SigningKey, payloads: list[dict], url: str, clients: int,
                pids: list[int]) -> tuple[BurstFigures, float, float]:
    """Pre-sign, fire from ``clients`` processes; (figures, CPU s of ``pids``, CPU s of this process)."""
    start_at = time.time() + 2.0
    requests = presign(key, payloads, int(start_at))
    cpu0, own0 = sum(cpu_seconds(p) for p in pids), sum(os.times()[:2])
    fig = await asyncio.to_thread(fire, url, requests, start_at, clients=clients, connections=256)
    webhooks = [fake._pending[p["id"]].webhook.wait() for p in payloads if p["type"] == 2 and p["id"] in fake._pending]
    with contextlib.suppress(TimeoutError):  # the deferred answers finish (the fake takes their webhook calls)
        await asyncio.wait_for(asyncio.gather(*webhooks), 30)
    return fig, sum(cpu_seconds(p) for p in pids) - cpu0, sum(os.times()[:2]) - own0


async def measure_bursts(db: Path, tmp: Path, total: int, workers: int, clients: int = 2,
                         gateway: bool = True) -> list[Burst]:
    """The burst against ``workers`` serve processes on one port, the PONG ceiling (with and without the
    signature check) with the same generator, then (``gateway``) against one gateway process."""
    out: list[Burst] = []
    key = SigningKey.generate()
    public = key.verify_key.encode().hex()
    async with FakeDiscord() as fake:
        (tmp / "gw").mkdir()
        async with running_bot(fake, tmp / "gw", argv=REAL_BOT, db=db, extra_env={"LOG_LEVEL": "WARNING"}) as gw:
            await fake.wait_sync()
            plan = await build_plan(fake)
            if gateway:
                for step in plan * 2:
                    await run_step(fake, step, timeout=60)
                gw_burst = await _burst(fake, plan, total, "gateway: 1 process (python -m bot run)",
                                        [gw.proc.pid])
        port = _free_port()
        url = f"http://127.0.0.1:{port}/interactions"
        envs = [bot_env(fake, db=db, state_dir=tmp / f"w{i}", extra={"DISCORD_PUBLIC_KEY": public,
                                                                     "LOG_LEVEL": "INFO"})
                for i in range(workers)]
        argv = [PYTHON, "-m", "bot", "serve", "--port", str(port), "--reuse-port"]
        procs = await _start_workers([argv] * workers, envs, tmp, "HTTP-Endpunkt bereit")
        try:
            fake.use_http(url, key)
            for step in plan * 2:  # warm-up of every worker's caches
                await run_step(fake, step, timeout=60)
            payloads = [payload_for(fake, plan[i % len(plan)]) for i in range(total)]
            fig, server_cpu, fake_cpu = await _fire(fake, key, payloads, url, clients,
                                                    [p.proc.pid for p in procs if p.proc is not None])
            served = _figures(f"HTTP: {workers} serve workers, one port (SO_REUSEPORT)", fig, server_cpu, fake_cpu)
            served.answered = sum(1 for p in payloads if p["type"] == 2 and (fake._pending[p["id"]].result.edits
                                                                            or fake._pending[p["id"]].result.followups))
            served.commands = sum(1 for p in payloads if p["type"] == 2)
            out.append(served)
            assert not fake.invalid, fake.invalid[:3]
        finally:
            for p in procs:
                await p.stop()
        for verify in (False, True):
            port = _free_port()
            url = f"http://127.0.0.1:{port}/interactions"
            pong = [PYTHON, str(HERE / "http_burst.py"), "--pong-worker", str(port)] + (["--verify", public]
                                                                                          if verify else [])
            procs = await _start_workers([pong] * workers, [dict(os.environ)] * workers, tmp, "PONG-Endpunkt bereit")
            try:
                payloads = [{"id": str(i), "type": 1, "application_id": fake.app_id, "token": f"t{i}", "version": 1}
                            for i in range(total)]
                fig, server_cpu, _ = await _fire(fake, key, payloads, url, clients,
                                                 [p.proc.pid for p in procs if p.proc is not None])
                label = f"ceiling: {workers} aiohttp PONG workers" + (" + Ed25519 check" if verify else "")
                out.append(_figures(label, fig, server_cpu))
            finally:
                for p in procs:
                    await p.stop()
    if gateway:
        out.append(gw_burst)
    return out


async def measure(quick: bool, clicks: int | None = None, burst: int | None = None, workers: int = 4,
                  clients: int = 2, gateway: bool = True) -> tuple[list[tuple[int, float]], list[Burst]]:
    """Both measurements on a freshly built store (``clicks`` 0: no memory run)."""
    clicks = (3000 if quick else 20_000) if clicks is None else clicks
    burst = (1000 if quick else 5000) if burst is None else burst
    with tempfile.TemporaryDirectory(prefix="bench_scale_") as tmp_s:
        tmp = Path(tmp_s)
        db = tmp / "regelbot.sqlite3"
        build_store(db)
        (tmp / "mem").mkdir()
        memory = await measure_memory(db, tmp / "mem", clicks) if clicks else []
        bursts = await measure_bursts(db, tmp, burst, workers, clients, gateway) if burst else []
    return memory, bursts


def report(memory: list[tuple[int, float]], bursts: list[Burst]) -> str:
    """The figures as printed by this script."""
    lines = [f"bench_scale — CPUs: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}"]
    if memory:
        base = memory[0][1]
        lines.append("bot RSS over button interactions (after 3 000 warm-up): "
                     + ", ".join(f"{n}: {mb:.1f} MB" for n, mb in memory)
                     + f" → growth {memory[-1][1] - base:+.1f} MB (target ≤ 10 MB over 20 000)")
    lines += [b.line() for b in bursts]
    return "\n".join(lines)


def rows(quick: bool) -> list[tuple[str, str, str, str]]:
    """Figures for ``bench/run.py``."""
    memory, bursts = asyncio.run(measure(quick))
    cmd = "python bench/bench_scale.py" + (" --quick" if quick else "")
    n = memory[-1][0]
    out = [(f"bot RSS growth over {n} button interactions", f"{memory[-1][1] - memory[0][1]:+.1f} MB "
            f"({memory[0][1]:.0f} → {memory[-1][1]:.0f} MB)", "≤ 10 MB / 20 000", cmd)]
    for b in bursts:
        ms = [s * 1000 for s in b.seconds]
        out.append((f"burst of {b.total}, {b.label}", f"{b.within}/{b.total} ≤ 3 s; {b.total / b.wall:.0f}/s; "
                    f"p50/p99 {percentile(ms, 0.5):.0f} / {percentile(ms, 0.99):.0f} ms", "all ≤ 3 s", cmd))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 000 clicks and a burst of 1 000")
    parser.add_argument("--clicks", type=int, default=None, help="button interactions of the memory run (0: none)")
    parser.add_argument("--burst", type=int, default=None, help="interactions sent at once")
    parser.add_argument("--workers", type=int, default=4, help="serve processes on the port")
    parser.add_argument("--clients", type=int, default=2, help="load generator processes")
    parser.add_argument("--no-gateway", action="store_true", help="skip the gateway burst")
    args = parser.parse_args()
    print(report(*asyncio.run(measure(args.quick, args.clicks, args.burst, args.workers, args.clients,
                                      not args.no_gateway))))


if __name__ == "__main__":
    main()
