"""The mutation score of the rule checks: disable one check at a time and see whether the game's tests notice.

A *rule check* is an ``if`` (or ``elif``) of ``scorekeeper/games/<package>/`` whose body makes an error finding
with a literal rule ID in one of its own statements — ``ctx.error("FC-…", …)``, ``ctx.breach(…)``,
``ctx.block(…)``, ``ctx.stop(…)``, ``return [error("ED-…", …)]``, ``found.append(block(…))``,
``raise FlightError("ED-…", …)``: the calls that ``tests/census.py`` counts as error sites (its finder is used
here). A conditional expression whose true branch makes one (``error(…) if cond else …``) is a check too. Not
sampled: error sites under an ``else:`` or an ``except``, and those a function makes unconditionally (there is no
condition to disable), and an ``if`` whose error site is nested in a further ``if``/``for`` of its body (the
inner ``if`` is the check).

A *mutant* disables one check: its condition ``cond`` becomes ``False and (cond)`` (the same lines, so every
other line keeps its number). For each mutant of a seeded sample (``--per-game`` checks of each game, drawn with
``random.Random``), the tool writes the mutated file into a private copy of the repository — the working tree
is never changed — and runs that game's tests and the sample sessions' test there::

    python -m pytest -x -q -p no:cacheprovider tests/games/<package> tests/test_sample_sessions.py

with ``SCOREKEEPER_CENSUS=0``. The mutant is *killed* when the tests fail (or hang past the timeout, reported
as such) and *survives* when they pass: a survivor is a rule the tests would not miss. The report gives each
game's killed / survived / total and score, and each survivor as ``file:line RULE-ID  condition``.

It is slow (one run of a game's tests per mutant) and is run by hand, not in the test suite::

    python -m tools.mutate                          # seed 13, 20 checks per game, one at a time
    python -m tools.mutate --game fc --per-game 5   # one game
    python -m tools.mutate --list                   # the sample only, nothing run
    python -m tools.mutate --jobs 2 --json          # two mutants at once; the result as JSON

The unmutated tests run first for each game sampled (they must pass); the timeout per mutant is three times
that run (at least 120 s) unless ``--timeout`` says otherwise. The result of a run is in ``docs/mutation.md``.
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import os
import queue
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable

if "tests.census" not in sys.modules:  # run by hand: the census plugin must not measure this process
    os.environ["SCOREKEEPER_CENSUS"] = "0"

from tests.census import GAMES_DIR, PACKAGES, ROOT, error_rule  # noqa: E402

DEFAULT_SEED = 13
DEFAULT_PER_GAME = 20
#: the statements that hold others: an error site inside one belongs to an inner check, not to this ``if``
COMPOUND = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try, ast.TryStar, ast.Match,
            ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
PREFIX, SUFFIX = b"False and (", b")"
#: what the repository copy leaves out
IGNORED = shutil.ignore_patterns(".git", "__pycache__", ".mypy_cache", ".pytest_cache", ".hypothesis", "*.out",
                                 "*.egg-info", ".venv", "venv")
KILLED, SURVIVED, TIMEOUT = "killed", "survived", "timeout"


@dataclass(frozen=True)
class Check:
    """One rule check: the condition of an ``if`` (or conditional expression) that guards an error site."""

    package: str
    path: str  # relative to the repository, with slashes
    line: int  # where the condition starts
    col: int  # the condition's span, in UTF-8 bytes as ``ast`` gives it
    end_line: int
    end_col: int
    rules: tuple[str, ...]
    condition: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {'/'.join(self.rules)}  {self.condition}"


def _rules_in(nodes: list[ast.stmt] | ast.expr) -> list[str]:
    """The rule IDs of the error sites in these statements themselves (not in statements nested in them)."""
    roots: list[ast.AST] = [nodes] if isinstance(nodes, ast.expr) else [s for s in nodes if not isinstance(s, COMPOUND)]
    found = []
    for root in roots:
        for node in ast.walk(root):
            rule = error_rule(node)
            if rule is not None and rule not in found:
                found.append(rule)
    return found


def checks_in(source: str, path: str, package: str) -> list[Check]:
    """The rule checks of one module's source, in the order of their lines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.If):
            rules = _rules_in(node.body)
        elif isinstance(node, ast.IfExp):
            rules = _rules_in(node.body)
        else:
            continue
        test = node.test
        if rules and test.end_lineno is not None and test.end_col_offset is not None:
            found.append(Check(package, path, test.lineno, test.col_offset, test.end_lineno, test.end_col_offset,
                               tuple(rules), ast.unparse(test)))
    return sorted(found, key=lambda c: (c.line, c.col))


def checks(package: str) -> list[Check]:
    """Every rule check of ``scorekeeper/games/<package>/``."""
    return list(_checks(package))


@functools.lru_cache(maxsize=None)
def _checks(package: str) -> tuple[Check, ...]:  # read once per process: the tool never changes the tree
    found = []
    for path in sorted((GAMES_DIR / package).rglob("*.py")):
        found += checks_in(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix(), package)
    return tuple(found)


def mutant_source(source: str, check: Check) -> str:
    """The module's source with ``check`` disabled: its condition ``cond`` made ``False and (cond)``."""
    lines = source.encode("utf-8").splitlines(keepends=True)
    first, last = check.line - 1, check.end_line - 1
    lines[last] = lines[last][:check.end_col] + SUFFIX + lines[last][check.end_col:]
    lines[first] = lines[first][:check.col] + PREFIX + lines[first][check.col:]
    return b"".join(lines).decode("utf-8")


def draw(packages: list[str], per_game: int, seed: int) -> list[Check]:
    """The seeded sample: ``per_game`` checks of each game (all of them if it has fewer), the same for a seed."""
    sample = []
    for package in packages:
        every = checks(package)
        rng = random.Random(f"{seed}:{package}")  # per game: one game's sample does not depend on the others
        sample += sorted(rng.sample(every, min(per_game, len(every))), key=lambda c: (c.path, c.line, c.col))
    return sample


# -- running the tests on a mutant ------------------------------------------------------------------------

@dataclass
class Outcome:
    """What the tests did with one mutant."""

    check: Check
    status: str  # killed, survived or timeout (a hang: counted as killed)
    seconds: float
    failed: str = ""  # the first failing test, as pytest names it

    @property
    def killed(self) -> bool:
        return self.status != SURVIVED


def test_command(package: str) -> list[str]:
    return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
            f"tests/games/{package}", "tests/test_sample_sessions.py"]


#: the test runs going on, stopped when the tool is interrupted
RUNNING: set[subprocess.Popen[str]] = set()


def _stop(child: subprocess.Popen[str]) -> None:
    """Kill a test run and anything it started (it leads its own process group)."""
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run_tests(copy: Path, package: str, timeout: float) -> tuple[str, float, str]:
    """Run the game's tests in the repository copy: (status, seconds, first failing test)."""
    env = {**os.environ, "PYTHONPATH": str(copy), "SCOREKEEPER_CENSUS": "0"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the copy keeps its compiled modules from one mutant to the next
    start = time.monotonic()
    child = subprocess.Popen(test_command(package), cwd=copy, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, start_new_session=True)
    RUNNING.add(child)
    try:
        output, _ = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _stop(child)
        child.communicate()
        return TIMEOUT, time.monotonic() - start, ""
    finally:
        RUNNING.discard(child)
    seconds = time.monotonic() - start
    if child.returncode == 0:
        return SURVIVED, seconds, ""
    return KILLED, seconds, first_failure(output)


def first_failure(output: str) -> str:
    """The first failing test of pytest's output (``FAILED path::test - …``), else its last line."""
    for line in output.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            return line.split(" ", 1)[1].split(" - ", 1)[0]
    lines = output.strip().splitlines()
    return lines[-1] if lines else ""


def run_mutant(check: Check, copy: Path, timeout: float) -> Outcome:
    """Write the mutant into the copy, run the tests, put the module back."""
    target = copy / check.path
    original = target.read_text(encoding="utf-8")
    target.write_text(mutant_source(original, check), encoding="utf-8")  # its size differs: no stale .pyc
    try:
        status, seconds, failed = run_tests(copy, check.package, timeout)
    finally:
        target.write_text(original, encoding="utf-8")
    return Outcome(check, status, seconds, failed)


def run_all(sample: list[Check], jobs: int, timeout: float | None, say: Callable[[str], None]) -> list[Outcome]:
    """Every mutant of the sample, ``jobs`` at a time, each in a private copy of the repository."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-mutants-") as temp:
        copies: queue.Queue[Path] = queue.Queue()
        for n in range(max(1, jobs)):
            copy = Path(temp) / f"repo{n}"
            shutil.copytree(ROOT, copy, ignore=IGNORED)
            copies.put(copy)
        limits: dict[str, float] = {}
        for package in dict.fromkeys(c.package for c in sample):
            status, seconds, failed = run_tests(copies.queue[0], package, 3600.0)
            if status != SURVIVED:
                raise SystemExit(f"error: the unmutated tests of {package} fail ({failed}): fix them first")
            limits[package] = timeout or max(120.0, 3 * seconds)
            say(f"{package}: the unmutated tests pass in {seconds:.0f} s; timeout per mutant {limits[package]:.0f} s")

        def one(check: Check) -> Outcome:
            copy = copies.get()
            try:
                return run_mutant(check, copy, limits[check.package])
            finally:
                copies.put(copy)

        outcomes = []
        pool = ThreadPoolExecutor(max_workers=max(1, jobs))
        try:
            futures = [pool.submit(one, check) for check in sample]
            for done, future in enumerate(as_completed(futures), 1):
                outcome = future.result()
                outcomes.append(outcome)
                say(f"[{done}/{len(sample)}] {outcome.status:8} {outcome.seconds:4.0f} s  {outcome.check}")
        except BaseException:  # interrupted: no more mutants; the running ones are stopped and put back
            pool.shutdown(wait=False, cancel_futures=True)
            for child in list(RUNNING):
                _stop(child)
            pool.shutdown(wait=True)
            raise
        pool.shutdown()
    order = {id(c): n for n, c in enumerate(sample)}
    return sorted(outcomes, key=lambda o: order[id(o.check)])


# -- the report -------------------------------------------------------------------------------------------

def scores(outcomes: list[Outcome]) -> dict[str, dict[str, Any]]:
    """Per game and in all: killed (timeouts included), survived, timeouts, total, score in per cent."""
    groups: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        groups.setdefault(outcome.check.package, []).append(outcome)
    groups["all"] = outcomes
    table = {}
    for name, group in groups.items():
        killed = sum(o.killed for o in group)
        table[name] = {"killed": killed, "survived": len(group) - killed,
                       "timeouts": sum(o.status == TIMEOUT for o in group), "total": len(group),
                       "score": round(100.0 * killed / len(group), 1) if group else 0.0}
    return table


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def report(outcomes: list[Outcome], seed: int, per_game: int) -> str:
    out = [f"Mutation score: seed {seed}, {per_game} checks per game", "",
           f"{'game':15} {'killed':>6} {'survived':>8} {'total':>5} {'score':>6}"]
    for name, row in scores(outcomes).items():
        hung = f"  ({row['timeouts']} by timeout)" if row["timeouts"] else ""
        out.append(f"{name:15} {row['killed']:6} {row['survived']:8} {row['total']:5} {row['score']:5.1f}%{hung}")
    survivors = [o.check for o in outcomes if not o.killed]
    out += ["", f"{len(survivors)} survivor(s):" if survivors else "no survivor"]
    out += [_fit(f"  {c.path.removeprefix('scorekeeper/games/')}:{c.line} {'/'.join(c.rules)}  {c.condition}", 80)
            for c in survivors]
    return "\n".join(out)


def as_json(outcomes: list[Outcome], seed: int, per_game: int) -> str:
    mutants = [{**asdict(o.check), "status": o.status, "seconds": round(o.seconds, 1), "failed": o.failed}
               for o in outcomes]
    return json.dumps({"seed": seed, "per_game": per_game, "scores": scores(outcomes), "mutants": mutants},
                      indent=2)


def package_of(name: str) -> str:
    """A game's package from its package name or rule prefix (``fc``, ``flamecraft``)."""
    wanted = name.lower().replace("-", "_")
    for prefix, package in PACKAGES.items():
        if wanted in (prefix.lower(), package):
            return package
    raise argparse.ArgumentTypeError(f"unknown game {name!r}: one of {', '.join(PACKAGES.values())} "
                                     f"(or {', '.join(p.lower() for p in PACKAGES)})")


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.mutate", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"the sample's seed (default {DEFAULT_SEED})")
    parser.add_argument("--per-game", type=int, default=DEFAULT_PER_GAME, metavar="K",
                        help=f"checks sampled per game (default {DEFAULT_PER_GAME})")
    parser.add_argument("--game", type=package_of, action="append", metavar="G",
                        help="only this game (eh, fc, ed or the package name); repeatable")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="mutants run at once (default 1)")
    parser.add_argument("--timeout", type=float, default=None, metavar="S",
                        help="seconds per mutant before it counts as a hang (default: 3 x the unmutated run)")
    parser.add_argument("--list", action="store_true", help="print the sample and stop")
    parser.add_argument("--json", action="store_true", help="the result as JSON on stdout (progress on stderr)")
    args = parser.parse_args(argv)
    if args.per_game < 1 or args.jobs < 1:
        parser.error("--per-game and --jobs must be at least 1")
    packages = args.game or list(PACKAGES.values())
    sample = draw(packages, args.per_game, args.seed)
    say: Callable[[str], None] = (lambda text: print(text, file=sys.stderr, flush=True)) if args.json \
        else (lambda text: print(text, flush=True))
    totals = ", ".join(f"{p} {len(checks(p))}" for p in packages)
    say(f"{len(sample)} checks sampled with seed {args.seed} (rule checks in all: {totals}):")
    for check in sample:
        say(f"  {check}")
    if args.list:
        return 0
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        outcomes = run_all(sample, args.jobs, args.timeout, say)
    except KeyboardInterrupt:
        for child in list(RUNNING):  # a test run of the unmutated code
            _stop(child)
        print("interrupted: the mutants done so far are listed above", file=sys.stderr)
        return 130
    print(as_json(outcomes, args.seed, args.per_game) if args.json else "\n" + report(outcomes, args.seed,
                                                                                          args.per_game))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
