//! Tie-breaks and the standings table.
//!
//! Scores of opponents are their final scores. A round without a game over the board
//! (a bye, a forfeit, an absence) counts in the Buchholz sums as an opponent with the
//! player's own score, so a bye neither helps nor hurts.

use crate::Side;

use super::roster::{Event, Mark, PlayerId};

/// A tie-break, applied in the order the caller lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// 对手分: the sum of the opponents' scores.
    Buchholz,
    /// Buchholz without the lowest opponent.
    BuchholzCut1,
    /// Buchholz without the highest and the lowest opponent.
    MedianBuchholz,
    /// 小分 (Sonneborn-Berger): the scores of the opponents beaten plus half the scores
    /// of those drawn, over games played.
    SonnebornBerger,
    /// 累进分: the sum of the running score after each round.
    Progressive,
    /// 直胜: the points scored against the others on the same score, when they have all
    /// met; 0 otherwise.
    DirectEncounter,
    /// 胜局数: games won, over the board or by forfeit.
    Wins,
    /// 后手胜局数: games won over the board with the second side.
    WinsWithSecond,
}

impl Tiebreak {
    /// The Chinese name used on a results sheet.
    pub fn chinese(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "对手分",
            Tiebreak::BuchholzCut1 => "对手分（去最低）",
            Tiebreak::MedianBuchholz => "对手分（去高低）",
            Tiebreak::SonnebornBerger => "小分",
            Tiebreak::Progressive => "累进分",
            Tiebreak::DirectEncounter => "直胜",
            Tiebreak::Wins => "胜局",
            Tiebreak::WinsWithSecond => "后手胜局",
        }
    }

    /// A short English label.
    pub fn label(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "Buch",
            Tiebreak::BuchholzCut1 => "BuchC1",
            Tiebreak::MedianBuchholz => "BuchM",
            Tiebreak::SonnebornBerger => "SB",
            Tiebreak::Progressive => "Prog",
            Tiebreak::DirectEncounter => "DE",
            Tiebreak::Wins => "Wins",
            Tiebreak::WinsWithSecond => "Win2",
        }
    }
}

/// One row of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// Shared by players equal on score and every tie-break.
    pub rank: usize,
    pub player: PlayerId,
    /// In points (½ exact).
    pub score: f64,
    /// One value per tie-break asked for, in points.
    pub tiebreaks: Vec<f64>,
}

/// The value of one tie-break for one player, in points.
pub fn tiebreak_value(event: &Event, id: PlayerId, tiebreak: Tiebreak) -> f64 {
    let Ok(player) = event.player(id) else { return 0.0 };
    let own = event.score(id).halves() as f64 / 2.0;
    let score_of = |o: PlayerId| event.score(o).halves() as f64 / 2.0;
    let opponents = || {
        player.entries.iter().map(|e| match e.opponent {
            Some(o) if e.played() => score_of(o),
            _ => own,
        })
    };
    match tiebreak {
        Tiebreak::Buchholz => opponents().sum(),
        Tiebreak::BuchholzCut1 | Tiebreak::MedianBuchholz => {
            let mut all: Vec<f64> = opponents().collect();
            all.sort_by(f64::total_cmp);
            let low = usize::from(!all.is_empty());
            let high = if tiebreak == Tiebreak::MedianBuchholz && all.len() > 1 { 1 } else { 0 };
            all[low..all.len() - high].iter().sum()
        }
        Tiebreak::SonnebornBerger => player
            .entries
            .iter()
            .filter(|e| e.played())
            .map(|e| {
                let o = score_of(e.opponent.unwrap_or(id));
                match e.mark {
                    Mark::Win => o,
                    Mark::Draw => o / 2.0,
                    _ => 0.0,
                }
            })
            .sum(),
        Tiebreak::Progressive => (1..=player.entries.len() as u32)
            .map(|r| event.score_after(id, r).halves() as f64 / 2.0)
            .sum(),
        Tiebreak::DirectEncounter => direct_encounter(event, id),
        Tiebreak::Wins => {
            player.entries.iter().filter(|e| matches!(e.mark, Mark::Win | Mark::ForfeitWin)).count()
                as f64
        }
        Tiebreak::WinsWithSecond => player
            .entries
            .iter()
            .filter(|e| e.played() && e.mark == Mark::Win && e.side == Some(Side::Second))
            .count() as f64,
    }
}

fn direct_encounter(event: &Event, id: PlayerId) -> f64 {
    let score = event.score(id);
    let tied: Vec<PlayerId> = event
        .players
        .iter()
        .map(|p| p.id)
        .filter(|&o| o != id && event.score(o) == score)
        .collect();
    let Ok(player) = event.player(id) else { return 0.0 };
    let met_all = tied.iter().all(|&o| {
        event
            .players
            .iter()
            .filter(|p| tied.contains(&p.id) || p.id == id)
            .all(|p| p.id == o || p.entries.iter().any(|e| e.played() && e.opponent == Some(o)))
    });
    if tied.is_empty() || !met_all {
        return 0.0;
    }
    player
        .entries
        .iter()
        .filter(|e| e.played() && e.opponent.is_some_and(|o| tied.contains(&o)))
        .map(|e| event.scoring.points(e.mark).halves() as f64 / 2.0)
        .sum()
}

/// The standings: score, then each tie-break in turn (higher first), then start number.
pub fn standings(event: &Event, tiebreaks: &[Tiebreak]) -> Vec<Standing> {
    let mut rows: Vec<Standing> = event
        .players
        .iter()
        .map(|p| Standing {
            rank: 0,
            player: p.id,
            score: event.score(p.id).halves() as f64 / 2.0,
            tiebreaks: tiebreaks.iter().map(|&t| tiebreak_value(event, p.id, t)).collect(),
        })
        .collect();
    let key = |s: &Standing| {
        std::iter::once(s.score).chain(s.tiebreaks.iter().copied()).collect::<Vec<f64>>()
    };
    rows.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        let by_value = ka.iter().zip(&kb).map(|(x, y)| y.total_cmp(x)).find(|o| o.is_ne());
        by_value.unwrap_or(std::cmp::Ordering::Equal).then(a.player.cmp(&b.player))
    });
    for i in 0..rows.len() {
        rows[i].rank =
            if i > 0 && key(&rows[i]) == key(&rows[i - 1]) { rows[i - 1].rank } else { i + 1 };
    }
    rows
}
