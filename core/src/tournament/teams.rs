//! Team matches: several boards between two teams give board points (局分) and one
//! match result (场分) that the team event records like a game.

use super::roster::{GameResult, PlayerId};
use super::scoring::{Points, Scoring};

/// One team match's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamScore {
    /// Board points of the team listed first and of the other.
    pub first: Points,
    pub second: Points,
    /// The match result for the team event: more board points wins, equal is a draw.
    pub result: GameResult,
}

/// Scores a team match: `boards[i]` is board i + 1 seen from the first-listed team (a
/// [`GameResult::FirstWins`] is a win for that team's player whatever side they had);
/// each board is scored with `scoring`.
pub fn team_match(boards: &[GameResult], scoring: Scoring) -> TeamScore {
    let (mut first, mut second) = (Points(0), Points(0));
    for board in boards {
        let (a, b) = match board {
            GameResult::FirstWins => (scoring.win, scoring.loss),
            GameResult::Draw => (scoring.draw, scoring.draw),
            GameResult::SecondWins => (scoring.loss, scoring.win),
            GameResult::FirstWinsByForfeit => (scoring.forfeit_win, Points(0)),
            GameResult::SecondWinsByForfeit => (Points(0), scoring.forfeit_win),
            GameResult::DoubleForfeit => (Points(0), Points(0)),
        };
        first += a;
        second += b;
    }
    let result = match first.cmp(&second) {
        std::cmp::Ordering::Greater => GameResult::FirstWins,
        std::cmp::Ordering::Less => GameResult::SecondWins,
        std::cmp::Ordering::Equal => GameResult::Draw,
    };
    TeamScore { first, second, result }
}

/// Whether the first-listed team has the first side on board `board` (from 1) when it
/// has it on board 1: sides alternate down the boards.
pub fn first_team_first_on(board: usize, on_board_one: bool) -> bool {
    (board % 2 == 1) == on_board_one
}

/// Board points per team over many matches (`(first team, second team, score)`), as a
/// tie-break after match points: `totals[id - 1]`.
pub fn board_point_totals(
    teams: usize,
    matches: &[(PlayerId, PlayerId, TeamScore)],
) -> Vec<Points> {
    let mut totals = vec![Points(0); teams];
    for (a, b, score) in matches {
        if let Some(t) = totals.get_mut(*a as usize - 1) {
            *t += score.first;
        }
        if let Some(t) = totals.get_mut(*b as usize - 1) {
            *t += score.second;
        }
    }
    totals
}
