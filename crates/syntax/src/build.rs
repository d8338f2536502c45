//! Turns parser events plus the lexed tokens into a rowan green tree. Trivia and directive
//! lines are attached here: before a node starts (so nodes do not begin with trivia), and
//! the remaining ones at the end of the file. Each directive line becomes a PP_* node.

use rowan::{GreenNode, GreenNodeBuilder, NodeCache};

use crate::SyntaxKind::{self, *};
use crate::lexer::Lexed;
use crate::parser::Event;

pub(crate) struct TreeSink<'a, 'c> {
    lexed: &'a Lexed<'a>,
    /// Raw index of every non-trivia token the parser saw.
    solid: &'a [u32],
    raw: usize,
    solid_pos: usize,
    next_directive: usize,
    depth: usize,
    builder: GreenNodeBuilder<'c>,
    glue: String,
}

impl<'a, 'c> TreeSink<'a, 'c> {
    pub(crate) fn new(lexed: &'a Lexed<'a>, solid: &'a [u32], cache: &'c mut NodeCache) -> Self {
        TreeSink {
            lexed,
            solid,
            raw: 0,
            solid_pos: 0,
            next_directive: 0,
            depth: 0,
            builder: GreenNodeBuilder::with_cache(cache),
            glue: String::new(),
        }
    }

    pub(crate) fn build(mut self, mut events: Vec<Event>) -> GreenNode {
        let mut parents: Vec<SyntaxKind> = Vec::new();
        for i in 0..events.len() {
            match std::mem::replace(&mut events[i], Event::Tombstone) {
                Event::Start {
                    kind,
                    forward_parent,
                } => {
                    parents.push(kind);
                    let mut idx = i;
                    let mut fp = forward_parent;
                    while fp != 0 {
                        idx += fp as usize;
                        match events
                            .get_mut(idx)
                            .map(|e| std::mem::replace(e, Event::Tombstone))
                        {
                            Some(Event::Start {
                                kind,
                                forward_parent,
                            }) => {
                                parents.push(kind);
                                fp = forward_parent;
                            }
                            _ => break,
                        }
                    }
                    for kind in parents.drain(..).rev() {
                        self.start_node(kind);
                    }
                }
                Event::Finish => self.finish_node(),
                Event::Token { kind, n_raw } => self.token(kind, n_raw as usize),
                Event::Tombstone => {}
            }
        }
        // Unbalanced events cannot happen with the marker API, but never leave the builder open.
        while self.depth > 0 {
            self.finish_node();
        }
        self.builder.finish()
    }

    fn start_node(&mut self, kind: SyntaxKind) {
        if self.depth > 0 {
            self.attach_trivia();
        }
        self.depth += 1;
        self.builder.start_node(kind.into());
    }

    fn finish_node(&mut self) {
        if self.depth == 1 {
            // Leftovers (trailing trivia, anything unconsumed) go into the root.
            self.attach_trivia();
            while self.raw < self.lexed.len() {
                let k = self.lexed.kind(self.raw);
                self.raw_token(k);
            }
        }
        self.depth = self.depth.saturating_sub(1);
        self.builder.finish_node();
    }

    fn token(&mut self, kind: SyntaxKind, n_raw: usize) {
        self.attach_trivia();
        if n_raw == 1 {
            let text = self.lexed.text(self.raw);
            self.builder.token(kind.into(), text);
            self.raw += 1;
        } else {
            self.glue.clear();
            for _ in 0..n_raw {
                if self.raw < self.lexed.len() {
                    self.glue.push_str(self.lexed.text(self.raw));
                    self.raw += 1;
                }
            }
            self.builder.token(kind.into(), &self.glue);
        }
        self.solid_pos += n_raw;
    }

    fn raw_token(&mut self, kind: SyntaxKind) {
        let text = self.lexed.text(self.raw);
        self.builder.token(kind.into(), text);
        self.raw += 1;
    }

    /// Emits everything up to the next token the parser saw.
    fn attach_trivia(&mut self) {
        let stop = self
            .solid
            .get(self.solid_pos)
            .map_or(self.lexed.len(), |&r| r as usize);
        while self.raw < stop {
            if let Some(d) = self.lexed.directives.get(self.next_directive)
                && d.start as usize == self.raw
            {
                self.next_directive += 1;
                self.directive(self.next_directive - 1);
                continue;
            }
            let k = self.lexed.kind(self.raw);
            self.raw_token(k);
        }
    }

    fn directive(&mut self, index: usize) {
        let d = self.lexed.directives[index].clone();
        self.builder.start_node(d.kind.into());
        let end = d.end as usize;
        let mut in_params = false;
        let mut in_body = false;
        while self.raw < end {
            let i = self.raw as u32;
            if let Some((open, close)) = d.params {
                if i == open {
                    self.builder.start_node(PP_PARAM_LIST.into());
                    in_params = true;
                } else if i == close && in_params {
                    self.builder.finish_node();
                    in_params = false;
                }
            }
            if i == d.body_start && !in_body {
                if in_params {
                    self.builder.finish_node();
                    in_params = false;
                }
                self.builder.start_node(PP_BODY.into());
                in_body = true;
            }
            if Some(i) == d.name {
                self.raw_token(IDENT);
            } else if Some(i) == d.macro_name {
                self.builder.start_node(NAME.into());
                self.raw_token(IDENT);
                self.builder.finish_node();
            } else {
                let k = self.lexed.kind(self.raw);
                self.raw_token(k);
            }
        }
        if in_params {
            self.builder.finish_node();
        }
        if in_body {
            self.builder.finish_node();
        }
        self.builder.finish_node();
    }
}
