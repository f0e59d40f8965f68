//! PGN import and export. Import reads any number of games, keeps the tags and the
//! main line, and skips what a lesson does not need (comments, NAGs, variations,
//! `%` escape lines) without failing; a move that is not legal fails with the game
//! number, line and move named. Export writes the seven-tag roster, `SetUp`/`FEN`
//! for games that start elsewhere, and wraps the move text below 80 columns.

use std::fmt;

use thiserror::Error;

use super::fen::FenError;
use super::game::Game;
use super::moves::Move;
use super::position::Position;
use super::san::{SanError, parse_san, to_san};
use crate::game::{Outcome, Side};

/// The result token at the end of a PGN game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn token(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a result token (also the `½-½` some sites print).
    pub fn from_token(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// The result that records an outcome.
    pub fn from_outcome(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            Some(Outcome::Win { winner: Side::First, .. }) => GameResult::WhiteWins,
            Some(Outcome::Win { winner: Side::Second, .. }) => GameResult::BlackWins,
            Some(Outcome::Draw { .. }) => GameResult::Draw,
            None => GameResult::Unknown,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// One game of a PGN file: its tags, where it starts, its main line and result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    pub start: Position,
    /// The main line; every move is legal in turn from `start`.
    pub moves: Vec<Move>,
    pub result: GameResult,
}

impl PgnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an existing one of that name.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The game replayed move by move. A result the board does not show (a
    /// resignation, say) is not invented: the game is left open.
    pub fn to_game(&self) -> Game {
        let mut game = Game::from_position(self.start.clone());
        for mv in &self.moves {
            if game.play(*mv).is_err() {
                break;
            }
        }
        game
    }

    /// A record of a game, with its result taken from the game's outcome.
    pub fn from_game(game: &Game) -> PgnGame {
        let result = GameResult::from_outcome(game.outcome());
        let mut pgn = PgnGame {
            tags: Vec::new(),
            start: game.start().clone(),
            moves: game.moves().to_vec(),
            result,
        };
        pgn.set_tag("Result", result.token());
        pgn
    }
}

/// Where and why a PGN could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("PGN game {game}, line {line}: {kind}")]
pub struct PgnError {
    /// 1-based number of the game in the file.
    pub game: usize,
    /// 1-based line in the file.
    pub line: usize,
    pub kind: PgnErrorKind,
}

/// What was wrong in a PGN.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PgnErrorKind {
    #[error("a '{{' comment is never closed")]
    UnterminatedComment,
    #[error("a '[' tag is never closed")]
    UnterminatedTag,
    #[error("tag '{0}' is not of the form [Name \"value\"]")]
    BadTag(String),
    #[error("a ')' closes a variation that was never opened")]
    UnbalancedParen,
    #[error("a variation '(' is never closed")]
    UnclosedVariation,
    #[error("the FEN tag is not a legal position: {0}")]
    BadFen(FenError),
    #[error("variant '{0}' is not standard chess")]
    Variant(String),
    #[error("move {number} '{text}': {error}")]
    BadMove { number: u32, text: String, error: SanError },
}

/// Reads every game in a PGN text. An empty text gives no games.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    Reader::new(text).read_all()
}

/// Writes one game as PGN.
pub fn write_pgn(game: &PgnGame) -> String {
    let mut out = String::new();
    let roster = [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
    ];
    for (name, default) in roster {
        push_tag(&mut out, name, game.tag(name).unwrap_or(default));
    }
    push_tag(&mut out, "Result", game.result.token());
    let standard_start = game.start == Position::startpos();
    if !standard_start {
        push_tag(&mut out, "SetUp", "1");
        push_tag(&mut out, "FEN", &game.start.fen());
    }
    for (name, value) in &game.tags {
        let written = roster.iter().any(|(n, _)| n == name)
            || name == "Result"
            || (!standard_start && (name == "SetUp" || name == "FEN"));
        if !written {
            push_tag(&mut out, name, value);
        }
    }
    out.push('\n');

    let mut words = Vec::with_capacity(game.moves.len() * 3 / 2 + 1);
    let mut pos = game.start.clone();
    for (i, mv) in game.moves.iter().enumerate() {
        if pos.side_to_move() == Side::First {
            words.push(format!("{}.", pos.fullmoves()));
        } else if i == 0 {
            words.push(format!("{}...", pos.fullmoves()));
        }
        match to_san(&pos, *mv) {
            Ok(san) => words.push(san),
            Err(_) => break,
        }
        pos.play_unchecked(*mv);
    }
    words.push(game.result.token().to_owned());
    let mut line_len = 0;
    for word in words {
        if line_len > 0 && line_len + 1 + word.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += word.len();
        out.push_str(&word);
    }
    out.push_str("\n\n");
    out
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// A PGN reader over the text's characters.
struct Reader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    at_line_start: bool,
    games: Vec<PgnGame>,
    current: Partial,
}

/// The game being read.
#[derive(Default)]
struct Partial {
    tags: Vec<(String, String)>,
    /// Set on the first move (from the FEN tag or the standard start).
    position: Option<(Position, Position)>,
    moves: Vec<Move>,
    /// Whether any move text was seen, so a `[` starts the next game.
    in_moves: bool,
    /// Nesting depth of variations being skipped.
    depth: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Self {
        Reader {
            chars: text.chars().peekable(),
            line: 1,
            at_line_start: true,
            games: Vec::new(),
            current: Partial::default(),
        }
    }

    fn error(&self, kind: PgnErrorKind) -> PgnError {
        PgnError { game: self.games.len() + 1, line: self.line, kind }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.at_line_start = true;
        } else if !c.is_whitespace() {
            self.at_line_start = false;
        }
        Some(c)
    }

    fn read_all(mut self) -> Result<Vec<PgnGame>, PgnError> {
        while let Some(&c) = self.chars.peek() {
            let line_start = self.at_line_start;
            match c {
                _ if c.is_whitespace() => {
                    self.bump();
                }
                '%' if line_start => self.skip_line(),
                ';' => self.skip_line(),
                '{' => self.skip_comment()?,
                '[' if self.current.depth == 0 => {
                    if self.current.in_moves {
                        self.finish(GameResult::Unknown)?;
                    }
                    self.read_tag()?;
                }
                '(' => {
                    self.bump();
                    self.current.in_moves = true;
                    self.current.depth += 1;
                }
                ')' => {
                    self.bump();
                    if self.current.depth == 0 {
                        return Err(self.error(PgnErrorKind::UnbalancedParen));
                    }
                    self.current.depth -= 1;
                }
                _ => {
                    let token = self.read_token();
                    self.handle_token(&token)?;
                }
            }
        }
        if self.current.depth > 0 {
            return Err(self.error(PgnErrorKind::UnclosedVariation));
        }
        if self.current.in_moves || !self.current.tags.is_empty() {
            self.finish(GameResult::Unknown)?;
        }
        Ok(self.games)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn skip_comment(&mut self) -> Result<(), PgnError> {
        self.bump();
        loop {
            match self.bump() {
                Some('}') => return Ok(()),
                Some(_) => {}
                None => return Err(self.error(PgnErrorKind::UnterminatedComment)),
            }
        }
    }

    fn read_tag(&mut self) -> Result<(), PgnError> {
        self.bump();
        let mut raw = String::new();
        let mut in_string = false;
        let mut escaped = false;
        loop {
            let Some(c) = self.bump() else {
                return Err(self.error(PgnErrorKind::UnterminatedTag));
            };
            if c == ']' && !in_string {
                break;
            }
            if c == '\n' && !in_string {
                raw.push(' ');
                continue;
            }
            raw.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' && in_string {
                escaped = true;
            } else if c == '"' {
                in_string = !in_string;
            }
        }
        let bad = || PgnErrorKind::BadTag(raw.clone());
        let trimmed = raw.trim();
        let (name, rest) =
            trimmed.split_once(char::is_whitespace).ok_or_else(|| self.error(bad()))?;
        let rest = rest.trim();
        let inner = rest
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .ok_or_else(|| self.error(bad()))?;
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(self.error(bad()));
        }
        let mut value = String::with_capacity(inner.len());
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                if let Some(next) = chars.next() {
                    value.push(next);
                }
            } else {
                value.push(c);
            }
        }
        self.current.tags.push((name.to_owned(), value));
        Ok(())
    }

    fn read_token(&mut self) -> String {
        let mut token = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';') {
                break;
            }
            token.push(c);
            self.bump();
        }
        if token.is_empty() {
            // A stray closing brace or bracket: skip it rather than loop.
            self.bump();
        }
        token
    }

    fn handle_token(&mut self, token: &str) -> Result<(), PgnError> {
        if token.is_empty() {
            return Ok(());
        }
        self.current.in_moves = true;
        if self.current.depth > 0 {
            return Ok(());
        }
        if let Some(result) = GameResult::from_token(token) {
            return self.finish(result);
        }
        if token.starts_with('$') {
            return Ok(());
        }
        // Strip a move number: `12.`, `12...`, or glued to the move as `12.e4`.
        let digits = token.chars().take_while(char::is_ascii_digit).count();
        let mut san = token;
        if token[digits..].starts_with('.') {
            san = token[digits..].trim_start_matches('.');
        } else if digits == 0 && token.starts_with('.') {
            san = token.trim_start_matches('.');
        }
        if san.is_empty() {
            return Ok(());
        }
        self.play(san)
    }

    fn ensure_started(&mut self) -> Result<(), PgnError> {
        if self.current.position.is_some() {
            return Ok(());
        }
        let variant = self.current.tags.iter().find(|(n, _)| n == "Variant").map(|(_, v)| v);
        if let Some(v) = variant {
            let lower = v.to_ascii_lowercase();
            if !matches!(lower.as_str(), "" | "standard" | "chess" | "from position") {
                return Err(self.error(PgnErrorKind::Variant(v.clone())));
            }
        }
        let fen = self.current.tags.iter().find(|(n, _)| n == "FEN").map(|(_, v)| v.clone());
        let start = match fen {
            Some(fen) => {
                Position::from_fen(&fen).map_err(|e| self.error(PgnErrorKind::BadFen(e)))?
            }
            None => Position::startpos(),
        };
        self.current.position = Some((start.clone(), start));
        Ok(())
    }

    fn play(&mut self, san: &str) -> Result<(), PgnError> {
        self.ensure_started()?;
        let Some((_, pos)) = self.current.position.as_mut() else { return Ok(()) };
        let number = pos.fullmoves();
        match parse_san(pos, san) {
            Ok(mv) => {
                pos.play_unchecked(mv);
                self.current.moves.push(mv);
                Ok(())
            }
            Err(error) => {
                let kind = PgnErrorKind::BadMove { number, text: san.to_owned(), error };
                Err(self.error(kind))
            }
        }
    }

    fn finish(&mut self, result: GameResult) -> Result<(), PgnError> {
        self.ensure_started()?;
        let partial = std::mem::take(&mut self.current);
        let start = partial.position.map(|(start, _)| start).unwrap_or_default();
        self.games.push(PgnGame { tags: partial.tags, start, moves: partial.moves, result });
        Ok(())
    }
}
