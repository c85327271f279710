//! Fuzz target: see `sade_fuzz::durations`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sade_fuzz::durations(data));
