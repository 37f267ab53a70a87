"""Operations figures: one user cannot stall the bot, and a burst is acknowledged in time.

Starts the real bot (``python -m bot run``) against the fake Discord of tests/e2e and measures:

* **autocomplete while a worst-case calculation runs**: ``/mana versorgung kosten: {W} oder {U} oder {B}
  oder {R} marken: 100`` (about 30 s of CPU before the calculators issue; here it runs in a worker process
  and is stopped at the 2-s budget) is sent again and again, so one is always running, while autocomplete
  requests go one after another; p50/p99 of dispatch → callback, next to the same figure without the
  calculation. Target: p99 ≤ 50 ms.
* **burst**: ``--burst`` interactions (default 2 000; commands and autocompletes of the whole workload)
  dispatched at once; per interaction the time to its first callback (answer or defer), how many within
  Discord's 3 s, how many were deferred, and whether every one got its final answer; throughput, and the
  CPU seconds per interaction of the bot and of this process (the fake Discord and the client).
* **the fake's own capacity**: the same burst against ``bench/null_bot.py`` (no discord.py, no Regelbot:
  every interaction acknowledged at once with the cheapest valid callback), so the figures say which side
  is the bottleneck; and how long the fake took to dispatch the burst (``InteractionResult.sent``).
* **the HTTP door**: the same workload, pre-signed, fired by ``bench/http_burst.py``'s generator at one
  ``python -m bot serve`` worker, then at one trivial aiohttp worker that checks the Ed25519 signature and
  answers PONG (``http_burst.py --pong-worker --verify``).
* **CPU ratios** (the capacity a server gets per core): the gateway bot's CPU per interaction over the null
  bot's, and the ``serve`` worker's over the signature-checking worker's, each pair measured side by side in
  one run; with ``--repeat 3`` the best and the median of three runs. Target: ≤ 2.0× each.

With ≥ 2 CPUs the bot is pinned to CPU 0 and this process (the fake Discord) to CPU 1, as in bench_e2e.

    .venv/bin/python bench/bench_ops.py [--quick] [--burst N] [--repeat 3] [--vs DIR]

``--vs DIR``: instead of the above, this checkout's gateway bot and ``serve`` worker against another source tree's
(``mkdir /tmp/main && git archive main | tar -x -C /tmp/main``), taking turns, ``--repeat`` rounds: the ratio of a
change's CPU per interaction to the code before it, pair by pair; and each tree's application core alone over the
workload (no door, no burst), each in a process of its own: on a busy machine the steadiest of the three.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_e2e import pin_threads
from bench_scale import _free_port, _start_workers, cpu_seconds, payload_for
from common import ratio_text
from fakediscord import FakeDiscord
from harness import PYTHON, BotProcess, bot_env, build_store, running_bot
from http_burst import fire, presign
from nacl.signing import SigningKey
from workload import Step, build_plan, percentile, run_step

#: This folder (bench/).
BENCH = Path(__file__).resolve().parent
NULL_BOT = [PYTHON, str(BENCH / "null_bot.py")]
PONG_WORKER = [PYTHON, str(Path(__file__).resolve().parent / "http_burst.py"), "--pong-worker"]

def bot_argv(door: str, src: Path | None = None) -> list[str]:
    """``python -m bot DOOR`` of this checkout, or of the source tree ``src`` (another checkout, e.g. ``git archive
    main``): its ``bot`` package imported first, everything else (interpreter, packages, the fake's site) shared.
    The process then works in ``src``, so the calculators' worker processes it starts (``python -c``, whose first
    import path is the working directory) run that tree's code too, not this checkout's."""
    if src is None:
        return [PYTHON, "-m", "bot", door]
    code = f"import os, runpy, sys; sys.path.insert(0, {str(src)!r}); os.chdir({str(src)!r}); " \
           "runpy.run_module('bot', run_name='__main__', alter_sys=True)"
    return [PYTHON, "-c", code, door]


WORST = ("mana", {"cost": "{W} oder {U} oder {B} oder {R}", "counters": 100}, "upkeep")


async def _autocomplete_ms(fake: FakeDiscord, rounds: int) -> list[float]:
    out = []
    for i in range(rounds):
        res = await fake.autocomplete_result("karte", "name", ("boros", "chor", "feld", "circu")[i % 4])
        out.append(res.seconds * 1000)
    return out


async def calc_contention(fake: FakeDiscord, rounds: int) -> dict[str, object]:
    """Autocomplete latency alone and while worst-case calculations run back to back."""
    alone = await _autocomplete_ms(fake, rounds)
    stop = asyncio.Event()
    calcs: list[tuple[float, str]] = []

    async def calculate() -> None:
        while not stop.is_set():
            name, options, sub = WORST
            t0 = time.perf_counter()
            res = await fake.command(name, options, subcommand=sub, timeout=30, settle=0.3)
            calcs.append((time.perf_counter() - t0, res.embeds[0]["title"] if res.embeds else "?"))

    worker = asyncio.create_task(calculate())
    await asyncio.sleep(0.3)  # the first calculation is running
    try:
        during = await _autocomplete_ms(fake, rounds)
    finally:
        stop.set()
        await worker
    return {"alone": alone, "during": during, "calcs": calcs}


async def burst(fake: FakeDiscord, plan: list[Step], n: int, pid: int) -> dict[str, object]:
    """``n`` interactions of the workload at once; first-callback times, deferrals, final answers, CPU
    seconds of the bot process ``pid`` and of this process."""
    late_before = len(fake.late)
    cpu0, own0 = cpu_seconds(pid), sum(os.times()[:2])
    t0 = time.perf_counter()
    results = await asyncio.gather(*(run_step(fake, plan[i % len(plan)], timeout=120) for i in range(n)),
                                   return_exceptions=True)
    wall = time.perf_counter() - t0
    bot_cpu, own_cpu = cpu_seconds(pid) - cpu0, sum(os.times()[:2]) - own0
    ok = [r for r in results if not isinstance(r, BaseException)]
    first = sorted(r.seconds for r in ok)
    answered = sum(1 for r in ok if not r.refused and (r.embeds or r.content or r.choices or r.callback_type == 8))
    return {"n": n, "first": first, "deferred": sum(1 for r in ok if r.callback_type in (5, 6)),
            "in_time": sum(1 for r in ok if r.seconds <= 3.0 and not r.refused),
            "refused": len(fake.late) - late_before, "errors": len(results) - len(ok), "answered": answered,
            "wall": wall, "sent": max((r.sent for r in ok), default=float("nan")), "bot_cpu": bot_cpu,
            "own_cpu": own_cpu}


async def http_cpu(fake: FakeDiscord, plan: list[Step], n: int, tmp: Path, db: Path, pin: bool,
                   src: Path | None = None, pong: bool = True, pong_first: bool = False) -> tuple[float, float]:
    """CPU seconds per interaction of one ``serve`` worker and of one signature-checking PONG worker, each
    taking ``n`` pre-signed interactions of the workload at once from :func:`http_burst.fire` (2 processes).

    The two are measured alike, side by side: both run at once (pinned to the same CPU), each is warmed by a burst
    of the workload before its clock (``serve`` also by the workload twice through the fake: its caches), and each
    takes two measured bursts in the order A B B A (``pong_first``: the PONG worker is A; the runs of
    :func:`repeated` take turns), so a load that drifts during the run weighs on both alike; each figure is the
    mean of its two bursts. Each burst starts on a whole second, so the signature's timestamp is the burst's
    start and a request's age is how long it waited, as when Discord signs at sending (a start at a random
    fraction of a second made every request look up to 1 s older to ``serve``'s deferral rule: another share of
    answers deferred in each run)."""
    key = SigningKey.generate()
    kinds = ("serve", "pong") if pong else ("serve",)
    workers = {kind: await _start_worker(kind, fake, tmp, db, src, key) for kind in kinds}
    try:
        for kind, (url, pid, _procs) in workers.items():
            if pin:
                pin_threads(pid, 0)
            if kind == "serve":
                fake.use_http(url, key)
                for step in plan * 2:  # warm-up of the worker's caches
                    await run_step(fake, step, timeout=60)
            await _burst_cpu(fake, plan, 2 * len(plan), url, pid, key)  # a warm-up burst
        order = kinds[::-1] if pong_first else kinds
        got: dict[str, float] = dict.fromkeys(kinds, 0.0)
        for kind in (*order, *order[::-1]):  # A B B A
            url, pid, _procs = workers[kind]
            got[kind] += await _burst_cpu(fake, plan, n, url, pid, key) / 2
    finally:
        for _url, _pid, procs in workers.values():
            for proc in procs:
                await proc.stop()
    return got["serve"], got.get("pong", float("nan"))


async def _start_worker(kind: str, fake: FakeDiscord, tmp: Path, db: Path, src: Path | None,
                        key: SigningKey) -> tuple[str, int, list]:
    """Start one ``kind`` worker of :func:`http_cpu` (``serve`` of ``src``, or ``pong``) on a free port; (its
    interactions URL, its pid, its processes)."""
    public = key.verify_key.encode().hex()
    port = _free_port()
    if kind == "serve":
        argv = [*bot_argv("serve", src), "--port", str(port)]
        env = bot_env(fake, db=db, state_dir=tmp / "serve", extra={"DISCORD_PUBLIC_KEY": public,
                                                                   "LOG_LEVEL": "INFO"})  # its ready line
        procs = await _start_workers([argv], [env], tmp, "HTTP-Endpunkt bereit")
    else:
        procs = await _start_workers([[*PONG_WORKER, str(port), "--verify", public]], [dict(os.environ)], tmp,
                                     "PONG-Endpunkt bereit")
    return f"http://127.0.0.1:{port}/interactions", procs[0].proc.pid, procs  # type: ignore[union-attr]


async def _burst_cpu(fake: FakeDiscord, plan: list[Step], n: int, url: str, pid: int, key: SigningKey) -> float:
    """CPU seconds per interaction of the worker ``pid`` taking ``n`` interactions of ``plan`` at once (pre-signed,
    starting on a whole second), counted until 1 s after the last response (deferred answers finish)."""
    payloads = [payload_for(fake, plan[i % len(plan)]) for i in range(n)]
    start_at = float(math.ceil(time.time() + 2.0))  # a whole second: the signature's timestamp
    requests = presign(key, payloads, int(start_at))
    cpu0 = cpu_seconds(pid)
    figures = await asyncio.to_thread(fire, url, requests, start_at, clients=2, connections=64)
    await asyncio.sleep(1.0)  # deferred answers finish through the webhook
    if figures.failed:
        statuses = sorted({shot.status for shot in figures.shots if shot.status != 200})
        print(f"  ({figures.failed} of {n} without a 200 answer, status {statuses}: {url})", flush=True)
    return (cpu_seconds(pid) - cpu0) / n


async def core_cpu(fake: FakeDiscord, plan: list[Step], db: Path, state_dir: Path, rounds: int = 3) -> float:
    """CPU seconds per interaction of the workload spent by the application core alone, in this process (no
    door, no Discord): :func:`core_cpu_of` over the payloads of ``plan`` as ``fake`` would send them. The part of a
    door's CPU per interaction that no door can save: the floor of the ratios."""
    return await core_cpu_of([payload_for(fake, step) for step in plan], db, state_dir, rounds)


@contextlib.asynccontextmanager
async def opened_core(db: Path, state_dir: Path) -> AsyncIterator[Callable[[dict], Awaitable[object]]]:
    """The application core of the ``bot`` package this process imports, opened on the store ``db`` with its
    calculation workers started (state in ``state_dir``), as one function: an interaction payload → its work as
    both doors do it, read (:func:`bot.raw.invocation`, :func:`bot.autocomplete.choices_body`), run
    (:meth:`bot.core.Core.run`) and rendered (:func:`bot.render.message_payload`). Closed after the block."""
    from bot.autocomplete import choices_body
    from bot.commands import TABLE
    from bot.config import Settings
    from bot.core import Core
    from bot.raw import invocation
    from bot.render import message_payload

    core = Core(Settings(token="", dev_guild_id=None, db_path=db, state_dir=state_dir, log_level="INFO"))
    await core.open(TABLE.warm)
    await core.start_workers()

    async def step(payload: dict) -> object:
        if payload["type"] == 4:
            return await choices_body(core, payload["data"])
        inv, _private = invocation(payload["data"], core.context)
        return message_payload(await core.run(inv), 0, inv)

    try:
        yield step
    finally:
        await core.close()


async def core_cpu_of(payloads: list[dict], db: Path, state_dir: Path, rounds: int = 3) -> float:
    """CPU seconds per interaction of the interaction ``payloads`` in the application core of the ``bot`` package
    this process imports (:func:`opened_core`: read, run and rendered as both doors do); best of ``rounds`` rounds
    over the payloads, after one warm-up round."""
    async with opened_core(db, state_dir) as step:
        best = float("inf")
        for i in range(rounds + 1):
            c0 = time.process_time()
            for payload in payloads:
                await step(payload)
            if i:  # the first round warms the caches
                best = min(best, (time.process_time() - c0) / len(payloads))
        return best


def _write_payloads(work: Path, payloads: list[dict]) -> None:
    """``payloads`` as JSON in ``work``/payloads.json (the folder made when missing)."""
    work.mkdir(parents=True, exist_ok=True)
    (work / "payloads.json").write_text(json.dumps(payloads), encoding="utf-8")


async def in_tree(src: Path | None, module: str, call: str) -> str:
    """The JSON of ``asyncio.run(call)`` (an expression over ``module``, a benchmark of this folder, and ``Path``)
    computed in a process of its own whose ``bot`` package is this checkout's (``src`` None) or the source tree
    ``src``'s (imported first, working directory ``src``, as :func:`bot_argv` does), so two trees are measured
    alike.

    Raises:
        RuntimeError: the measuring process failed (its output in the message).
    """
    code = (f"import asyncio, json, os, sys; sys.path.insert(0, {str(BENCH)!r})"
            + (f"; sys.path.insert(0, {str(src)!r}); os.chdir({str(src)!r})" if src is not None else "")
            + f"; import {module}; from pathlib import Path; print(json.dumps(asyncio.run({call})))")
    proc = await asyncio.create_subprocess_exec(PYTHON, "-c", code, stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.STDOUT)
    out, _ = await proc.communicate()
    lines = out.decode().strip().splitlines()
    if proc.returncode != 0 or not lines:
        raise RuntimeError(f"measurement failed ({proc.returncode}):\n{out.decode()[-3000:]}")
    return lines[-1]


async def core_cpu_in(src: Path | None, payloads: list[dict], db: Path, work: Path, rounds: int = 3) -> float:
    """:func:`core_cpu_of` in a process of its own (:func:`in_tree`: this checkout's ``bot`` or the source tree
    ``src``'s). ``work``: a folder for the payloads' file and the core's state.

    Raises:
        RuntimeError: the measuring process failed (its output in the message).
    """
    _write_payloads(work, payloads)
    call = (f"bench_ops.core_cpu_of(json.loads(Path({str(work / 'payloads.json')!r}).read_text()), "
            f"Path({str(db)!r}), Path({str(work)!r}), {rounds})")
    return float(json.loads(await in_tree(src, "bench_ops", call)))


def burst_lines(label: str, b: dict[str, object]) -> list[str]:
    """The printed figures of one burst."""
    n, first = b["n"], b["first"]
    return [
        f"{label}: burst of {n}: {b['in_time']} answered or deferred within 3 s ({n - b['in_time']} missed), "  # type: ignore[operator]
        f"{b['deferred']} deferred, {b['refused']} late (refused by the fake), {b['errors']} lost, "
        f"{b['answered']} with a final answer",
        f"  first callback p50 {percentile(first, 0.5):.2f} s  p99 {percentile(first, 0.99):.2f} s  "  # type: ignore[arg-type]
        f"max {max(first):.2f} s; all answered in {b['wall']:.1f} s = {n / b['wall']:.0f} /s; "  # type: ignore[operator, type-var]
        f"the fake had dispatched all after {b['sent']:.2f} s",
        f"  CPU per interaction: bot {b['bot_cpu'] / n * 1000:.2f} ms, fake Discord + client "  # type: ignore[operator]
        f"{b['own_cpu'] / n * 1000:.2f} ms",  # type: ignore[operator]
    ]


@contextlib.contextmanager
def pinned_store(prefix: str) -> Iterator[tuple[Path, Path, bool]]:
    """A temporary folder (``prefix``) with a store of the documents built in it; on a machine with 2 or more CPUs
    this process runs on CPU 1 (the bots are pinned to CPU 0 by :func:`warmed_plan`) until the block ends.
    Yields (folder, store path, pinned)."""
    pin = (os.cpu_count() or 1) >= 2 and hasattr(os, "sched_setaffinity")
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp_s:
        tmp = Path(tmp_s)
        db = tmp / "regelbot.sqlite3"
        build_store(db)
        own = os.sched_getaffinity(0) if pin else set()
        if pin:
            os.sched_setaffinity(0, {1})
        try:
            yield tmp, db, pin
        finally:
            if pin:
                os.sched_setaffinity(0, own)


async def warmed_plan(fake: FakeDiscord, pid: int, pin: bool) -> list:
    """The workload plan of a bot process ``pid`` that synced with ``fake`` (its threads pinned to CPU 0 when
    ``pin``), after running the plan twice as a warm-up."""
    if pin:
        pin_threads(pid, 0)
    await fake.wait_sync()
    plan = await build_plan(fake)
    for step in plan * 2:  # warm-up
        await run_step(fake, step, timeout=60)  # a niced worker starts slowly on a busy machine
    return plan


async def measure(rounds: int, burst_n: int, null: bool = True,
                  turn: int = 0) -> tuple[dict[str, object], dict[str, object], dict[str, object] | None]:
    """Start the bot, run both measurements, stop it; then (``null``) the burst against the null bot and the
    HTTP door's pair (:func:`http_cpu`, in the null burst's dict as ``serve_cpu`` and ``pong_cpu``, seconds per
    interaction; in an odd ``turn`` the PONG worker first). Returns (contention, burst, null-bot burst or None)."""
    nulled = None
    with pinned_store("bench_ops_") as (tmp, db, pin):
        async with FakeDiscord() as fake:
            async with running_bot(fake, tmp, db=db, extra_env={"LOG_LEVEL": "INFO"}) as bot:
                plan = await warmed_plan(fake, bot.proc.pid, pin)
                contention = await calc_contention(fake, rounds) if rounds else {"alone": [], "during": [],
                                                                                 "calcs": []}
                fake.callback_deadline = 3.0
                bursting = await burst(fake, plan, burst_n, bot.proc.pid)
            if null:
                proc = await BotProcess([*NULL_BOT, fake.url], {**os.environ}, tmp / "null.log").start()
                try:
                    await proc.wait_connected(fake)
                    if pin:
                        pin_threads(proc.proc.pid, 0)
                    nulled = await burst(fake, plan, burst_n, proc.proc.pid)
                finally:
                    await proc.stop()
                (tmp / "serve").mkdir()
                nulled["serve_cpu"], nulled["pong_cpu"] = await http_cpu(fake, plan, burst_n, tmp, db, pin,
                                                                        pong_first=turn % 2 == 1)
                nulled["core_cpu"] = await core_cpu(fake, plan, db, tmp / "serve")
    return contention, bursting, nulled


async def versus(src: Path, burst_n: int, repeat: int) -> dict[str, list[tuple[float, float]]]:
    """This checkout's gateway bot and ``serve`` worker against those of the source tree ``src`` (e.g. ``git
    archive main`` unpacked), the two taking turns (this, other; then other, this; …), ``repeat`` rounds on one
    store: per round and door, (this, other) CPU seconds per interaction of a burst of ``burst_n``, each side on a
    fresh fake Discord with the same workload; and under ``"core alone"`` each tree's application core over the
    workload in a process of its own (:func:`core_cpu_in`), the steadiest of the three figures on a busy machine."""
    out: dict[str, list[tuple[float, float]]] = {"gateway": [], "serve": [], "core alone": []}
    with pinned_store("bench_ops_vs_") as (tmp, db, pin):
        for i in range(repeat):
            got: dict[tuple[str, bool], float] = {}
            for other in ((False, True) if i % 2 == 0 else (True, False)):
                work = Path(tempfile.mkdtemp(dir=tmp))  # its own state: the command tree is synced again
                async with FakeDiscord() as fake:
                    argv = bot_argv("run", src if other else None)
                    async with running_bot(fake, work, argv=argv, db=db, extra_env={"LOG_LEVEL": "INFO"}) as bot:
                        plan = await warmed_plan(fake, bot.proc.pid, pin)
                        fake.callback_deadline = 3.0
                        bursting = await burst(fake, plan, burst_n, bot.proc.pid)
                        got["gateway", other] = bursting["bot_cpu"] / burst_n  # type: ignore[operator]
                    (work / "serve").mkdir()
                    side = src if other else None
                    got["serve", other] = (await http_cpu(fake, plan, burst_n, work, db, pin, side, pong=False))[0]
                    got["core alone", other] = await core_cpu_in(side, [payload_for(fake, step) for step in plan],
                                                                 db, work / "core")
            for door in out:
                out[door].append((got[door, False], got[door, True]))
    return out


Run = tuple[dict[str, object], dict[str, object], dict[str, object] | None]


def repeated(rounds: int, burst_n: int, repeat: int) -> list[Run]:
    """:func:`measure` ``repeat`` times (the autocomplete contention only in the first run; the HTTP pair's order
    taking turns)."""
    return [asyncio.run(measure(rounds if i == 0 else 0, burst_n, turn=i)) for i in range(repeat)]


def ratios(runs: list[Run]) -> list[tuple[str, list[float]]]:
    """Per run, the gateway bot's CPU per interaction over the null bot's, and the ``serve`` worker's over the
    signature-checking worker's.

    No "door only" ratio (a door's CPU less the core's): both doors answer a command asked again from their kept
    answers (:mod:`bot.answer_bodies`) without the core, while the core alone (:func:`core_cpu`) answers every
    command of the workload anew, so subtracting it took more than the doors spent on answers."""
    gateway = [b["bot_cpu"] / n["bot_cpu"] for _c, b, n in runs if n]  # type: ignore[operator]
    http = [n["serve_cpu"] / n["pong_cpu"] for _c, _b, n in runs if n]  # type: ignore[operator]
    return [("burst CPU per interaction: gateway bot / null bot", gateway),
            ("burst CPU per interaction: serve / aiohttp worker checking the signature", http)]


def rows(quick: bool) -> list[tuple[str, str, str, str]]:
    """Figures for ``bench/run.py``: the autocomplete contention, the burst, and both CPU ratios (best and
    median of 3 runs; ``quick``: one run, bursts of 500)."""
    rounds, n, repeat = (200, 500, 1) if quick else (1000, 2000, 3)
    runs = repeated(rounds, n, repeat)
    contention, b, _ = runs[0]
    cmd = f"python bench/bench_ops.py --burst {n} --repeat {repeat}" + (" --quick" if quick else "")
    alone, during = sorted(contention["alone"]), sorted(contention["during"])  # type: ignore[arg-type]
    calcs = contention["calcs"]  # type: ignore[assignment]
    first = b["first"]  # type: ignore[assignment]
    calc_s = ", ".join(f"{s:.1f} s" for s, _ in calcs[:3])  # type: ignore[index]
    return [
        ("autocomplete p50/p99, no calculation running", f"{percentile(alone, 0.5):.1f} / "
         f"{percentile(alone, 0.99):.1f} ms", "", cmd),
        ("autocomplete p50/p99 while a worst-case calculation runs", f"{percentile(during, 0.5):.1f} / "
         f"{percentile(during, 0.99):.1f} ms", "p99 ≤ 50 ms", cmd),
        ("  worst-case calculation (/mana versorgung, 4 choices, 100 counters)",
         f"refused after {calc_s} ({calcs[0][1] if calcs else '?'})", "≈ 2 s budget", cmd),  # type: ignore[index]
        (f"burst of {b['n']}: answered or deferred within 3 s", f"{b['in_time']} / {b['n']} "
         f"({b['deferred']} deferred, {b['refused']} late, {b['errors']} lost)", "all", cmd),
        (f"  burst of {b['n']}: first callback p50/p99/max", f"{percentile(first, 0.5):.2f} / "
         f"{percentile(first, 0.99):.2f} / {max(first):.2f} s; all answered in {b['wall']:.1f} s", "", cmd),
        *((label, ratio_text(values), "" if label.startswith(" ") else "≤ 2.0×", cmd)
          for label, values in ratios(runs)),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer autocomplete rounds")
    parser.add_argument("--burst", type=int, default=2000, help="interactions dispatched at once")
    parser.add_argument("--rounds", type=int, default=1000, help="autocomplete requests per phase (0: none)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of the bursts (best and median of the ratios)")
    parser.add_argument("--no-null", action="store_true", help="skip the bursts against the null bot and the HTTP door")
    parser.add_argument("--vs", type=Path, default=None, metavar="DIR",
                        help="instead: this checkout's doors against those of the source tree DIR, taking turns")
    args = parser.parse_args()
    rounds = min(args.rounds, 200) if args.quick else args.rounds
    if args.vs is not None:
        pairs = asyncio.run(versus(args.vs.resolve(), args.burst, max(1, args.repeat)))
        print(f"bench_ops --vs {args.vs} — CPUs: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")
        for door, values in pairs.items():
            each = "; ".join(f"{a * 1000:.2f} / {b * 1000:.2f} ms" for a, b in values)
            what = "CPU per interaction, core alone (no door, no burst, every command answered anew)" \
                if door == "core alone" else (
                f"burst CPU per interaction, {door}")
            print(f"{what}: this checkout / {args.vs}: {ratio_text([a / b for a, b in values])} ({each})")
        return
    if args.no_null:
        runs = [asyncio.run(measure(rounds, args.burst, null=False))]
    else:
        runs = repeated(rounds, args.burst, max(1, args.repeat))
    contention = runs[0][0]
    alone, during = sorted(contention["alone"]), sorted(contention["during"])  # type: ignore[arg-type]
    print(f"bench_ops — CPUs: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")
    if alone:
        print(f"autocomplete alone:          n={len(alone)} p50 {percentile(alone, 0.5):.2f} ms  "
              f"p99 {percentile(alone, 0.99):.2f} ms  max {max(alone):.2f} ms")
        print(f"autocomplete during calc:    n={len(during)} p50 {percentile(during, 0.5):.2f} ms  "
              f"p99 {percentile(during, 0.99):.2f} ms  max {max(during):.2f} ms  (target p99 ≤ 50 ms)")
    for seconds, title in contention["calcs"]:  # type: ignore[attr-defined]
        print(f"  worst-case calculation answered after {seconds:.2f} s: {title}")
    for i, (_contention, b, nulled) in enumerate(runs, 1):
        print(f"run {i} of {len(runs)}:")
        print("\n".join(burst_lines("Regelbot (python -m bot run)", b)))
        if nulled is not None:
            print("\n".join(burst_lines("null bot (fake Discord's own capacity)", nulled)))
            print(f"  HTTP door, CPU per interaction: serve {nulled['serve_cpu'] * 1000:.2f} ms, aiohttp worker "  # type: ignore[operator]
                  f"checking the signature {nulled['pong_cpu'] * 1000:.2f} ms")  # type: ignore[operator]
            print(f"  the core alone (answers and choices, in this process, no door; every command answered anew, "
                  f"as the doors do only for a command not asked before): "
                  f"{nulled['core_cpu'] * 1000:.2f} ms per interaction")  # type: ignore[operator]
    if not args.no_null:
        for label, values in ratios(runs):
            print(f"{label}: {ratio_text(values)}" + ("" if label.startswith(" ") else " (target ≤ 2.0×)"))


if __name__ == "__main__":
    main()
