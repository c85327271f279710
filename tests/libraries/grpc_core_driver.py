"""Measures gRPC C-core's retry delays through grpcio's real retries, for tests/libraries_real.rs.

Reads a job from standard input: {"sets": [{base_ms, factor, cap_ms, attempts}], "runs": N,
"snippets": [sade's grpc-core snippet per set], "spacing_ms": S}. A server in a child process
(this file, argument "serve") listens on 127.0.0.1 and fails every call of
/example.Service/Call with UNAVAILABLE, noting when each attempt arrives (time.monotonic_ns,
one clock for both processes) under the call id the client sends as metadata. For each set the
snippet itself runs, its target replaced by the server's address, and N calls go out on its
channel, one every S ms; the server's arrival times give, per call, the gap between attempt k and
k + 1: retry k's delay plus the time an attempt takes to fail and the next to arrive.

That time is measured the same way first: a policy of initialBackoff = maxBackoff = 2 ms (C-core
draws 2 ms x U(0.8, 1.2) in whole ms: 1 or 2 ms, 1.5 ms on average; 1 ms could give 0 ms, a
timer this grpcio never fires) and N calls. Prints "latency L" (the median calibration gap less
1.5 ms, in ms), then one line per set and retry: "SET RETRY g1 g2 ...", each g a gap in ms.
"""

import json
import statistics
import sys
import threading
import time
import subprocess
from concurrent import futures

import grpc

METHOD = "/example.Service/Call"


def serve():
    arrivals = {}
    lock = threading.Lock()

    def call(request, context):
        now = time.monotonic_ns()
        key = dict(context.invocation_metadata()).get("sade-call", "")
        with lock:
            arrivals.setdefault(key, []).append(now)
        context.abort(grpc.StatusCode.UNAVAILABLE, "sade test")

    def report(request, context):
        with lock:
            out = json.dumps(arrivals).encode()
            arrivals.clear()
        return out

    handlers = {
        "Call": grpc.unary_unary_rpc_method_handler(call),
        "Report": grpc.unary_unary_rpc_method_handler(report),
    }
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=16))
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("example.Service", handlers),))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    print(port, flush=True)
    sys.stdin.read()  # until the parent closes it
    server.stop(0)


def gaps(channel, target, calls, spacing, retries):
    """Sends `calls` calls, one every `spacing` seconds (not in bursts, which would queue at the
    server and put its queue in the gaps); the gaps per retry, ms."""
    call = channel.unary_unary(METHOD)
    pending = []
    start = time.monotonic()
    for i in range(calls):
        time.sleep(max(0.0, start + i * spacing - time.monotonic()))
        pending.append(call.future(b"", metadata=(("sade-call", str(i)),), timeout=120))
    for f in pending:
        try:
            f.result()
        except grpc.RpcError as e:
            assert e.code() == grpc.StatusCode.UNAVAILABLE, e
    with grpc.insecure_channel(target) as plain:
        arrivals = json.loads(plain.unary_unary("/example.Service/Report")(b"", timeout=30))
    out = [[] for _ in range(retries)]
    assert len(arrivals) == calls, (len(arrivals), calls)
    for times in arrivals.values():
        assert len(times) == retries + 1, (len(times), retries)
        for k in range(retries):
            out[k].append((times[k + 1] - times[k]) / 1e6)
    return out


def main():
    if sys.argv[1:] == ["serve"]:
        serve()
        return
    job = json.load(sys.stdin)
    server = subprocess.Popen(
        [sys.executable, __file__, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        target = f"127.0.0.1:{server.stdout.readline().strip()}"
        runs, spacing = job["runs"], job["spacing_ms"] / 1000
        calibration = json.dumps({"methodConfig": [{
            "name": [{"service": "example.Service"}],
            "retryPolicy": {"maxAttempts": 2, "initialBackoff": "0.002s", "maxBackoff": "0.002s",
                            "backoffMultiplier": 1, "retryableStatusCodes": ["UNAVAILABLE"]},
        }]})
        with grpc.insecure_channel(target, options=[("grpc.service_config", calibration)]) as ch:
            (first,) = gaps(ch, target, runs, spacing, 1)
        print("latency", statistics.median(first) - 1.5)
        for i, (s, code) in enumerate(zip(job["sets"], job["snippets"])):
            assert '"localhost:50051"' in code, code
            scope = {}
            exec(compile(code.replace('"localhost:50051"', repr(target)), "<snippet>", "exec"), scope)
            channel = scope["channel"]
            retries = min(s["attempts"], 4)
            with channel:
                for n, values in enumerate(gaps(channel, target, runs, spacing, retries), 1):
                    print(i, n, " ".join(repr(v) for v in values))
    finally:
        server.stdin.close()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
