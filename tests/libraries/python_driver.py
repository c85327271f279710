"""Draws delays from the real Python retry libraries, for tests/libraries_real.rs.

Reads a job from standard input: {"library": ..., "sets": [{"base_ms", "factor", "cap_ms",
"attempts"}, ...], "runs": N, "seed": S, "snippets": [code per set, optional]}. Prints one line
per parameter set and retry: "SET RETRY v1 v2 ...", each v a delay in seconds (repr).

- tenacity: calls wait_random_exponential(...) with a retry state whose attempt_number is the
  number of calls made, as Retrying does.
- backoff: per run, a fresh expo generator primed as on_exception primes it, and each retry's
  wait from _next_wait with full_jitter, as on_exception computes it.
- botocore: ExponentialBackoff.delay_amount with a RetryContext for an ordinary error.
- snippet-*: runs sade's snippet itself, with time.sleep recording instead of sleeping.
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


PLACEHOLDER = "...  # your request here"


def python_snippet(code, attempts, runs):
    """A tenacity or backoff snippet with its placeholder body raising, called `runs` times."""
    assert PLACEHOLDER in code, code
    code = code.replace(PLACEHOLDER, "raise ConnectionError('sade test')")
    scope = {}
    exec(compile(code, "<snippet>", "exec"), scope)
    retries = [[] for _ in range(attempts)]
    with Sleeps() as sleeps:
        for _ in range(runs):
            sleeps.log.clear()
            try:
                scope["call"]()
            except Exception:
                pass
            assert len(sleeps.log) == attempts, (len(sleeps.log), attempts)
            for n, v in enumerate(sleeps.log):
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
        elif library in ("snippet-tenacity", "snippet-python-backoff"):
            retries = python_snippet(job["snippets"][i], s["attempts"], runs)
        elif library == "snippet-aws-sdk":
            retries = botocore_snippet(job["snippets"][i], s["attempts"], runs)
        else:
            raise SystemExit(f"unknown library {library}")
        out(i, retries)


if __name__ == "__main__":
    main()
