// Drives Hystrix's HystrixCircuitBreakerImpl (v1.5.13) with its HystrixCommandMetrics through
// seeded random call sequences in exact virtual time and prints every decision as a trace
// (format: record.sh's header).
//
// The breaker is used as AbstractCommand uses it: attemptExecution() before a call; at its end
// markSuccess() or markNonSuccess() first, then the completion event (SUCCESS or FAILURE) written
// to HystrixCommandCompletionStream, which the health counts read.
//
// Time: the health counts' 500 ms buckets are RxJava timed windows on Schedulers.computation(),
// replaced through RxJavaHooks by a TestScheduler (a new one per scenario, at virtual time 0,
// when the scenario's metrics subscribe their stream). The breaker's own clock (record.sh turns
// its System.currentTimeMillis() into ClockHook) reads the scheduler's time, except while the
// driver calls the breaker: then it reads the event's ms.
//
// At one ms t: a call comes after the snapshot due at t (the scheduler is advanced to t first).
// An outcome marked `pre` comes before it (the scheduler is advanced to t − 1 ns, the breaker's
// clock reads t); one marked `post` after it. The scheduler never moves back: an outcome after
// something else at t is after the snapshot at t whatever its mark.

package com.netflix.hystrix;

import com.netflix.hystrix.HystrixCircuitBreaker.HystrixCircuitBreakerImpl;
import com.netflix.hystrix.metric.HystrixCommandCompletion;
import com.netflix.hystrix.metric.HystrixCommandCompletionStream;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesFactory;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import rx.plugins.RxJavaHooks;
import rx.schedulers.TestScheduler;

public final class Drive {
    /** The scenarios: name, seed, events, and the settings (sade's names) that differ from the defaults. */
    static final List<Scenario> SCENARIOS = List.of(
        new Scenario("defaults", 21, 4000),
        new Scenario("v5-e50-s1000", 222, 3000,
            "hystrix-request-volume-threshold", 5, "hystrix-sleep-window", 1000),
        new Scenario("v0-e30-s1000", 123, 3000,
            "hystrix-request-volume-threshold", 0, "hystrix-error-threshold-percentage", 30,
            "hystrix-sleep-window", 1000),
        new Scenario("v5-e100-s1000", 24, 3000,
            "hystrix-request-volume-threshold", 5, "hystrix-error-threshold-percentage", 100,
            "hystrix-sleep-window", 1000),
        // Every snapshot opens a closed breaker: 0 outcomes read as 0 %, and 0 >= 0.
        new Scenario("v0-e0-s1500", 25, 2000,
            "hystrix-request-volume-threshold", 0, "hystrix-error-threshold-percentage", 0,
            "hystrix-sleep-window", 1500));

    /** The scenario's virtual time; Schedulers.computation() is this. */
    static TestScheduler scheduler;
    /** The scheduler's time, ns, as the driver last set it. */
    static long schedulerNs;
    /** The ms the breaker's clock reads while the driver calls it; -1: the scheduler's. */
    static long pinnedMs = -1;

    public static void main(String[] args) throws ReflectiveOperationException {
        RxJavaHooks.setOnComputationScheduler(ignored -> scheduler);
        ClockHook.now = () -> pinnedMs >= 0 ? pinnedMs : scheduler.now();
        StringBuilder out = new StringBuilder();
        for (Scenario s : SCENARIOS) {
            out.append("scenario ").append(s.name).append('\n');
            s.settings.forEach((k, v) -> out.append("set ").append(k).append(' ').append(v).append('\n'));
            new Run(s, new Hystrix(s)).run(out);
        }
        System.out.print(out);
        System.exit(0);
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

    static void advanceTo(long ns) {
        if (schedulerNs < ns) {
            scheduler.advanceTimeTo(ns, TimeUnit.NANOSECONDS);
            schedulerNs = ns;
        }
    }

    /** The library behind the generator: Hystrix's breaker with the scenario's settings. */
    static final class Hystrix {
        static final HystrixCommandGroupKey GROUP = HystrixCommandGroupKey.Factory.asKey("drive");
        static final HystrixThreadPoolKey POOL = HystrixThreadPoolKey.Factory.asKey("drive");
        final HystrixCommandKey key;
        final HystrixCircuitBreakerImpl cb;
        final AtomicReference<?> status;
        final AtomicLong circuitOpened;
        /** circuitBreaker.sleepWindowInMilliseconds, for the generator. */
        final long sleepMs;

        Hystrix(Scenario s) throws ReflectiveOperationException {
            scheduler = new TestScheduler();
            schedulerNs = 0;
            // A key of its own per scenario: properties, metrics and streams are cached by key.
            key = HystrixCommandKey.Factory.asKey("drive-" + s.name);
            HystrixCommandProperties.Setter setter = HystrixCommandProperties.Setter();
            s.settings.forEach((name, v) -> {
                switch (name) {
                    case "hystrix-request-volume-threshold" -> setter.withCircuitBreakerRequestVolumeThreshold(v);
                    case "hystrix-error-threshold-percentage" -> setter.withCircuitBreakerErrorThresholdPercentage(v);
                    case "hystrix-sleep-window" -> setter.withCircuitBreakerSleepWindowInMilliseconds(v);
                    default -> throw new IllegalArgumentException(name);
                }
            });
            HystrixCommandProperties properties = HystrixPropertiesFactory.getCommandProperties(key, setter);
            // Subscribes the health stream at virtual time 0: snapshots at 500, 1000, ...
            HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(key, GROUP, POOL, properties);
            cb = new HystrixCircuitBreakerImpl(key, GROUP, properties, metrics);
            startBuckets();
            status = (AtomicReference<?>) field("status").get(cb);
            circuitOpened = (AtomicLong) field("circuitOpened").get(cb);
            sleepMs = properties.circuitBreakerSleepWindowInMilliseconds().get();
        }

        /**
         * A new health stream's window operator schedules its first tick with delay 0 (it opens
         * the first bucket); a computation thread runs it at once, a TestScheduler only at its
         * next advance, which would leave the events of the same ms in a bucket of their own,
         * closed at the subscription's instant. triggerActions() runs it now, as real time does.
         */
        static void startBuckets() {
            scheduler.triggerActions();
        }

        static Field field(String name) throws NoSuchFieldException {
            Field f = HystrixCircuitBreakerImpl.class.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        }

        boolean call(long t) {
            advanceTo(TimeUnit.MILLISECONDS.toNanos(t));
            pinnedMs = t;
            boolean yes = cb.attemptExecution();
            pinnedMs = -1;
            return yes;
        }

        void outcome(long t, boolean ok, boolean post) {
            long ns = TimeUnit.MILLISECONDS.toNanos(t);
            advanceTo(post ? ns : ns - 1);
            if (ok && state().equals("half-open")) {
                // markSuccess will subscribe a new health stream; at t − 1 ns its buckets would
                // be 1 ns early. Moving on to t first changes nothing else: the old stream's
                // snapshot at t cannot change a half-open breaker (onNext acts only on CLOSED).
                advanceTo(ns);
            }
            pinnedMs = t;
            if (ok) {
                cb.markSuccess();
                startBuckets();
            } else {
                cb.markNonSuccess();
            }
            HystrixEventType event = ok ? HystrixEventType.SUCCESS : HystrixEventType.FAILURE;
            HystrixCommandCompletionStream.getInstance(key)
                .write(HystrixCommandCompletion.from(ExecutionResult.from(event), key, POOL));
            pinnedMs = -1;
        }

        String state() {
            return switch (status.get().toString()) {
                case "CLOSED" -> "closed";
                case "OPEN" -> "open";
                case "HALF_OPEN" -> "half-open";
                default -> throw new IllegalStateException(status.get().toString());
            };
        }

        /** When it opened (circuitOpened), while open. */
        long openedAt() {
            return circuitOpened.get();
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
    record Pending(long end, long seq, int id, long start, boolean ok, boolean post) {
        /** Outcomes within 300 ms take a slot of the phase's concurrency; later ones do not. */
        boolean quick() {
            return end - start <= 300;
        }
    }

    /**
     * The generator, as in the resilience4j driver: phases of random length, each with a failure
     * probability and a number of calls in flight (1–8); time steps of 0–50 ms with ties and long
     * pauses; outcomes after 0–300 ms, some much later (after the breaker opened or turned
     * half-open), before or after the calls of their ms at random. While open it mostly skips to
     * just before the sleep window ends, and for some openings it calls at exactly
     * opened + window − 1, + 0 and + 1 ms. For Hystrix also: calls and outcomes often fall on the
     * current health stream's snapshot instants, and outcomes are `pre` or `post` at random.
     */
    static final class Run {
        static final double[] FAILURE_PROBABILITIES = {0, 0.05, 0.3, 0.5, 0.9, 1};
        static final long SNAPSHOT_MS = 500;

        final Scenario scenario;
        final Hystrix cb;
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
        boolean quietFirst;
        String state = "closed";
        long probedFor = -1;
        /** When the current health stream was subscribed: at 0, then at each markSuccess that closed it. */
        long streamStart;

        Run(Scenario scenario, Hystrix cb) {
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
            // Hystrix counts by time: a quarter of the phases start after 10–12 s of quiet, when
            // the 10 s window has emptied (so that a 100 % threshold can trip too).
            quietFirst = rng.unit() < 0.25;
        }

        /** The first snapshot instant of the current stream at or after `at`. */
        long nextSnapshot(long at) {
            long k = Math.max(1, Math.floorDiv(at - streamStart + SNAPSHOT_MS - 1, SNAPSHOT_MS));
            return streamStart + k * SNAPSHOT_MS;
        }

        long plannedCallTime() {
            if (quietFirst) {
                quietFirst = false;
                return t + 10_000 + rng.below(2_000);
            }
            long reopen = cb.openedAt() + cb.sleepMs;
            if (state.equals("open") && t < reopen - 300 && rng.unit() < 0.7) {
                return reopen - 300 + rng.below(300);
            }
            // Half-open with its trial out: wait for the next outcome (a call at its very ms or
            // just after) rather than be rejected for its whole duration.
            if (state.equals("half-open") && rejectedInARow >= 8 && !pending.isEmpty() && rng.unit() < 0.7) {
                return Math.max(t, pending.peek().end() + rng.below(2));
            }
            double r = rng.unit();
            if (r < 0.15) {
                return t;
            }
            if (r < 0.17) {
                // Up to 12 s: long enough, now and then, for the 10 s window to empty.
                return t + 1 + rng.below(12_000);
            }
            if (r < 0.29) {
                return nextSnapshot(t);
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
            double r = rng.unit();
            if (r < 0.08) {
                return 0;
            }
            if (r < 0.12) {
                return 301 + rng.below(cb.sleepMs * 3 / 2);
            }
            if (r < 0.30) {
                return nextSnapshot(t + rng.below(2)) - t;
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
                Pending p = new Pending(t + duration(), seq++, id, t, ok, rng.coin());
                pending.add(p);
                if (p.quick()) {
                    quickInFlight++;
                }
            }
        }

        void deliver(Pending p) {
            t = p.end();
            long dur = t - p.start();
            String before = state;
            cb.outcome(t, p.ok(), p.post());
            String after = observe();
            if (before.equals("half-open") && after.equals("closed")) {
                streamStart = t;
            }
            lines.add((p.ok() ? "ok " : "fail ") + t + " " + p.id() + " " + dur
                + (p.post() ? " post " : " pre ") + after);
            if (p.quick()) {
                quickInFlight--;
            }
        }

        /** The state after an event; on a new opening, maybe probes at its sleep window's end. */
        String observe() {
            String s = cb.state();
            state = s;
            long openedAt = cb.openedAt();
            if (s.equals("open") && probedFor != openedAt) {
                probedFor = openedAt;
                // Half the time the outage that opened it ends now: a new phase.
                if (rng.coin()) {
                    phaseLeft = 0;
                }
                if (rng.unit() < 0.6) {
                    for (long d = -1; d <= 1; d++) {
                        if (openedAt + cb.sleepMs + d >= t) {
                            probes.add(openedAt + cb.sleepMs + d);
                        }
                    }
                }
            }
            return s;
        }
    }
}
