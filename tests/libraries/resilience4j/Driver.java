// Draws delays from resilience4j's own IntervalFunction (io/github/resilience4j/core/, the file
// at the v2.4.0 tag, unchanged), for tests/libraries_real.rs.
//
// Arguments: RUNS SEED, then per parameter set INITIAL_MS MULTIPLIER MAX_MS RETRIES (MAX_MS 0 for
// none). Prints one line per set and retry: "SET RETRY v1 v2 ...", each v the delay in ms that
// `Policy.of(...)` gives for that retry's attempt number (Retry passes n after n failures).
//
// IntervalFunction draws with Math.random(), which takes no seed; its generator is replaced by a
// seeded java.util.Random before the first draw, so that a run is the same every time.

import java.lang.reflect.Field;

import io.github.resilience4j.core.IntervalFunction;

public class Driver {
    public static void main(String[] args) throws Exception {
        int runs = Integer.parseInt(args[0]);
        long seed = Long.parseLong(args[1]);
        seedMathRandom(seed);
        StringBuilder out = new StringBuilder();
        for (int at = 2, set = 0; at < args.length; at += 4, set++) {
            long initial = Long.parseLong(args[at]);
            double multiplier = Double.parseDouble(args[at + 1]);
            long max = Long.parseLong(args[at + 2]);
            int retries = Integer.parseInt(args[at + 3]);
            IntervalFunction f = Policy.of(initial, multiplier, max);
            for (int retry = 1; retry <= retries; retry++) {
                out.append(set).append(' ').append(retry);
                for (int r = 0; r < runs; r++) {
                    out.append(' ').append(f.apply(retry));
                }
                out.append('\n');
            }
        }
        System.out.print(out);
    }

    /** Math.random()'s generator (a static final field of a holder class) set to Random(seed). */
    static void seedMathRandom(long seed) throws Exception {
        Math.random(); // the holder is made on first use
        Field theUnsafe = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        sun.misc.Unsafe unsafe = (sun.misc.Unsafe) theUnsafe.get(null);
        Field field = Class.forName("java.lang.Math$RandomNumberGeneratorHolder")
            .getDeclaredField("randomNumberGenerator");
        unsafe.putObject(unsafe.staticFieldBase(field), unsafe.staticFieldOffset(field),
            new java.util.Random(seed));
        java.util.Random check = new java.util.Random(seed);
        if (Math.random() != check.nextDouble()) {
            throw new IllegalStateException("Math.random() is not the seeded generator");
        }
        unsafe.putObject(unsafe.staticFieldBase(field), unsafe.staticFieldOffset(field),
            new java.util.Random(seed));
    }
}
