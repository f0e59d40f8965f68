//! The evaluation as it was written by hand before its weights became data, kept
//! verbatim as the reference the data-driven evaluation must equal with the hand weights.

use crate::xiangqi::{Kind, MoveList, Position};

use super::eval::{kind_of_id, side_of_id};

/// Material value of each kind, indexed by `Kind as usize`.
const VALUE: [i32; 7] = [0, 200, 200, 400, 900, 450, 100];

/// Piece-square tables from red's view: row 0 is black's back rank (rank 9), row 9 red's
/// (rank 0); files left to right. Black reads them mirrored top to bottom.
type Table = [[i8; 9]; 10];

const SOLDIER: Table = [
    [40, 50, 60, 70, 80, 70, 60, 50, 40],
    [90, 110, 127, 127, 127, 127, 127, 110, 90],
    [90, 105, 120, 127, 127, 127, 120, 105, 90],
    [85, 95, 105, 120, 125, 120, 105, 95, 85],
    [70, 80, 85, 95, 100, 95, 85, 80, 70],
    [5, 0, 10, 0, 15, 0, 10, 0, 5],
    [0, 0, 0, 0, 5, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

const HORSE: Table = [
    [20, 30, 40, 40, 30, 40, 40, 30, 20],
    [30, 50, 60, 70, 40, 70, 60, 50, 30],
    [30, 45, 55, 60, 60, 60, 55, 45, 30],
    [25, 40, 50, 55, 55, 55, 50, 40, 25],
    [15, 30, 40, 45, 45, 45, 40, 30, 15],
    [10, 25, 30, 35, 35, 35, 30, 25, 10],
    [5, 15, 25, 20, 25, 20, 25, 15, 5],
    [0, 10, 20, 15, 20, 15, 20, 10, 0],
    [-10, 0, 5, 10, -15, 10, 5, 0, -10],
    [-15, -10, 0, -5, -20, -5, 0, -10, -15],
];

const CHARIOT: Table = [
    [20, 25, 25, 35, 30, 35, 25, 25, 20],
    [20, 30, 30, 40, 45, 40, 30, 30, 20],
    [15, 25, 25, 35, 35, 35, 25, 25, 15],
    [15, 25, 25, 30, 30, 30, 25, 25, 15],
    [15, 25, 25, 30, 30, 30, 25, 25, 15],
    [10, 20, 20, 25, 25, 25, 20, 20, 10],
    [5, 20, 15, 20, 20, 20, 15, 20, 5],
    [0, 15, 10, 15, 15, 15, 10, 15, 0],
    [-5, 10, 5, 10, 0, 10, 5, 10, -5],
    [-10, 5, 0, 5, -5, 5, 0, 5, -10],
];

const CANNON: Table = [
    [20, 20, 0, -10, -10, -10, 0, 20, 20],
    [10, 10, 0, -5, -10, -5, 0, 10, 10],
    [5, 5, 0, -5, 0, -5, 0, 5, 5],
    [0, 5, 0, 0, 10, 0, 0, 5, 0],
    [0, 0, 0, 0, 10, 0, 0, 0, 0],
    [0, 5, 0, 5, 15, 5, 0, 5, 0],
    [0, 0, 0, 0, 10, 0, 0, 0, 0],
    [0, 5, 5, 5, 25, 5, 5, 5, 0],
    [0, 0, 0, 5, 10, 5, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

/// Advisors, elephants and the general: small nudges towards their home points.
const DEFENDER: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, -5, 0, 0, 0, -5, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [-5, 0, 0, -10, 5, -10, 0, 0, -5],
    [0, 0, 0, -5, 5, -5, 0, 0, 0],
    [0, 0, 0, 0, 5, 0, 0, 0, 0],
];

const TABLES: [&Table; 7] = [&DEFENDER, &DEFENDER, &DEFENDER, &HORSE, &CHARIOT, &CANNON, &SOLDIER];

/// Piece-square value of `kind` of side index `s` on square `sq` (rank * 9 + file).
#[inline(always)]
fn pst(kind: Kind, s: usize, sq: usize) -> i32 {
    let (file, rank) = (sq % 9, (sq / 9).min(9));
    let row = if s == 0 { 9 - rank } else { rank };
    TABLES[kind as usize][row][file] as i32
}

/// Mobility weight per reachable point, by kind.
const MOBILITY: [i32; 7] = [0, 0, 0, 8, 3, 1, 0];

/// The evaluation of `pos` for the side to move, in centipawns.
pub(crate) fn evaluate(pos: &Position) -> i32 {
    let mut score = [0i32; 2];
    // Attack potential (chariot 2, horse/cannon 1) and defenders present, per side.
    let mut attack = [0i32; 2];
    let mut advisors = [0i32; 2];
    let mut elephants = [0i32; 2];
    for id in 1..33u8 {
        let sq = pos.squares[id as usize];
        if sq as usize >= 90 {
            continue;
        }
        let (kind, s) = (kind_of_id(id), side_of_id(id));
        let sq = sq as usize;
        score[s] += VALUE[kind as usize] + pst(kind, s, sq);
        match kind {
            Kind::Chariot => attack[s] += 2,
            Kind::Horse | Kind::Cannon => attack[s] += 1,
            Kind::Advisor => advisors[s] += 1,
            Kind::Elephant => elephants[s] += 1,
            _ => {}
        }
        let w = MOBILITY[kind as usize];
        if w != 0 {
            let mut list = MoveList::new();
            pos.piece_moves(sq, s, &mut list);
            score[s] += w * list.len() as i32;
        }
    }
    for (s, v) in score.iter_mut().enumerate() {
        *v += king_attack(pos, s);
    }
    // Palace safety: each missing advisor (20) or elephant (10), and each rank the
    // general stands above its back rank (15), cost that much per attack unit the other
    // side still has (chariot 2, horse and cannon 1; at most 6).
    for s in 0..2 {
        let threat = attack[1 - s].min(6);
        let missing = (2 - advisors[s].min(2)) * 20 + (2 - elephants[s].min(2)) * 10;
        let g = pos.general_sq(s) / 9;
        let raised = if s == 0 { g } else { 9 - g.min(9) } as i32;
        score[s] -= (missing + raised * 15) * threat;
    }
    let s = pos.side_to_move().index();
    let tempo = 10;
    score[s] - score[1 - s] + tempo
}

/// Bonus by attack units near the enemy palace: grows faster than the units, since
/// attackers together mate where one alone does not.
const ATTACK_BONUS: [i32; 13] = [0, 0, 10, 25, 45, 75, 110, 150, 195, 245, 300, 350, 400];
/// A cannon facing the enemy general along an open file (空头炮), or with one screen.
const HOLLOW_CANNON: i32 = 70;
const SCREENED_CANNON: i32 = 15;

/// King-attack terms for side index `s` against the other general: cannons on its
/// file, and the attack units of pieces across the river near its palace.
fn king_attack(pos: &Position, s: usize) -> i32 {
    let g = pos.general_sq(1 - s);
    let (gf, gr) = (g % 9, g / 9);
    let mut bonus = 0;
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
                0 => bonus += HOLLOW_CANNON,
                1 => bonus += SCREENED_CANNON,
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
    bonus + ATTACK_BONUS[units.min(12)]
}
