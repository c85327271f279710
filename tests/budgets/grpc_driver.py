"""Drives gRPC C-core's retry throttling through the real grpcio, for tests/budgets_real.rs.

Reads a job from standard input: {"runs": [run, ...]}, each run
{"max_attempts": 2..5, "max_tokens": M, "token_ratio": R (a JSON number, given to C-core as
written), "rpcs": N, "plan": "FSFF..." , "channels": [c0, c1, ...] (optional), "backoff":
"0.002s" (optional: initialBackoff and maxBackoff)}. The backoff is not 0.001s: C-core waits
initialBackoff x U(0.8, 1.2) in whole milliseconds, so 0.001s often gives a retry timer of 0 ms
("retrying failed call in 0 ms" in GRPC_TRACE=retry), and with grpcio 1.85.3 such a retry never
went out: the call hung until its deadline.

For each run a fresh server listens on 127.0.0.1 (port 0), with a generic handler for
/sade.Budget/Call that answers the attempts in the order they reach it, by the plan: attempt k of
the whole run (0-based, over every RPC) fails with UNAVAILABLE if plan[k] is "F" and succeeds if
it is "S" or past the plan's end. A client channel (options grpc.enable_retries = 1 and
grpc.service_config with a retryPolicy for the method and retryThrottling {maxTokens, tokenRatio})
sends the N unary RPCs one after the other, each waiting for the one before to end. With
"channels", RPC i goes out on channel channels[i] (several channels to the same target, to see
whether the throttle is per channel or per target); otherwise all go on one channel.

Prints one line per run: the attempts the server saw for each RPC, space-separated, then " | "
and each RPC's outcome as the client saw it ("S" succeeded, "F" UNAVAILABLE).
"""

import json
import sys
import threading
from concurrent import futures

import grpc

METHOD = "/sade.Budget/Call"


def service_config(run):
    return {
        "methodConfig": [
            {
                "name": [{"service": "sade.Budget"}],
                "retryPolicy": {
                    "maxAttempts": run["max_attempts"],
                    "initialBackoff": run.get("backoff", "0.002s"),
                    "maxBackoff": run.get("backoff", "0.002s"),
                    "backoffMultiplier": 1,
                    "retryableStatusCodes": ["UNAVAILABLE"],
                },
            }
        ],
        "retryThrottling": {
            "maxTokens": run["max_tokens"],
            "tokenRatio": run["token_ratio"],
        },
    }


def one_run(run):
    plan = run["plan"]
    rpcs = run["rpcs"]
    lock = threading.Lock()
    state = {"k": 0}
    attempts = [0] * rpcs

    def call(request, context):
        with lock:
            k = state["k"]
            state["k"] += 1
            attempts[int(request.decode())] += 1
        if k < len(plan) and plan[k] == "F":
            context.abort(grpc.StatusCode.UNAVAILABLE, "planned failure %d" % k)
        return b"ok"

    handler = grpc.method_handlers_generic_handler(
        "sade.Budget", {"Call": grpc.unary_unary_rpc_method_handler(call)}
    )
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    server.add_generic_rpc_handlers((handler,))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    options = [
        ("grpc.enable_retries", 1),
        ("grpc.service_config", json.dumps(service_config(run))),
    ]
    target = "127.0.0.1:%d" % port
    on = run.get("channels") or [0] * rpcs
    channels = {c: grpc.insecure_channel(target, options=options) for c in sorted(set(on))}
    stubs = {c: ch.unary_unary(METHOD) for c, ch in channels.items()}
    outcomes = []
    try:
        for i in range(rpcs):
            try:
                stubs[on[i]](str(i).encode(), timeout=30)
                outcomes.append("S")
            except grpc.RpcError as e:
                if e.code() != grpc.StatusCode.UNAVAILABLE:
                    raise
                outcomes.append("F")
    finally:
        for ch in channels.values():
            ch.close()
        server.stop(None)
    print(" ".join(str(a) for a in attempts), "|", "".join(outcomes), flush=True)


def main():
    job = json.load(sys.stdin)
    for run in job["runs"]:
        one_run(run)


if __name__ == "__main__":
    main()
