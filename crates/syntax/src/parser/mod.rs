//! Event-based parser infrastructure (rust-analyzer style). The grammar in `grammar` only
//! sees non-trivia token kinds and emits `Event`s; it knows nothing of rowan.

mod grammar;

use crate::SyntaxKind::{self, *};

/// The parser's view of the tokens: trivia and directive lines removed.
pub(crate) struct Input {
    kinds: Vec<SyntaxKind>,
    /// Contextual keyword kind for `IDENT`s (`TOMBSTONE` when none).
    contextual: Vec<SyntaxKind>,
    /// Bit flags per token, see `JOINT`, `COL0`, `BUILTIN_TYPE`, `MODIFIER_CALL`, `LINE_START`.
    flags: Vec<u8>,
}

/// The next token follows with no trivia in between.
pub(crate) const JOINT: u8 = 1;
/// The token starts a line at column 0.
pub(crate) const COL0: u8 = 2;
/// The token is a built-in scalar/vector/matrix type name (`float3`, `int`, ...).
pub(crate) const BUILTIN_TYPE: u8 = 4;
/// The token names a modifier written with arguments (`layout`, see `MODIFIER_CALLS`).
pub(crate) const MODIFIER_CALL: u8 = 8;
/// The token is the first on its line (after indentation).
pub(crate) const LINE_START: u8 = 16;

/// Modifiers written with arguments before a declaration (their arguments are kept, not
/// interpreted): GLSL's `layout(...)`, and the core module's intrinsic markers.
pub(crate) const MODIFIER_CALLS: &[&str] = &[
    "layout",
    "__target_intrinsic",
    "__intrinsic_op",
    "__glsl_extension",
    "__glsl_version",
    "__spirv_version",
    "__cuda_sm_version",
    "__specialized_for_target",
    "__implicit_conversion",
];

impl Input {
    pub(crate) fn with_capacity(n: usize) -> Input {
        Input {
            kinds: Vec::with_capacity(n),
            contextual: Vec::with_capacity(n),
            flags: Vec::with_capacity(n),
        }
    }
    pub(crate) fn push(&mut self, kind: SyntaxKind, contextual: SyntaxKind, flags: u8) {
        self.kinds.push(kind);
        self.contextual.push(contextual);
        self.flags.push(flags);
    }
    pub(crate) fn set_joint(&mut self) {
        if let Some(f) = self.flags.last_mut() {
            *f |= JOINT;
        }
    }
    pub(crate) fn len(&self) -> usize {
        self.kinds.len()
    }
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum Event {
    /// `forward_parent` is an offset to a later `Start` that becomes this node's parent
    /// (used by `CompletedMarker::precede`); 0 means none.
    Start {
        kind: SyntaxKind,
        forward_parent: u32,
    },
    Finish,
    /// `n_raw` input tokens glued into one tree token of `kind` (`>>` from `>` `>`).
    Token {
        kind: SyntaxKind,
        n_raw: u8,
    },
    Tombstone,
}

#[derive(Debug, Clone)]
pub(crate) struct ParseError {
    /// Index into the parser input of the token the error is reported at.
    pub(crate) pos: u32,
    pub(crate) message: String,
}

pub(crate) struct Output {
    pub(crate) events: Vec<Event>,
    pub(crate) errors: Vec<ParseError>,
}

pub(crate) fn parse(input: &Input) -> Output {
    let mut p = Parser {
        inp: input,
        pos: 0,
        events: Vec::with_capacity(input.len() * 2 + 2),
        errors: Vec::new(),
        depth: 0,
        no_gt: false,
        decl_start: 0,
        stuck_errors: 0,
    };
    grammar::source_file(&mut p);
    Output {
        events: p.events,
        errors: p.errors,
    }
}

/// Parses a lone `{ ... }` block (used by incremental reparsing). `consumed_all` is false when the
/// block ended before the last token (the caller then falls back to a full parse).
pub(crate) fn parse_block(input: &Input) -> (Output, bool) {
    let mut p = Parser {
        inp: input,
        pos: 0,
        events: Vec::with_capacity(input.len() * 2 + 2),
        errors: Vec::new(),
        depth: 0,
        no_gt: false,
        decl_start: 0,
        stuck_errors: 0,
    };
    grammar::block_entry(&mut p);
    let consumed_all = p.pos == input.len();
    (
        Output {
            events: p.events,
            errors: p.errors,
        },
        consumed_all,
    )
}

/// Maximum nesting of expressions/statements/types/items before flat recovery kicks in.
/// Left-nested postfix and type chains (`a.b.c`, `f()[1]`, `T[1][2]`) count one level per link,
/// because they nest in the tree just as much and tree consumers recurse over them.
pub(crate) const MAX_DEPTH: u32 = 256;

/// Maximum operators in one flat binary chain (`a + b + c ...`). Such chains are common in
/// generated code (slangc accepts them), so they do not use the nesting budget; the tree they
/// build is as deep as the chain is long, which tree consumers handle up to this length.
pub(crate) const MAX_CHAIN_LINKS: u32 = 4096;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct TokenSet([u64; 4]);

impl TokenSet {
    pub(crate) const EMPTY: TokenSet = TokenSet([0; 4]);
    pub(crate) const fn new(kinds: &[SyntaxKind]) -> TokenSet {
        let mut bits = [0u64; 4];
        let mut i = 0;
        while i < kinds.len() {
            let k = kinds[i] as usize;
            if k < 256 {
                bits[k / 64] |= 1 << (k % 64);
            }
            i += 1;
        }
        TokenSet(bits)
    }
    pub(crate) const fn contains(&self, kind: SyntaxKind) -> bool {
        let k = kind as usize;
        k < 256 && self.0[k / 64] & (1 << (k % 64)) != 0
    }
}

pub(crate) struct Parser<'i> {
    inp: &'i Input,
    pos: usize,
    events: Vec<Event>,
    errors: Vec<ParseError>,
    pub(crate) depth: u32,
    /// Inside generic arguments: `>` (and `>>`, `>=`, `>>=`) closes the list instead of being
    /// an operator, also within parentheses, as in slangc (`Foo<(A > 2)>` is an error there).
    pub(crate) no_gt: bool,
    /// Where the declaration being parsed starts (after its attributes and modifiers): a type
    /// or name there at column 0 is that declaration's own, elsewhere a new one's.
    pub(crate) decl_start: usize,
    /// Errors reported in a row at one token: a rule that neither consumes nor exits is a loop
    /// (a grammar bug), and past [`MAX_ERRORS_AT_ONE_TOKEN`] the token is consumed.
    stuck_errors: u32,
}

/// Errors in a row at one token after which the parser consumes it: far more than unwinding
/// from [`MAX_DEPTH`] nested constructs reports, so only a loop without progress reaches it.
const MAX_ERRORS_AT_ONE_TOKEN: u32 = 4096;

impl Parser<'_> {
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn nth(&self, n: usize) -> SyntaxKind {
        self.inp.kinds.get(self.pos + n).copied().unwrap_or(EOF)
    }

    pub(crate) fn kind_at(&self, pos: usize) -> SyntaxKind {
        self.inp.kinds.get(pos).copied().unwrap_or(EOF)
    }

    pub(crate) fn current(&self) -> SyntaxKind {
        self.nth(0)
    }

    pub(crate) fn flags_at(&self, pos: usize) -> u8 {
        self.inp.flags.get(pos).copied().unwrap_or(0)
    }

    pub(crate) fn contextual_at(&self, pos: usize) -> SyntaxKind {
        self.inp.contextual.get(pos).copied().unwrap_or(TOMBSTONE)
    }

    /// Whether the token at `pos` is the contextual keyword `kw`.
    pub(crate) fn ckw_at(&self, pos: usize, kw: SyntaxKind) -> bool {
        self.kind_at(pos) == IDENT && self.contextual_at(pos) == kw
    }

    pub(crate) fn at_ckw(&self, kw: SyntaxKind) -> bool {
        self.ckw_at(self.pos, kw)
    }

    pub(crate) fn nth_at_ckw(&self, n: usize, kw: SyntaxKind) -> bool {
        self.ckw_at(self.pos + n, kw)
    }

    /// Number of raw tokens making up the composite token `kind` at `pos` (0 if absent).
    fn composite_len(&self, pos: usize, kind: SyntaxKind) -> usize {
        let k0 = self.kind_at(pos);
        let joint = |i: usize| self.flags_at(pos + i) & JOINT != 0;
        match kind {
            GTEQ => (k0 == GT && joint(0) && self.kind_at(pos + 1) == EQ) as usize * 2,
            SHR => (k0 == GT && joint(0) && self.kind_at(pos + 1) == GT) as usize * 2,
            SHREQ => {
                (k0 == GT
                    && joint(0)
                    && self.kind_at(pos + 1) == GT
                    && joint(1)
                    && self.kind_at(pos + 2) == EQ) as usize
                    * 3
            }
            // A `>` that starts `>=`/`>>` is not a plain `>` for binary-operator purposes
            // (`at(GT)` still sees it; callers that care check composites first).
            _ => (k0 == kind) as usize,
        }
    }

    pub(crate) fn at(&self, kind: SyntaxKind) -> bool {
        self.composite_len(self.pos, kind) > 0
    }

    pub(crate) fn nth_at(&self, n: usize, kind: SyntaxKind) -> bool {
        self.composite_len(self.pos + n, kind) > 0
    }

    pub(crate) fn at_ts(&self, set: TokenSet) -> bool {
        set.contains(self.current())
    }

    pub(crate) fn at_col0(&self) -> bool {
        self.flags_at(self.pos) & COL0 != 0
    }

    pub(crate) fn line_start_at(&self, pos: usize) -> bool {
        self.flags_at(pos) & LINE_START != 0
    }

    pub(crate) fn is_modifier_call_at(&self, pos: usize) -> bool {
        self.flags_at(pos) & MODIFIER_CALL != 0
    }

    pub(crate) fn is_builtin_type_at(&self, pos: usize) -> bool {
        self.flags_at(pos) & BUILTIN_TYPE != 0
    }

    /// Consumes the (possibly composite) token `kind` if present.
    pub(crate) fn eat(&mut self, kind: SyntaxKind) -> bool {
        let n = self.composite_len(self.pos, kind);
        if n == 0 {
            return false;
        }
        self.do_bump(kind, n);
        true
    }

    pub(crate) fn bump(&mut self, kind: SyntaxKind) {
        if !self.eat(kind) {
            // Grammar bug guard: never panic on user input, consume whatever is there.
            self.bump_any();
        }
    }

    pub(crate) fn bump_any(&mut self) {
        let k = self.current();
        if k == EOF {
            return;
        }
        self.do_bump(k, 1);
    }

    /// Consumes the current token, giving it another kind in the tree (contextual keywords).
    pub(crate) fn bump_remap(&mut self, kind: SyntaxKind) {
        if self.current() == EOF {
            return;
        }
        self.do_bump(kind, 1);
    }

    fn do_bump(&mut self, kind: SyntaxKind, n: usize) {
        self.pos += n;
        self.events.push(Event::Token {
            kind,
            n_raw: n as u8,
        });
    }

    pub(crate) fn start(&mut self) -> Marker {
        let pos = self.events.len() as u32;
        self.events.push(Event::Tombstone);
        Marker { pos }
    }

    /// "expected ..." error, reported at the unexpected token (where the reference compiler
    /// reports it) as "unexpected X, expected ...".
    pub(crate) fn error(&mut self, message: impl Into<String>) {
        let message = message.into();
        let message = if message.starts_with("expected") {
            format!("unexpected {}, {message}", self.found())
        } else {
            message
        };
        self.push_error(message);
    }

    /// Error anchored on the current token, message as given.
    pub(crate) fn error_here(&mut self, message: impl Into<String>) {
        self.push_error(message.into());
    }

    /// One error per token: when rules give up one after another at the same token (a
    /// missing expression, then the `;` after it), the first, innermost one says it.
    fn push_error(&mut self, message: String) {
        let pos = self.pos as u32;
        if self.errors.last().is_some_and(|e| e.pos == pos) {
            self.stuck_errors += 1;
            if self.stuck_errors > MAX_ERRORS_AT_ONE_TOKEN {
                self.stuck_errors = 0;
                self.bump_any();
            }
            return;
        }
        self.stuck_errors = 0;
        self.errors.push(ParseError { pos, message });
    }

    fn found(&self) -> String {
        if self.at(SHREQ) {
            return "'>>='".to_string();
        }
        if self.at(SHR) {
            return "'>>'".to_string();
        }
        if self.at(GTEQ) {
            return "'>='".to_string();
        }
        self.current().describe_found()
    }

    /// Consumes `kind` or reports "unexpected X, expected 'kind' ...". `message` starts with
    /// "expected `kind`" and goes on with the context ("to close the argument list").
    pub(crate) fn expect(&mut self, kind: SyntaxKind, message: &str) -> bool {
        if self.eat(kind) {
            return true;
        }
        let message = match kind.punct_text() {
            Some(t) => message.replacen(&format!("`{t}`"), &format!("'{t}'"), 1),
            None => message.to_string(),
        };
        self.error(message);
        false
    }

    /// Reports an error on the current token and wraps it in an ERROR node, unless it is in
    /// `recovery` (or EOF), where it is left for an enclosing rule.
    pub(crate) fn err_recover(&mut self, message: &str, recovery: TokenSet) {
        if self.at_ts(recovery) || self.current() == EOF {
            self.error(message);
            return;
        }
        self.error(message);
        let m = self.start();
        self.bump_any();
        m.complete(self, ERROR);
    }

    pub(crate) fn err_and_bump(&mut self, message: &str) {
        self.err_recover(message, TokenSet::EMPTY);
    }
}

pub(crate) struct Marker {
    pos: u32,
}

impl Marker {
    pub(crate) fn complete(self, p: &mut Parser<'_>, kind: SyntaxKind) -> CompletedMarker {
        if let Some(ev) = p.events.get_mut(self.pos as usize) {
            *ev = Event::Start {
                kind,
                forward_parent: 0,
            };
        }
        p.events.push(Event::Finish);
        CompletedMarker { pos: self.pos }
    }

    /// Leaves no node behind (its children stay in the parent).
    pub(crate) fn abandon(self, p: &mut Parser<'_>) {
        let idx = self.pos as usize;
        if idx + 1 == p.events.len() {
            p.events.pop();
        }
    }
}

#[derive(Clone, Copy)]
pub(crate) struct CompletedMarker {
    pos: u32,
}

impl CompletedMarker {
    /// Starts a node that will become the parent of this one (left-associative operators).
    pub(crate) fn precede(self, p: &mut Parser<'_>) -> Marker {
        let new = p.start();
        if let Some(Event::Start { forward_parent, .. }) = p.events.get_mut(self.pos as usize) {
            *forward_parent = new.pos - self.pos;
        }
        new
    }
}
