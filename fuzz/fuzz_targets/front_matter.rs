//! Fuzz target: see `sade_fuzz::front_matter`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sade_fuzz::front_matter(data));
