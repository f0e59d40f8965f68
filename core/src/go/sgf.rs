//! SGF (FF[4], GM[1]) import through the `sgf-parse` crate, and export.
//!
//! Read: SZ, KM, HA, AB/AW/AE before the first move, PL, the B/W moves of the main
//! line (`B[]` and, on boards up to 19×19, `B[tt]` are passes), RE, and TB/TW on the
//! last node that has them: stones lying in the other side's territory are dead.
//! Written: the same properties, dead stones as TB/TW points.

use std::collections::HashSet;
use std::fmt::Write as _;

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{Color, SgfNode};

use super::coords::Move;
use super::game::{Game, PlayError, Rules, SetupError};
use super::score::Komi;
use crate::game::{Point, Side};

/// The most nodes an SGF may have. The parser builds the main line as nested nodes,
/// so this bounds its recursion; real games have a few hundred.
pub const MAX_NODES: usize = 5_000;

/// What is wrong with an SGF file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SgfError {
    #[error("not valid SGF: {0}")]
    Syntax(String),
    #[error("the SGF holds no game")]
    Empty,
    #[error("the SGF has more than {MAX_NODES} nodes")]
    TooManyNodes,
    #[error("the SGF is for game GM[{0}], not Go (GM[1])")]
    NotGo(i64),
    #[error("board size {0}×{1} is not supported (square, 5 to 19 lines)")]
    Size(u8, u8),
    #[error("invalid value for property {0}")]
    InvalidProperty(String),
    #[error("komi {0} is not a multiple of 0.5")]
    Komi(f64),
    #[error("HA[{0}]: a game takes 2 to 9 handicap stones")]
    Handicap(i64),
    #[error("point [{0}] is off the {1}×{1} board")]
    OffBoard(String, u8),
    #[error("setup stones (AB/AW/AE) after the first move are not supported")]
    SetupAfterMoves,
    #[error("move {number} ({colour} {point}) is illegal: {error}")]
    IllegalMove { number: usize, colour: &'static str, point: String, error: PlayError },
    #[error("the setup is impossible: {0}")]
    Setup(#[from] SetupError),
}

/// A game read from SGF, with what the file said beside the moves.
#[derive(Debug, Clone)]
pub struct SgfGame {
    pub game: Game,
    /// The `RE` property as written, if any.
    pub recorded_result: Option<String>,
    /// Whether the file marks dead stones (TB/TW on a node).
    pub marks_dead: bool,
}

/// Counts nodes (`;` outside property values) so deep files are refused before parsing.
fn count_nodes(text: &str) -> usize {
    let (mut nodes, mut in_value, mut escaped) = (0, false, false);
    for b in text.bytes() {
        if in_value {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b']' => in_value = false,
                _ => {}
            }
        } else {
            match b {
                b'[' => in_value = true,
                b';' => nodes += 1,
                _ => {}
            }
        }
    }
    nodes
}

/// Reads the first game of an SGF collection.
pub fn read_sgf(text: &str) -> Result<SgfGame, SgfError> {
    if count_nodes(text) > MAX_NODES {
        return Err(SgfError::TooManyNodes);
    }
    let trees = sgf_parse::parse(text).map_err(|e| SgfError::Syntax(e.to_string()))?;
    let tree = trees.into_iter().next().ok_or(SgfError::Empty)?;
    if tree.gametype() != sgf_parse::GameType::Go {
        return Err(SgfError::NotGo(0));
    }
    let root = tree.into_go_node().map_err(|e| SgfError::Syntax(e.to_string()))?;
    read_root(&root)
}

fn read_root(root: &SgfNode<Prop>) -> Result<SgfGame, SgfError> {
    let mut size = 19u8;
    let mut komi = None;
    let mut handicap = 0u8;
    let mut recorded_result = None;
    for prop in root.properties() {
        match prop {
            Prop::GM(g) if *g != 1 => return Err(SgfError::NotGo(*g)),
            Prop::SZ((w, h)) => {
                if w != h {
                    return Err(SgfError::Size(*w, *h));
                }
                size = *w;
            }
            Prop::KM(k) => komi = Some(Komi::from_points(*k).map_err(|_| SgfError::Komi(*k))?),
            Prop::HA(h) => {
                handicap = u8::try_from(*h)
                    .ok()
                    .filter(|h| (2..=9).contains(h))
                    .ok_or(SgfError::Handicap(*h))?;
            }
            Prop::RE(text) => recorded_result = Some(text.text.clone()),
            Prop::Invalid(id, _) if matches!(id.as_str(), "SZ" | "KM" | "HA" | "GM") => {
                return Err(SgfError::InvalidProperty(id.clone()));
            }
            _ => {}
        }
    }
    let komi = komi.unwrap_or(if handicap >= 2 { Komi::NONE } else { Komi::CHINESE });
    let mut game =
        Game::new(size, Rules { komi, superko: true }).map_err(|_| SgfError::Size(size, size))?;

    let mut stones: Vec<(Point, Side)> = Vec::new();
    let mut to_move = None;
    let mut moved = false;
    let mut number = 0;
    let mut dead_marks: Option<(Vec<Point>, Vec<Point>)> = None;
    for node in root.main_variation() {
        let mut setup_changed = false;
        let mut tb = Vec::new();
        let mut tw = Vec::new();
        let mut has_territory = false;
        for prop in node.properties() {
            match prop {
                Prop::AB(set) | Prop::AW(set) | Prop::AE(set) => {
                    if moved {
                        return Err(SgfError::SetupAfterMoves);
                    }
                    let side = match prop {
                        Prop::AB(_) => Some(Side::First),
                        Prop::AW(_) => Some(Side::Second),
                        _ => None,
                    };
                    for &sp in sorted(set) {
                        let p = point(sp, size)?.ok_or_else(|| off(sp, size))?;
                        stones.retain(|&(q, _)| q != p);
                        if let Some(side) = side {
                            stones.push((p, side));
                        }
                    }
                    setup_changed = true;
                }
                Prop::PL(c) => to_move = Some(side_of(*c)),
                Prop::TB(set) | Prop::TW(set) => {
                    has_territory = true;
                    let list = if matches!(prop, Prop::TB(_)) { &mut tb } else { &mut tw };
                    for &sp in sorted(set) {
                        if let Some(p) = point(sp, size)? {
                            list.push(p);
                        }
                    }
                }
                Prop::Invalid(id, _)
                    if matches!(id.as_str(), "B" | "W" | "AB" | "AW" | "AE" | "PL") =>
                {
                    return Err(SgfError::InvalidProperty(id.clone()));
                }
                _ => {}
            }
        }
        if setup_changed {
            let first = to_move.unwrap_or(if handicap >= 2 { Side::Second } else { Side::First });
            game.set_up(&stones, handicap, first)?;
        } else if let Some(side) = to_move.filter(|_| !moved) {
            game.set_to_move(side);
        }
        if let Some((side, mv)) = node_move(node, size)? {
            moved = true;
            number += 1;
            // Records sometimes play on after two passes (a disputed end): resume.
            game.resume();
            game.play_as(side, mv).map_err(|error| SgfError::IllegalMove {
                number,
                colour: if side == Side::First { "B" } else { "W" },
                point: mv.to_string(),
                error,
            })?;
        }
        if has_territory {
            dead_marks = Some((tb, tw));
        }
    }
    if handicap >= 2 && stones.is_empty() && !moved {
        // HA without AB: put the stones on the standard points.
        let mut placed = Game::with_handicap(size, handicap)?;
        placed.set_komi(komi);
        game = placed;
    }
    let marks_dead = dead_marks.is_some();
    if let Some((tb, tw)) = dead_marks {
        let board = game.board();
        let dead: Vec<Point> = tb
            .iter()
            .filter(|&&p| board.get(p) == Some(Side::Second))
            .chain(tw.iter().filter(|&&p| board.get(p) == Some(Side::First)))
            .copied()
            .collect();
        game.set_dead_stones(&dead);
    }
    Ok(SgfGame { game, recorded_result, marks_dead })
}

fn sorted(set: &HashSet<SgfPoint>) -> Vec<&SgfPoint> {
    let mut v: Vec<&SgfPoint> = set.iter().collect();
    v.sort_by_key(|p| (p.y, p.x));
    v
}

fn side_of(c: Color) -> Side {
    match c {
        Color::Black => Side::First,
        Color::White => Side::Second,
    }
}

fn off(sp: SgfPoint, size: u8) -> SgfError {
    let name = |v: u8| char::from(if v < 26 { b'a' + v } else { b'A' + v.saturating_sub(26) });
    SgfError::OffBoard(format!("{}{}", name(sp.x), name(sp.y)), size)
}

/// An SGF point on the board; `Ok(None)` for `tt` on boards up to 19×19 (a pass).
fn point(sp: SgfPoint, size: u8) -> Result<Option<Point>, SgfError> {
    if sp.x < size && sp.y < size {
        return Ok(Some(Point::new(sp.x, size - 1 - sp.y)));
    }
    if size <= 19 && sp.x == 19 && sp.y == 19 {
        return Ok(None);
    }
    Err(off(sp, size))
}

fn node_move(node: &SgfNode<Prop>, size: u8) -> Result<Option<(Side, Move)>, SgfError> {
    let (side, mv) = match node.get_move() {
        Some(Prop::B(mv)) => (Side::First, mv),
        Some(Prop::W(mv)) => (Side::Second, mv),
        _ => return Ok(None),
    };
    let mv = match mv {
        SgfMove::Pass => Move::Pass,
        SgfMove::Move(sp) => match point(*sp, size)? {
            Some(p) => Move::Play(p),
            None => Move::Pass,
        },
    };
    Ok(Some((side, mv)))
}

fn sgf_point(p: Point, size: u8) -> String {
    let x = char::from(b'a' + p.file);
    let y = char::from(b'a' + (size - 1).saturating_sub(p.rank));
    format!("{x}{y}")
}

/// Escapes `]` and `\` in an SGF text value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn point_list(points: impl Iterator<Item = Point>, size: u8) -> String {
    let mut names: Vec<String> = points.map(|p| sgf_point(p, size)).collect();
    names.sort();
    names.iter().map(|n| format!("[{n}]")).collect()
}

impl Game {
    pub(crate) fn set_komi(&mut self, komi: Komi) {
        self.set_rules(Rules { komi, ..self.rules() });
    }

    /// Reads the first game of an SGF collection (see [`read_sgf`] for the details).
    pub fn from_sgf(text: &str) -> Result<Game, SgfError> {
        read_sgf(text).map(|g| g.game)
    }

    /// Writes the game as SGF FF[4]: setup, moves, result, and dead stones as TB/TW.
    pub fn to_sgf(&self) -> String {
        let size = self.size();
        let mut s = String::new();
        let _ = write!(
            s,
            "(;FF[4]GM[1]CA[UTF-8]AP[Qike:{}]RU[Chinese]SZ[{size}]KM[{}]",
            crate::version(),
            self.rules().komi.points()
        );
        if self.handicap() >= 2 {
            let _ = write!(s, "HA[{}]", self.handicap());
        }
        let setup = self.setup_stones();
        for (side, id) in [(Side::First, "AB"), (Side::Second, "AW")] {
            let list = point_list(setup.iter().filter(|x| x.1 == side).map(|x| x.0), size);
            if !list.is_empty() {
                let _ = write!(s, "{id}{list}");
            }
        }
        if !setup.is_empty() {
            let first = self.moves().first().map(|m| m.0).unwrap_or(self.side_to_move());
            s.push_str(if first == Side::First { "PL[B]" } else { "PL[W]" });
        }
        if let Some(result) = self.result() {
            let _ = write!(s, "RE[{}]", escape(&result.sgf()));
        }
        for &(side, mv) in self.moves() {
            let colour = if side == Side::First { 'B' } else { 'W' };
            let at = match mv {
                Move::Play(p) => sgf_point(p, size),
                Move::Pass => String::new(),
            };
            let _ = write!(s, ";{colour}[{at}]");
        }
        let dead = self.dead_stones();
        if !dead.is_empty() {
            let board = self.board();
            let tb = point_list(
                dead.iter().copied().filter(|&p| board.get(p) == Some(Side::Second)),
                size,
            );
            let tw = point_list(
                dead.iter().copied().filter(|&p| board.get(p) == Some(Side::First)),
                size,
            );
            if self.moves().is_empty() {
                s.push(';');
            }
            if !tb.is_empty() {
                let _ = write!(s, "TB{tb}");
            }
            if !tw.is_empty() {
                let _ = write!(s, "TW{tw}");
            }
        }
        s.push_str(")\n");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_count_skips_values() {
        assert_eq!(count_nodes("(;C[a;b\\];c];B[aa])"), 2);
    }

    #[test]
    fn deep_main_line_is_refused_before_parsing() {
        let text = format!("(;SZ[9]{})", ";B[]".repeat(MAX_NODES + 1));
        assert_eq!(read_sgf(&text).unwrap_err(), SgfError::TooManyNodes);
    }

    #[test]
    fn longest_allowed_file_parses_on_a_small_stack() {
        // The parser's tree is dropped recursively: make sure MAX_NODES fits a thread
        // with a modest stack (the default for test threads is 2 MiB).
        let text = format!("(;SZ[9]{})", ";C[x]".repeat(MAX_NODES - 1));
        let handle = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || read_sgf(&text).is_ok())
            .unwrap();
        assert!(handle.join().unwrap());
    }
}
