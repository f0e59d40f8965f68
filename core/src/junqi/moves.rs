//! Where a piece may go: one step along a road or a railway, any distance straight along
//! a railway line (arcs included), and for a 工兵 any unobstructed railway path.
//!
//! The move generator only needs to know who stands where ([`Occupancy`]) and whether
//! the mover is an engineer, so a seat's view generates exactly the moves the referee
//! accepts.

use crate::junqi::{STATIONS, Seat, Station, railway_lines};

/// Which seat stands on each station (ranks are not needed to find moves).
pub type Occupancy = [Option<Seat>; STATIONS];

/// A move of one piece from one station to another (an attack if the target is taken).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Station,
    pub to: Station,
}

impl Move {
    pub fn new(from: Station, to: Station) -> Move {
        Move { from, to }
    }
}

/// How a piece that can move travels on the railway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mover {
    /// 工兵: any unobstructed railway path, turns included.
    Engineer,
    /// Every other piece that moves: straight along one line (through the arcs).
    Straight,
}

/// Whether a piece of `seat` may end its move on `to`: empty, or an opponent's piece
/// outside a camp.
fn may_enter(occupancy: &Occupancy, seat: Seat, to: Station) -> bool {
    match occupancy[to.index()] {
        None => true,
        Some(other) => !seat.is_partner_or_self(other) && !to.is_camp(),
    }
}

/// The stations a movable piece of `seat` on `from` may move to (attacks included),
/// sorted. A piece in a 大本营 has none. The caller checks that the piece moves at all
/// (军旗 and 地雷 never do).
pub fn targets(occupancy: &Occupancy, seat: Seat, from: Station, mover: Mover) -> Vec<Station> {
    let mut out = Vec::new();
    if from.is_headquarters() {
        return out;
    }
    let add = |s: Station, out: &mut Vec<Station>| {
        if s != from && !out.contains(&s) && may_enter(occupancy, seat, s) {
            out.push(s);
        }
    };
    for &n in from.neighbours() {
        add(n, &mut out);
    }
    if from.is_on_railway() {
        match mover {
            Mover::Straight => {
                for &(l, at) in from.railway_places() {
                    let line = &railway_lines()[l];
                    for dir in [-1isize, 1] {
                        let mut i = at as isize + dir;
                        while let Some(&s) = usize::try_from(i).ok().and_then(|i| line.get(i)) {
                            add(s, &mut out);
                            if occupancy[s.index()].is_some() {
                                break;
                            }
                            i += dir;
                        }
                    }
                }
            }
            Mover::Engineer => {
                let mut seen = [false; STATIONS];
                seen[from.index()] = true;
                let mut queue = vec![from];
                while let Some(s) = queue.pop() {
                    for &n in s.rail_neighbours() {
                        if seen[n.index()] {
                            continue;
                        }
                        seen[n.index()] = true;
                        add(n, &mut out);
                        if occupancy[n.index()].is_none() {
                            queue.push(n);
                        }
                    }
                }
            }
        }
    }
    out.sort();
    out
}
