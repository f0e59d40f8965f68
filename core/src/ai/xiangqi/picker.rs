//! The staged move picker: the table move first (before any generation, since it often
//! cuts off alone), then captures that do not lose material by MVV-LVA, then quiet moves
//! (killers first, then by history), then the losing captures. Legality is checked
//! lazily, move by move, so a cut-off saves the checks of every move after it.
//!
//! In quiescence mode (not in check) only the captures that do not lose material come.

use crate::xiangqi::{Move, MoveList, Position};

use super::eval::{kind_of_id, side_of_id};
use super::history::{Butterfly, cont_index};
use super::see::{see, see_value};

/// Where the picker is; also tells the search what kind of move it got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Stage {
    TtMove,
    Generate,
    GoodCaptures,
    Quiets,
    BadCaptures,
    Done,
}

/// The most moves a list holds (the rules' move list capacity).
const MAX: usize = 128;

pub(crate) struct Picker {
    stage: Stage,
    /// The stage of the move last returned.
    last: Stage,
    tt: Option<Move>,
    killers: [Option<Move>; 2],
    /// The quiet move that last refuted the opponent's previous move.
    counter: Option<Move>,
    quiescence: bool,
    side: usize,
    general: usize,
    in_check: bool,
    caps: [(Move, i32); MAX],
    n_caps: usize,
    i_caps: usize,
    quiets: [(Move, i32); MAX],
    n_quiets: usize,
    i_quiets: usize,
    bad: [Move; MAX],
    n_bad: usize,
    i_bad: usize,
}

impl Picker {
    /// A picker for every legal move (main search, or quiescence when in check).
    pub(crate) fn new(
        pos: &Position,
        tt: Option<Move>,
        killers: [Option<Move>; 2],
        in_check: bool,
    ) -> Picker {
        Picker::make(pos, tt, killers, in_check, false)
    }

    /// A picker for the captures that do not lose material (quiescence, not in check).
    pub(crate) fn captures(pos: &Position, tt: Option<Move>) -> Picker {
        Picker::make(pos, tt, [None; 2], false, true)
    }

    fn make(
        pos: &Position,
        tt: Option<Move>,
        killers: [Option<Move>; 2],
        in_check: bool,
        quiescence: bool,
    ) -> Picker {
        let side = pos.side_to_move().index();
        Picker {
            stage: Stage::TtMove,
            last: Stage::TtMove,
            tt,
            killers,
            counter: None,
            quiescence,
            side,
            general: pos.general_sq(side),
            in_check,
            caps: [(Move::default(), 0); MAX],
            n_caps: 0,
            i_caps: 0,
            quiets: [(Move::default(), 0); MAX],
            n_quiets: 0,
            i_quiets: 0,
            bad: [Move::default(); MAX],
            n_bad: 0,
            i_bad: 0,
        }
    }

    /// Orders `counter` (the refutation of the previous move) right after the killers.
    pub(crate) fn with_counter(mut self, counter: Option<Move>) -> Picker {
        self.counter = counter;
        self
    }

    /// The stage the last returned move came from.
    pub(crate) fn last_stage(&self) -> Stage {
        self.last
    }

    /// Whether pseudo-legal `m` keeps the mover's general safe. Only moves touching the
    /// general's lines or horse legs (or any move when in check) need the real test.
    #[inline]
    fn legal(&self, pos: &mut Position, m: Move) -> bool {
        let (from, to, k) = (m.origin_sq(), m.to_sq(), self.general);
        let aligned = |a: usize| a % 9 == k % 9 || a / 9 == k / 9;
        let near = (from % 9).abs_diff(k % 9) == 1 && (from / 9).abs_diff(k / 9) == 1;
        if self.in_check || from == k || aligned(from) || aligned(to) || near {
            pos.keeps_general_safe(from, to, self.side)
        } else {
            true
        }
    }

    /// Whether `m` may be played by the side to move by its piece's rules.
    fn pseudo_legal(&self, pos: &Position, m: Move) -> bool {
        let from = m.origin_sq();
        let id = pos.board.get(from).copied().unwrap_or(0);
        if id == 0 || side_of_id(id) != self.side {
            return false;
        }
        let mut list = MoveList::new();
        pos.piece_moves(from, self.side, &mut list);
        list.contains(m)
    }

    fn generate(&mut self, pos: &Position) {
        let mut list = MoveList::new();
        pos.pseudo_moves(self.side, &mut list);
        for &m in list.iter() {
            let victim = pos.board[m.to_sq()];
            if victim != 0 {
                let attacker = kind_of_id(pos.board[m.origin_sq()]);
                let score = see_value(kind_of_id(victim)) * 16 - see_value(attacker) / 16;
                self.caps[self.n_caps] = (m, score);
                self.n_caps += 1;
            } else if !self.quiescence {
                self.quiets[self.n_quiets] = (m, 0);
                self.n_quiets += 1;
            }
        }
    }

    fn score_quiets(&mut self, pos: &Position, history: &Butterfly, cont: Option<&[i32; 630]>) {
        for q in self.quiets[..self.n_quiets].iter_mut() {
            let m = q.0;
            q.1 = if Some(m) == self.killers[0] {
                1 << 30
            } else if Some(m) == self.killers[1] {
                (1 << 30) - 1
            } else if Some(m) == self.counter {
                (1 << 30) - 2
            } else {
                let c = cont.map_or(0, |row| row[cont_index(pos, m.origin_sq(), m.to_sq())]);
                history[m.origin_sq()][m.to_sq()] + c
            };
        }
    }

    /// The next legal move, or `None` when all have come.
    pub(crate) fn next(&mut self, pos: &mut Position, history: &Butterfly) -> Option<Move> {
        self.next_with(pos, history, None)
    }

    /// Like [`Picker::next`], quiets ordered by history plus the continuation history
    /// row of the previous move.
    pub(crate) fn next_with(
        &mut self,
        pos: &mut Position,
        history: &Butterfly,
        cont: Option<&[i32; 630]>,
    ) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::Generate;
                    if let Some(m) = self.tt
                        && (!self.quiescence || pos.board[m.to_sq()] != 0)
                        && self.pseudo_legal(pos, m)
                        && self.legal(pos, m)
                    {
                        self.last = Stage::TtMove;
                        return Some(m);
                    }
                }
                Stage::Generate => {
                    self.generate(pos);
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    while self.i_caps < self.n_caps {
                        let i = self.i_caps;
                        pick_best(&mut self.caps[i..self.n_caps]);
                        self.i_caps += 1;
                        let m = self.caps[i].0;
                        if Some(m) == self.tt {
                            continue;
                        }
                        let attacker = see_value(kind_of_id(pos.board[m.origin_sq()]));
                        let victim = see_value(kind_of_id(pos.board[m.to_sq()]));
                        if attacker > victim && see(pos, m) < 0 {
                            if !self.quiescence {
                                self.bad[self.n_bad] = m;
                                self.n_bad += 1;
                            }
                            continue;
                        }
                        if self.legal(pos, m) {
                            self.last = Stage::GoodCaptures;
                            return Some(m);
                        }
                    }
                    if self.quiescence {
                        self.stage = Stage::Done;
                    } else {
                        self.score_quiets(pos, history, cont);
                        self.stage = Stage::Quiets;
                    }
                }
                Stage::Quiets => {
                    while self.i_quiets < self.n_quiets {
                        let i = self.i_quiets;
                        pick_best(&mut self.quiets[i..self.n_quiets]);
                        self.i_quiets += 1;
                        let m = self.quiets[i].0;
                        if Some(m) != self.tt && self.legal(pos, m) {
                            self.last = Stage::Quiets;
                            return Some(m);
                        }
                    }
                    self.stage = Stage::BadCaptures;
                }
                Stage::BadCaptures => {
                    while self.i_bad < self.n_bad {
                        let m = self.bad[self.i_bad];
                        self.i_bad += 1;
                        if self.legal(pos, m) {
                            self.last = Stage::BadCaptures;
                            return Some(m);
                        }
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

/// Moves the highest-scored entry to the front (a lazy selection sort: most nodes cut
/// off after a move or two).
#[inline]
fn pick_best(moves: &mut [(Move, i32)]) {
    let mut best = 0;
    for j in 1..moves.len() {
        if moves[j].1 > moves[best].1 {
            best = j;
        }
    }
    moves.swap(0, best);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;

    /// Every legal move comes exactly once, whatever the table move and killers say.
    #[test]
    fn yields_every_legal_move_exactly_once() {
        let history: Box<Butterfly> = Box::new([[0; 90]; 90]);
        let mut rng = Rng::new(11);
        for game in 0..40 {
            let mut pos = Position::startpos();
            for _ply in 0..120 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let pick = |rng: &mut Rng| legal.as_slice()[rng.below(legal.len() as u64) as usize];
                let tt = if game % 3 == 0 { None } else { Some(pick(&mut rng)) };
                let killers = [Some(pick(&mut rng)), Some(Move::default())];
                let mut picker = Picker::new(&pos, tt, killers, pos.is_check());
                let mut got = Vec::new();
                while let Some(m) = picker.next(&mut pos, &history) {
                    got.push(m);
                }
                let mut want: Vec<Move> = legal.iter().copied().collect();
                got.sort();
                want.sort();
                assert_eq!(got, want, "in {pos}");
                if let Some(t) = tt {
                    let first =
                        Picker::new(&pos, tt, killers, pos.is_check()).next(&mut pos, &history);
                    assert_eq!(first, Some(t));
                }
                pos.play(pick(&mut rng)).unwrap();
            }
        }
    }
}
