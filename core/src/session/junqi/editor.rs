//! The 布阵 (setup) screen's editor: a seat's 30 stations and a tray of the pieces not
//! yet placed. Dragging and tapping both come down to four edits — [`SetupEditor::place`]
//! from the tray, [`SetupEditor::take`] back to it, [`SetupEditor::swap`] two stations —
//! and [`SetupEditor::tap`] builds tap-tap on them. An edit that would put a piece where
//! it may never stand (a 行营, 军旗 outside a 大本营, 地雷 before the last two lines, 炸弹
//! on the first line) is refused with the rule's reason; the counts are judged once
//! the tray is empty ([`SetupEditor::validate`]).

use crate::Rng;
use crate::game::Text;
use crate::junqi::{ArmySetup, RANKS, Rank, Seat, SetupError, Station};

/// Why an edit is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditRefusal {
    /// The piece may not stand there; [`SetupError::text`] says why.
    #[error(transparent)]
    Rule(#[from] SetupError),
    /// All pieces of that rank are already on the board.
    #[error("no {0:?} is left in the tray")]
    NotInTray(Rank),
    /// There is no piece to take or move there.
    #[error("line {line}, column {column} is empty")]
    Empty { line: u8, column: u8 },
    /// Lines are 1..=6 and columns 1..=5.
    #[error("line {line}, column {column} is not a station of the army")]
    OffBoard { line: u8, column: u8 },
}

impl EditRefusal {
    pub fn text(&self) -> Text {
        match self {
            EditRefusal::Rule(e) => e.text(),
            EditRefusal::NotInTray(rank) => Text {
                zh: format!("{rank}已经都摆上棋盘了。"),
                en: format!("Every {} is already on the board.", rank.english()),
            },
            EditRefusal::Empty { .. } => {
                Text { zh: "这里没有棋子。".into(), en: "There is no piece here.".into() }
            }
            EditRefusal::OffBoard { .. } => Text {
                zh: "这不是布阵的位置。".into(),
                en: "That is not a station of your army.".into(),
            },
        }
    }
}

/// What is picked up for tap-tap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EditSelection {
    /// The piece on a station.
    Station { line: u8, column: u8 },
    /// A piece of this rank in the tray.
    Tray(Rank),
}

/// What a tap did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditTap {
    /// The piece there is picked up.
    Selected,
    /// The same station again: put down where it was.
    Deselected,
    /// The picked-up station's piece and this one's changed places (or it moved to an
    /// empty station).
    Swapped,
    /// The tray piece picked up now stands here (what stood here went to the tray).
    Placed(Rank),
    /// Nothing picked up and an empty station: nothing happens.
    Ignored,
    /// The edit breaks a rule; nothing changed and nothing is picked up.
    Refused(EditRefusal),
}

/// A seat's setup being edited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupEditor {
    seat: Seat,
    setup: ArmySetup,
    tray: [usize; RANKS],
    selected: Option<EditSelection>,
}

fn on_board(line: u8, column: u8) -> Result<(), EditRefusal> {
    if (1..=6).contains(&line) && (1..=5).contains(&column) {
        Ok(())
    } else {
        Err(EditRefusal::OffBoard { line, column })
    }
}

impl SetupEditor {
    /// An empty board with the 25 pieces in the tray. `seat` names the stations in the
    /// refusals.
    pub fn empty(seat: Seat) -> SetupEditor {
        SetupEditor {
            seat,
            setup: ArmySetup::empty(),
            tray: std::array::from_fn(|i| Rank::ALL[i].count()),
            selected: None,
        }
    }

    /// A random legal setup from `seed`.
    pub fn random(seat: Seat, seed: u64) -> SetupEditor {
        let mut rng = Rng::new(seed);
        let setup = ArmySetup::random(&mut rng);
        SetupEditor { seat, setup, tray: [0; RANKS], selected: None }
    }

    /// Starts from `setup` (complete or not); the pieces it lacks are in the tray. A
    /// piece where it may not stand, or more of a rank than the set holds, is refused.
    pub fn from_setup(seat: Seat, setup: &ArmySetup) -> Result<SetupEditor, EditRefusal> {
        let mut editor = SetupEditor::empty(seat);
        for (line, column, rank) in setup.pieces() {
            editor.place(rank, line, column)?;
        }
        Ok(editor)
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The setup as it stands (incomplete while the tray holds pieces).
    pub fn setup(&self) -> ArmySetup {
        self.setup.clone()
    }

    /// The rank on a station, if any.
    pub fn get(&self, line: u8, column: u8) -> Option<Rank> {
        on_board(line, column).ok().and_then(|()| self.setup.get(line, column))
    }

    /// The station of the army at `line`, `column` (for drawing).
    pub fn station(&self, line: u8, column: u8) -> Option<Station> {
        Station::army(self.seat, line, column)
    }

    /// The pieces not yet placed, strongest first, with how many of each.
    pub fn tray(&self) -> Vec<(Rank, usize)> {
        Rank::ALL.into_iter().map(|r| (r, self.tray[r.index()])).filter(|t| t.1 > 0).collect()
    }

    /// Every piece is on the board.
    pub fn is_complete(&self) -> bool {
        self.tray.iter().all(|&n| n == 0)
    }

    /// All the setup rules, the counts included.
    pub fn validate(&self) -> Result<(), SetupError> {
        self.setup.validate(self.seat)
    }

    /// The stations where `rank` may stand (to highlight while it is dragged).
    pub fn allowed(&self, rank: Rank) -> Vec<(u8, u8)> {
        (1..=6)
            .flat_map(|l| (1..=5).map(move |c| (l, c)))
            .filter(|&(l, c)| ArmySetup::check_placement(self.seat, l, c, rank).is_ok())
            .collect()
    }

    /// What is picked up for tap-tap.
    pub fn selected(&self) -> Option<EditSelection> {
        self.selected
    }

    /// Replaces everything with a random legal setup from `seed`.
    pub fn randomize(&mut self, seed: u64) {
        *self = SetupEditor::random(self.seat, seed);
    }

    /// Puts a piece of `rank` from the tray on a station; what stood there goes back to
    /// the tray.
    pub fn place(&mut self, rank: Rank, line: u8, column: u8) -> Result<(), EditRefusal> {
        on_board(line, column)?;
        if self.tray[rank.index()] == 0 {
            return Err(EditRefusal::NotInTray(rank));
        }
        ArmySetup::check_placement(self.seat, line, column, rank)?;
        if let Some(old) = self.setup.get(line, column) {
            self.tray[old.index()] += 1;
        }
        self.tray[rank.index()] -= 1;
        self.setup.set(line, column, Some(rank));
        self.selected = None;
        Ok(())
    }

    /// Takes the piece on a station back to the tray.
    pub fn take(&mut self, line: u8, column: u8) -> Result<Rank, EditRefusal> {
        on_board(line, column)?;
        let rank = self.setup.get(line, column).ok_or(EditRefusal::Empty { line, column })?;
        self.setup.set(line, column, None);
        self.tray[rank.index()] += 1;
        self.selected = None;
        Ok(rank)
    }

    /// Exchanges two stations' pieces (one may be empty: then the piece moves).
    pub fn swap(&mut self, a: (u8, u8), b: (u8, u8)) -> Result<(), EditRefusal> {
        on_board(a.0, a.1)?;
        on_board(b.0, b.1)?;
        let (ra, rb) = (self.setup.get(a.0, a.1), self.setup.get(b.0, b.1));
        if ra.is_none() && rb.is_none() {
            return Err(EditRefusal::Empty { line: a.0, column: a.1 });
        }
        if let Some(r) = ra {
            ArmySetup::check_placement(self.seat, b.0, b.1, r)?;
        }
        if let Some(r) = rb {
            ArmySetup::check_placement(self.seat, a.0, a.1, r)?;
        }
        self.setup.set(a.0, a.1, rb);
        self.setup.set(b.0, b.1, ra);
        self.selected = None;
        Ok(())
    }

    /// Picks up a piece of `rank` from the tray for the next tap; `false` if none is
    /// left.
    pub fn select_tray(&mut self, rank: Rank) -> bool {
        let there = self.tray[rank.index()] > 0;
        self.selected = there.then_some(EditSelection::Tray(rank));
        there
    }

    /// Puts down whatever is picked up.
    pub fn deselect(&mut self) {
        self.selected = None;
    }

    /// Tap-tap: the first tap picks up a station's piece, the second swaps it with the
    /// tapped station; a piece picked up from the tray is placed by the tap. A refused
    /// tap keeps what was picked up, so the next tap can put it somewhere allowed.
    pub fn tap(&mut self, line: u8, column: u8) -> EditTap {
        if let Err(e) = on_board(line, column) {
            return EditTap::Refused(e);
        }
        let picked = self.selected;
        let done = match self.selected.take() {
            None if self.setup.get(line, column).is_some() => {
                self.selected = Some(EditSelection::Station { line, column });
                return EditTap::Selected;
            }
            None => return EditTap::Ignored,
            Some(EditSelection::Station { line: l, column: c }) if (l, c) == (line, column) => {
                return EditTap::Deselected;
            }
            Some(EditSelection::Station { line: l, column: c }) => {
                self.swap((l, c), (line, column)).map(|()| EditTap::Swapped)
            }
            Some(EditSelection::Tray(rank)) => {
                self.place(rank, line, column).map(|()| EditTap::Placed(rank))
            }
        };
        done.unwrap_or_else(|refusal| {
            self.selected = picked;
            EditTap::Refused(refusal)
        })
    }
}
