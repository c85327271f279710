// The interval function the driver draws from: resilience4j's exponential random backoff with
// the default randomization factor, as sade's model configures it. tests/libraries_real.rs puts
// sade's snippet's expression here instead to run the snippet.

import io.github.resilience4j.core.IntervalFunction;

class Policy {
    static IntervalFunction of(long initial, double multiplier, long max) {
        return max > 0
            ? IntervalFunction.ofExponentialRandomBackoff(initial, multiplier, 0.5, max)
            : IntervalFunction.ofExponentialRandomBackoff(initial, multiplier, 0.5);
    }
}
