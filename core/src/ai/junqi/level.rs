//! The levels of the 四国军棋 player, as data.

use crate::ai::junqi::BeliefUse;

/// One level's parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JunqiLevel {
    /// 1..=5.
    pub level: u8,
    /// The chance of playing a random legal move instead of the best one.
    pub noise: f64,
    /// How far the player narrows what each hidden piece may be.
    pub belief: BeliefUse,
    /// The weight of the danger a move walks into (0: ignores threats).
    pub caution: f64,
    /// The weight of marching towards the opponents' headquarters.
    pub march: f64,
    /// Whether the player guards its own and its partner's flag area and keeps off its
    /// partner's railways.
    pub teamwork: bool,
    /// The weight of leaving an opponent a way onto the headquarters that holds our
    /// flag (or either of the partner's) after the move (0: not looked at).
    pub guard: f64,
    /// How much more a fight is worth, and how much less the last pieces that can move
    /// are held back, as the quiet-move draw comes closer.
    pub pressure: f64,
    /// Among moves whose scores are this close to the best, one is drawn at random.
    pub spread: f64,
    /// The weight of marching towards an opponent's 军旗 once it is revealed (0: the
    /// march heads for any of the opponents' headquarters alone).
    pub hunt: f64,
    /// How much dearer a lost piece is the fewer pieces the seat has left that can
    /// move: a loss costs `1 + mobility / movers` times its value.
    pub mobility: f64,
    /// How much a stronger piece's fight is preferred when the quiet-move draw comes
    /// closer (per point of the piece's value).
    pub press_rank: f64,
}

/// Levels 1..=5, weakest first.
pub const LEVELS: [JunqiLevel; 5] = [
    JunqiLevel {
        level: 1,
        noise: 1.0,
        belief: BeliefUse::None,
        caution: 0.0,
        march: 0.5,
        teamwork: false,
        guard: 0.0,
        pressure: 0.5,
        spread: 1.0,
        hunt: 0.0,
        mobility: 8.0,
        press_rank: 0.6,
    },
    JunqiLevel {
        level: 2,
        noise: 0.8,
        belief: BeliefUse::Movement,
        caution: 0.3,
        march: 0.7,
        teamwork: false,
        guard: 0.0,
        pressure: 0.7,
        spread: 0.6,
        hunt: 0.0,
        mobility: 8.0,
        press_rank: 0.6,
    },
    JunqiLevel {
        level: 3,
        noise: 0.4,
        belief: BeliefUse::Movement,
        caution: 0.6,
        march: 0.8,
        teamwork: false,
        guard: 0.0,
        pressure: 0.8,
        spread: 2.0,
        hunt: 0.0,
        mobility: 8.0,
        press_rank: 0.6,
    },
    JunqiLevel {
        level: 4,
        noise: 0.3,
        belief: BeliefUse::Full,
        caution: 0.7,
        march: 1.0,
        teamwork: false,
        guard: 0.0,
        pressure: 1.0,
        spread: 1.5,
        hunt: 0.0,
        mobility: 8.0,
        press_rank: 0.6,
    },
    JunqiLevel {
        level: 5,
        noise: 0.0,
        belief: BeliefUse::Full,
        caution: 0.6,
        march: 1.0,
        teamwork: true,
        guard: 20.0,
        pressure: 1.3,
        spread: 0.15,
        hunt: 2.0,
        mobility: 16.0,
        press_rank: 0.0,
    },
];

impl JunqiLevel {
    /// The level `n` (1..=5).
    pub fn get(n: u8) -> Option<JunqiLevel> {
        LEVELS.iter().find(|l| l.level == n).copied()
    }

    pub const TOP: u8 = 5;
}
