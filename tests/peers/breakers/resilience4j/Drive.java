// Drives resilience4j's CircuitBreaker (v2.4.0) through seeded random call sequences in exact
// virtual time and prints every decision as a trace (format: record.sh's header).
//
// A call asks tryAcquirePermission(); a permitted call later reports onSuccess or onError with
// its duration in ms, the way the Decorators do after the call. The breaker's only clock is the
// CircuitBreakerConfig clock (the open state's wait), here a ManualClock the driver sets.

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

public final class Drive {
    /** The scenarios: name, seed, events, and the settings (sade's names) that differ from the defaults. */
    static final List<Scenario> SCENARIOS = List.of(
        new Scenario("defaults", 101, 4000),
        new Scenario("w10-m5-f50-wait1000-h3", 2, 3000,
            "r4j-sliding-window-size", 10, "r4j-minimum-number-of-calls", 5,
            "r4j-wait-duration-in-open-state", 1000, "r4j-permitted-calls-in-half-open", 3),
        new Scenario("w20-m10-f30-wait1500-h5", 3, 3000,
            "r4j-sliding-window-size", 20, "r4j-minimum-number-of-calls", 10,
            "r4j-failure-rate-threshold", 30, "r4j-wait-duration-in-open-state", 1500,
            "r4j-permitted-calls-in-half-open", 5),
        new Scenario("slow2000-rate80-w10-m5-wait1000-h3", 4, 3000,
            "r4j-sliding-window-size", 10, "r4j-minimum-number-of-calls", 5,
            "r4j-slow-call-rate-threshold", 80, "r4j-slow-call-duration-threshold", 2000,
            "r4j-wait-duration-in-open-state", 1000, "r4j-permitted-calls-in-half-open", 3),
        // Fewer calls needed than half-open permits: the half-open ring's minimum is
        // min(minimumNumberOfCalls, permits) (CircuitBreakerMetrics.forHalfOpen).
        new Scenario("w10-m3-f50-wait1000-h6", 105, 3000,
            "r4j-sliding-window-size", 10, "r4j-minimum-number-of-calls", 3,
            "r4j-wait-duration-in-open-state", 1000, "r4j-permitted-calls-in-half-open", 6));

    public static void main(String[] args) {
        StringBuilder out = new StringBuilder();
        for (Scenario s : SCENARIOS) {
            out.append("scenario ").append(s.name).append('\n');
            s.settings.forEach((k, v) -> out.append("set ").append(k).append(' ').append(v).append('\n'));
            new Run(s, new R4j(s.settings)).run(out);
        }
        System.out.print(out);
    }

    /** A scenario: its name, seed, number of events and changed settings (name, value pairs). */
    static final class Scenario {
        final String name;
        final long seed;
        final int events;
        final Map<String, Integer> settings = new LinkedHashMap<>();

        Scenario(String name, long seed, int events, Object... pairs) {
            this.name = name;
            this.seed = seed;
            this.events = events;
            for (int i = 0; i < pairs.length; i += 2) {
                settings.put((String) pairs[i], (Integer) pairs[i + 1]);
            }
        }
    }

    /** A clock the driver sets, in whole ms. */
    static final class ManualClock extends Clock {
        long ms;

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(ms);
        }
    }

    /** The library behind the generator: resilience4j with the scenario's settings. */
    static final class R4j {
        static final RuntimeException FAILURE = new RuntimeException("failed call");
        final ManualClock clock;
        final CircuitBreaker cb;
        /** waitDurationInOpenState and slowCallDurationThreshold, ms, for the generator. */
        final long waitMs;
        final long slowMs;

        R4j(Map<String, Integer> settings) {
            clock = new ManualClock();
            CircuitBreakerConfig.Builder b = CircuitBreakerConfig.custom().clock(clock);
            settings.forEach((name, v) -> {
                switch (name) {
                    case "r4j-sliding-window-size" -> b.slidingWindowSize(v);
                    case "r4j-minimum-number-of-calls" -> b.minimumNumberOfCalls(v);
                    case "r4j-failure-rate-threshold" -> b.failureRateThreshold(v);
                    case "r4j-slow-call-rate-threshold" -> b.slowCallRateThreshold(v);
                    case "r4j-slow-call-duration-threshold" -> b.slowCallDurationThreshold(Duration.ofMillis(v));
                    case "r4j-wait-duration-in-open-state" -> b.waitDurationInOpenState(Duration.ofMillis(v));
                    case "r4j-permitted-calls-in-half-open" -> b.permittedNumberOfCallsInHalfOpenState(v);
                    default -> throw new IllegalArgumentException(name);
                }
            });
            CircuitBreakerConfig config = b.build();
            waitMs = config.getWaitIntervalFunctionInOpenState().apply(1);
            slowMs = settings.containsKey("r4j-slow-call-duration-threshold")
                ? config.getSlowCallDurationThreshold().toMillis() : 0;
            cb = CircuitBreaker.of("drive", config); // created at t = 0
        }

        boolean call(long t) {
            clock.ms = t;
            return cb.tryAcquirePermission();
        }

        void outcome(long t, long durMs, boolean ok) {
            clock.ms = t;
            if (ok) {
                cb.onSuccess(durMs, TimeUnit.MILLISECONDS);
            } else {
                cb.onError(durMs, TimeUnit.MILLISECONDS, FAILURE);
            }
        }

        String state() {
            return switch (cb.getState()) {
                case CLOSED -> "closed";
                case OPEN -> "open";
                case HALF_OPEN -> "half-open";
                default -> throw new IllegalStateException("unexpected state " + cb.getState());
            };
        }
    }

    /** SplitMix64: the same numbers on every JVM (and in gobreaker/main.go). */
    static final class Rng {
        long s;

        Rng(long seed) {
            s = seed;
        }

        long next() {
            long z = (s += 0x9E3779B97F4A7C15L);
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        /** 0 ≤ n < bound. */
        int below(long bound) {
            return (int) Long.remainderUnsigned(next(), bound);
        }

        /** Uniform in [0, 1). */
        double unit() {
            return (next() >>> 11) * 0x1.0p-53;
        }

        boolean coin() {
            return (next() & 1) == 0;
        }
    }

    /** A permitted call whose outcome is still to come. */
    record Pending(long end, long seq, int id, long start, boolean ok) {
        /** Outcomes within 300 ms take a slot of the phase's concurrency; later ones do not. */
        boolean quick() {
            return end - start <= 300;
        }
    }

    /**
     * The generator: phases of random length, each with a failure probability, a number of calls in
     * flight (1–8) and, with a slow-call threshold, a share of slow calls; time steps of 0–50 ms
     * with ties and long pauses; outcomes after 0–300 ms, some much later (after the breaker opened
     * or turned half-open), before or after the calls of their ms at random. While open it mostly
     * skips to just before the wait ends, and for some openings it calls at exactly
     * opened + wait − 1, + 0 and + 1 ms.
     */
    static final class Run {
        static final double[] FAILURE_PROBABILITIES = {0, 0.05, 0.3, 0.5, 0.9, 1};
        static final double[] SLOW_SHARES = {0, 0.5, 0.9, 1};

        final Scenario scenario;
        final R4j cb;
        final Rng rng;
        final PriorityQueue<Pending> pending =
            new PriorityQueue<>(Comparator.comparingLong(Pending::end).thenComparingLong(Pending::seq));
        final TreeSet<Long> probes = new TreeSet<>();
        final List<String> lines = new ArrayList<>();
        long t;
        long seq;
        int nextId = 1;
        int quickInFlight;
        int rejectedInARow;
        int phaseLeft;
        double failureProbability;
        int concurrency;
        double slowShare;
        String state = "closed";
        long openedAt = -1;
        long probedFor = -1;

        Run(Scenario scenario, R4j cb) {
            this.scenario = scenario;
            this.cb = cb;
            this.rng = new Rng(scenario.seed);
        }

        void run(StringBuilder out) {
            while (lines.size() < scenario.events) {
                if (phaseLeft <= 0) {
                    newPhase();
                }
                long next = plannedCallTime();
                boolean outcomesFirst = rng.coin();
                while (true) {
                    if (!probes.isEmpty() && probes.first() < next) {
                        next = probes.first();
                    }
                    Pending p = pending.peek();
                    if (p == null || p.end() > next || (p.end() == next && !outcomesFirst)) {
                        break;
                    }
                    deliver(pending.poll());
                }
                t = next;
                boolean probe = !probes.isEmpty() && probes.first() == t;
                if (probe) {
                    probes.pollFirst();
                }
                int calls = probe ? 1 + (rng.below(3) == 0 ? 1 : 0) : callsNow();
                for (int i = 0; i < calls; i++) {
                    call();
                }
            }
            lines.forEach(l -> out.append(l).append('\n'));
        }

        void newPhase() {
            phaseLeft = 10 + rng.below(250);
            failureProbability = FAILURE_PROBABILITIES[rng.below(FAILURE_PROBABILITIES.length)];
            concurrency = 1 + rng.below(8);
            slowShare = cb.slowMs > 0 ? SLOW_SHARES[rng.below(SLOW_SHARES.length)] : 0;
        }

        long plannedCallTime() {
            long reopen = openedAt + cb.waitMs;
            if (state.equals("open") && t < reopen - 300 && rng.unit() < 0.7) {
                return reopen - 300 + rng.below(300);
            }
            // Half-open with its permits taken: wait for the next outcome (a call at its very ms or
            // just after) rather than be rejected for its whole duration.
            if (state.equals("half-open") && rejectedInARow >= 8 && !pending.isEmpty() && rng.unit() < 0.7) {
                return Math.max(t, pending.peek().end() + rng.below(2));
            }
            double r = rng.unit();
            if (r < 0.15) {
                return t;
            }
            if (r < 0.17) {
                return t + 1 + rng.below(Math.min(cb.waitMs, 20_000));
            }
            return t + 1 + rng.below(50);
        }

        int callsNow() {
            if (quickInFlight >= concurrency) {
                return 0;
            }
            return rng.unit() < 0.3 ? 1 + rng.below(concurrency - quickInFlight) : 1;
        }

        long duration() {
            if (rng.unit() < slowShare) {
                return switch (rng.below(4)) {
                    case 0 -> cb.slowMs;
                    case 1 -> cb.slowMs + 1;
                    default -> cb.slowMs + 1 + rng.below(2000);
                };
            }
            double r = rng.unit();
            if (r < 0.08) {
                return 0;
            }
            if (r < 0.12) {
                return 301 + rng.below(cb.waitMs * 3 / 2);
            }
            return 1 + rng.below(300);
        }

        void call() {
            int id = nextId++;
            phaseLeft--;
            boolean yes = cb.call(t);
            lines.add("call " + t + " " + id + (yes ? " yes " : " no ") + observe());
            rejectedInARow = yes ? 0 : rejectedInARow + 1;
            if (yes) {
                boolean ok = rng.unit() >= failureProbability;
                Pending p = new Pending(t + duration(), seq++, id, t, ok);
                pending.add(p);
                if (p.quick()) {
                    quickInFlight++;
                }
            }
        }

        void deliver(Pending p) {
            t = p.end();
            long dur = t - p.start();
            cb.outcome(t, dur, p.ok());
            lines.add((p.ok() ? "ok " : "fail ") + t + " " + p.id() + " " + dur + " pre " + observe());
            if (p.quick()) {
                quickInFlight--;
            }
        }

        /** The state after an event; on a new opening, maybe probes at its wait's end. */
        String observe() {
            String s = cb.state();
            if (s.equals("open") && !state.equals("open")) {
                openedAt = t;
            }
            state = s;
            if (s.equals("open") && probedFor != openedAt) {
                probedFor = openedAt;
                // Half the time the outage that opened it ends now: a new phase.
                if (rng.coin()) {
                    phaseLeft = 0;
                }
                if (rng.unit() < 0.6) {
                    for (long d = -1; d <= 1; d++) {
                        probes.add(openedAt + cb.waitMs + d);
                    }
                }
            }
            return s;
        }
    }
}
