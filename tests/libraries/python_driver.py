"""Draws delays from the real Python retry libraries, for tests/libraries_real.rs.

Reads a job from standard input: {"library": ..., "sets": [{"base_ms", "factor", "cap_ms",
"attempts"}, ...], "runs": N, "seed": S, "snippets": [code per set, optional]}. Prints one line
per parameter set and retry: "SET RETRY v1 v2 ...", each v a delay in seconds (repr).

- tenacity: calls wait_random_exponential(...) with a retry state whose attempt_number is the
  number of calls made, as Retrying does.
- backoff: per run, a fresh expo generator primed as on_exception primes it, and each retry's
  wait from _next_wait with full_jitter, as on_exception computes it.
- botocore: ExponentialBackoff.delay_amount with a RetryContext for an ordinary error.
- urllib3: Retry.get_backoff_time with a history of n failed calls, as Retry.increment leaves it.
- google-api-core: per run, a fresh exponential_sleep_generator, as retry_target draws from it.
- stamina: _compute_backoff, what its tenacity wait calls with the attempt number.
- snippet-*: runs sade's snippet itself, with time.sleep recording instead of sleeping (and, for
  google-api-core, whose Retry stops by a deadline, time.monotonic advancing by those sleeps).
"""

import json
import random
import sys
import time


def out(set_index, retries):
    for n, values in enumerate(retries, start=1):
        print(set_index, n, " ".join(repr(v) for v in values))


def tenacity_draws(s, runs):
    from tenacity import wait_random_exponential

    kwargs = {"multiplier": s["base_ms"] / 1000, "exp_base": s["factor"]}
    if s["cap_ms"] is not None:
        kwargs["max"] = s["cap_ms"] / 1000
    wait = wait_random_exponential(**kwargs)

    class State:
        attempt_number = 0

    state = State()
    retries = []
    for n in range(1, s["attempts"] + 1):
        state.attempt_number = n
        retries.append([wait(state) for _ in range(runs)])
    return retries


def backoff_draws(s, runs):
    import backoff
    from backoff._common import _init_wait_gen, _next_wait

    kwargs = {"base": s["factor"], "factor": s["base_ms"] / 1000}
    if s["cap_ms"] is not None:
        kwargs["max_value"] = s["cap_ms"] / 1000
    retries = [[] for _ in range(s["attempts"])]
    for _ in range(runs):
        wait = _init_wait_gen(backoff.expo, kwargs)
        for n in range(s["attempts"]):
            retries[n].append(_next_wait(wait, None, backoff.full_jitter, 0.0, None))
    return retries


def botocore_draws(s, runs):
    from botocore.retries.standard import ExponentialBackoff, RetryContext

    policy = ExponentialBackoff(service_name="s3")
    retries = []
    for n in range(1, min(s["attempts"], 35) + 1):
        context = RetryContext(attempt_number=n)
        retries.append([policy.delay_amount(context) for _ in range(runs)])
    return retries


def urllib3_draws(s, runs):
    from urllib3.util.retry import RequestHistory, Retry

    kwargs = {"total": s["attempts"], "backoff_factor": s["base_ms"] / 1000}
    if s["cap_ms"] is not None:
        kwargs["backoff_max"] = s["cap_ms"] / 1000
    failed = RequestHistory("GET", "/", ConnectionError("sade test"), None, None)
    retries = []
    for n in range(1, s["attempts"] + 1):
        retry = Retry(**kwargs, history=(failed,) * n)
        retries.append([retry.get_backoff_time() for _ in range(runs)])
    return retries


def google_draws(s, runs):
    from google.api_core.retry import exponential_sleep_generator

    top = s["base_ms"]
    for _ in range(s["attempts"] - 1):
        top *= s["factor"]
        if s["cap_ms"] is not None:
            top = min(top, s["cap_ms"])
    maximum = s["cap_ms"] if s["cap_ms"] is not None else top
    retries = [[] for _ in range(s["attempts"])]
    for _ in range(runs):
        sleeps = exponential_sleep_generator(s["base_ms"] / 1000, maximum / 1000, s["factor"])
        for n in range(s["attempts"]):
            retries[n].append(next(sleeps))
    return retries


def stamina_draws(s, runs):
    from stamina._core import _compute_backoff

    grow = s["base_ms"] * s["factor"] ** (s["attempts"] - 1)
    wait_max = s["cap_ms"] / 1000 if s["cap_ms"] is not None else (grow + 1000) / 1000
    return [
        [_compute_backoff(n, wait_max, s["base_ms"] / 1000, s["factor"], 1.0) for _ in range(runs)]
        for n in range(1, s["attempts"] + 1)
    ]


class Sleeps:
    """time.sleep, recording instead of sleeping."""

    def __init__(self):
        self.log = []
        self._sleep = time.sleep

    def __enter__(self):
        time.sleep = self.log.append
        return self

    def __exit__(self, *exc):
        time.sleep = self._sleep


class Clock(Sleeps):
    """Sleeps, with time.monotonic advancing by what was slept."""

    def __enter__(self):
        self._monotonic = time.monotonic
        start = time.monotonic()
        time.monotonic = lambda: start + sum(self.log)
        return super().__enter__()

    def __exit__(self, *exc):
        time.monotonic = self._monotonic
        super().__exit__(*exc)


PLACEHOLDER = "...  # your request here"


def python_snippet(code, attempts, runs, error="ConnectionError('sade test')", clock=Sleeps):
    """A tenacity, backoff, stamina or google-api-core snippet with its placeholder body raising
    `error`, called `runs` times. A snippet that stops by a deadline (`clock=Clock`) may retry
    more than `attempts` times; its first `attempts` sleeps are kept."""
    assert PLACEHOLDER in code, code
    code = code.replace(PLACEHOLDER, f"raise {error}")
    scope = {}
    exec(compile(code, "<snippet>", "exec"), scope)
    retries = [[] for _ in range(attempts)]
    with clock() as sleeps:
        for _ in range(runs):
            sleeps.log.clear()
            try:
                scope["call"]()
            except Exception:
                pass
            if clock is Sleeps:
                assert len(sleeps.log) == attempts, (len(sleeps.log), attempts)
            assert len(sleeps.log) >= attempts, (len(sleeps.log), attempts)
            for n, v in enumerate(sleeps.log[:attempts]):
                retries[n].append(v)
    return retries


def urllib3_snippet(code, attempts, runs):
    """The snippet's requests session, its GET to a closed port on this machine retried: urllib3
    does not call time.sleep for a wait of 0, so the first retry's wait is the 0 it computes."""
    scope = {}
    exec(compile(code, "<snippet>", "exec"), scope)
    import requests

    retries = [[] for _ in range(attempts)]
    with Sleeps() as sleeps:
        for _ in range(runs):
            sleeps.log.clear()
            try:
                scope["session"].get("http://127.0.0.1:9/", timeout=5)
            except requests.exceptions.ConnectionError:
                pass
            assert len(sleeps.log) == attempts - 1, (len(sleeps.log), attempts)
            for n, v in enumerate([0.0] + sleeps.log):
                retries[n].append(v)
    return retries


def botocore_snippet(code, attempts, runs):
    """The snippet's client, run `runs` times against a closed port on this machine: each run
    builds its client from the snippet (a fresh retry quota), as a program would."""
    import botocore.session

    shared = botocore.session.get_session()
    real_get_session = botocore.session.get_session
    botocore.session.get_session = lambda: shared  # the loaders' cache, not a new one each run
    retries = [[] for _ in range(min(attempts, 35))]
    try:
        with Sleeps() as sleeps:
            for _ in range(runs):
                scope = {}
                exec(compile(code, "<snippet>", "exec"), scope)
                sleeps.log.clear()
                try:
                    scope["client"].list_buckets()
                except Exception:
                    pass
                assert len(sleeps.log) == len(retries), (len(sleeps.log), len(retries))
                for n, v in enumerate(sleeps.log):
                    retries[n].append(v)
    finally:
        botocore.session.get_session = real_get_session
    return retries


def main():
    job = json.load(sys.stdin)
    library = job["library"]
    for i, s in enumerate(job["sets"]):
        random.seed(job["seed"] + i)
        runs = job["runs"]
        if library == "tenacity":
            retries = tenacity_draws(s, runs)
        elif library == "python-backoff":
            retries = backoff_draws(s, runs)
        elif library == "aws-sdk":
            retries = botocore_draws(s, runs)
        elif library == "urllib3":
            retries = urllib3_draws(s, runs)
        elif library == "google-api-core":
            retries = google_draws(s, runs)
        elif library == "stamina":
            retries = stamina_draws(s, runs)
        elif library == "snippet-urllib3":
            retries = urllib3_snippet(job["snippets"][i], s["attempts"], runs)
        elif library == "snippet-google-api-core":
            error = "__import__('google.api_core.exceptions').api_core.exceptions.ServiceUnavailable('sade test')"
            retries = python_snippet(job["snippets"][i], s["attempts"], runs, error, Clock)
        elif library in ("snippet-tenacity", "snippet-python-backoff", "snippet-stamina"):
            retries = python_snippet(job["snippets"][i], s["attempts"], runs)
        elif library == "snippet-aws-sdk":
            retries = botocore_snippet(job["snippets"][i], s["attempts"], runs)
        else:
            raise SystemExit(f"unknown library {library}")
        out(i, retries)


if __name__ == "__main__":
    main()
