//! C `printf`-style formatting, byte for byte like glibc for the conversions that GPU test output and
//! shader `printf` use: `%d %i %u %x %X %o %c %f %F %e %E %g %G %s %%` with flags `- + space 0 #`,
//! width and precision (`*` is not supported: shaders pass no widths at run time).
//!
//! A shader has no strings at run time: a `String` value is the 32-bit hash of its text (Slang's
//! `getStringHash`), and `%s` looks the text up in the table of strings the compiler saw.
//!
//! Expected-output files are written by Slang's C++ test runner with `printf("%f\n")`, so matching
//! its text exactly (rounding, `-0.000000`, `inf`, `nan`) matters for byte-exact comparisons.

use std::fmt;

/// One argument of a formatted print.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CArg {
    Int(i64),
    UInt(u64),
    Float(f64),
}

/// A malformed format string, or arguments that do not fit it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// Byte offset of the offending `%` in the format string.
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "format error at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for FormatError {}

/// The largest width or precision accepted.
pub const MAX_FIELD: usize = 1024;

/// A parsed conversion specification (`%-08.3f`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Spec {
    pub left_align: bool,
    pub plus_sign: bool,
    pub space_sign: bool,
    pub zero_pad: bool,
    pub alternate: bool,
    pub width: usize,
    pub precision: Option<usize>,
    pub conversion: char,
}

/// A piece of a parsed format string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Conversion { offset: usize, spec: Spec },
}

/// Splits a format string into literal text and conversions. `%%` becomes text.
pub fn parse_format(format: &str) -> Result<Vec<Piece>, FormatError> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut chars = format.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        let mut spec = Spec::default();
        while let Some(&(_, flag)) = chars.peek() {
            match flag {
                '-' => spec.left_align = true,
                '+' => spec.plus_sign = true,
                ' ' => spec.space_sign = true,
                '0' => spec.zero_pad = true,
                '#' => spec.alternate = true,
                _ => break,
            }
            chars.next();
        }
        spec.width = read_number(&mut chars);
        if chars.peek().map(|&(_, c)| c) == Some('.') {
            chars.next();
            spec.precision = Some(read_number(&mut chars));
        }
        // Shader output is read by people: a huge field is a mistake, not something to allocate.
        if spec.width > MAX_FIELD || spec.precision.is_some_and(|p| p > MAX_FIELD) {
            return Err(FormatError {
                offset,
                message: format!("width or precision over {MAX_FIELD}"),
            });
        }
        // Length modifiers say nothing here: argument kinds come with the arguments.
        while let Some(&(_, m)) = chars.peek() {
            if matches!(m, 'h' | 'l' | 'L' | 'q' | 'j' | 'z' | 't') {
                chars.next();
            } else {
                break;
            }
        }
        let Some((_, conversion)) = chars.next() else {
            return Err(FormatError {
                offset,
                message: "format string ends inside a conversion".into(),
            });
        };
        match conversion {
            '%' => text.push('%'),
            'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'c' | 'f' | 'F' | 'e' | 'E' | 'g' | 'G' | 's' => {
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                spec.conversion = conversion;
                pieces.push(Piece::Conversion { offset, spec });
            }
            other => {
                return Err(FormatError {
                    offset,
                    message: format!("unsupported conversion `%{other}`"),
                });
            }
        }
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

fn read_number(chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>) -> usize {
    let mut value: usize = 0;
    while let Some(&(_, c)) = chars.peek() {
        let Some(digit) = c.to_digit(10) else { break };
        value = value.saturating_mul(10).saturating_add(digit as usize);
        chars.next();
    }
    value
}

/// Formats `args` with a C format string. `%s` has no texts to look its hashes up in.
pub fn format_c(format: &str, args: &[CArg]) -> Result<String, FormatError> {
    format_c_with_strings(format, args, &|_| None)
}

/// Formats `args` with a C format string; `%s` prints the text whose hash its argument is
/// (`strings`), or `<string 0x...>` for a hash the table lacks.
pub fn format_c_with_strings(
    format: &str,
    args: &[CArg],
    strings: &dyn Fn(u32) -> Option<String>,
) -> Result<String, FormatError> {
    let pieces = parse_format(format)?;
    let mut out = String::new();
    let mut args = args.iter();
    for piece in &pieces {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Conversion { offset, spec } => {
                let Some(arg) = args.next() else {
                    return Err(FormatError {
                        offset: *offset,
                        message: "more conversions than arguments".into(),
                    });
                };
                if spec.conversion == 's' {
                    out.push_str(&format_string_arg(spec, *arg, strings));
                } else {
                    out.push_str(&format_arg(spec, *arg));
                }
            }
        }
    }
    if args.next().is_some() {
        return Err(FormatError {
            offset: format.len(),
            message: "more arguments than conversions".into(),
        });
    }
    Ok(out)
}

/// Formats one argument with one conversion. An argument of another kind than the conversion
/// expects is converted the way the bits would be read in C for integers (two's complement) and by
/// value for floats.
pub fn format_arg(spec: &Spec, arg: CArg) -> String {
    match spec.conversion {
        'd' | 'i' => {
            let value = match arg {
                CArg::Int(v) => v,
                CArg::UInt(v) => v as i64,
                CArg::Float(v) => v as i64,
            };
            let sign = sign_prefix(spec, value < 0);
            let digits = apply_int_precision(spec, value.unsigned_abs().to_string());
            pad(spec, sign, "", &digits, true)
        }
        'u' | 'x' | 'X' | 'o' => {
            let value = match arg {
                // C prints the bits of a 32-bit int as unsigned: keep 32-bit values 32-bit.
                CArg::Int(v) if i32::try_from(v).is_ok() => v as i32 as u32 as u64,
                CArg::Int(v) => v as u64,
                CArg::UInt(v) => v,
                CArg::Float(v) => v as u64,
            };
            let digits = match spec.conversion {
                'u' => value.to_string(),
                'x' => format!("{value:x}"),
                'X' => format!("{value:X}"),
                _ => format!("{value:o}"),
            };
            let digits = apply_int_precision(spec, digits);
            let prefix = match spec.conversion {
                'x' if spec.alternate && value != 0 => "0x",
                'X' if spec.alternate && value != 0 => "0X",
                'o' if spec.alternate && !digits.starts_with('0') => "0",
                _ => "",
            };
            pad(spec, "", prefix, &digits, true)
        }
        'c' => {
            let code = match arg {
                CArg::Int(v) => v as u32,
                CArg::UInt(v) => v as u32,
                CArg::Float(v) => v as u32,
            };
            let c = char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER);
            pad(spec, "", "", &c.to_string(), false)
        }
        _ => {
            let value = match arg {
                CArg::Int(v) => v as f64,
                CArg::UInt(v) => v as f64,
                CArg::Float(v) => v,
            };
            format_float(spec, value)
        }
    }
}

/// `%s`: the argument is a string hash (32 bits); the precision limits the characters printed.
fn format_string_arg(spec: &Spec, arg: CArg, strings: &dyn Fn(u32) -> Option<String>) -> String {
    let hash = match arg {
        CArg::Int(v) => v as u32,
        CArg::UInt(v) => v as u32,
        CArg::Float(v) => v as u32,
    };
    let text = strings(hash).unwrap_or_else(|| format!("<string 0x{hash:08x}>"));
    let text: String = match spec.precision {
        Some(p) => text.chars().take(p).collect(),
        None => text,
    };
    pad(spec, "", "", &text, false)
}

fn apply_int_precision(spec: &Spec, digits: String) -> String {
    match spec.precision {
        // C: precision 0 with value 0 prints no digits.
        Some(0) if digits == "0" => String::new(),
        Some(p) if digits.len() < p => format!("{}{digits}", "0".repeat(p - digits.len())),
        _ => digits,
    }
}

fn sign_prefix(spec: &Spec, negative: bool) -> &'static str {
    if negative {
        "-"
    } else if spec.plus_sign {
        "+"
    } else if spec.space_sign {
        " "
    } else {
        ""
    }
}

/// Pads `sign + prefix + body` to the width. Zero padding goes between prefix and body, and is
/// ignored for integers with a precision (C rule) and for non-finite floats.
fn pad(spec: &Spec, sign: &str, prefix: &str, body: &str, zero_pad_allowed: bool) -> String {
    let len = sign.len() + prefix.len() + body.chars().count();
    if len >= spec.width {
        return format!("{sign}{prefix}{body}");
    }
    let fill = spec.width - len;
    let int_with_precision =
        matches!(spec.conversion, 'd' | 'i' | 'u' | 'x' | 'X' | 'o') && spec.precision.is_some();
    if spec.left_align {
        format!("{sign}{prefix}{body}{}", " ".repeat(fill))
    } else if spec.zero_pad && zero_pad_allowed && !int_with_precision {
        format!("{sign}{prefix}{}{body}", "0".repeat(fill))
    } else {
        format!("{}{sign}{prefix}{body}", " ".repeat(fill))
    }
}

fn format_float(spec: &Spec, value: f64) -> String {
    let upper = spec.conversion.is_ascii_uppercase();
    let sign = sign_prefix(spec, value.is_sign_negative());
    if !value.is_finite() {
        let text = match (value.is_nan(), upper) {
            (true, false) => "nan",
            (true, true) => "NAN",
            (false, false) => "inf",
            (false, true) => "INF",
        };
        return pad(spec, sign, "", text, false);
    }
    let magnitude = value.abs();
    let precision = spec.precision.unwrap_or(6);
    let body = match spec.conversion.to_ascii_lowercase() {
        'f' => fixed(magnitude, precision, spec.alternate),
        'e' => exponential(magnitude, precision, spec.alternate, upper),
        _ => general(magnitude, precision, spec.alternate, upper),
    };
    pad(spec, sign, "", &body, true)
}

fn fixed(magnitude: f64, precision: usize, alternate: bool) -> String {
    // Rust's exact formatting rounds the true binary value half-to-even, like glibc.
    let mut text = format!("{magnitude:.precision$}");
    if alternate && precision == 0 {
        text.push('.');
    }
    text
}

/// `d.ddde+XX` with at least two exponent digits, like C.
fn exponential(magnitude: f64, precision: usize, alternate: bool, upper: bool) -> String {
    let text = format!("{magnitude:.precision$e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let mut mantissa = mantissa.to_string();
    if alternate && precision == 0 {
        mantissa.push('.');
    }
    let e = if upper { 'E' } else { 'e' };
    let exp_sign = if exponent < 0 { '-' } else { '+' };
    format!("{mantissa}{e}{exp_sign}{:02}", exponent.unsigned_abs())
}

fn general(magnitude: f64, precision: usize, alternate: bool, upper: bool) -> String {
    let p = precision.max(1);
    // The exponent after rounding to p significant digits decides the style.
    let rounded = format!("{magnitude:.prec$e}", prec = p - 1);
    let exponent: i64 = rounded
        .split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0);
    let mut text = if exponent < -4 || exponent >= p as i64 {
        exponential(magnitude, p - 1, alternate, upper)
    } else {
        fixed(magnitude, (p as i64 - 1 - exponent) as usize, alternate)
    };
    if !alternate {
        text = strip_fraction_zeros(&text);
    }
    text
}

/// Removes trailing zeros of the fraction (and a bare `.`), keeping any exponent.
fn strip_fraction_zeros(text: &str) -> String {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => text.split_at(i),
        None => (text, ""),
    };
    let mantissa = if mantissa.contains('.') {
        mantissa.trim_end_matches('0').trim_end_matches('.')
    } else {
        mantissa
    };
    format!("{mantissa}{exponent}")
}

/// `%f` of a value, as C's `printf("%f", value)`: the text Slang's expected files hold.
pub fn percent_f(value: f64) -> String {
    format_float(
        &Spec {
            conversion: 'f',
            ..Spec::default()
        },
        value,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    fn f(format: &str, args: &[CArg]) -> String {
        format_c(format, args).unwrap_or_else(|e| format!("ERROR {e}"))
    }

    #[test]
    fn floats_match_glibc() {
        let values = [
            0.0,
            -0.0,
            1.0,
            -2.5,
            0.1,
            1e-7,
            -1e-9,
            123456.789,
            1e20,
            0.5,
            1.5,
            2.5,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        let mut out = String::new();
        for v in values {
            out += &f(
                "[%f] [%e] [%g] [%.2f] [%10.3e] [%-8g|] [%+.0f] [%#.0e] [%G]\n",
                &[
                    CArg::Float(v),
                    CArg::Float(v),
                    CArg::Float(v),
                    CArg::Float(v),
                    CArg::Float(v),
                    CArg::Float(v),
                    CArg::Float(v),
                    CArg::Float(v),
                    CArg::Float(v),
                ],
            );
        }
        expect![[r#"
            [0.000000] [0.000000e+00] [0] [0.00] [ 0.000e+00] [0       |] [+0] [0.e+00] [0]
            [-0.000000] [-0.000000e+00] [-0] [-0.00] [-0.000e+00] [-0      |] [-0] [-0.e+00] [-0]
            [1.000000] [1.000000e+00] [1] [1.00] [ 1.000e+00] [1       |] [+1] [1.e+00] [1]
            [-2.500000] [-2.500000e+00] [-2.5] [-2.50] [-2.500e+00] [-2.5    |] [-2] [-2.e+00] [-2.5]
            [0.100000] [1.000000e-01] [0.1] [0.10] [ 1.000e-01] [0.1     |] [+0] [1.e-01] [0.1]
            [0.000000] [1.000000e-07] [1e-07] [0.00] [ 1.000e-07] [1e-07   |] [+0] [1.e-07] [1E-07]
            [-0.000000] [-1.000000e-09] [-1e-09] [-0.00] [-1.000e-09] [-1e-09  |] [-0] [-1.e-09] [-1E-09]
            [123456.789000] [1.234568e+05] [123457] [123456.79] [ 1.235e+05] [123457  |] [+123457] [1.e+05] [123457]
            [100000000000000000000.000000] [1.000000e+20] [1e+20] [100000000000000000000.00] [ 1.000e+20] [1e+20   |] [+100000000000000000000] [1.e+20] [1E+20]
            [0.500000] [5.000000e-01] [0.5] [0.50] [ 5.000e-01] [0.5     |] [+0] [5.e-01] [0.5]
            [1.500000] [1.500000e+00] [1.5] [1.50] [ 1.500e+00] [1.5     |] [+2] [2.e+00] [1.5]
            [2.500000] [2.500000e+00] [2.5] [2.50] [ 2.500e+00] [2.5     |] [+2] [2.e+00] [2.5]
            [inf] [inf] [inf] [inf] [       inf] [inf     |] [+inf] [inf] [INF]
            [-inf] [-inf] [-inf] [-inf] [      -inf] [-inf    |] [-inf] [-inf] [-INF]
            [nan] [nan] [nan] [nan] [       nan] [nan     |] [+nan] [nan] [NAN]
        "#]]
        .assert_eq(&out);
    }

    #[test]
    fn strings_are_looked_up_by_hash() {
        let table = |h: u32| (h == 773_762_347).then(|| "name".to_string());
        let out = format_c_with_strings(
            "[%s] [%8s] [%-6s|] [%.2s] [%s]\n",
            &[
                CArg::Int(773_762_347),
                CArg::UInt(773_762_347),
                CArg::Int(773_762_347),
                CArg::Int(773_762_347),
                CArg::UInt(7),
            ],
            &table,
        )
        .unwrap();
        expect![[r#"
            [name] [    name] [name  |] [na] [<string 0x00000007>]
        "#]]
        .assert_eq(&out);
    }

    #[test]
    fn integers_match_glibc() {
        let out = f(
            "%d|%5d|%-5d|%05d|%+d|% d|%.3d|%u|%x|%X|%#x|%08X|%o|%#o|%c|%%|%i|%.0d|\n",
            &[
                CArg::Int(-42),
                CArg::Int(42),
                CArg::Int(42),
                CArg::Int(-42),
                CArg::Int(7),
                CArg::Int(7),
                CArg::Int(5),
                CArg::Int(-1),
                CArg::UInt(255),
                CArg::Int(-1),
                CArg::UInt(255),
                CArg::UInt(0x3F80_0000),
                CArg::UInt(8),
                CArg::UInt(8),
                CArg::UInt(65),
                CArg::Int(9),
                CArg::Int(0),
            ],
        );
        expect![[r#"
            -42|   42|42   |-0042|+7| 7|005|4294967295|ff|FFFFFFFF|0xff|3F800000|10|010|A|%|9||
        "#]]
        .assert_eq(&out);
    }

    #[test]
    fn errors_are_values() {
        let out = [
            f("%d %d", &[CArg::Int(1)]),
            f("%d", &[CArg::Int(1), CArg::Int(2)]),
            f("abc %", &[]),
            f("%p", &[CArg::Int(1)]),
            f("%99999999999999999999d", &[CArg::Int(1)]),
            f("%.2000f", &[CArg::Float(1.0)]),
        ]
        .join("\n");
        expect![[r#"
            ERROR format error at byte 3: more conversions than arguments
            ERROR format error at byte 2: more arguments than conversions
            ERROR format error at byte 4: format string ends inside a conversion
            ERROR format error at byte 0: unsupported conversion `%p`
            ERROR format error at byte 0: width or precision over 1024
            ERROR format error at byte 0: width or precision over 1024"#]]
        .assert_eq(&out);
    }
}
