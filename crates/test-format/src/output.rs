//! Printing `out` buffers the way Slang's test runner does, and comparing with expected output.

use std::fmt;

use crate::cformat::percent_f;

/// The scalar type a buffer's words print as (Slang's `type:` header names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElemType {
    Float,
    Int32,
    UInt32,
    /// Two 16-bit halves per word, low half first.
    Half,
    /// Two words per value, low word first.
    Double,
    Int64,
    UInt64,
}

impl ElemType {
    /// The name on the `type:` line.
    pub fn name(self) -> &'static str {
        match self {
            ElemType::Float => "float",
            ElemType::Int32 => "int32_t",
            ElemType::UInt32 => "uint32_t",
            ElemType::Half => "half",
            ElemType::Double => "double",
            ElemType::Int64 => "int64_t",
            ElemType::UInt64 => "uint64_t",
        }
    }

    pub fn from_name(name: &str) -> Option<ElemType> {
        [
            ElemType::Float,
            ElemType::Int32,
            ElemType::UInt32,
            ElemType::Half,
            ElemType::Double,
            ElemType::Int64,
            ElemType::UInt64,
        ]
        .into_iter()
        .find(|t| t.name() == name)
    }

    pub fn is_float(self) -> bool {
        matches!(self, ElemType::Float | ElemType::Half | ElemType::Double)
    }
}

/// Prints a buffer: with `using_type`, a `type: NAME` line and one value per line (`%f` for
/// floats, `%d` / `%u` for integers); without, one upper-case hex word per line (`%X`, no padding),
/// as Slang's runner does.
pub fn format_buffer(words: &[u32], elem: ElemType, using_type: bool) -> String {
    let mut out = String::new();
    if !using_type {
        for word in words {
            out += &format!("{word:X}\n");
        }
        return out;
    }
    out += &format!("type: {}\n", elem.name());
    for value in element_texts(words, elem) {
        out += &value;
        out.push('\n');
    }
    out
}

/// Prints words whose kinds repeat with the given pattern (a struct's fields, one kind per
/// 32-bit word). All-equal kinds print like a scalar buffer; mixed kinds have no Slang header, so
/// they print as hex without `using_type`, and with it as `type: struct` followed by each word in
/// its own kind.
pub fn format_words(words: &[u32], kinds: &[ElemType], using_type: bool) -> String {
    match kinds {
        [] => format_buffer(words, ElemType::UInt32, using_type),
        [first, rest @ ..] if rest.iter().all(|k| k == first) => {
            format_buffer(words, *first, using_type)
        }
        _ if !using_type => format_buffer(words, ElemType::UInt32, false),
        _ => {
            let mut out = String::from("type: struct\n");
            for (word, kind) in words.iter().zip(kinds.iter().cycle()) {
                let kind = match kind {
                    // 64-bit and 16-bit kinds cannot be split per word: show the bits.
                    ElemType::Float | ElemType::Int32 | ElemType::UInt32 => *kind,
                    _ => ElemType::UInt32,
                };
                out += &element_texts(&[*word], kind).concat();
                out.push('\n');
            }
            out
        }
    }
}

fn element_texts(words: &[u32], elem: ElemType) -> Vec<String> {
    let pairs = || {
        words
            .chunks(2)
            .map(|c| u64::from(c[0]) | (u64::from(*c.get(1).unwrap_or(&0)) << 32))
    };
    match elem {
        ElemType::Float => words
            .iter()
            .map(|w| percent_f(f64::from(f32::from_bits(*w))))
            .collect(),
        ElemType::Int32 => words.iter().map(|w| (*w as i32).to_string()).collect(),
        ElemType::UInt32 => words.iter().map(|w| w.to_string()).collect(),
        ElemType::Half => words
            .iter()
            .flat_map(|w| [*w as u16, (*w >> 16) as u16])
            .map(|h| percent_f(half_to_f64(h)))
            .collect(),
        ElemType::Double => pairs().map(|b| percent_f(f64::from_bits(b))).collect(),
        ElemType::Int64 => pairs().map(|b| (b as i64).to_string()).collect(),
        ElemType::UInt64 => pairs().map(|b| b.to_string()).collect(),
    }
}

/// The IEEE binary16 nearest to `x` (ties to even; overflow to infinity), as bits.
pub fn f64_to_half(x: f64) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    if a.is_nan() {
        return 0x7e00;
    }
    // Below 2^-14 a half is subnormal: a multiple of 2^-24 (1024 of them make the smallest
    // normal, whose bits are 0x0400, so the rounding carries over correctly).
    if a < 2f64.powi(-14) {
        return sign | (a * 2f64.powi(24)).round_ties_even() as u16;
    }
    let exponent = ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let scaled = (a / 2f64.powi(exponent) - 1.0) * 1024.0;
    let mut mantissa = scaled.round_ties_even() as u32;
    let mut biased = exponent + 15;
    if mantissa == 1024 {
        mantissa = 0;
        biased += 1;
    }
    if biased >= 0x1f {
        return sign | 0x7c00;
    }
    sign | ((biased as u16) << 10) | mantissa as u16
}

/// IEEE binary16 to f64.
pub fn half_to_f64(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = i32::from((bits >> 10) & 0x1f);
    let mantissa = f64::from(bits & 0x3ff);
    match exponent {
        0 => sign * mantissa * 2f64.powi(-24),
        0x1f if mantissa == 0.0 => sign * f64::INFINITY,
        0x1f => f64::NAN,
        _ => sign * (1.0 + mantissa / 1024.0) * 2f64.powi(exponent - 15),
    }
}

/// The first line where expected and actual output disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// 1-based line of the expected output.
    pub line: usize,
    pub expected: String,
    /// `None` when the actual output ended early.
    pub actual: Option<String>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.actual {
            Some(actual) => write!(
                f,
                "line {}: expected `{}`, got `{}`",
                self.line, self.expected, actual
            ),
            None => write!(
                f,
                "line {}: expected `{}`, but the output ended",
                self.line, self.expected
            ),
        }
    }
}

/// Relative tolerance for float values.
pub const FLOAT_RELATIVE_TOLERANCE: f64 = 1e-4;
/// What counts as zero when zero is expected (`%f` prints 6 decimals).
pub const FLOAT_ZERO_TOLERANCE: f64 = 1e-6;

/// Whether two printed floats agree: relative tolerance 1e-4; an expected exact zero needs
/// |actual| < 1e-6; nan matches nan and infinities match by sign.
pub fn floats_agree(expected: f64, actual: f64) -> bool {
    if expected.is_nan() || actual.is_nan() {
        return expected.is_nan() && actual.is_nan();
    }
    if expected.is_infinite() || actual.is_infinite() {
        return expected == actual;
    }
    let difference = (expected - actual).abs();
    difference < FLOAT_ZERO_TOLERANCE || difference <= FLOAT_RELATIVE_TOLERANCE * expected.abs()
}

/// Parses a printed float (`1.000000`, `-inf`, `nan`, `-nan`, `1e-05`).
pub fn parse_printed_float(text: &str) -> Option<f64> {
    let body = text.strip_prefix(['-', '+']).unwrap_or(text);
    if body.eq_ignore_ascii_case("nan") {
        return Some(f64::NAN);
    }
    if !body
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
        && !body.eq_ignore_ascii_case("inf")
        && !body.eq_ignore_ascii_case("infinity")
    {
        return None;
    }
    text.parse().ok()
}

/// Compares actual output with an expected file. Lines are compared after trimming; blank lines at
/// the end are ignored, and so are actual lines past the expected ones. Lines under a float-typed
/// `type:` header (or, without a header, lines that both read as decimals with a `.`) compare as
/// floats with [`floats_agree`]; everything else, the `type:` line included, must match exactly.
pub fn compare_expected(expected: &str, actual: &str) -> Result<(), Mismatch> {
    let expected_lines = trimmed_lines(expected);
    let actual_lines = trimmed_lines(actual);
    let mut float_section = false;
    for (index, expected_line) in expected_lines.iter().enumerate() {
        let mismatch = |actual: Option<&str>| Mismatch {
            line: index + 1,
            expected: expected_line.to_string(),
            actual: actual.map(str::to_string),
        };
        let Some(actual_line) = actual_lines.get(index) else {
            return Err(mismatch(None));
        };
        if let Some(type_name) = expected_line.strip_prefix("type:") {
            if expected_line != actual_line {
                return Err(mismatch(Some(actual_line)));
            }
            float_section = ElemType::from_name(type_name.trim()).is_some_and(ElemType::is_float);
            continue;
        }
        if expected_line == actual_line {
            continue;
        }
        let as_floats = float_section || (expected_line.contains('.') && actual_line.contains('.'));
        let agree = as_floats
            && matches!(
                (parse_printed_float(expected_line), parse_printed_float(actual_line)),
                (Some(e), Some(a)) if floats_agree(e, a)
            );
        if !agree {
            return Err(mismatch(Some(actual_line)));
        }
    }
    Ok(())
}

fn trimmed_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}
