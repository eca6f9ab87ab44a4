#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tengen::core::formats::readers::reader("results_line")(data));
