//! The kinds of every token and node of the tree.

macro_rules! define_kinds {
    (
        tokens: [$($tok:ident),* $(,)?],
        keywords: [$($kw:ident = $kw_text:literal),* $(,)?],
        contextual: [$($ckw:ident = $ckw_text:literal),* $(,)?],
        nodes: [$($node:ident),* $(,)?] $(,)?
    ) => {
        /// Every token and node kind. Tokens come first, then keywords, contextual keywords
        /// (lexed as `IDENT`, remapped by the parser) and nodes.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u16)]
        pub enum SyntaxKind {
            $($tok,)*
            $($kw,)*
            $($ckw,)*
            $($node,)*
        }

        impl SyntaxKind {
            const ALL: &'static [SyntaxKind] = &[$(SyntaxKind::$tok,)* $(SyntaxKind::$kw,)* $(SyntaxKind::$ckw,)* $(SyntaxKind::$node,)*];

            /// The hard keyword spelled `text`, if any.
            pub fn from_keyword(text: &str) -> Option<SyntaxKind> {
                Some(match text {
                    $($kw_text => SyntaxKind::$kw,)*
                    _ => return None,
                })
            }

            /// The contextual keyword spelled `text` (an `IDENT` that means something in some places).
            pub fn from_contextual_keyword(text: &str) -> Option<SyntaxKind> {
                Some(match text {
                    $($ckw_text => SyntaxKind::$ckw,)*
                    _ => return None,
                })
            }

            /// Whether this is a hard keyword.
            pub fn is_keyword(self) -> bool {
                matches!(self, $(SyntaxKind::$kw)|*)
            }

            /// Whether this is a contextual keyword kind.
            pub fn is_contextual_keyword(self) -> bool {
                matches!(self, $(SyntaxKind::$ckw)|*)
            }

            /// The fixed spelling of a keyword kind.
            pub fn keyword_text(self) -> Option<&'static str> {
                Some(match self {
                    $(SyntaxKind::$kw => $kw_text,)*
                    $(SyntaxKind::$ckw => $ckw_text,)*
                    _ => return None,
                })
            }
        }
    };
}

define_kinds! {
    tokens: [
        TOMBSTONE,
        EOF,
        // punctuation
        L_CURLY, R_CURLY, L_PAREN, R_PAREN, L_BRACK, R_BRACK,
        SEMICOLON, COMMA, DOT, COLON, COLON2, QUESTION, TILDE, BANG, NEQ,
        EQ, EQ2, PLUS, PLUS2, PLUSEQ, MINUS, MINUS2, MINUSEQ, THIN_ARROW,
        STAR, STAREQ, SLASH, SLASHEQ, PERCENT, PERCENTEQ,
        AMP, AMP2, AMPEQ, PIPE, PIPE2, PIPEEQ, CARET, CARETEQ,
        LT, LTEQ, SHL, SHLEQ,
        // `>` is always lexed alone; the parser glues `>=`, `>>`, `>>=` (so that `A<B<C>>` works).
        GT, GTEQ, SHR, SHREQ,
        HASH, HASH2, AT, DOLLAR, BACKSLASH, ELLIPSIS, FAT_ARROW,
        // literals and names
        INT_NUMBER, FLOAT_NUMBER, STRING, CHAR, IDENT,
        // trivia
        WHITESPACE, COMMENT,
        // an unknown character (token) or a subtree of unparsable tokens (node)
        ERROR,
    ],
    keywords: [
        STRUCT_KW = "struct", CLASS_KW = "class", INTERFACE_KW = "interface",
        EXTENSION_KW = "extension", ENUM_KW = "enum", NAMESPACE_KW = "namespace",
        TYPEDEF_KW = "typedef", TYPEALIAS_KW = "typealias", ASSOCIATEDTYPE_KW = "associatedtype",
        SUBSCRIPT_KW = "__subscript", INIT_KW = "__init",
        CONST_KW = "const", STATIC_KW = "static", UNIFORM_KW = "uniform",
        GROUPSHARED_KW = "groupshared", NO_DIFF_KW = "no_diff", PUBLIC_KW = "public",
        PRIVATE_KW = "private", RETURN_KW = "return", IF_KW = "if", ELSE_KW = "else",
        FOR_KW = "for", WHILE_KW = "while", DO_KW = "do", SWITCH_KW = "switch",
        CASE_KW = "case", DEFAULT_KW = "default", BREAK_KW = "break",
        CONTINUE_KW = "continue", DISCARD_KW = "discard", IMPORT_KW = "import",
        INCLUDE_KW = "__include", EXPORTED_KW = "__exported", THIS_TYPE_KW = "This",
        THIS_KW = "this", TRUE_KW = "true", FALSE_KW = "false", NONE_KW = "none",
        CBUFFER_KW = "cbuffer", TBUFFER_KW = "tbuffer", GENERIC_KW = "__generic",
        SIZEOF_KW = "sizeof", COUNTOF_KW = "countof", FWD_DIFF_KW = "fwd_diff",
        BWD_DIFF_KW = "bwd_diff", UFWD_DIFF_KW = "__fwd_diff", UBWD_DIFF_KW = "__bwd_diff",
        OPERATOR_KW = "operator", TARGET_SWITCH_KW = "__target_switch",
        STAGE_SWITCH_KW = "__stage_switch",
    ],
    contextual: [
        PROPERTY_KW = "property", WHERE_KW = "where", EACH_KW = "each", EXPAND_KW = "expand",
        IS_KW = "is", AS_KW = "as", MODULE_KW = "module", IMPLEMENTING_KW = "implementing",
        FUNC_KW = "func", GET_KW = "get", SET_KW = "set", REF_KW = "ref",
        // `let x = ...` / `var x = ...`, but also names (`struct S { int var; }`, as slangc allows)
        LET_KW = "let", VAR_KW = "var",
        // modifiers that are also usable as names (`let out = ...;`)
        IN_KW = "in", OUT_KW = "out", INOUT_KW = "inout", INTERNAL_KW = "internal",
        EXTERN_KW = "extern", EXPORT_KW = "export", INLINE_KW = "inline", PRECISE_KW = "precise",
        NOINTERPOLATION_KW = "nointerpolation", ROW_MAJOR_KW = "row_major",
        COLUMN_MAJOR_KW = "column_major", OVERRIDE_KW = "override",
        GLOBALLYCOHERENT_KW = "globallycoherent", VOLATILE_KW = "volatile",
        USING_KW = "using", DEFER_KW = "defer",
        // by-reference parameters: `__ref` is spelled `REF_KW` in the tree (hir's `ref`),
        // `__constref` is a read-only reference (an `in` parameter to us)
        UREF_KW = "__ref", CONSTREF_KW = "__constref",
        // target-specific code inside user functions (`__target_switch` cases)
        INTRINSIC_ASM_KW = "__intrinsic_asm", SPIRV_ASM_KW = "spirv_asm",
        // more modifiers: `constexpr`, `dyn` interfaces and parameters, mesh-shader outputs,
        // interpolation, C++ export, GLSL precision, normalised element types
        CONSTEXPR_KW = "constexpr", DYN_KW = "dyn", DYNAMIC_UNIFORM_KW = "dynamic_uniform",
        VERTICES_KW = "vertices", INDICES_KW = "indices", PRIMITIVES_KW = "primitives",
        NOPERSPECTIVE_KW = "noperspective", EXTERN_CPP_KW = "__extern_cpp",
        HIGHP_KW = "highp", MEDIUMP_KW = "mediump", LOWP_KW = "lowp",
        UNORM_KW = "unorm", SNORM_KW = "snorm", FLAT_KW = "flat",
        // error handling: `throws E`, `throw e;`, `try f()`, `do { } catch (e : E) { }`
        THROWS_KW = "throws", THROW_KW = "throw", TRY_KW = "try", CATCH_KW = "catch",
        // `where optional T : I`, `__constraint A.B : I;` (interface requirements on
        // associated types), `functype(int) -> float`, `__func_extension fwd_diff(f)(...)`,
        // `__extension` (an old spelling of `extension`), GLSL `buffer Name { ... }` blocks
        OPTIONAL_KW = "optional", CONSTRAINT_KW = "__constraint", FUNCTYPE_KW = "functype",
        FUNC_EXTENSION_KW = "__func_extension", UEXTENSION_KW = "__extension",
        BUFFER_KW = "buffer", IMPLICIT_KW = "implicit",
        // module-level generic parameters (`type_param T : I;`, `__generic_value_param n : uint
        // = 0;`), an older form of entry-point specialisation
        TYPE_PARAM_KW = "type_param", GENERIC_VALUE_PARAM_KW = "__generic_value_param",
        // pack queries (`__first(T)`, `__trimFirst(T)`, ...) and `__packBranch(P, E, N)`
        PACK_FIRST_KW = "__first", PACK_LAST_KW = "__last", PACK_TRIM_FIRST_KW = "__trimFirst",
        PACK_TRIM_LAST_KW = "__trimLast", PACK_BRANCH_KW = "__packBranch",
    ],
    nodes: [
        SOURCE_FILE,
        // items
        FN, STRUCT, INTERFACE, EXTENSION, ENUM, ENUM_VARIANT_LIST, ENUM_VARIANT, NAMESPACE,
        ITEM_LIST, MEMBER_LIST, TYPEALIAS, TYPEDEF, ASSOC_TYPE, PROPERTY, ACCESSOR_LIST,
        ACCESSOR, SUBSCRIPT, INIT, CBUFFER, VAR_DECL, DECLARATOR, ARRAY_SUFFIX, SEMANTIC,
        IMPORT, MODULE_DECL, IMPLEMENTING, INCLUDE, MODULE_PATH, BASE_LIST, USING,
        // a modifier with arguments: `layout(binding = 0)`, `__target_intrinsic(glsl, "sin($0)")`
        MODIFIER,
        // shared pieces
        ATTRIBUTE, NAME, NAME_REF, PATH, PATH_SEGMENT, PARAM_LIST, PARAM,
        GENERIC_PARAM_LIST, TYPE_PARAM, VALUE_PARAM, GENERIC_ARG_LIST, TYPE_ARG, CONST_ARG,
        WHERE_CLAUSE, WHERE_PRED, ARG_LIST,
        // types
        PATH_TYPE, ARRAY_TYPE, EXPAND_TYPE, EACH_TYPE,
        // `T*` (the pointee type, then `*`), `functype(int, float) -> int` (a PARAM_LIST-free
        // list of types in `(`..`)`, then `->` and the result type)
        POINTER_TYPE, FUNC_TYPE,
        // `IFoo & IBar` (a typealias of a conjunction): the types, separated by `&`
        AND_TYPE,
        // `__first(T)`, `__packBranch(P, E, N)` in a type: the keyword token, `(`, TYPE_ARG /
        // CONST_ARG operands, `)`, then optionally `.`/`::` and a PATH (`__first(T).Element`)
        PACK_QUERY_TYPE,
        // `uint a : 4;`: the `:` and the width expression, a child of the DECLARATOR
        BIT_WIDTH,
        // `throws E` after a function's parameters or a function type
        THROWS_CLAUSE,
        // `__constraint A.B : I;` / `__constraint A == B;`: a WHERE_PRED in an interface
        CONSTRAINT_DECL,
        // `__func_extension fwd_diff(f)(params) -> T { ... }`
        FUNC_EXTENSION,
        // GLSL `layout(local_size_x = 8) in;`: the MODIFIER, the `in`/`out` token and `;`
        LAYOUT_DECL,
        // statements
        BLOCK, EXPR_STMT, EMPTY_STMT, IF_STMT, FOR_STMT, WHILE_STMT, DO_STMT,
        SWITCH_STMT, SWITCH_BODY, CASE_CLAUSE, DEFAULT_CLAUSE, BREAK_STMT, CONTINUE_STMT,
        RETURN_STMT, DISCARD_STMT, DEFER_STMT, INTRINSIC_ASM_STMT,
        // `throw e;`; `do { ... } catch (e : E) { ... }` (CATCH_CLAUSE: `catch`, an optional
        // PARAM_LIST with one PARAM, a BLOCK)
        THROW_STMT, DO_CATCH_STMT, CATCH_CLAUSE,
        // `outer: for (...)`: a label and the statement it names
        LABELED_STMT,
        // not produced by the parser (an `else` branch and local items are direct children)
        ITEM_STMT, ELSE_BRANCH,
        // expressions
        LITERAL, PATH_EXPR, THIS_EXPR, PAREN_EXPR, CAST_EXPR, INIT_LIST_EXPR, CALL_EXPR,
        INDEX_EXPR, FIELD_EXPR, PREFIX_EXPR, POSTFIX_EXPR, BIN_EXPR, TERNARY_EXPR,
        DIFF_EXPR, NO_DIFF_EXPR, IS_EXPR, AS_EXPR, SIZEOF_EXPR, COUNTOF_EXPR, EXPAND_EXPR,
        EACH_EXPR, LAMBDA_EXPR, SPIRV_ASM_EXPR,
        // `try f(x)`
        TRY_EXPR,
        // preprocessor directives (one node per directive line)
        PP_DEFINE, PP_UNDEF, PP_IF, PP_IFDEF, PP_IFNDEF, PP_ELIF, PP_ELSE, PP_ENDIF,
        PP_INCLUDE, PP_PRAGMA, PP_LINE, PP_ERROR, PP_UNKNOWN, PP_PARAM_LIST, PP_BODY,
    ],
}

use SyntaxKind::*;

impl SyntaxKind {
    /// Whitespace and comments.
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | COMMENT)
    }

    pub fn is_literal(self) -> bool {
        matches!(
            self,
            INT_NUMBER | FLOAT_NUMBER | STRING | CHAR | TRUE_KW | FALSE_KW | NONE_KW
        )
    }

    pub fn is_pp_directive(self) -> bool {
        matches!(
            self,
            PP_DEFINE
                | PP_UNDEF
                | PP_IF
                | PP_IFDEF
                | PP_IFNDEF
                | PP_ELIF
                | PP_ELSE
                | PP_ENDIF
                | PP_INCLUDE
                | PP_PRAGMA
                | PP_LINE
                | PP_ERROR
                | PP_UNKNOWN
        )
    }

    /// Modifier keywords that may precede declarations and parameters (some are contextual:
    /// the parser remaps an `IDENT` to them only where a modifier can stand).
    pub fn is_modifier_keyword(self) -> bool {
        matches!(
            self,
            CONST_KW
                | STATIC_KW
                | UNIFORM_KW
                | GROUPSHARED_KW
                | IN_KW
                | OUT_KW
                | INOUT_KW
                | NO_DIFF_KW
                | PUBLIC_KW
                | INTERNAL_KW
                | PRIVATE_KW
                | EXTERN_KW
                | EXPORT_KW
                | INLINE_KW
                | PRECISE_KW
                | NOINTERPOLATION_KW
                | ROW_MAJOR_KW
                | COLUMN_MAJOR_KW
                | OVERRIDE_KW
                | GLOBALLYCOHERENT_KW
                | VOLATILE_KW
                | EXPORTED_KW
                | UREF_KW
                | CONSTREF_KW
                | CONSTEXPR_KW
                | DYN_KW
                | DYNAMIC_UNIFORM_KW
                | VERTICES_KW
                | INDICES_KW
                | PRIMITIVES_KW
                | NOPERSPECTIVE_KW
                | EXTERN_CPP_KW
                | HIGHP_KW
                | MEDIUMP_KW
                | LOWP_KW
                | UNORM_KW
                | SNORM_KW
                | FLAT_KW
        )
    }

    pub(crate) fn from_raw(raw: u16) -> SyntaxKind {
        SyntaxKind::ALL.get(raw as usize).copied().unwrap_or(ERROR)
    }

    /// The fixed spelling of a punctuation kind.
    pub fn punct_text(self) -> Option<&'static str> {
        Some(match self {
            L_CURLY => "{",
            R_CURLY => "}",
            L_PAREN => "(",
            R_PAREN => ")",
            L_BRACK => "[",
            R_BRACK => "]",
            SEMICOLON => ";",
            COMMA => ",",
            DOT => ".",
            COLON => ":",
            COLON2 => "::",
            QUESTION => "?",
            TILDE => "~",
            BANG => "!",
            NEQ => "!=",
            EQ => "=",
            EQ2 => "==",
            PLUS => "+",
            PLUS2 => "++",
            PLUSEQ => "+=",
            MINUS => "-",
            MINUS2 => "--",
            MINUSEQ => "-=",
            THIN_ARROW => "->",
            STAR => "*",
            STAREQ => "*=",
            SLASH => "/",
            SLASHEQ => "/=",
            PERCENT => "%",
            PERCENTEQ => "%=",
            AMP => "&",
            AMP2 => "&&",
            AMPEQ => "&=",
            PIPE => "|",
            PIPE2 => "||",
            PIPEEQ => "|=",
            CARET => "^",
            CARETEQ => "^=",
            LT => "<",
            LTEQ => "<=",
            SHL => "<<",
            SHLEQ => "<<=",
            GT => ">",
            GTEQ => ">=",
            SHR => ">>",
            SHREQ => ">>=",
            HASH => "#",
            HASH2 => "##",
            AT => "@",
            DOLLAR => "$",
            BACKSLASH => "\\",
            ELLIPSIS => "...",
            FAT_ARROW => "=>",
            _ => return None,
        })
    }

    /// How a found token is named in "unexpected X" messages (the reference compiler's words:
    /// keywords are identifiers there).
    pub fn describe_found(self) -> String {
        match self {
            IDENT => "identifier".to_string(),
            k if k.is_keyword() || k.is_contextual_keyword() => "identifier".to_string(),
            INT_NUMBER => "integer literal".to_string(),
            FLOAT_NUMBER => "floating-point literal".to_string(),
            STRING => "string literal".to_string(),
            CHAR => "character literal".to_string(),
            EOF => "end of file".to_string(),
            k => match k.punct_text() {
                Some(t) => format!("'{t}'"),
                None => "token".to_string(),
            },
        }
    }
}

/// `T![;]` style shorthands for token kinds, as in rust-analyzer.
#[macro_export]
macro_rules! T {
    ['{'] => { $crate::SyntaxKind::L_CURLY };
    ['}'] => { $crate::SyntaxKind::R_CURLY };
    ['('] => { $crate::SyntaxKind::L_PAREN };
    [')'] => { $crate::SyntaxKind::R_PAREN };
    ['['] => { $crate::SyntaxKind::L_BRACK };
    [']'] => { $crate::SyntaxKind::R_BRACK };
    [;] => { $crate::SyntaxKind::SEMICOLON };
    [,] => { $crate::SyntaxKind::COMMA };
    [.] => { $crate::SyntaxKind::DOT };
    [:] => { $crate::SyntaxKind::COLON };
    [::] => { $crate::SyntaxKind::COLON2 };
    [?] => { $crate::SyntaxKind::QUESTION };
    [~] => { $crate::SyntaxKind::TILDE };
    [!] => { $crate::SyntaxKind::BANG };
    [!=] => { $crate::SyntaxKind::NEQ };
    [=] => { $crate::SyntaxKind::EQ };
    [==] => { $crate::SyntaxKind::EQ2 };
    [+] => { $crate::SyntaxKind::PLUS };
    [++] => { $crate::SyntaxKind::PLUS2 };
    [+=] => { $crate::SyntaxKind::PLUSEQ };
    [-] => { $crate::SyntaxKind::MINUS };
    [--] => { $crate::SyntaxKind::MINUS2 };
    [-=] => { $crate::SyntaxKind::MINUSEQ };
    [->] => { $crate::SyntaxKind::THIN_ARROW };
    [=>] => { $crate::SyntaxKind::FAT_ARROW };
    [*] => { $crate::SyntaxKind::STAR };
    [*=] => { $crate::SyntaxKind::STAREQ };
    [/] => { $crate::SyntaxKind::SLASH };
    [/=] => { $crate::SyntaxKind::SLASHEQ };
    [%] => { $crate::SyntaxKind::PERCENT };
    [%=] => { $crate::SyntaxKind::PERCENTEQ };
    [&] => { $crate::SyntaxKind::AMP };
    [&&] => { $crate::SyntaxKind::AMP2 };
    [&=] => { $crate::SyntaxKind::AMPEQ };
    [|] => { $crate::SyntaxKind::PIPE };
    [||] => { $crate::SyntaxKind::PIPE2 };
    [|=] => { $crate::SyntaxKind::PIPEEQ };
    [^] => { $crate::SyntaxKind::CARET };
    [^=] => { $crate::SyntaxKind::CARETEQ };
    [<] => { $crate::SyntaxKind::LT };
    [<=] => { $crate::SyntaxKind::LTEQ };
    [<<] => { $crate::SyntaxKind::SHL };
    [<<=] => { $crate::SyntaxKind::SHLEQ };
    [>] => { $crate::SyntaxKind::GT };
    [>=] => { $crate::SyntaxKind::GTEQ };
    [>>] => { $crate::SyntaxKind::SHR };
    [>>=] => { $crate::SyntaxKind::SHREQ };
    [#] => { $crate::SyntaxKind::HASH };
    [ident] => { $crate::SyntaxKind::IDENT };
}
