//! Fuzz target: see `sade_fuzz::page_render`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sade_fuzz::page_render(data));
