//! Open documents in ropes, incremental edits, and LSP positions (UTF-16) to byte offsets.

use ropey::Rope;
use tower_lsp::lsp_types::{Position, Range, TextDocumentContentChangeEvent};

/// Converts between byte offsets and LSP positions (line, UTF-16 code unit) for one text.
#[derive(Clone)]
pub struct LineIndex {
    rope: Rope,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        LineIndex {
            rope: Rope::from_str(text),
        }
    }

    pub fn from_rope(rope: Rope) -> LineIndex {
        LineIndex { rope }
    }

    /// The byte offset of a position; positions past the end of a line clamp to the line's end
    /// (before its line break), lines past the end clamp to the end of the text.
    pub fn offset(&self, pos: Position) -> u32 {
        let rope = &self.rope;
        let line = pos.line as usize;
        if line >= rope.len_lines() {
            return rope.len_bytes() as u32;
        }
        let line_start = rope.line_to_char(line);
        let line_slice = rope.line(line);
        // Characters of the line without its line break.
        let mut content_chars = line_slice.len_chars();
        while content_chars > 0 && matches!(line_slice.char(content_chars - 1), '\n' | '\r') {
            content_chars -= 1;
        }
        let start_cu = rope.char_to_utf16_cu(line_start);
        let end_cu = rope.char_to_utf16_cu(line_start + content_chars);
        let target_cu = (start_cu + pos.character as usize).min(end_cu);
        // A position inside a surrogate pair rounds down to the character's start.
        let ch = rope.utf16_cu_to_char(target_cu);
        rope.char_to_byte(ch) as u32
    }

    pub fn position(&self, offset: u32) -> Position {
        let rope = &self.rope;
        // An offset inside a UTF-8 sequence maps to its character's start.
        let ch = rope.byte_to_char((offset as usize).min(rope.len_bytes()));
        let line = rope.char_to_line(ch);
        let line_start = rope.line_to_char(line);
        let character = rope.char_to_utf16_cu(ch) - rope.char_to_utf16_cu(line_start);
        Position {
            line: line as u32,
            character: character as u32,
        }
    }

    pub fn range(&self, range: ide::TextRange) -> Range {
        Range {
            start: self.position(range.start),
            end: self.position(range.end),
        }
    }

    pub fn text_range(&self, range: Range) -> ide::TextRange {
        ide::TextRange::new(self.offset(range.start), self.offset(range.end))
    }

    /// Line of a byte offset.
    pub fn line(&self, offset: u32) -> u32 {
        self.position(offset).line
    }

    pub fn rope(&self) -> &Rope {
        &self.rope
    }
}

/// An open document: its text, the client's version, and its virtual path in the analysis.
pub struct Document {
    pub text: LineIndex,
    pub version: i32,
    pub path: String,
}

impl Document {
    /// Applies one change event: a range edit, or the whole text when `range` is absent.
    pub fn apply(&mut self, change: &TextDocumentContentChangeEvent) {
        match change.range {
            Some(range) => {
                let range = self.text.text_range(range);
                let rope = &mut self.text.rope;
                let start = rope.byte_to_char(range.start as usize);
                let end = rope.byte_to_char(range.end as usize);
                rope.remove(start..end);
                rope.insert(start, &change.text);
            }
            None => self.text = LineIndex::new(&change.text),
        }
    }

    pub fn text(&self) -> String {
        self.text.rope.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn utf16_positions_round_trip() {
        // `é` is 2 UTF-8 bytes / 1 UTF-16 unit; `😀` is 4 bytes / 2 units.
        let text = "aé😀b\nx\r\n😀y";
        let index = LineIndex::new(text);
        let b = text.find('b').unwrap() as u32;
        assert_eq!(index.position(b), pos(0, 4));
        assert_eq!(index.offset(pos(0, 4)), b);
        let y = text.find('y').unwrap() as u32;
        assert_eq!(index.position(y), pos(2, 2));
        assert_eq!(index.offset(pos(2, 2)), y);
        // Past the end of a line clamps before the line break (CRLF included).
        assert_eq!(index.offset(pos(1, 99)), text.find('\r').unwrap() as u32);
        assert_eq!(index.offset(pos(9, 0)), text.len() as u32);
        // Inside the surrogate pair rounds down to the emoji.
        assert_eq!(index.offset(pos(0, 3)), text.find('😀').unwrap() as u32);
    }

    #[test]
    fn incremental_edits_apply_in_order() {
        let mut doc = Document {
            text: LineIndex::new("float é = 1.0;\n"),
            version: 1,
            path: "/a.slang".into(),
        };
        let edit = |l1, c1, l2, c2, text: &str| TextDocumentContentChangeEvent {
            range: Some(Range {
                start: pos(l1, c1),
                end: pos(l2, c2),
            }),
            range_length: None,
            text: text.to_string(),
        };
        doc.apply(&edit(0, 10, 0, 13, "2.5"));
        doc.apply(&edit(1, 0, 1, 0, "// 😀 done"));
        doc.apply(&edit(1, 3, 1, 5, ""));
        assert_eq!(doc.text(), "float é = 2.5;\n//  done");
    }
}
