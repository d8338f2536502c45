//! A buffer's JSON (`PreviewBuffer` of docs/preview-protocol.md). Values of single-precision
//! buffers are written as the shortest decimals that read back as the same `f32` (`0.61`, not the
//! `0.6100000143051147` of the value widened to `f64`): a played 256x256 RGBA image is about half
//! the bytes to write, send and parse each frame, and no digit the GPU computed is lost.

use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

use super::BufferView;

/// The values of one buffer; `single`: written as `f32`s.
struct Values<'a> {
    values: &'a [f64],
    single: bool,
}

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.values.len()))?;
        let mut digits = String::new();
        for &value in self.values {
            // Non-finite values are `null` either way (serde_json writes them so).
            if self.single && value.is_finite() {
                seq.serialize_element(&shortest_decimal(value as f32, &mut digits))?;
            } else {
                seq.serialize_element(&value)?;
            }
        }
        seq.end()
    }
}

/// The `f64` nearest to the shortest decimal that reads back as `value` (Rust's `Display` of
/// `f32`). Written as an `f64`, so that it stays short through a `serde_json::Value` too (the
/// GPU worker's answers are re-sent by the server).
fn shortest_decimal(value: f32, digits: &mut String) -> f64 {
    use std::fmt::Write;
    digits.clear();
    let _ = write!(digits, "{value}");
    digits.parse().unwrap_or(f64::from(value))
}

impl Serialize for BufferView {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = 7 + usize::from(self.image.is_some()) + usize::from(self.depth.is_some());
        let mut out = serializer.serialize_struct("PreviewBuffer", fields)?;
        out.serialize_field("name", &self.name)?;
        out.serialize_field("type", &self.ty)?;
        out.serialize_field("scalar", self.scalar)?;
        out.serialize_field("components", &self.components)?;
        out.serialize_field("count", &self.count)?;
        let values = Values {
            values: &self.values,
            // f16 values are exact in f32 too.
            single: matches!(self.scalar, "f32" | "f16"),
        };
        out.serialize_field("values", &values)?;
        out.serialize_field("truncated", &self.truncated)?;
        if let Some(image) = &self.image {
            out.serialize_field("image", image)?;
        }
        if let Some(depth) = &self.depth {
            out.serialize_field("depth", depth)?;
        }
        out.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buffer(scalar: &'static str, values: Vec<f64>) -> BufferView {
        BufferView {
            name: "b".to_string(),
            ty: "float".to_string(),
            scalar,
            components: 1,
            count: values.len() as u64,
            values,
            truncated: false,
            image: None,
            depth: None,
        }
    }

    #[test]
    fn single_precision_values_are_their_shortest_decimals() {
        let values = vec![f64::from(0.61f32), f64::from(-3.25f32), 6.0, f64::NAN];
        let json = serde_json::to_string(&buffer("f32", values.clone())).unwrap_or_default();
        assert!(json.contains(r#""values":[0.61,-3.25,6.0,null]"#), "{json}");
        // The same through a `serde_json::Value`, as the server re-sends the worker's answers.
        let value = serde_json::to_value(buffer("f32", values.clone())).unwrap_or_default();
        assert_eq!(value["values"].to_string(), "[0.61,-3.25,6.0,null]");
        // Read back as f32, each is the value the GPU wrote.
        let back: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
        let read: Vec<f32> = back["values"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|v| v.as_f64().map_or(f32::NAN, |v| v as f32))
            .collect();
        assert_eq!(read[..3], [0.61f32, -3.25, 6.0]);
        // Doubles keep every digit.
        let json =
            serde_json::to_string(&buffer("f64", vec![f64::from(0.61f32)])).unwrap_or_default();
        assert!(json.contains("0.6100000143051147"), "{json}");
        assert!(!json.contains("depth") && !json.contains("image"), "{json}");
    }
}
