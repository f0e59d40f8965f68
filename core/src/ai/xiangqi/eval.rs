//! The static evaluation: material, piece-square tables, horse, chariot and cannon
//! mobility, the safety of the general's palace, king attack (cannons on the general's
//! file — 空头炮 and screened — and attack units near the palace, one value per count so
//! that it can grow faster than linearly) and linked soldiers across the river.
//!
//! All values are in centipawns (a soldier on its own side of the river is worth 100)
//! from the point of view of the side to move, and every one of them is a weight of
//! [`Weights`], blended between middlegame and endgame by the phase. One function lists
//! the terms of a position ([`terms`]); the evaluation sums them under the weights, the
//! tuner reads them as a linear function of the weights ([`linear_form`]), so the two
//! cannot drift apart.
//!
//! The built-in weights (`weights.txt`) are fitted by `qike tune xiangqi fit`, starting
//! from hand-set ones ([`Weights::hand`]); `core/tools/engine_tune.sh` reruns the fit
//! and the match that checks it.

use crate::game::Side;
use crate::xiangqi::{Kind, MoveList, Position};

use super::weights::{
    ATTACK, ATTACK_STEPS, FULL_PHASE, HOLLOW_CANNON, LINKED_SOLDIERS, MATERIAL, MOBILITY,
    PALACE_ADVISOR, PALACE_ELEPHANT, PALACE_RAISED, PARAMS, SCREENED_CANNON, TEMPO, Weights,
    pst_param,
};

/// Material value of each kind, indexed by `Kind as usize`, for exchange evaluation and
/// pruning margins (the evaluation's own piece values are weights).
pub const VALUE: [i32; 7] = [0, 200, 200, 400, 900, 450, 100];

/// The kind of each piece id (1..=32): ids are laid out per side by
/// [`Kind::first_slot`], so the table is derived from it.
const KIND_OF_ID: [Kind; 33] = {
    let mut t = [Kind::General; 33];
    let mut id = 1;
    while id < 33 {
        let slot = (id - 1) % 16;
        let mut k = 0;
        while k < 7 {
            let kind = Kind::ALL[k];
            if slot >= kind.first_slot() && slot < kind.first_slot() + kind.max_count() {
                t[id] = kind;
            }
            k += 1;
        }
        id += 1;
    }
    t
};

/// The kind of piece `id` (1..=32).
#[inline(always)]
pub(crate) fn kind_of_id(id: u8) -> Kind {
    KIND_OF_ID[(id as usize).min(32)]
}

/// The side index (0 red, 1 black) of piece `id`.
#[inline(always)]
pub(crate) fn side_of_id(id: u8) -> usize {
    (id as usize).saturating_sub(1) / 16
}

/// Where the terms of a position go: summed under the weights, or counted per weight.
trait Sink {
    /// A piece of side index `s` of `kind` on `sq`: its material and square value.
    fn piece(&mut self, s: usize, kind: Kind, sq: usize);
    /// `n` times parameter `p`, for side index `s`.
    fn add(&mut self, s: usize, p: usize, n: i32);
}

/// Lists the terms of `pos` into `sink`; returns the phase (0 to [`FULL_PHASE`]).
#[inline(always)]
fn terms(pos: &Position, sink: &mut impl Sink) -> i32 {
    // Attack potential (chariot 2, horse/cannon 1) and defenders present, per side.
    let mut attack = [0i32; 2];
    let mut advisors = [0i32; 2];
    let mut elephants = [0i32; 2];
    let mut phase = 0;
    // Crossed soldiers by side, as (rank, file) bits: bit rank * 9 + file.
    let mut crossed = [0u128; 2];
    for id in 1..33u8 {
        let sq = pos.squares[id as usize];
        if sq as usize >= 90 {
            continue;
        }
        let (kind, s) = (kind_of_id(id), side_of_id(id));
        let sq = sq as usize;
        sink.piece(s, kind, sq);
        match kind {
            Kind::Chariot => {
                attack[s] += 2;
                phase += 4;
            }
            Kind::Horse | Kind::Cannon => {
                attack[s] += 1;
                phase += 2;
            }
            Kind::Advisor => advisors[s] += 1,
            Kind::Elephant => elephants[s] += 1,
            Kind::Soldier => {
                let across = if s == 0 { sq / 9 >= 5 } else { sq / 9 <= 4 };
                if across {
                    crossed[s] |= 1 << sq;
                }
            }
            Kind::General => {}
        }
        if matches!(kind, Kind::Horse | Kind::Chariot | Kind::Cannon) {
            let mut list = MoveList::new();
            pos.piece_moves(sq, s, &mut list);
            sink.add(s, MOBILITY + kind as usize - Kind::Horse as usize, list.len() as i32);
        }
    }
    for s in 0..2 {
        king_attack(pos, s, sink);
        // Palace safety: missing advisors and elephants and a raised general, each times
        // the attack units the other side still has.
        let threat = attack[1 - s].min(6);
        if threat > 0 {
            let g = pos.general_sq(s) / 9;
            let raised = if s == 0 { g } else { 9 - g.min(9) } as i32;
            sink.add(s, PALACE_ADVISOR, (2 - advisors[s].min(2)) * threat);
            sink.add(s, PALACE_ELEPHANT, (2 - elephants[s].min(2)) * threat);
            sink.add(s, PALACE_RAISED, raised * threat);
        }
        // A soldier with a crossed neighbour on its right on the same rank (file i
        // never wraps to the next rank's file a).
        const NOT_FILE_I: u128 = {
            let mut m = 0u128;
            let mut sq = 0;
            while sq < 90 {
                if sq % 9 != 8 {
                    m |= 1 << sq;
                }
                sq += 1;
            }
            m
        };
        let linked = (crossed[s] & NOT_FILE_I & (crossed[s] >> 1)).count_ones() as i32;
        if linked > 0 {
            sink.add(s, LINKED_SOLDIERS, linked);
        }
    }
    phase.min(FULL_PHASE)
}

/// King-attack terms for side index `s` against the other general: cannons on its
/// file, and the attack units of pieces across the river near its palace.
#[inline(always)]
fn king_attack(pos: &Position, s: usize, sink: &mut impl Sink) {
    let g = pos.general_sq(1 - s);
    let (gf, gr) = (g % 9, g / 9);
    let mut units = 0usize;
    for id in (1 + 16 * s as u8)..(17 + 16 * s as u8) {
        let sq = pos.squares[id as usize] as usize;
        if sq >= 90 {
            continue;
        }
        let (f, r) = (sq % 9, sq / 9);
        let kind = kind_of_id(id);
        if kind == Kind::Cannon && f == gf {
            let (lo, hi) = if r < gr { (r, gr) } else { (gr, r) };
            let between = (pos.file_bits[f] >> (lo + 1)) & ((1u16 << (hi - lo - 1)) - 1);
            match between.count_ones() {
                0 => sink.add(s, HOLLOW_CANNON, 1),
                1 => sink.add(s, SCREENED_CANNON, 1),
                _ => {}
            }
        }
        // The zone: the enemy half, files c..g, within four ranks of its back rank.
        let depth_in = if s == 0 { r as i32 - 5 } else { 4 - r as i32 };
        let near = (2..=6).contains(&f) && depth_in >= 1;
        if near {
            units += match kind {
                Kind::Chariot => 3,
                Kind::Horse | Kind::Cannon => 2,
                Kind::Soldier => 1,
                _ => 0,
            };
        }
    }
    sink.add(s, ATTACK + units.min(ATTACK_STEPS - 1), 1);
}

/// Sums the terms under a set of weights, per side and phase.
struct Sum<'a> {
    w: &'a Weights,
    mg: [i32; 2],
    eg: [i32; 2],
}

impl Sink for Sum<'_> {
    #[inline(always)]
    fn piece(&mut self, s: usize, kind: Kind, sq: usize) {
        let [mg, eg] = self.w.psq(s, kind, sq);
        self.mg[s] += mg;
        self.eg[s] += eg;
    }

    #[inline(always)]
    fn add(&mut self, s: usize, p: usize, n: i32) {
        let [mg, eg] = self.w.pair(p);
        self.mg[s] += n * mg;
        self.eg[s] += n * eg;
    }
}

/// The evaluation of `pos` for the side to move, in centipawns, with the built-in
/// weights.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, Weights::builtin())
}

/// The evaluation of `pos` for the side to move under `w`.
#[inline]
pub fn evaluate_with(pos: &Position, w: &Weights) -> i32 {
    let mut sum = Sum { w, mg: [0; 2], eg: [0; 2] };
    let phase = terms(pos, &mut sum);
    let s = pos.side_to_move().index();
    let [tempo_mg, tempo_eg] = w.pair(TEMPO);
    let mg = sum.mg[s] - sum.mg[1 - s] + tempo_mg;
    let eg = sum.eg[s] - sum.eg[1 - s] + tempo_eg;
    (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
}

/// Counts the terms per parameter, red's minus black's.
struct Count {
    n: [f32; PARAMS],
}

impl Sink for Count {
    fn piece(&mut self, s: usize, kind: Kind, sq: usize) {
        let sign = if s == 0 { 1.0 } else { -1.0 };
        if kind != Kind::General {
            self.n[MATERIAL + kind as usize - 1] += sign;
        }
        self.n[pst_param(kind, s, sq)] += sign;
    }

    fn add(&mut self, s: usize, p: usize, n: i32) {
        let sign = if s == 0 { 1.0 } else { -1.0 };
        self.n[p] += sign * n as f32;
    }
}

/// The evaluation of `pos` from red's side as a linear function of the flat weights
/// `[mg0, eg0, mg1, eg1, …]`: `(weight index, coefficient)` pairs (before the integer
/// rounding of the phase blend).
pub(crate) fn linear_form(pos: &Position) -> Vec<(u32, f32)> {
    let mut c = Count { n: [0.0; PARAMS] };
    let phase = terms(pos, &mut c);
    c.n[TEMPO] += if pos.side_to_move() == Side::First { 1.0 } else { -1.0 };
    let mgf = phase as f32 / FULL_PHASE as f32;
    let mut out = Vec::new();
    for (p, &n) in c.n.iter().enumerate() {
        if n != 0.0 {
            if phase > 0 {
                out.push((2 * p as u32, n * mgf));
            }
            if phase < FULL_PHASE {
                out.push((2 * p as u32 + 1, n * (1.0 - mgf)));
            }
        }
    }
    out
}

/// Whether `side` has a chariot, horse or cannon (null-move pruning is unsafe without).
pub(crate) fn has_big_pieces(pos: &Position, side: Side) -> bool {
    [Kind::Chariot, Kind::Horse, Kind::Cannon].into_iter().any(|k| pos.count(side, k) > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::tune::Linear;

    #[test]
    fn kinds_of_ids_follow_slots() {
        assert_eq!(kind_of_id(1), Kind::General);
        assert_eq!(kind_of_id(17), Kind::General);
        assert_eq!(kind_of_id(8), Kind::Chariot);
        assert_eq!(kind_of_id(12), Kind::Soldier);
        assert_eq!(kind_of_id(32), Kind::Soldier);
        assert_eq!(side_of_id(16), 0);
        assert_eq!(side_of_id(17), 1);
    }

    #[test]
    fn start_position_is_balanced() {
        let pos = Position::startpos();
        // Only the tempo bonus separates the sides (the start is all middlegame).
        assert_eq!(evaluate(&pos), Weights::builtin().pair(TEMPO)[0]);
        assert_eq!(evaluate_with(&pos, &Weights::hand()), 10);
        // The same position with black to move, mirrored, is worth the same.
        let black = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .unwrap();
        assert_eq!(evaluate(&black), evaluate(&pos));
    }

    /// Positions along random games from the start.
    fn random_positions(games: u64, plies: usize) -> Vec<Position> {
        let mut out = Vec::new();
        for g in 0..games {
            let mut rng = crate::Rng::new(g + 11);
            let mut game = crate::games::AnyGame::new(crate::GameKind::Xiangqi).unwrap();
            crate::ai::arena::extend_randomly(&mut game, plies, &mut rng);
            let mut pos = Position::startpos();
            for m in game.as_xiangqi().map(|g| g.moves()).unwrap_or_default() {
                pos.play(m).expect("a legal move");
                out.push(pos.clone());
            }
        }
        out
    }

    #[test]
    fn the_hand_weights_give_the_hand_made_evaluation() {
        let hand = Weights::hand();
        let positions = random_positions(60, 160);
        assert!(positions.len() > 5000);
        let mut linked = 0;
        for pos in &positions {
            let reference = super::super::hand_reference::evaluate(pos);
            assert_eq!(evaluate_with(pos, &hand), reference, "{pos}");
            let mut count = Count { n: [0.0; PARAMS] };
            terms(pos, &mut count);
            linked += (count.n[LINKED_SOLDIERS] != 0.0) as usize;
        }
        // The new soldier term (weight 0 by hand) did come up.
        assert!(linked > 50, "{linked}");
    }

    #[test]
    fn the_linear_form_is_the_evaluation_under_any_weights() {
        // Weights whose middlegame and endgame values differ, so the phase matters.
        let mut flat = Weights::hand().flat();
        let mut rng = crate::Rng::new(5);
        for v in flat.iter_mut() {
            *v += rng.below(41) as f64 - 20.0;
        }
        let w = Weights::from_flat(&flat).unwrap();
        for pos in random_positions(20, 160) {
            let red = Linear { fixed: 0.0, terms: linear_form(&pos) }.value(&flat);
            let e = evaluate_with(&pos, &w) as f64;
            let e = if pos.side_to_move() == Side::First { e } else { -e };
            // The evaluation rounds the phase blend to a whole centipawn.
            assert!((red - e).abs() < 1.0 + 1e-3, "{pos}: {red} {e}");
        }
    }

    #[test]
    fn extra_chariot_is_winning() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
        assert!(evaluate(&pos) > 800);
    }
}
