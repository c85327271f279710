//! What 64 bytes of text hold, a bit a byte, found 16 bytes at a time where the CPU can (SSE2,
//! which every x86-64 has): the scanner looks for words among the bits instead of byte by byte,
//! and the counter of chunks met before for white space ([`space_bits`]).

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cmplt_epi8,
    _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
};

/// Bits of a window of 64 bytes from some `at` of a text, the byte at `at` lowest. Past the
/// text's end every bit is 0, as for a NUL byte.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Window {
    /// Bytes that can be part of a word: ASCII letters and digits, `_`, and every byte outside
    /// ASCII.
    pub cand: u64,
    /// Of those, the ones the fast way does not take as they are: `_` and bytes outside ASCII.
    pub special: u64,
    /// ASCII capitals.
    pub upper: u64,
}

/// The window's length in bytes.
pub const WIDTH: usize = 64;

impl Window {
    /// The window of `bytes` from `at` (which is less than their length).
    #[inline(always)]
    pub fn at(bytes: &[u8], at: usize) -> Window {
        match bytes.get(at..at + WIDTH) {
            Some(block) => masks(block.try_into().expect("64 bytes")),
            None => {
                // The text's end: its last bytes, then NULs (never part of a word).
                let mut block = [0u8; WIDTH];
                let rest = &bytes[at..];
                block[..rest.len()].copy_from_slice(rest);
                masks(&block)
            }
        }
    }
}

/// Which bytes of `v` are from `lo` to `hi` (signed compares: a byte outside ASCII is negative,
/// below every range here).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn within(v: __m128i, lo: u8, hi: u8) -> __m128i {
    // SAFETY: SSE2 is part of every x86-64.
    unsafe {
        _mm_and_si128(
            _mm_cmpgt_epi8(v, _mm_set1_epi8(lo as i8 - 1)),
            _mm_cmplt_epi8(v, _mm_set1_epi8(hi as i8 + 1)),
        )
    }
}

/// The high bits of `m`'s bytes, as bits `16 * k` on.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn bits(m: __m128i, k: usize) -> u64 {
    // SAFETY: SSE2 is part of every x86-64.
    u64::from(unsafe { _mm_movemask_epi8(m) } as u16) << (16 * k)
}

/// The 16 bytes of `block` from `16 * k`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn load(block: &[u8; WIDTH], k: usize) -> __m128i {
    let part: &[u8; 16] = block[16 * k..16 * k + 16].try_into().expect("16 bytes");
    // SAFETY: the load reads the 16 bytes of `part` (unaligned loads are allowed); SSE2 is part
    // of every x86-64.
    unsafe { _mm_loadu_si128(part.as_ptr().cast::<__m128i>()) }
}

/// [`Window`]'s bits of `block`, 16 bytes at a time.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn masks(block: &[u8; WIDTH]) -> Window {
    let mut w = Window::default();
    for k in 0..WIDTH / 16 {
        let v = load(block, k);
        // SAFETY: SSE2 is part of every x86-64.
        let (lowered, underscore) = unsafe {
            (
                _mm_or_si128(v, _mm_set1_epi8(0x20)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'_' as i8)),
            )
        };
        let letter = within(lowered, b'a', b'z');
        let digit = within(v, b'0', b'9');
        let high = bits(v, k);
        let under = bits(underscore, k);
        // SAFETY: SSE2 is part of every x86-64.
        let word = unsafe { _mm_or_si128(_mm_or_si128(letter, digit), underscore) };
        w.cand |= bits(word, k) | high;
        w.special |= under | high;
        w.upper |= bits(within(v, b'A', b'Z'), k);
    }
    w
}

/// Where the chunk that starts at `bytes[from]` ends, found a byte at a time (for chunks too
/// long to be keyed).
#[inline(never)]
pub fn long_end(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(u8::is_ascii_whitespace)
        .map_or(bytes.len(), |e| from + e)
}

/// The white space among the 64 bytes of `block` (space, tab, line feed, form feed, carriage
/// return: what `split_ascii_whitespace` splits at), a bit a byte; 16 bytes at a time.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn space_bits(block: &[u8; WIDTH]) -> u64 {
    let mut bits_of = 0;
    for k in 0..WIDTH / 16 {
        let v = load(block, k);
        // Tab to carriage return but the vertical tab, and the space.
        // SAFETY: SSE2 is part of every x86-64.
        let space = unsafe {
            let controls = _mm_andnot_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0b)),
                within(v, b'\t', b'\r'),
            );
            _mm_or_si128(controls, _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8)))
        };
        bits_of |= bits(space, k);
    }
    bits_of
}

/// [`space_bits`] of `block`, 32 bytes at a time: for a CPU with AVX2 (the caller checks).
///
/// # Safety
///
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub unsafe fn space_bits_avx2(block: &[u8; WIDTH]) -> u64 {
    use std::arch::x86_64::{
        __m256i, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_loadu_si256,
        _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
    };
    let mut bits_of = 0;
    for k in 0..2 {
        let part: &[u8; 32] = block[32 * k..32 * k + 32].try_into().expect("32 bytes");
        // SAFETY: the load reads the 32 bytes of `part` (unaligned loads are allowed).
        let v = unsafe { _mm256_loadu_si256(part.as_ptr().cast::<__m256i>()) };
        // Tab to carriage return but the vertical tab (signed compares: a byte outside ASCII
        // is negative, below the range), and the space.
        let controls = _mm256_andnot_si256(
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x0b)),
            _mm256_andnot_si256(
                _mm256_cmpgt_epi8(v, _mm256_set1_epi8(b'\r' as i8)),
                _mm256_cmpgt_epi8(v, _mm256_set1_epi8(b'\t' as i8 - 1)),
            ),
        );
        let space = _mm256_or_si256(controls, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b' ' as i8)));
        bits_of |= u64::from(_mm256_movemask_epi8(space) as u32) << (32 * k);
    }
    bits_of
}

/// [`space_bits`] of `block`, a byte at a time (where there is no SSE2).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub fn space_bits(block: &[u8; WIDTH]) -> u64 {
    portable_spaces(block)
}

/// [`space_bits`] of `block`, a byte at a time.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn portable_spaces(block: &[u8; WIDTH]) -> u64 {
    let mut bits_of = 0;
    for (k, b) in block.iter().enumerate() {
        bits_of |= u64::from(b.is_ascii_whitespace()) << k;
    }
    bits_of
}

/// [`Window`]'s bits of `block`, a byte at a time (where there is no SSE2).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn masks(block: &[u8; WIDTH]) -> Window {
    portable(block)
}

/// [`Window`]'s bits of `block`, a byte at a time.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn portable(block: &[u8; WIDTH]) -> Window {
    let mut w = Window::default();
    for (k, &b) in block.iter().enumerate() {
        let bit = 1u64 << k;
        if b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80 {
            w.cand |= bit;
        }
        if b == b'_' || b >= 0x80 {
            w.special |= bit;
        }
        if b.is_ascii_uppercase() {
            w.upper |= bit;
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_in_every_place_gets_its_bits() {
        for b in 0..=255u8 {
            for k in 0..WIDTH {
                let mut block = [b' '; WIDTH];
                block[k] = b;
                let w = masks(&block);
                assert_eq!(w, portable(&block), "byte {b:#x} at {k}");
                let bit = 1u64 << k;
                let word = b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
                assert_eq!(w.cand, if word { bit } else { 0 }, "byte {b:#x} at {k}");
            }
        }
    }

    #[test]
    fn every_byte_in_every_place_is_white_space_or_not() {
        for b in 0..=255u8 {
            for k in 0..WIDTH {
                let mut block = [b'x'; WIDTH];
                block[k] = b;
                let bits = space_bits(&block);
                assert_eq!(bits, portable_spaces(&block), "byte {b:#x} at {k}");
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU supports AVX2, just checked.
                    assert_eq!(
                        unsafe { space_bits_avx2(&block) },
                        bits,
                        "byte {b:#x} at {k}"
                    );
                }
                let space = matches!(b, b' ' | b'\t' | b'\n' | 0x0c | b'\r');
                assert_eq!(bits, u64::from(space) << k, "byte {b:#x} at {k}");
            }
        }
    }

    #[test]
    fn a_window_past_the_end_holds_nothing() {
        let text = b"ab_C\xc3\xa7";
        let w = Window::at(text, 0);
        assert_eq!(w.cand, 0b11_1111);
        assert_eq!(w.special, 0b11_0100);
        assert_eq!(w.upper, 0b1000);
        assert_eq!(Window::at(text, 4).cand, 0b11);
        let long = [b'x'; 70];
        assert_eq!(Window::at(&long, 0).cand, u64::MAX);
        assert_eq!(Window::at(&long, 10).cand, (1 << 60) - 1);
    }
}
