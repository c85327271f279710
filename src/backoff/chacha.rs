//! The fleet's jitter streams, [`LANES`] clients at a time.
//!
//! SPEC §2 gives every client its own ChaCha8 stream: `ChaCha8Rng::seed_from_u64(seed)`, then
//! `set_stream(strategy × 2³² + client)`, then one `next_u64` per attempt. `rand_chacha` makes
//! each of those streams one at a time and always four blocks (32 `u64`s) at once, while a client
//! needs only `attempts` of them. [`Keystreams`] computes the same words directly: only the blocks
//! a client needs, for [`LANES`] consecutive streams side by side. The state is kept one array
//! per word (`words[i][lane]`) and the block function is plain scalar code inside a loop over the
//! lanes, which the compiler turns into vector code: each step of a quarter round becomes one
//! instruction on all lanes. On x86 an AVX2 copy of the kernel is picked at run time.
//!
//! The key still comes from `rand_chacha` (`seed_from_u64(seed).get_seed()`), and the tests check
//! every word against it. The layout is the one `rand_chacha` 0.9 uses:
//!
//! ```text
//! constant  constant  constant  constant
//! key       key       key       key
//! key       key       key       key
//! counter   counter   stream    stream     (each a little-endian pair: low word first)
//! ```
//!
//! A fresh stream starts at block 0, and `next_u64` joins two consecutive words, low word first.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Streams computed side by side.
pub(crate) const LANES: usize = 8;

/// `u64` draws per 64-byte block.
const DRAWS_PER_BLOCK: usize = 8;

/// "expand 32-byte k", the first row of every block.
const CONSTANTS: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// The sixteen state words of [`LANES`] blocks: `words[i][lane]`.
type Words = [[u32; LANES]; 16];

/// The ChaCha8 key of one seed, from which every client's stream is drawn.
#[derive(Clone, Debug)]
pub(crate) struct Keystreams {
    key: [u32; 8],
}

impl Keystreams {
    /// The key of `ChaCha8Rng::seed_from_u64(seed)`.
    pub(crate) fn new(seed: u64) -> Keystreams {
        let bytes = ChaCha8Rng::seed_from_u64(seed).get_seed();
        Keystreams {
            key: std::array::from_fn(|i| {
                u32::from_le_bytes([
                    bytes[4 * i],
                    bytes[4 * i + 1],
                    bytes[4 * i + 2],
                    bytes[4 * i + 3],
                ])
            }),
        }
    }

    /// Writes the first `out.len()` `next_u64` values of streams `first`, `first + 1`, …,
    /// `first + LANES - 1` (wrapping) into `out`: `out[k][lane]` is draw `k` of stream
    /// `first + lane`, exactly what a fresh generator on that stream returns.
    #[cfg(test)]
    pub(crate) fn draws(&self, first: u64, out: &mut [[u64; LANES]]) {
        self.fill(first, out, join_u64);
    }

    /// Like `draws`, but each draw already turned into its uniform value in `[0, 1)`, bit for
    /// bit what `super::unit_draw` makes of it.
    pub(crate) fn units(&self, first: u64, out: &mut [[f64; LANES]]) {
        self.fill(first, out, join_unit);
    }

    /// Fills `out` from [`LANES`] streams, joining each pair of words (low, high) with `join`.
    #[inline]
    fn fill<T: Copy>(&self, first: u64, out: &mut [[T; LANES]], join: impl Fn(u32, u32) -> T) {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: `fill_avx2` only needs the CPU to support AVX2, which was just checked.
            unsafe { fill_avx2(&self.key, first, out, join) };
            return;
        }
        fill_portable(&self.key, first, out, join);
    }
}

/// One stream drawn a block at a time, for simulations that draw from thousands of streams in an
/// unpredictable order: 80 bytes of state where a `ChaCha8Rng` holds 320 (its buffer of four
/// blocks), so that a fleet's generators stay in cache. The key is the caller's, shared by all
/// streams of one seed ([`Keystreams`]).
#[derive(Clone, Debug)]
pub(crate) struct Stream {
    stream: u64,
    block: u64,
    words: [u32; 16],
    next: usize,
}

impl Stream {
    /// Stream number `stream`, at its start.
    pub(crate) fn new(stream: u64) -> Stream {
        Stream {
            stream,
            block: 0,
            words: [0; 16],
            next: 16,
        }
    }

    /// The next uniform draw in `[0, 1)` of this stream under `keys`: bit for bit
    /// `unit_draw` of a `ChaCha8Rng` on the same seed and stream.
    #[inline]
    pub(crate) fn unit(&mut self, keys: &Keystreams) -> f64 {
        if self.next == 16 {
            self.refill(&keys.key);
        }
        let (lo, hi) = (self.words[self.next], self.words[self.next + 1]);
        self.next += 2;
        join_unit(lo, hi)
    }

    fn refill(&mut self, key: &[u32; 8]) {
        let mut state = [0u32; 16];
        state[..4].copy_from_slice(&CONSTANTS);
        state[4..12].copy_from_slice(key);
        state[12] = self.block as u32;
        state[13] = (self.block >> 32) as u32;
        state[14] = self.stream as u32;
        state[15] = (self.stream >> 32) as u32;
        let mut x = state;
        for _ in 0..4 {
            double_round(&mut x);
        }
        for (w, (x, s)) in self.words.iter_mut().zip(x.iter().zip(&state)) {
            *w = x.wrapping_add(*s);
        }
        self.block = self.block.wrapping_add(1);
        self.next = 0;
    }
}

/// `next_u64`: the low word, then the high one.
#[cfg(test)]
#[inline(always)]
fn join_u64(lo: u32, hi: u32) -> u64 {
    u64::from(lo) | (u64::from(hi) << 32)
}

/// The uniform draw of `next_u64`: its top 53 bits times 2⁻⁵³ (SPEC §2).
///
/// The top 53 bits of `hi << 32 | lo` are `hi × 2²¹ + (lo >> 11)`. Both terms and their sum are
/// integers below 2⁵³, so as doubles they are exact and the sum is the same double as
/// `(x >> 11) as f64`; the scaling is the same multiplication. Unlike a `u64`, a `u32` converts
/// to a double with packed vector instructions.
#[inline(always)]
fn join_unit(lo: u32, hi: u32) -> f64 {
    (f64::from(hi) * (1u64 << 21) as f64 + f64::from(lo >> 11)) * (1.0 / (1u64 << 53) as f64)
}

/// [`fill`] compiled for AVX2: one 256-bit register holds a state word of all eight lanes.
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
#[target_feature(enable = "avx2")]
unsafe fn fill_avx2<T: Copy>(
    key: &[u32; 8],
    first: u64,
    out: &mut [[T; LANES]],
    join: impl Fn(u32, u32) -> T,
) {
    fill(key, first, out, join);
}

/// [`fill`] for the target's baseline instruction set.
fn fill_portable<T: Copy>(
    key: &[u32; 8],
    first: u64,
    out: &mut [[T; LANES]],
    join: impl Fn(u32, u32) -> T,
) {
    fill(key, first, out, join);
}

/// See [`Keystreams::fill`]; inlined into each instruction-set variant above.
#[inline(always)]
fn fill<T: Copy>(key: &[u32; 8], first: u64, out: &mut [[T; LANES]], join: impl Fn(u32, u32) -> T) {
    let streams: [u64; LANES] = std::array::from_fn(|lane| first.wrapping_add(lane as u64));
    let mut state: Words = [[0; LANES]; 16];
    for (word, &c) in state.iter_mut().zip(&CONSTANTS) {
        *word = [c; LANES];
    }
    for (word, &k) in state[4..12].iter_mut().zip(key) {
        *word = [k; LANES];
    }
    state[14] = streams.map(|s| s as u32);
    state[15] = streams.map(|s| (s >> 32) as u32);
    // Words 12 and 13, the block counter, start at 0 (already so).
    for out in out.chunks_mut(DRAWS_PER_BLOCK) {
        let words = block_words(&state);
        for (k, draw) in out.iter_mut().enumerate() {
            let (lo, hi) = (&words[2 * k], &words[2 * k + 1]);
            *draw = std::array::from_fn(|lane| join(lo[lane], hi[lane]));
        }
        // The next block: add 1 to the counter, carrying into its high word. (Updating the lane
        // arrays in place measured a little faster than refilling them from a block number.)
        state[12] = state[12].map(|w| w.wrapping_add(1));
        state[13] = std::array::from_fn(|lane| {
            state[13][lane].wrapping_add(u32::from(state[12][lane] == 0))
        });
    }
}

/// The ChaCha8 block function of every lane: eight rounds over `state`, then `state` added
/// back in.
#[inline(always)]
fn block_words(state: &Words) -> Words {
    let mut out: Words = [[0; LANES]; 16];
    // One lane at a time in scalar code: the loop over lanes is what the compiler vectorizes.
    for lane in 0..LANES {
        let mut x: [u32; 16] = std::array::from_fn(|i| state[i][lane]);
        // Spelled out rather than looped, so that the lane loop is the innermost one.
        double_round(&mut x);
        double_round(&mut x);
        double_round(&mut x);
        double_round(&mut x);
        for (i, x) in x.into_iter().enumerate() {
            out[i][lane] = x.wrapping_add(state[i][lane]);
        }
    }
    out
}

/// Two ChaCha rounds: down the columns, then along the diagonals.
#[inline(always)]
fn double_round(x: &mut [u32; 16]) {
    quarter_round(x, 0, 4, 8, 12);
    quarter_round(x, 1, 5, 9, 13);
    quarter_round(x, 2, 6, 10, 14);
    quarter_round(x, 3, 7, 11, 15);
    quarter_round(x, 0, 5, 10, 15);
    quarter_round(x, 1, 6, 11, 12);
    quarter_round(x, 2, 7, 8, 13);
    quarter_round(x, 3, 4, 9, 14);
}

/// One ChaCha quarter round on words `a`, `b`, `c`, `d`.
#[inline(always)]
fn quarter_round(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(16);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(12);
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(8);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(7);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand_core::RngCore;

    /// `rand_chacha`'s first `n` draws of `stream`.
    fn reference(seed: u64, stream: u64, n: usize) -> Vec<u64> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        (0..n).map(|_| rng.next_u64()).collect()
    }

    /// Checks both instruction-set variants against `rand_chacha`, lane by lane.
    fn check(seed: u64, first: u64, n: usize) {
        let streams = Keystreams::new(seed);
        let mut dispatched = vec![[0; LANES]; n];
        streams.draws(first, &mut dispatched);
        let mut portable = vec![[0; LANES]; n];
        fill_portable(&streams.key, first, &mut portable, join_u64);
        assert_eq!(dispatched, portable);
        let mut units = vec![[0.0; LANES]; n];
        streams.units(first, &mut units);
        let mut portable_units = vec![[0.0; LANES]; n];
        fill_portable(&streams.key, first, &mut portable_units, join_unit);
        for (d, (u, p)) in dispatched.iter().zip(units.iter().zip(&portable_units)) {
            for lane in 0..LANES {
                let expected = crate::backoff::unit(d[lane]).to_bits();
                assert_eq!((u[lane].to_bits(), p[lane].to_bits()), (expected, expected));
            }
        }
        for lane in 0..LANES {
            let stream = first.wrapping_add(lane as u64);
            let got: Vec<u64> = dispatched.iter().map(|d| d[lane]).collect();
            assert_eq!(
                got,
                reference(seed, stream, n),
                "seed {seed} stream {stream}"
            );
        }
    }

    #[test]
    fn golden() {
        assert_eq!(
            ChaCha8Rng::seed_from_u64(42).next_u64(),
            12578764544318200737
        );
        let mut out = [[0; LANES]; 1];
        Keystreams::new(42).draws(0, &mut out);
        assert_eq!(out[0][0], 12578764544318200737);
    }

    #[test]
    fn matches_rand_chacha_across_blocks_and_buffers() {
        // 1 draw, a whole block, one past it, rand_chacha's 4-block buffer and one past, the most
        // attempts a schedule may have.
        for n in [1, 7, 8, 9, 32, 33, 100] {
            check(7, 0, n);
            check(7, (3 << 32) + 1_000, n);
        }
    }

    #[test]
    fn one_stream_at_a_time_matches_rand_chacha() {
        for (seed, stream) in [(7, 0), (7, (64 << 32) + 999), (42, u64::MAX), (0, 3 << 32)] {
            let keys = Keystreams::new(seed);
            let mut s = Stream::new(stream);
            for (i, want) in reference(seed, stream, 70).into_iter().enumerate() {
                let got = s.unit(&keys);
                assert_eq!(
                    got.to_bits(),
                    crate::backoff::unit(want).to_bits(),
                    "draw {i}"
                );
            }
        }
    }

    #[test]
    fn lanes_wrap_around_the_stream_space() {
        check(0, u64::MAX - 3, 20);
        check(u64::MAX, u64::from(u32::MAX) - 2, 20);
    }

    proptest! {
        #[test]
        fn matches_rand_chacha(
            seed in any::<u64>(),
            strategy in 0u64..4,
            client in prop_oneof![
                any::<u32>(),
                (0u32..64).prop_map(|c| c * LANES as u32),
                (1u32..=LANES as u32).prop_map(|c| u32::MAX - c + 1),
            ],
            n in 1usize..=100,
        ) {
            check(seed, (strategy << 32) + u64::from(client), n);
        }
    }
}
