//! The parser on arbitrary bytes: decoding (invalid UTF-8 becomes U+FFFD + E1004), lexing and the
//! resilient parser must never panic, and the tree must cover the text exactly (lossless).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (text, _decode_errors) = syntax::decode_source(data);
    let parse = syntax::parse(&text);
    assert_eq!(parse.syntax_node().to_string(), text, "the tree is not lossless");
    for error in parse.errors() {
        assert!(u32::from(error.range.end()) as usize <= text.len());
    }
});
