//! SGF game records for gomoku and renju (`GM[4]`), read with the `sgf-parse` crate,
//! which handles any game type as untyped properties; this module gives them meaning.
//!
//! Points are two letters, column from the left then row from the top (`hh` is 天元 on
//! 15×15). The rule set travels in `RU` (`Renju`, `Standard`, `Freestyle`/`Gomoku`).

use sgf_parse::unknown_game::Prop;
use sgf_parse::{GameTree, SgfNode};

use super::board::BoardSize;
use super::game::{Game, PlayError};
use super::notation::point_name;
use crate::game::{GomokuRule, Outcome, Point, Side, WinReason};

/// The longest SGF text accepted; a full 19×19 record is far below this.
pub const MAX_SGF_BYTES: usize = 1 << 20;
/// The most nodes accepted: every point of a 19×19 board plus the root, with room for
/// comment-only nodes.
pub const MAX_SGF_NODES: usize = 4096;

/// What is wrong with an SGF record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SgfError {
    #[error("the SGF text is {0} bytes long, more than the {MAX_SGF_BYTES} accepted")]
    TooLong(usize),
    #[error("the SGF text has more than {MAX_SGF_NODES} nodes")]
    TooManyNodes,
    #[error("not valid SGF: {0}")]
    Syntax(String),
    #[error("the SGF text holds no game")]
    NoGame,
    #[error("the SGF record is for game type GM[{0}], not gomoku/renju (GM[4])")]
    WrongGame(i64),
    #[error("board size {0}×{1} is not supported: gomoku is played on 15×15 or 19×19")]
    Size(u8, u8),
    #[error("unknown rule RU[{0}]: expected Renju, Standard or Freestyle")]
    Rule(String),
    #[error("setup property {0} (stones placed without moves) is not supported")]
    Setup(String),
    #[error("move {number}: '{value}' is not a point on the board")]
    BadPoint { number: usize, value: String },
    #[error("move {number} is played by {found}, but it is {expected}'s turn")]
    WrongColour { number: usize, found: &'static str, expected: &'static str },
    #[error("move {number} ({point}): {error}")]
    Illegal { number: usize, point: String, error: PlayError },
}

/// Reads the first game of an SGF collection and replays its main line. `default_rule`
/// applies when the record has no `RU`. A record may end with black's forbidden move:
/// that move is kept and white wins, as in a tournament.
pub fn read_sgf(text: &str, default_rule: GomokuRule) -> Result<Game, SgfError> {
    if text.len() > MAX_SGF_BYTES {
        return Err(SgfError::TooLong(text.len()));
    }
    if count_nodes(text) > MAX_SGF_NODES {
        return Err(SgfError::TooManyNodes);
    }
    let trees = sgf_parse::parse(text).map_err(|e| SgfError::Syntax(e.to_string()))?;
    let root: &SgfNode<Prop> = match trees.first() {
        Some(GameTree::Unknown(node)) => node,
        Some(GameTree::GoGame(_)) => return Err(SgfError::WrongGame(1)),
        None => return Err(SgfError::NoGame),
    };
    let mut size = BoardSize::Fifteen;
    let mut rule = default_rule;
    let mut resigned: Option<Side> = None;
    for prop in root.properties() {
        match prop {
            Prop::GM(4) => {}
            Prop::GM(n) => return Err(SgfError::WrongGame(*n)),
            Prop::SZ((a, b)) => {
                size = match (a == b).then(|| BoardSize::from_lines(u32::from(*a))).flatten() {
                    Some(s) => s,
                    None => return Err(SgfError::Size(*a, *b)),
                }
            }
            Prop::RU(text) => rule = parse_rule(&text.to_string())?,
            Prop::RE(text) => resigned = resignation(&text.to_string()),
            _ => {}
        }
    }
    let mut game = Game::with_size(rule, size);
    let mut number = 0;
    for node in root.main_variation() {
        for prop in node.properties() {
            let (stone, value) = match prop {
                Prop::B(v) => (Side::First, v),
                Prop::W(v) => (Side::Second, v),
                Prop::AB(_) => return Err(SgfError::Setup("AB".into())),
                Prop::AW(_) => return Err(SgfError::Setup("AW".into())),
                Prop::AE(_) => return Err(SgfError::Setup("AE".into())),
                _ => continue,
            };
            number += 1;
            let expected = game.side_to_move();
            if stone != expected {
                return Err(SgfError::WrongColour {
                    number,
                    found: colour_name(stone),
                    expected: colour_name(expected),
                });
            }
            let at = sgf_point(value, size)
                .ok_or_else(|| SgfError::BadPoint { number, value: value.clone() })?;
            game.play_recorded(at).map_err(|error| SgfError::Illegal {
                number,
                point: point_name(at),
                error,
            })?;
        }
    }
    if let Some(loser) = resigned
        && game.outcome().is_none()
    {
        // Cannot fail: the game is not over.
        let _ = game.resign(loser);
    }
    Ok(game)
}

/// Writes a game as SGF with its rule, size and result.
pub fn write_sgf(game: &Game) -> String {
    let lines = game.size().lines();
    let rule = match game.rule() {
        GomokuRule::Renju => "Renju",
        GomokuRule::Standard => "Standard",
        GomokuRule::Freestyle => "Freestyle",
    };
    let mut out = format!("(;GM[4]FF[4]CA[UTF-8]SZ[{lines}]RU[{rule}]");
    match game.outcome() {
        Some(Outcome::Win { winner, reason }) => {
            let c = if winner == Side::First { 'B' } else { 'W' };
            let how = if reason == WinReason::Resignation { "R" } else { "" };
            out.push_str(&format!("RE[{c}+{how}]"));
        }
        Some(Outcome::Draw { .. }) => out.push_str("RE[Draw]"),
        None => {}
    }
    for (k, &p) in game.moves().iter().enumerate() {
        let c = if k % 2 == 0 { 'B' } else { 'W' };
        let col = (b'a' + p.file) as char;
        let row = (b'a' + (lines - 1 - p.rank.min(lines - 1))) as char;
        out.push_str(&format!(";{c}[{col}{row}]"));
    }
    out.push(')');
    out
}

fn colour_name(side: Side) -> &'static str {
    if side == Side::First { "black" } else { "white" }
}

fn parse_rule(text: &str) -> Result<GomokuRule, SgfError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "renju" | "rif" | "连珠" => Ok(GomokuRule::Renju),
        "standard" | "exact" => Ok(GomokuRule::Standard),
        "freestyle" | "gomoku" | "free" => Ok(GomokuRule::Freestyle),
        _ => Err(SgfError::Rule(text.to_string())),
    }
}

/// The side that resigned, from an `RE` such as `B+R` or `W+Resign`.
fn resignation(text: &str) -> Option<Side> {
    let t = text.trim().to_ascii_uppercase();
    let (winner, how) = t.split_once('+')?;
    if !how.starts_with('R') {
        return None;
    }
    match winner {
        "B" => Some(Side::Second),
        "W" => Some(Side::First),
        _ => None,
    }
}

/// The point of an SGF move value such as `hh`.
fn sgf_point(value: &str, size: BoardSize) -> Option<Point> {
    let b = value.as_bytes();
    let [c, r] = b else { return None };
    let lines = size.lines();
    let col = c.checked_sub(b'a')?;
    let row = r.checked_sub(b'a')?;
    (col < lines && row < lines).then(|| Point::new(col, lines - 1 - row))
}

/// Nodes (`;` outside property values) in an SGF text, to refuse absurd nesting before
/// handing the text to the parser.
fn count_nodes(text: &str) -> usize {
    let mut in_value = false;
    let mut escaped = false;
    let mut nodes = 0;
    for c in text.chars() {
        if in_value {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == ']' {
                in_value = false;
            }
        } else if c == '[' {
            in_value = true;
        } else if c == ';' || c == '(' {
            nodes += 1;
        }
    }
    nodes
}
