//! The staged move picker: the table's move first, then captures that do not lose
//! material (best victim, cheapest attacker), queen promotions among them, then the
//! two killer moves of the ply, then quiet moves by history, then captures that lose
//! material by exchange. Moves are generated once and handed out best first, stage by
//! stage, so a cut-off early in the list saves the sorting of the rest.

use cozy_chess::{Board, Move, Piece};

use super::eval::VALUE;
use super::see::{captured, see};

/// Where a move came from in the ordering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    TableMove,
    GoodCapture,
    Killer,
    Quiet,
    BadCapture,
}

pub struct Picker {
    moves: Vec<(Move, Stage, i32)>,
    next: usize,
}

/// Every legal move of the position.
pub fn legal_moves(b: &Board) -> Vec<Move> {
    let mut out = Vec::with_capacity(48);
    b.generate_moves(|pm| {
        out.extend(pm);
        false
    });
    out
}

/// Whether a move takes something or promotes (what quiescence looks at).
pub fn is_tactical(b: &Board, m: Move) -> bool {
    captured(b, m).is_some() || m.promotion.is_some()
}

impl Picker {
    /// All legal moves, ordered. `history` scores a quiet move by its origin and target.
    pub fn new(
        b: &Board,
        tt: Option<Move>,
        killers: [Option<Move>; 2],
        history: &dyn Fn(Move) -> i32,
    ) -> Picker {
        let moves = legal_moves(b)
            .into_iter()
            .map(|m| {
                if Some(m) == tt {
                    return (m, Stage::TableMove, 0);
                }
                if is_tactical(b, m) {
                    let victim = captured(b, m).map_or(0, |p| VALUE[p as usize]);
                    let promo = m.promotion.map_or(0, |p| VALUE[p as usize]);
                    let attacker = b.piece_on(m.from).map_or(0, |p| p as i32);
                    let order = 10 * (victim + promo) - attacker;
                    let under = matches!(m.promotion, Some(p) if p != Piece::Queen);
                    if !under && see(b, m) >= 0 {
                        return (m, Stage::GoodCapture, order);
                    }
                    return (m, Stage::BadCapture, order);
                }
                if killers.contains(&Some(m)) {
                    let first = i32::from(killers[0] == Some(m));
                    return (m, Stage::Killer, first);
                }
                (m, Stage::Quiet, history(m))
            })
            .collect();
        Picker { moves, next: 0 }
    }

    /// Only captures and promotions that do not lose material (quiescence).
    pub fn tactical(b: &Board) -> Picker {
        let moves = legal_moves(b)
            .into_iter()
            .filter(|&m| is_tactical(b, m))
            .filter(|&m| matches!(m.promotion, None | Some(Piece::Queen)))
            .filter_map(|m| {
                let victim = captured(b, m).map_or(0, |p| VALUE[p as usize]);
                let promo = m.promotion.map_or(0, |p| VALUE[p as usize]);
                let attacker = b.piece_on(m.from).map_or(0, |p| p as i32);
                (see(b, m) >= 0).then_some((
                    m,
                    Stage::GoodCapture,
                    10 * (victim + promo) - attacker,
                ))
            })
            .collect();
        Picker { moves, next: 0 }
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

impl Iterator for Picker {
    type Item = (Move, Stage);

    fn next(&mut self) -> Option<(Move, Stage)> {
        let rest = self.moves.get(self.next..)?;
        let best = rest
            .iter()
            .enumerate()
            .min_by_key(|(_, (_, stage, score))| (*stage, std::cmp::Reverse(*score)))
            .map(|(i, _)| i)?;
        self.moves.swap(self.next, self.next + best);
        let (m, stage, _) = self.moves[self.next];
        self.next += 1;
        Some((m, stage))
    }
}
