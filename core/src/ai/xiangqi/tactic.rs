//! Material-winning tactics, proven by a search that counts nothing but material and
//! mate: after the key move, both sides play every legal move for a fixed number of
//! plies, then captures (and every answer to a check) until the position is quiet.
//! A lesson's double attack, discovered check, pin or interference is proven when the
//! mover ends at least [`TACTIC_GAIN`] ahead of the material before the move against
//! every defence, and a tempting wrong move is shown not to gain that much.
//!
//! Positional scores play no part, so "wins material" means material: a horse, a
//! cannon or a chariot, or a mate.
//!
//! [`motif`] names the pattern of a key move (double attack, discovered check, double
//! check, pin), so tools can sort tactics and authors can check what a step teaches.

use crate::game::Side;
use crate::xiangqi::{Kind, Move, Position};
use crate::{Point, xiangqi::Undo};

use super::eval::VALUE;

/// Plies searched at full width after the key move, before the captures settle.
pub const TACTIC_DEPTH: u32 = 4;
/// Centipawns (a soldier is 100) the key move must gain: a horse less a soldier, so
/// winning an advisor or an elephant is not enough, a horse or better is.
pub const TACTIC_GAIN: i32 = VALUE[Kind::Horse as usize] - VALUE[Kind::Soldier as usize];
/// A mate, bigger than any material.
pub const TACTIC_MATE: i32 = 100_000;
/// Nodes one proof may visit before it gives up with no verdict.
const NODE_CAP: u64 = 4_000_000;
/// Plies of captures and check answers after the full-width part.
const QUIET_PLIES: u32 = 10;

/// `side`'s material minus the other side's, by the engine's piece values.
pub fn material_balance(pos: &Position, side: Side) -> i32 {
    Kind::ALL
        .iter()
        .map(|&k| {
            VALUE[k as usize] * (pos.count(side, k) as i32 - pos.count(side.opponent(), k) as i32)
        })
        .sum()
}

/// What `mv` gains for the side to move in `pos`: the material balance reached after
/// the best defence, searched [`TACTIC_DEPTH`] plies deep plus captures, minus the
/// balance before the move. A forced mate gains [`TACTIC_MATE`]. `None` when the move
/// is illegal or the search ran out of nodes.
pub fn gain(pos: &Position, mv: Move) -> Option<i32> {
    if !pos.is_legal(mv) {
        return None;
    }
    let side = pos.side_to_move();
    let before = material_balance(pos, side);
    let mut next = pos.clone();
    next.make(mv);
    let mut search = MaterialSearch { nodes: 0 };
    let score = -search.negamax(&mut next, TACTIC_DEPTH, 1, -TACTIC_MATE - 1, TACTIC_MATE + 1)?;
    if score > TACTIC_MATE - 1_000 {
        return Some(TACTIC_MATE);
    }
    Some(score - before)
}

/// Whether `mv` wins at least [`TACTIC_GAIN`] (or mates) against every defence.
pub fn wins_material(pos: &Position, mv: Move) -> bool {
    gain(pos, mv).is_some_and(|g| g >= TACTIC_GAIN)
}

struct MaterialSearch {
    nodes: u64,
}

impl MaterialSearch {
    /// The side to move's best material balance; `None` past the node cap.
    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        self.nodes += 1;
        if self.nodes > NODE_CAP {
            return None;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            // Checkmate or 困毙: the side to move has lost.
            return Some(-TACTIC_MATE + ply);
        }
        let side = pos.side_to_move();
        let in_check = pos.is_check();
        let quiet = depth == 0;
        if quiet && !in_check {
            let stand = material_balance(pos, side);
            if stand >= beta || ply as u32 >= TACTIC_DEPTH + QUIET_PLIES {
                return Some(stand);
            }
            alpha = alpha.max(stand);
        }
        if quiet && in_check && ply as u32 >= TACTIC_DEPTH + QUIET_PLIES {
            return Some(material_balance(pos, side));
        }
        let mut ordered: Vec<(i32, Move)> = moves
            .iter()
            .filter_map(|&m| {
                let victim = pos.piece_at(m.to()).map(|(_, k)| VALUE[k as usize]);
                match victim {
                    Some(v) => Some((v * 16 - attacker_value(pos, m.from()), m)),
                    None if quiet && !in_check => None,
                    None => Some((-10_000, m)),
                }
            })
            .collect();
        ordered.sort_by_key(|&(score, _)| -score);
        let mut best = if quiet && !in_check { alpha } else { -TACTIC_MATE - 1 };
        for (_, m) in ordered {
            let undo: Undo = pos.make(m);
            let score = self.negamax(pos, depth.saturating_sub(1), ply + 1, -beta, -alpha);
            pos.unmake(m, undo);
            let score = -score?;
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }
}

fn attacker_value(pos: &Position, at: Point) -> i32 {
    pos.piece_at(at).map_or(0, |(_, k)| VALUE[k as usize])
}

/// The pattern of a key move, as a lesson names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Motif {
    /// 双将: two pieces give check at once.
    DoubleCheck,
    /// 闪将 / 抽将: the moved piece uncovers a check by another piece.
    DiscoveredCheck,
    /// 将军抽子: the moved piece checks and attacks another piece as well.
    CheckAndAttack,
    /// 捉双: the moved piece attacks two enemy pieces at once.
    DoubleAttack,
    /// 牵制: an enemy piece that is attacked cannot move without exposing its general.
    Pin,
    /// 拦截: the moved piece cuts the line (or blocks the leg or eye) by which an enemy
    /// piece guarded another, which is now attacked.
    Interference,
    /// A capture or anything else.
    Other,
}

impl Motif {
    /// The motif's name in a report.
    pub fn name(self) -> &'static str {
        match self {
            Motif::DoubleCheck => "double check",
            Motif::DiscoveredCheck => "discovered check",
            Motif::CheckAndAttack => "check and attack",
            Motif::DoubleAttack => "double attack",
            Motif::Pin => "pin",
            Motif::Interference => "interference",
            Motif::Other => "other",
        }
    }
}

/// Names the pattern of `mv` in `pos` (which must be legal there).
pub fn motif(pos: &Position, mv: Move) -> Motif {
    let side = pos.side_to_move();
    let mut next = pos.clone();
    next.make(mv);
    let Some(general) = general_point(&next, side.opponent()) else { return Motif::Other };
    let checkers = next.attackers(general, side);
    let moved_checks = checkers.contains(&mv.to());
    if checkers.len() >= 2 {
        return Motif::DoubleCheck;
    }
    if !checkers.is_empty() && !moved_checks {
        return Motif::DiscoveredCheck;
    }
    let targets: Vec<Point> = attacked_by_piece(&next, mv.to(), side)
        .into_iter()
        .filter(|&p| next.piece_at(p).is_some_and(|(_, k)| k != Kind::General))
        .collect();
    if moved_checks && !targets.is_empty() {
        return Motif::CheckAndAttack;
    }
    if pos.piece_at(mv.to()).is_none() && cuts_a_guard(pos, &next, side) {
        return Motif::Interference;
    }
    if !moved_checks && targets.len() >= 2 && pos.piece_at(mv.to()).is_none() {
        return Motif::DoubleAttack;
    }
    if pinned_and_attacked(&next, side) {
        return Motif::Pin;
    }
    Motif::Other
}

/// Whether, from `before` to `after` (a quiet move of `by`), some enemy piece lost a
/// guard and is attacked by `by`.
fn cuts_a_guard(before: &Position, after: &Position, by: Side) -> bool {
    let enemy = by.opponent();
    all_points().any(|p| {
        after.piece_at(p).is_some_and(|(s, k)| s == enemy && k != Kind::General)
            && !after.attackers(p, by).is_empty()
            && after.attackers(p, enemy).len() < before.attackers(p, enemy).len()
    })
}

fn all_points() -> impl Iterator<Item = Point> {
    (0..9u8).flat_map(|f| (0..10u8).map(move |r| Point::new(f, r)))
}

fn general_point(pos: &Position, side: Side) -> Option<Point> {
    all_points().find(|&p| pos.piece_at(p) == Some((side, Kind::General)))
}

/// Enemy pieces the piece on `from` (of `side`) attacks.
fn attacked_by_piece(pos: &Position, from: Point, side: Side) -> Vec<Point> {
    all_points()
        .filter(|&p| pos.piece_at(p).is_some_and(|(s, _)| s != side))
        .filter(|&p| pos.attackers(p, side).contains(&from))
        .collect()
}

/// Whether some piece of the side to move in `pos` is attacked by `by` and cannot
/// step off its point without leaving its general in check.
fn pinned_and_attacked(pos: &Position, by: Side) -> bool {
    let defender = pos.side_to_move();
    all_points().any(|p| {
        let Some((s, k)) = pos.piece_at(p) else { return false };
        if s != defender || k == Kind::General || pos.attackers(p, by).is_empty() {
            return false;
        }
        let legal = pos.legal_targets(p).len();
        legal == 0 && has_pseudo_move(pos, p)
    })
}

/// Whether the piece on `at` has a point next to it in its own moving pattern that is
/// empty or holds an enemy piece: a cheap stand-in for "it could move if its general
/// were not exposed" (leg and eye blocks are not looked at).
fn has_pseudo_move(pos: &Position, at: Point) -> bool {
    let Some((side, kind)) = pos.piece_at(at) else { return false };
    let steps: &[(i8, i8)] = match kind {
        Kind::Chariot | Kind::Cannon => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
        Kind::Horse => &[(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
        Kind::Elephant => &[(2, 2), (2, -2), (-2, 2), (-2, -2)],
        Kind::Advisor => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
        Kind::Soldier => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
        Kind::General => &[],
    };
    steps.iter().any(|&(df, dr)| {
        let (f, r) = (at.file as i8 + df, at.rank as i8 + dr);
        (0..9).contains(&f)
            && (0..10).contains(&r)
            && pos.piece_at(Point::new(f as u8, r as u8)).is_none_or(|(s, _)| s != side)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(pos: &Position, text: &str) -> Move {
        let (from, to) = crate::xiangqi::notation::parse_move(text).unwrap();
        let m = Move::new(from, to).unwrap();
        assert!(pos.is_legal(m), "{text} is legal");
        m
    }

    #[test]
    fn a_chariot_attacking_two_pieces_wins_one() {
        // The red chariot goes to f8, between the black cannon on b8 and horse on i8.
        let pos = Position::from_fen("3k1ab2/1c6n/9/9/9/9/4NR3/9/5K3/9 w - - 0 1").unwrap();
        let fork = mv(&pos, "f3f8");
        assert_eq!(gain(&pos, fork), Some(VALUE[Kind::Horse as usize]));
        assert!(wins_material(&pos, fork));
        assert_eq!(motif(&pos, fork), Motif::DoubleAttack);
        // One point lower attacks nothing.
        assert!(!wins_material(&pos, mv(&pos, "f3f7")));
    }

    #[test]
    fn a_check_that_uncovers_a_chariot_is_found() {
        // The horse leaves the cannon's line with check from the cannon behind it and
        // lands where it attacks the chariot.
        let pos = Position::from_fen("3k2b2/n8/6r2/9/9/9/2N6/3C5/9/3AK3c w - - 0 1").unwrap();
        let key = mv(&pos, "c3d5");
        assert_eq!(motif(&pos, key), Motif::DiscoveredCheck);
        assert!(wins_material(&pos, key));
    }

    #[test]
    fn a_mate_counts_as_the_biggest_gain() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
        assert_eq!(gain(&pos, mv(&pos, "e1d1")), Some(TACTIC_MATE));
    }
}
