//! Fuzz target: see `sade_fuzz::shortcode_grammar`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sade_fuzz::shortcode_grammar(data));
