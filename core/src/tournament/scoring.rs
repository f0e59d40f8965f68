//! Scoring systems: 1/½/0 (chess), 2/1/0 (xiangqi), 3/1/0 (football-style), in half points.

use std::fmt;

use super::roster::Mark;

/// A score in half points, so ½ is exact: `Points(3)` is 1½.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(pub u32);

impl Points {
    /// Whole points: `Points::whole(3)` is 3.
    pub const fn whole(n: u32) -> Points {
        Points(2 * n)
    }

    /// The score in half points.
    pub const fn halves(self) -> u32 {
        self.0
    }

    /// Parses `3`, `1.5`, `2.0` (a TRF points field); `None` for anything else.
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        let (whole, frac) = text.split_once('.').unwrap_or((text, "0"));
        let whole: u32 = whole.parse().ok()?;
        let half = match frac.trim_end_matches('0') {
            "" => 0,
            "5" => 1,
            _ => return None,
        };
        whole.checked_mul(2)?.checked_add(half).map(Points)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points(0), |a, b| a + b)
    }
}

/// `1.5`, `3` (no trailing `.0`); use `{:.1}` for TRF's `3.0`.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, half) = (self.0 / 2, self.0 % 2 == 1);
        let text = match (half, f.precision()) {
            (true, _) => format!("{whole}.5"),
            (false, Some(p)) if p > 0 => format!("{whole}.{}", "0".repeat(p)),
            (false, _) => format!("{whole}"),
        };
        // Honour widths and alignment (`{:>4.1}` in TRF files), not the precision.
        f.pad_integral(true, "", &text)
    }
}

/// What each kind of round is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scoring {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    /// A win because the opponent did not come; also a full-point bye (TRF `F`).
    pub forfeit_win: Points,
    /// The bye the pairing gives to the odd player out (TRF `U`).
    pub pairing_bye: Points,
    /// A requested half-point bye (TRF `H`).
    pub half_bye: Points,
}

impl Scoring {
    /// 1 for a win, ½ for a draw: the chess and FIDE default.
    pub const CLASSIC: Scoring = Scoring::new(Points(2), Points(1), Points(0));
    /// 2 for a win, 1 for a draw: the usual xiangqi score.
    pub const TWO_ONE_ZERO: Scoring = Scoring::new(Points(4), Points(2), Points(0));
    /// 3 for a win, 1 for a draw.
    pub const THREE_ONE_ZERO: Scoring = Scoring::new(Points(6), Points(2), Points(0));

    /// A system where a forfeit win and a pairing bye count as a win, a half bye as a draw.
    pub const fn new(win: Points, draw: Points, loss: Points) -> Scoring {
        Scoring { win, draw, loss, forfeit_win: win, pairing_bye: win, half_bye: draw }
    }

    /// The points for one round's mark.
    pub fn points(&self, mark: Mark) -> Points {
        match mark {
            Mark::Win => self.win,
            Mark::Draw => self.draw,
            Mark::Loss => self.loss,
            Mark::ForfeitWin | Mark::FullBye => self.forfeit_win,
            Mark::PairingBye => self.pairing_bye,
            Mark::HalfBye => self.half_bye,
            Mark::ForfeitLoss | Mark::ZeroBye | Mark::Pending => Points(0),
        }
    }
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring::CLASSIC
    }
}
