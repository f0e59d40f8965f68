//! The 布阵 steps: a board that is a setup of the child's army, drawn as given with no
//! referee, and what the setup rules say about its stations. The validator and the run
//! share these, so what the check proves is what the child meets.

use std::collections::BTreeSet;

use crate::curriculum::junqi::schema::StationClaim;
use crate::curriculum::schema::Text;
use crate::junqi::{ArmySetup, Place, Position, Rank, Seat, Station};

/// Reads a setup board: every piece is the child's (the seat to move) and stands on
/// its own army's stations, no two on one, no rank more often than a set has it.
pub fn setup_board(text: &str) -> Result<Position, String> {
    let position = Position::parse(text).map_err(|e| e.to_string())?;
    army_of(&position)?;
    Ok(position)
}

/// The child's army of a setup board as an (unvalidated) setup.
fn army_of(position: &Position) -> Result<ArmySetup, String> {
    let seat = position.turn;
    let mut setup = ArmySetup::empty();
    for p in &position.pieces {
        let (line, column) = match p.station.place() {
            Place::Army { seat: s, line, column } if s == seat && p.seat == seat => (line, column),
            _ => {
                return Err(format!(
                    "{}{} is not a piece of {seat}'s own army: a setup board holds only the setup",
                    p.rank.glyph(),
                    p.station.code()
                ));
            }
        };
        if setup.get(line, column).is_some() {
            return Err(format!("{} holds two pieces", p.station.code()));
        }
        setup.set(line, column, Some(p.rank));
    }
    for rank in Rank::ALL {
        let found = setup.pieces().filter(|p| p.2 == rank).count();
        if found > rank.count() {
            return Err(format!("{found} × {rank:?}, a set has {}", rank.count()));
        }
    }
    Ok(setup)
}

/// The stations of the child's army that a setup claim names, from the setup rules'
/// own checks. Empty for a claim that is not about the setup.
pub fn claimed(claim: StationClaim, position: &Position) -> BTreeSet<Station> {
    let seat = position.turn;
    let may = |rank: Rank, station: Station| match station.place() {
        Place::Army { line, column, .. } => {
            ArmySetup::check_placement(seat, line, column, rank).is_ok()
        }
        Place::Centre { .. } => false,
    };
    let army = Station::all().filter(|st| st.seat() == Some(seat));
    match claim {
        StationClaim::FlagMayStand => army.filter(|&st| may(Rank::Flag, st)).collect(),
        StationClaim::MineMayStand => army.filter(|&st| may(Rank::Mine, st)).collect(),
        StationClaim::BombMayNotStand => army.filter(|&st| !may(Rank::Bomb, st)).collect(),
        StationClaim::BreaksSetupRule => army_of(position)
            .map(|setup| setup.misplaced(seat).into_iter().map(|(st, _)| st).collect())
            .unwrap_or_default(),
        StationClaim::Camps | StationClaim::Headquarters | StationClaim::Railway => BTreeSet::new(),
    }
}

/// Why a tap on `at` is no answer to a setup claim: what the setup rules say about
/// the piece in question there. `None` for a claim that is not about the setup.
pub fn wrong_tap(claim: StationClaim, position: &Position, at: Station) -> Option<Text> {
    let seat = position.turn;
    let (line, column) = match at.place() {
        Place::Army { seat: s, line, column } if s == seat => (line, column),
        _ if claim.is_about_setup() => return Some(not_own(seat)),
        _ => return None,
    };
    let rank = match claim {
        StationClaim::FlagMayStand => Rank::Flag,
        StationClaim::MineMayStand => Rank::Mine,
        StationClaim::BombMayNotStand => Rank::Bomb,
        StationClaim::BreaksSetupRule => match position.piece(at) {
            Some(p) => p.rank,
            None => {
                return Some(Text {
                    zh: "这里没有棋子。找出放错地方的那个棋子。".into(),
                    en: "No piece stands here. Find the piece that breaks a rule.".into(),
                });
            }
        },
        StationClaim::Camps | StationClaim::Headquarters | StationClaim::Railway => return None,
    };
    Some(ArmySetup::placement_text(seat, line, column, rank))
}

fn not_own(seat: Seat) -> Text {
    Text {
        zh: format!("布阵只摆自己的阵地，这里不是{}家的阵地。", seat.chinese()),
        en: format!(
            "A setup fills only your own army's stations, and this is not the {seat} army's."
        ),
    }
}
