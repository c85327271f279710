"""Drives botocore's real standard-mode retry quota, for tests/budgets_real.rs.

Reads a job from standard input: {"sequences": [{"max_attempts": K, "events": [[request,
outcome], ...]}, ...]}. Each sequence is one client: a fresh botocore client (STS, offline: no
call is made) and a fresh retry handler built by botocore's own
`botocore.retries.standard.register_retry_handler(client, max_attempts=K)`, so the handler, its
`RetryQuotaChecker` and `RetryQuota` (500) are what a client in standard mode gets. Each event is
the end of one attempt of a request (requests are interleaved, as a client's concurrent requests
are; a request starts with its first event), its outcome one of:

- "ok": a 200. The endpoint's needs-retry (RetryHandler.needs_retry, which must not retry it),
  then the client's after-call: RetryQuotaChecker.release_retry_quota(request_context, 200).
- "503": a 503 ServiceUnavailable response, parsed as botocore parses an error.
- "read_timeout" / "connect_timeout": no response, the caught exception a real
  botocore.exceptions.ReadTimeoutError / ConnectTimeoutError.

A failure goes through RetryHandler.needs_retry with the endpoint's arguments (attempts = this
attempt's number, 1-based; request_dict["context"] = the request's context, kept across its
attempts as botocore keeps it); the attempts left are the handler's own MaxAttemptsChecker. The
quota checker's acquire_retry_quota is wrapped to see whether it was asked.

Prints one line per sequence: for every event a decision and the quota's available capacity
after it, "D:capacity", space-separated. D is "o" (success, released), "r" (retry: quota
acquired), "q" (refused: the quota had too little), "l" (no retry asked: the attempts are used
up), "s" (an event for a request already ended, ignored). The first line is
"botocore VERSION new_retries FLAG".
"""

import json
import sys

import botocore
import botocore.session
from botocore.awsrequest import AWSResponse
from botocore.config import Config
from botocore.exceptions import ConnectTimeoutError, ReadTimeoutError
from botocore.retries import standard

URL = "https://sts.us-east-1.amazonaws.com/"


def new_retries_flag():
    import botocore.configprovider as cp

    return getattr(cp, "NEW_RETRIES_ENABLED", None)


def make_client(session):
    return session.create_client(
        "sts",
        region_name="us-east-1",
        aws_access_key_id="sade-test",
        aws_secret_access_key="sade-test",
        config=Config(retries={"mode": "standard"}),
    )


def failure(outcome):
    """The needs-retry arguments of a failed attempt: (response, caught_exception)."""
    if outcome == "503":
        http = AWSResponse(URL, 503, {}, None)
        parsed = {
            "Error": {"Code": "ServiceUnavailable", "Message": "Service Unavailable"},
            "ResponseMetadata": {"HTTPStatusCode": 503},
        }
        return (http, parsed), None
    if outcome == "read_timeout":
        return None, ReadTimeoutError(endpoint_url=URL)
    if outcome == "connect_timeout":
        return None, ConnectTimeoutError(endpoint_url=URL)
    raise ValueError("unknown outcome %r" % outcome)


def run_sequence(session, seq):
    client = make_client(session)
    operation = client.meta.service_model.operation_model("GetCallerIdentity")
    handler = standard.register_retry_handler(client, max_attempts=seq["max_attempts"])
    checker = handler._retry_quota
    quota = checker._quota
    asked = []
    acquire = checker.acquire_retry_quota

    def recording_acquire(context):
        got = acquire(context)
        asked.append(got)
        return got

    checker.acquire_retry_quota = recording_acquire

    # request id -> [attempts made, request context]; ended requests are removed.
    live = {}
    ended = set()
    out = []
    for request, outcome in seq["events"]:
        if request in ended:
            out.append("s:%d" % quota.available_capacity)
            continue
        state = live.setdefault(request, [0, {}])
        state[0] += 1
        attempt, request_context = state
        request_dict = {"context": request_context}
        asked.clear()
        if outcome == "ok":
            http = AWSResponse(URL, 200, {}, None)
            parsed = {"ResponseMetadata": {"HTTPStatusCode": 200}}
            delay = handler.needs_retry(
                response=(http, parsed),
                endpoint=None,
                operation=operation,
                attempts=attempt,
                caught_exception=None,
                request_dict=request_dict,
            )
            if delay is not None or asked:
                raise AssertionError("botocore wanted to retry a 200")
            checker.release_retry_quota(context=request_context, http_response=http)
            decision = "o"
        else:
            response, exc = failure(outcome)
            delay = handler.needs_retry(
                response=response,
                endpoint=None,
                operation=operation,
                attempts=attempt,
                caught_exception=exc,
                request_dict=request_dict,
            )
            if not asked:
                decision = "l"
            elif asked[-1]:
                decision = "r"
            else:
                decision = "q"
            if (delay is not None) != (decision == "r"):
                raise AssertionError("needs_retry returned %r after %r" % (delay, decision))
        if decision != "r":
            del live[request]
            ended.add(request)
        out.append("%s:%d" % (decision, quota.available_capacity))
    print(" ".join(out), flush=True)


def main():
    job = json.load(sys.stdin)
    print("botocore", botocore.__version__, "new_retries", new_retries_flag(), flush=True)
    session = botocore.session.get_session()
    for seq in job["sequences"]:
        run_sequence(session, seq)


if __name__ == "__main__":
    main()
