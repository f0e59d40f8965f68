//! The pieces of 四国军棋: ranks, how many of each a seat has, and what each may do.

use std::fmt;

/// A piece's rank (军衔) or kind. The officers are ordered from the strongest
/// (司令) to the weakest (工兵); 炸弹, 地雷 and 军旗 stand apart.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Rank {
    /// 司令
    Marshal,
    /// 军长
    General,
    /// 师长
    Division,
    /// 旅长
    Brigade,
    /// 团长
    Regiment,
    /// 营长
    Battalion,
    /// 连长
    Company,
    /// 排长
    Platoon,
    /// 工兵
    Engineer,
    /// 炸弹
    Bomb,
    /// 地雷
    Mine,
    /// 军旗
    Flag,
}

/// The number of ranks.
pub const RANKS: usize = 12;
/// The number of pieces each seat sets up.
pub const PIECES_PER_SEAT: usize = 25;

impl Rank {
    pub const ALL: [Rank; RANKS] = [
        Rank::Marshal,
        Rank::General,
        Rank::Division,
        Rank::Brigade,
        Rank::Regiment,
        Rank::Battalion,
        Rank::Company,
        Rank::Platoon,
        Rank::Engineer,
        Rank::Bomb,
        Rank::Mine,
        Rank::Flag,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Rank> {
        Rank::ALL.get(i).copied()
    }

    /// How many of this rank a seat sets up (25 in all).
    pub fn count(self) -> usize {
        match self {
            Rank::Flag | Rank::Marshal | Rank::General => 1,
            Rank::Bomb | Rank::Division | Rank::Brigade | Rank::Regiment | Rank::Battalion => 2,
            Rank::Company | Rank::Platoon | Rank::Engineer | Rank::Mine => 3,
        }
    }

    /// Whether the piece can ever move (军旗 and 地雷 never do).
    pub fn moves(self) -> bool {
        !matches!(self, Rank::Flag | Rank::Mine)
    }

    /// Whether the piece is an officer from 司令 down to 工兵.
    pub fn is_officer(self) -> bool {
        self <= Rank::Engineer
    }

    /// 司令 … 工兵 as 9 … 1 (0 for the others).
    pub fn officer_strength(self) -> u8 {
        if self.is_officer() { 9 - self.index() as u8 } else { 0 }
    }

    pub fn chinese(self) -> &'static str {
        [
            "司令", "军长", "师长", "旅长", "团长", "营长", "连长", "排长", "工兵", "炸弹", "地雷",
            "军旗",
        ][self.index()]
    }

    pub fn english(self) -> &'static str {
        [
            "marshal",
            "general",
            "division commander",
            "brigade commander",
            "regiment commander",
            "battalion commander",
            "company commander",
            "platoon commander",
            "engineer",
            "bomb",
            "mine",
            "flag",
        ][self.index()]
    }

    /// The one-character name in the setup text form: the first character of the
    /// Chinese name (司 军 师 旅 团 营 连 排 工 炸 雷 旗).
    pub fn glyph(self) -> char {
        ['司', '军', '师', '旅', '团', '营', '连', '排', '工', '炸', '雷', '旗'][self.index()]
    }

    pub fn from_glyph(c: char) -> Option<Rank> {
        Rank::ALL.into_iter().find(|r| r.glyph() == c)
    }

    /// The 25 ranks of one seat's set, strongest first.
    pub fn full_set() -> Vec<Rank> {
        Rank::ALL.into_iter().flat_map(|r| std::iter::repeat_n(r, r.count())).collect()
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.chinese())
    }
}

/// A set of ranks as a bit mask (what a hidden piece might be).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RankSet(pub u16);

impl RankSet {
    pub const ALL: RankSet = RankSet((1 << RANKS) - 1);
    pub const EMPTY: RankSet = RankSet(0);

    pub fn of(ranks: &[Rank]) -> RankSet {
        RankSet(ranks.iter().fold(0, |m, r| m | 1 << r.index()))
    }

    pub fn one(rank: Rank) -> RankSet {
        RankSet(1 << rank.index())
    }

    pub fn contains(self, rank: Rank) -> bool {
        self.0 & (1 << rank.index()) != 0
    }

    pub fn insert(&mut self, rank: Rank) {
        self.0 |= 1 << rank.index();
    }

    pub fn remove(&mut self, rank: Rank) {
        self.0 &= !(1 << rank.index());
    }

    pub fn and(self, other: RankSet) -> RankSet {
        RankSet(self.0 & other.0)
    }

    pub fn without(self, other: RankSet) -> RankSet {
        RankSet(self.0 & !other.0)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn iter(self) -> impl Iterator<Item = Rank> {
        Rank::ALL.into_iter().filter(move |r| self.contains(*r))
    }

    /// The only rank left, if exactly one is.
    pub fn single(self) -> Option<Rank> {
        (self.len() == 1).then(|| self.iter().next()).flatten()
    }
}
