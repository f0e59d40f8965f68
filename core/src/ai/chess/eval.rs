//! The static evaluation: a tapered blend of middlegame and endgame terms — material,
//! piece-square tables, mobility, pawn structure (doubled, isolated, passed), king
//! safety (pawn shield, attackers near the king), the bishop pair and rooks on open
//! files — and a little endgame knowledge: dead and drawish material, driving a lone
//! king to the edge (to the bishop's corner with king, bishop and knight), and the
//! square of the pawn in king and pawn against king.
//!
//! The weights live in [`Weights`] (see `weights.rs`): a middlegame and an endgame value
//! per parameter, which the tuner (`qike tune chess`) can fit to game results. The
//! piece-square tables are a fixed shape set by hand plus a weight per file and per rank.

use std::sync::OnceLock;

use super::weights::{
    BISHOP_PAIR, DOUBLED, ISOLATED, KING_ATTACK, MATERIAL, MOBILITY, PARAMS, PASSED, PASSED_KING,
    PST_FILE, PST_RANK, ROOK_OPEN, ROOK_SEMI_OPEN, SHIELD_MISSING, TEMPO, Weights,
};

use cozy_chess::{
    BitBoard, Board, Color, File, Piece, Rank, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_rook_moves,
};

/// Plain piece values (pawn, knight, bishop, rook, queen, king), used for what a capture
/// gains on the spot and by the exchange evaluator.
pub const VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];

/// Phase weight of each piece; 24 is the full middlegame.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

/// A score that says "this ending is won": below mate scores, above any material sum.
pub const KNOWN_WIN: i32 = 10_000;

/// The reach of a knight, bishop, rook and queen that mobility counts from.
const TYPICAL_REACH: [i32; 4] = [4, 6, 7, 13];

/// Piece-square tables from White's side, [piece][square], (middlegame, endgame).
struct Tables {
    mg: [[i32; 64]; 6],
    eg: [[i32; 64]; 6],
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Tables { mg: [[0; 64]; 6], eg: [[0; 64]; 6] };
        for sq in 0..64 {
            let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
            // Distance from the centre in half-squares, 2 (centre) to 14 (corner).
            let centre = (2 * f - 7).abs() + (2 * r - 7).abs();
            let central_file = matches!(f, 3 | 4);
            // Pawns: forward is good, the centre files early, the edge a little worse.
            t.mg[0][sq] = if r == 0 || r == 7 {
                0
            } else {
                (r - 1) * 4 + if central_file && (2..=4).contains(&r) { 12 } else { 0 }
                    - if f == 0 || f == 7 { 4 } else { 0 }
            };
            t.eg[0][sq] = if r == 0 || r == 7 { 0 } else { (r - 1) * 9 };
            // Knights and bishops love the centre, knights more so.
            t.mg[1][sq] = 28 - 4 * centre;
            t.eg[1][sq] = 18 - 3 * centre;
            t.mg[2][sq] = 14 - 2 * centre + if r == 0 { -8 } else { 0 };
            t.eg[2][sq] = 10 - 2 * centre;
            // Rooks: the seventh rank and the centre files.
            t.mg[3][sq] = if r == 6 { 16 } else { 0 } + if central_file { 6 } else { 0 };
            t.eg[3][sq] = if r == 6 { 8 } else { 0 };
            // The queen: a little central, not out on the rim.
            t.mg[4][sq] = 6 - centre;
            t.eg[4][sq] = 16 - 2 * centre;
            // The king: tucked away behind its pawns, then central in the ending.
            t.mg[5][sq] = match r {
                0 => [18, 26, 8, -6, -6, 8, 28, 18][f as usize],
                1 => [6, 6, -8, -18, -18, -8, 6, 6][f as usize],
                _ => -20 - 10 * r,
            };
            t.eg[5][sq] = 28 - 4 * centre;
        }
        t
    })
}

fn relative(sq: Square, c: Color) -> usize {
    match c {
        Color::White => sq as usize,
        Color::Black => sq.flip_rank() as usize,
    }
}

fn pawn_attacks(pawns: BitBoard, c: Color) -> BitBoard {
    let not_a = !File::A.bitboard().0;
    let not_h = !File::H.bitboard().0;
    let p = pawns.0;
    BitBoard(match c {
        Color::White => ((p & not_a) << 7) | ((p & not_h) << 9),
        Color::Black => ((p & not_a) >> 9) | ((p & not_h) >> 7),
    })
}

/// Squares in front of `sq` (from `c`'s side) on its file and the two next to it.
fn front_span(sq: Square, c: Color) -> BitBoard {
    let files = sq.file().bitboard() | sq.file().adjacent();
    let r = sq.rank() as usize;
    let ahead: u64 = match c {
        Color::White if r < 7 => !0u64 << (8 * (r + 1)),
        Color::Black if r > 0 => !0u64 >> (8 * (8 - r)),
        _ => 0,
    };
    BitBoard(files.0 & ahead)
}

fn chebyshev(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

fn centre_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    (2 * f - 7).abs().max((2 * r - 7).abs()) / 2
}

/// Non-pawn material in units of a pawn-ish three for minors: N=3, B=3, R=5, Q=9.
fn heavy_units(b: &Board, c: Color) -> i32 {
    let n = |p| b.colored_pieces(c, p).len() as i32;
    3 * n(Piece::Knight) + 3 * n(Piece::Bishop) + 5 * n(Piece::Rook) + 9 * n(Piece::Queen)
}

/// Whether `c` has a piece other than pawns and the king (null-move safety).
pub fn has_pieces(b: &Board, c: Color) -> bool {
    heavy_units(b, c) > 0
}

/// Neither side can ever mate: kings alone, or a single minor piece.
pub fn dead_material(b: &Board) -> bool {
    let pawns_heavy = b.pieces(Piece::Pawn) | b.pieces(Piece::Rook) | b.pieces(Piece::Queen);
    pawns_heavy.is_empty() && (b.pieces(Piece::Knight) | b.pieces(Piece::Bishop)).len() <= 1
}

/// Where the terms of [`side_terms`] go: a score under a set of weights, or the count
/// of each weight (the evaluation as a linear function of the weights, for tuning).
trait Sink {
    /// `n` times parameter `p` (both its middlegame and endgame weight).
    fn add(&mut self, p: usize, n: i32);
    /// `n / 16` times parameter `p`.
    fn add_sixteenths(&mut self, p: usize, n: i32);
    /// A fixed amount that no weight scales.
    fn fixed(&mut self, mg: i32, eg: i32);
}

/// Sums the terms under a set of weights; `sign` is +1 for White, -1 for Black.
struct Score<'a> {
    w: &'a Weights,
    sign: i32,
    mg: i32,
    eg: i32,
}

impl Sink for Score<'_> {
    fn add(&mut self, p: usize, n: i32) {
        let (mg, eg) = self.w.pair(p);
        self.mg += self.sign * mg * n;
        self.eg += self.sign * eg * n;
    }
    fn add_sixteenths(&mut self, p: usize, n: i32) {
        let (mg, eg) = self.w.pair(p);
        self.mg += self.sign * mg * n / 16;
        self.eg += self.sign * eg * n / 16;
    }
    fn fixed(&mut self, mg: i32, eg: i32) {
        self.mg += self.sign * mg;
        self.eg += self.sign * eg;
    }
}

/// Counts how often each parameter applies, White's counts minus Black's.
struct Counts {
    sign: f32,
    n: [f32; PARAMS],
    fixed_mg: i32,
    fixed_eg: i32,
}

impl Sink for Counts {
    fn add(&mut self, p: usize, n: i32) {
        self.n[p] += self.sign * n as f32;
    }
    fn add_sixteenths(&mut self, p: usize, n: i32) {
        self.n[p] += self.sign * n as f32 / 16.0;
    }
    fn fixed(&mut self, mg: i32, eg: i32) {
        self.fixed_mg += self.sign as i32 * mg;
        self.fixed_eg += self.sign as i32 * eg;
    }
}

fn side_terms(b: &Board, c: Color, phase: &mut i32, s: &mut impl Sink) {
    let t = tables();
    let us = b.colors(c);
    let occ = b.occupied();
    let my_pawns = b.colored_pieces(c, Piece::Pawn);
    let their_pawns = b.colored_pieces(!c, Piece::Pawn);
    let their_pawn_cover = pawn_attacks(their_pawns, !c);
    let their_king = b.king(!c);
    let zone = get_king_moves(their_king) | their_king.bitboard();
    let (mut attack_units, mut attackers) = (0, 0);
    for (pi, piece) in Piece::ALL.iter().enumerate() {
        for sq in b.colored_pieces(c, *piece) {
            let rel = relative(sq, c);
            if pi < 5 {
                s.add(MATERIAL + pi, 1);
            }
            s.fixed(t.mg[pi][rel], t.eg[pi][rel]);
            let file = rel % 8;
            s.add(PST_FILE + 4 * pi + file.min(7 - file), 1);
            s.add(PST_RANK + 8 * pi + rel / 8, 1);
            *phase += PHASE[pi];
            let attacks = match piece {
                Piece::Knight => get_knight_moves(sq),
                Piece::Bishop => get_bishop_moves(sq, occ),
                Piece::Rook => get_rook_moves(sq, occ),
                Piece::Queen => get_bishop_moves(sq, occ) | get_rook_moves(sq, occ),
                Piece::Pawn | Piece::King => continue,
            };
            let reach = (attacks & !us & !their_pawn_cover).len() as i32 - TYPICAL_REACH[pi - 1];
            s.add(MOBILITY + pi - 1, reach);
            let hits = (attacks & zone).len() as i32;
            if hits > 0 {
                attackers += 1;
                attack_units += hits * [0, 2, 2, 3, 5, 0][pi];
            }
            if *piece == Piece::Rook {
                let file = sq.file().bitboard();
                if (file & my_pawns).is_empty() {
                    let open = (file & their_pawns).is_empty();
                    s.add(if open { ROOK_OPEN } else { ROOK_SEMI_OPEN }, 1);
                }
            }
        }
    }
    if attackers >= 2 {
        s.add_sixteenths(KING_ATTACK, (attack_units * attack_units / 4).min(450));
    }
    if b.colored_pieces(c, Piece::Bishop).len() >= 2 {
        s.add(BISHOP_PAIR, 1);
    }
    // Pawn structure.
    for sq in my_pawns {
        let file = sq.file();
        let rel_rank = relative(sq, c) / 8;
        if (my_pawns & file.bitboard()).len() > 1 {
            s.add(DOUBLED, 1);
        }
        if (my_pawns & file.adjacent()).is_empty() {
            s.add(ISOLATED, 1);
        }
        if (their_pawns & front_span(sq, c)).is_empty() && (1..=6).contains(&rel_rank) {
            s.add(PASSED + rel_rank - 1, 1);
            // A passer is worth more the further the enemy king is from its path.
            let stop =
                Square::new(file, if c == Color::White { Rank::Eighth } else { Rank::First });
            let lead = (chebyshev(their_king, stop) - chebyshev(b.king(c), stop)).max(-3);
            s.add(PASSED_KING, lead * rel_rank as i32);
        }
    }
    // Pawn shield in front of a king on its first two ranks.
    let king = b.king(c);
    if relative(king, c) / 8 <= 1 {
        let shield = front_span(king, c) & my_pawns;
        let near = shield.into_iter().filter(|p| chebyshev(*p, king) <= 2).count() as i32;
        s.add(SHIELD_MISSING, (3 - near).max(0));
    }
}

fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    let phase = phase.min(FULL_PHASE);
    (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
}

/// The position's value in centipawns for the side to move, under the built-in weights.
pub fn evaluate(b: &Board) -> i32 {
    evaluate_with(b, Weights::builtin())
}

/// The position's value in centipawns for the side to move, under `w`.
pub fn evaluate_with(b: &Board, w: &Weights) -> i32 {
    if dead_material(b) {
        return 0;
    }
    let mut phase = 0;
    let mut s = Score { w, sign: 1, mg: 0, eg: 0 };
    side_terms(b, Color::White, &mut phase, &mut s);
    s.sign = -1;
    side_terms(b, Color::Black, &mut phase, &mut s);
    s.sign = if b.side_to_move() == Color::White { 1 } else { -1 };
    s.add(TEMPO, 1);
    let mut white = taper(s.mg, s.eg, phase);
    if let Some(v) = known_ending(b, white) {
        white = v;
    }
    if b.side_to_move() == Color::White { white } else { -white }
}

/// The evaluation of a position as a linear function of the weights, from White's side:
/// `fixed + Σ coef[i] · weight[i]` (before rounding), with weight `2p` the middlegame
/// and `2p + 1` the endgame weight of parameter `p`. `None` where the evaluation does
/// not follow the weights: dead material and the endings it knows by rule.
pub(crate) fn linear_form(b: &Board) -> Option<(f32, Vec<(u32, f32)>)> {
    if dead_material(b) || known_ending(b, 0).is_some() || known_ending(b, -1).is_some() {
        return None;
    }
    let mut phase = 0;
    let mut c = Counts { sign: 1.0, n: [0.0; PARAMS], fixed_mg: 0, fixed_eg: 0 };
    side_terms(b, Color::White, &mut phase, &mut c);
    c.sign = -1.0;
    side_terms(b, Color::Black, &mut phase, &mut c);
    c.sign = if b.side_to_move() == Color::White { 1.0 } else { -1.0 };
    c.add(TEMPO, 1);
    let phase = phase.min(FULL_PHASE);
    let mgf = phase as f32 / FULL_PHASE as f32;
    let mut terms = Vec::new();
    for (p, &n) in c.n.iter().enumerate() {
        if n != 0.0 {
            if phase > 0 {
                terms.push((2 * p as u32, n * mgf));
            }
            if phase < FULL_PHASE {
                terms.push((2 * p as u32 + 1, n * (1.0 - mgf)));
            }
        }
    }
    let fixed = c.fixed_mg as f32 * mgf + c.fixed_eg as f32 * (1.0 - mgf);
    Some((fixed, terms))
}

/// Endgame knowledge: `Some(score for White)` when the material calls for it.
fn known_ending(b: &Board, white: i32) -> Option<i32> {
    let strong = if white >= 0 { Color::White } else { Color::Black };
    let weak = !strong;
    let sign = if strong == Color::White { 1 } else { -1 };
    let strong_pawns = b.colored_pieces(strong, Piece::Pawn).len();
    let weak_alone = b.colors(weak).len() == 1;
    let units = heavy_units(b, strong);
    if weak_alone && strong_pawns == 0 {
        let bishops = b.colored_pieces(strong, Piece::Bishop);
        let knights = b.colored_pieces(strong, Piece::Knight);
        let mating = units >= 5 || (!bishops.is_empty() && !knights.is_empty()) || {
            // Two bishops on squares of different colours.
            let dark = BitBoard(0xAA55_AA55_AA55_AA55);
            !(bishops & dark).is_empty() && !(bishops & !dark).is_empty()
        };
        if !mating {
            return Some(0);
        }
        let lone = b.king(weak);
        let kings_close = 14 - chebyshev(lone, b.king(strong)) * 2;
        let mut push = 20 * centre_distance(lone) + 8 * kings_close;
        if units == 6 && bishops.len() == 1 && knights.len() == 1 {
            // King, bishop and knight: only the corners of the bishop's colour mate.
            let dark = BitBoard(0xAA55_AA55_AA55_AA55);
            let on_dark = !(bishops & dark).is_empty();
            let corners = if on_dark { [Square::A1, Square::H8] } else { [Square::A8, Square::H1] };
            let d = corners.iter().map(|c| chebyshev(lone, *c)).min().unwrap_or(7);
            push = 40 * (7 - d) + 8 * kings_close;
        }
        return Some(sign * (KNOWN_WIN + 10 * units + push));
    }
    if weak_alone && units == 0 && strong_pawns == 1 {
        // King and pawn against king: the square of the pawn.
        let pawn = b.colored_pieces(strong, Piece::Pawn).next_square()?;
        let rel = (relative(pawn, strong) / 8) as i32;
        let queen_sq = Square::new(
            pawn.file(),
            if strong == Color::White { Rank::Eighth } else { Rank::First },
        );
        let steps = 7 - rel.max(2) + if rel == 1 { 1 } else { 0 };
        let tempo = if b.side_to_move() == weak { 1 } else { 0 };
        let defender = chebyshev(b.king(weak), queen_sq) - tempo;
        let escorted = chebyshev(b.king(strong), pawn) <= 1
            && relative(b.king(strong), strong) / 8 >= relative(pawn, strong) / 8;
        if defender > steps || escorted && rel >= 4 {
            return Some(sign * (KNOWN_WIN / 2 + 20 * rel));
        }
        if matches!(pawn.file(), File::A | File::H) && defender <= steps {
            return Some(sign * 10);
        }
        return Some(sign * (60 + 10 * rel));
    }
    // Neither side has pawns and the stronger is at most a minor piece up: drawish.
    if b.pieces(Piece::Pawn).is_empty() && units - heavy_units(b, weak) <= 3 {
        return Some(white / 16);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&fen.parse::<Board>().unwrap())
    }

    #[test]
    fn start_is_balanced_and_material_counts() {
        assert!(eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").abs() < 30);
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 700);
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -700);
    }

    #[test]
    fn endings_know_draws_and_edges() {
        assert_eq!(eval("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), 0);
        // The lone king on the edge is better for the rook side than in the centre.
        let edge = eval("4k3/8/4K3/8/8/8/8/R7 w - - 0 1");
        let centre = eval("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        assert!(edge > centre && centre > KNOWN_WIN / 2);
        // The pawn runs home: the king is outside its square.
        assert!(eval("k7/8/8/8/8/8/6P1/6K1 w - - 0 1") < KNOWN_WIN);
        assert!(eval("k7/8/8/8/6P1/8/8/6K1 w - - 0 1") > KNOWN_WIN / 2);
        // King, bishop and knight: the dark-squared bishop mates in h8 or a1, not a8.
        let right = eval("7k/8/5K2/8/8/8/8/2B1N3 w - - 0 1");
        let wrong = eval("k7/8/2K5/8/8/8/8/2B1N3 w - - 0 1");
        assert!(right > wrong && wrong > KNOWN_WIN, "{right} {wrong}");
        // A minor piece up without pawns is close to a draw.
        assert!(eval("8/8/4k3/8/8/2B1K3/8/6r1 w - - 0 1").abs() < 60);
    }
}
