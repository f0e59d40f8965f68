//! Lookup tables built at compile time: slides along a rank or file from its occupancy
//! bits (the bit-rank/bit-file idea of ElephantEye), the leaper moves with their
//! blocking points, and the Zobrist keys.

use super::types::NONE;
use crate::Rng;

/// Blockers seen from one point of a line: `[rook_low, rook_high, screen_low,
/// screen_high]`. The rook entries are the first occupied points below and above; the
/// screen entries the second ones, which a cannon captures. `NONE` when absent.
pub type LineEntry = [u8; 4];

const fn line_entry(pos: usize, occ: usize, len: usize) -> LineEntry {
    let mut e = [NONE; 4];
    let mut i = pos;
    let mut seen = 0;
    while i > 0 {
        i -= 1;
        if occ & (1 << i) != 0 {
            if seen == 0 {
                e[0] = i as u8;
                seen = 1;
            } else {
                e[2] = i as u8;
                break;
            }
        }
    }
    let mut i = pos + 1;
    let mut seen = 0;
    while i < len {
        if occ & (1 << i) != 0 {
            if seen == 0 {
                e[1] = i as u8;
                seen = 1;
            } else {
                e[3] = i as u8;
                break;
            }
        }
        i += 1;
    }
    e
}

/// `RANK_LINE[file][rank occupancy]`: blockers along a rank (9 points).
pub static RANK_LINE: [[LineEntry; 512]; 9] = {
    let mut t = [[[NONE; 4]; 512]; 9];
    let mut pos = 0;
    while pos < 9 {
        let mut occ = 0;
        while occ < 512 {
            t[pos][occ] = line_entry(pos, occ, 9);
            occ += 1;
        }
        pos += 1;
    }
    t
};

/// `FILE_LINE[rank][file occupancy]`: blockers along a file (10 points).
pub static FILE_LINE: [[LineEntry; 1024]; 10] = {
    let mut t = [[[NONE; 4]; 1024]; 10];
    let mut pos = 0;
    while pos < 10 {
        let mut occ = 0;
        while occ < 1024 {
            t[pos][occ] = line_entry(pos, occ, 10);
            occ += 1;
        }
        pos += 1;
    }
    t
};

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn sq(f: i32, r: i32) -> u8 {
    (r * 9 + f) as u8
}

/// Whether a point lies in either palace.
pub const fn in_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || (r >= 7 && r <= 9))
}

/// A leaper's targets from each square: `(to, blocker)` pairs ending with `NONE`.
pub type Leaps<const N: usize> = [[(u8, u8); N]; 90];

const HORSE_STEPS: [(i32, i32, i32, i32); 8] = [
    // (df, dr, leg_df, leg_dr)
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

/// Horse moves with the leg point (蹩马腿) that must be empty.
pub static HORSE_TO: Leaps<9> = {
    let mut t = [[(NONE, NONE); 9]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = HORSE_STEPS[i];
            if on_board(f + df, r + dr) {
                t[s][n] = (sq(f + df, r + dr), sq(f + lf, r + lr));
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Horses that could attack a square: `(horse square, leg)`; the leg is the point next
/// to the horse, so it is diagonally adjacent to the attacked square.
pub static HORSE_FROM: Leaps<9> = {
    let mut t = [[(NONE, NONE); 9]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = HORSE_STEPS[i];
            // A horse at (f - df, r - dr) reaches s through its leg.
            let (hf, hr) = (f - df, r - dr);
            if on_board(hf, hr) {
                t[s][n] = (sq(hf, hr), sq(hf + lf, hr + lr));
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Elephant moves with the eye (象眼) that must be empty; never across the river.
pub static ELEPHANT_TO: Leaps<5> = {
    let mut t = [[(NONE, NONE); 5]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        let d = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
        while i < 4 {
            let (tf, tr) = (f + d[i].0, r + d[i].1);
            if on_board(tf, tr) && ((r <= 4) == (tr <= 4)) {
                t[s][n] = (sq(tf, tr), sq(f + d[i].0 / 2, r + d[i].1 / 2));
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

const fn palace_steps(diagonal: bool) -> Leaps<5> {
    let mut t = [[(NONE, NONE); 5]; 90];
    let d: [(i32, i32); 4] = if diagonal {
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    } else {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
    };
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        while i < 4 {
            let (tf, tr) = (f + d[i].0, r + d[i].1);
            if in_palace(f, r) && on_board(tf, tr) && in_palace(tf, tr) && ((r <= 4) == (tr <= 4)) {
                t[s][n] = (sq(tf, tr), NONE);
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Advisor moves: one step along a palace diagonal.
pub static ADVISOR_TO: Leaps<5> = palace_steps(true);
/// General moves: one orthogonal step inside the palace.
pub static GENERAL_TO: Leaps<5> = palace_steps(false);

/// Soldier moves per side: forward, and sideways once across the river.
pub static SOLDIER_TO: [Leaps<4>; 2] = {
    let mut t = [[[(NONE, NONE); 4]; 90]; 2];
    let mut side = 0;
    while side < 2 {
        let fwd: i32 = if side == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            let crossed = if side == 0 { r >= 5 } else { r <= 4 };
            let mut n = 0;
            if on_board(f, r + fwd) {
                t[side][s][n] = (sq(f, r + fwd), NONE);
                n += 1;
            }
            if crossed {
                if f > 0 {
                    t[side][s][n] = (sq(f - 1, r), NONE);
                    n += 1;
                }
                if f < 8 {
                    t[side][s][n] = (sq(f + 1, r), NONE);
                }
            }
            s += 1;
        }
        side += 1;
    }
    t
};

/// Zobrist keys `[piece code][square]`; code 0 (empty) stays zero.
pub static PIECE_KEYS: [[u64; 90]; 16] = {
    let mut t = [[0u64; 90]; 16];
    let mut rng = Rng::new(0x5169_6B65_5851_0001);
    let mut c = 1;
    while c < 16 {
        let mut s = 0;
        while s < 90 {
            let v = rng.next_u64();
            if c != 8 {
                t[c][s] = v;
            }
            s += 1;
        }
        c += 1;
    }
    t
};

/// Toggled when black is to move.
pub const SIDE_KEY: u64 = Rng::new(0x0B1A_C4E5_7E11_0000).next_u64();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_entries_find_rooks_and_screens() {
        // Pieces on files 0, 2, 5, 8; looking from file 4.
        let occ = 0b1_0010_0101;
        assert_eq!(RANK_LINE[4][occ], [2, 5, 0, 8]);
        assert_eq!(FILE_LINE[0][0b11], [NONE, 1, NONE, NONE]);
    }

    #[test]
    fn leapers_respect_their_regions() {
        // Red elephant on c0 (square 2): a2 and e2.
        let targets: Vec<u8> =
            ELEPHANT_TO[2].iter().map(|p| p.0).take_while(|&t| t != NONE).collect();
        assert_eq!(targets, vec![22, 18]);
        // General on e0 (square 4): e1, d0, f0.
        let n = GENERAL_TO[4].iter().take_while(|p| p.0 != NONE).count();
        assert_eq!(n, 3);
        // Red soldier on a3 goes only forward; on e5 three ways.
        assert_eq!(SOLDIER_TO[0][27].iter().take_while(|p| p.0 != NONE).count(), 1);
        assert_eq!(SOLDIER_TO[0][49].iter().take_while(|p| p.0 != NONE).count(), 3);
    }
}
