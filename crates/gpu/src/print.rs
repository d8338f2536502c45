//! The print buffer: how shader `printf` output travels from the GPU to the host.
//!
//! # Layout
//!
//! The compiler declares one extra storage buffer, `var<storage, read_write> buf: array<atomic<u32>>`,
//! that the host creates zero-filled with room for the records it wants to keep.
//!
//! - Word 0 is the write cursor: the number of words written after it.
//! - Each `printf` call appends one record, `[format id, word count, argument words...]`:
//!   the index of the format in the table the compiler hands to the host *plus one* (so a zero word
//!   is never a record: it marks space that was reserved but not written), then how many argument
//!   words follow, then the arguments as raw bits (32-bit kinds one word, 64-bit kinds two words, low
//!   word first).
//! - A call reserves its space with one `atomicAdd(&buf[0], 2 + words)`; the record starts at the
//!   returned value plus 1. When it would end past `arrayLength(&buf)` the call writes nothing, but the
//!   cursor still moves, so the host can report how much was lost.
//!
//! ```wgsl
//! let at = atomicAdd(&buf[0], 3u) + 1u;      // one argument
//! if at + 3u <= arrayLength(&buf) {
//!     atomicStore(&buf[at], 1u);              // format 0, plus one
//!     atomicStore(&buf[at + 1u], 1u);         // one word follows
//!     atomicStore(&buf[at + 2u], bitcast<u32>(x));
//! }
//! ```
//!
//! Records from different threads appear in the order their reservations happened.

use test_format::cformat::{CArg, format_c_with_strings};

use crate::device::{Binding, BindingKind};

/// A zero-filled print buffer binding with room for `words` record words after the cursor.
pub fn print_buffer_binding(group: u32, binding: u32, name: &str, words: usize) -> Binding {
    Binding {
        group,
        binding,
        name: name.to_string(),
        kind: BindingKind::Storage { read_only: false },
        initial: vec![0; (words + 1) * 4],
        readback: true,
    }
}

/// The kind of one printf argument, as the compiler saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrintArgKind {
    I32,
    U32,
    F32,
    Bool,
    I64,
    U64,
    F64,
    /// The format itself, a `String` known only at run time: its hash (first, one word).
    Format,
}

impl PrintArgKind {
    pub fn word_count(self) -> usize {
        match self {
            PrintArgKind::I64 | PrintArgKind::U64 | PrintArgKind::F64 => 2,
            _ => 1,
        }
    }

    fn read(self, words: &[u32]) -> CArg {
        let wide = || u64::from(words[0]) | (u64::from(words.get(1).copied().unwrap_or(0)) << 32);
        match self {
            PrintArgKind::I32 => CArg::Int(i64::from(words[0] as i32)),
            PrintArgKind::U32 | PrintArgKind::Bool | PrintArgKind::Format => {
                CArg::UInt(u64::from(words[0]))
            }
            PrintArgKind::F32 => CArg::Float(f64::from(f32::from_bits(words[0]))),
            PrintArgKind::I64 => CArg::Int(wide() as i64),
            PrintArgKind::U64 => CArg::UInt(wide()),
            PrintArgKind::F64 => CArg::Float(f64::from_bits(wide())),
        }
    }
}

/// One format string of the program, with the kinds of its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintFormat {
    pub format: String,
    pub args: Vec<PrintArgKind>,
}

/// Renders the records of a print buffer; `%s` arguments are string hashes looked up in `strings`
/// (the program's literals). Damage (unknown format ids, word counts that disagree with the
/// format, lost records) is reported inline in angle brackets, never as a panic.
pub fn decode_print_buffer(
    words: &[u32],
    formats: &[PrintFormat],
    strings: &[(u32, String)],
) -> String {
    let lookup = |hash: u32| {
        (strings.iter())
            .find(|(h, _)| *h == hash)
            .map(|(_, text)| text.clone())
    };
    let Some((&cursor, records)) = words.split_first() else {
        return String::new();
    };
    let written = (cursor as usize).min(records.len());
    let mut out = String::new();
    let mut at = 0;
    while at < written {
        // A zero id is reserved space that a call did not fill because the buffer was full.
        let Some(id) = (records[at] as usize).checked_sub(1) else {
            break;
        };
        let Some(&count) = records.get(at + 1) else {
            out += "<truncated print record>\n";
            break;
        };
        let count = count as usize;
        let start = at + 2;
        let Some(args) = records
            .get(start..start + count)
            .filter(|_| start + count <= written)
        else {
            out += "<truncated print record>\n";
            break;
        };
        at = start + count;
        let Some(format) = formats.get(id) else {
            out += &format!("<unknown print format {id}>\n");
            continue;
        };
        let expected: usize = format.args.iter().map(|k| k.word_count()).sum();
        if expected != count {
            out += &format!(
                "<print format {id} takes {expected} argument words, the record has {count}>\n"
            );
            continue;
        }
        let mut values = Vec::with_capacity(format.args.len());
        let mut offset = 0;
        for kind in &format.args {
            values.push(kind.read(&args[offset..]));
            offset += kind.word_count();
        }
        // A format chosen at run time: the text of the string whose hash came first.
        let text = if format.args.first() == Some(&PrintArgKind::Format) {
            let hash = args[0];
            values.remove(0);
            match lookup(hash) {
                Some(text) => text,
                None => {
                    out += &format!("<print format: no string of the program has hash {hash}>\n");
                    continue;
                }
            }
        } else {
            format.format.clone()
        };
        match format_c_with_strings(&text, &values, &lookup) {
            Ok(text) => out += &text,
            Err(e) => out += &format!("<print format {id}: {e}>\n"),
        }
    }
    if cursor as usize > at {
        out += &format!(
            "<print buffer full: {} of {} words lost>\n",
            cursor as usize - at,
            cursor
        );
    }
    out
}
