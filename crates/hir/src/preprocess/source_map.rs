//! Mapping offsets of the preprocessed text back to the original file or an included one,
//! and the output buffer that records where each stretch came from.

use std::sync::Arc;

use super::*;

impl SourceMap {
    /// The original offset for an expanded offset. Inside an expansion this is the start of the
    /// invocation; elsewhere the offset is shifted by the length changes of earlier expansions.
    pub fn to_original(&self, offset: u32) -> u32 {
        let mut delta: i64 = 0;
        for seg in &self.segments {
            if offset < seg.expanded.start {
                break;
            }
            if offset < seg.expanded.end {
                return seg.original.start;
            }
            delta = i64::from(seg.original.end) - i64::from(seg.expanded.end);
        }
        (i64::from(offset) + delta).max(0) as u32
    }

    /// Maps a range; a range inside one expansion maps to the whole invocation.
    pub fn range_to_original(&self, range: TextRange) -> TextRange {
        for seg in &self.segments {
            if seg.expanded.start <= range.start && range.end <= seg.expanded.end {
                return seg.original;
            }
        }
        let start = self.to_original(range.start);
        let end = if range.end > range.start {
            self.to_original(range.end - 1) + 1
        } else {
            start
        };
        // An end inside an expansion maps to the end of the invocation.
        let end = self
            .segments
            .iter()
            .find(|s| s.expanded.start < range.end && range.end <= s.expanded.end)
            .map_or(end, |s| s.original.end);
        TextRange::new(start, end.max(start))
    }

    /// The expanded offset for an original offset (for editor queries at a cursor). Offsets inside an
    /// invocation map to the start of its expansion.
    pub fn to_expanded(&self, offset: u32) -> u32 {
        let mut delta: i64 = 0;
        for seg in &self.segments {
            if offset < seg.original.start {
                break;
            }
            if offset < seg.original.end {
                return seg.expanded.start;
            }
            delta = i64::from(seg.expanded.end) - i64::from(seg.original.end);
        }
        (i64::from(offset) + delta).max(0) as u32
    }

    pub fn is_identity(&self) -> bool {
        self.segments.is_empty()
    }

    /// Where `range` of the expanded text comes from when it lies inside text pulled in by
    /// `#include` (nested includes followed to the innermost file); `None` otherwise.
    pub fn locate_included(&self, range: TextRange) -> Option<IncludedLocation> {
        let seg = self
            .segments
            .iter()
            .find(|s| s.expanded.start <= range.start && range.end <= s.expanded.end)?;
        let included = seg.include.as_ref()?;
        let inner = TextRange::new(
            range.start - seg.expanded.start,
            range.end - seg.expanded.start,
        );
        let site = IncludeSite {
            path: None,
            range: included.site,
        };
        match included.map.locate_included(inner) {
            Some(mut deeper) => {
                // The innermost sites were relative to the included file: name it.
                for s in &mut deeper.included_from {
                    if s.path.is_none() {
                        s.path = Some(included.path.clone());
                    }
                }
                deeper.included_from.push(site);
                Some(deeper)
            }
            None => Some(IncludedLocation {
                path: included.path.clone(),
                range: included.map.range_to_original(inner),
                included_from: vec![site],
            }),
        }
    }
}

impl Output {
    fn len(&self) -> u32 {
        self.text.len() as u32
    }

    /// Appends text that stands for `original` (an invocation or a directive line).
    pub(super) fn push_mapped(&mut self, text: &str, original: TextRange) {
        let start = self.len();
        self.text.push_str(text);
        let end = self.len();
        let expanded = TextRange::new(start, end);
        if expanded.len() == original.len() && text.is_empty() {
            return;
        }
        self.segments.push(Segment {
            expanded,
            original,
            include: None,
        });
    }

    /// Appends the preprocessed text of an included file in place of its `#include` line.
    pub(super) fn push_included(
        &mut self,
        inner: Output,
        path: Arc<str>,
        line: TextRange,
        site: TextRange,
    ) {
        let start = self.len();
        self.text.push_str(&inner.text);
        let expanded = TextRange::new(start, self.len());
        let map = SourceMap {
            segments: inner.segments,
        };
        self.segments.push(Segment {
            expanded,
            original: line,
            include: Some(Arc::new(IncludedText { path, map, site })),
        });
    }
}
