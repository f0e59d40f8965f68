//! Road and railway moves from every station, on an empty board and on random boards,
//! against a rule written here from the board's geometry alone: which grid points are
//! stations, which are camps, headquarters and railway, and a path search of its own.

use std::collections::{BTreeSet, HashMap};

use qike_core::Rng;
use qike_core::junqi::{Mover, Occupancy, STATIONS, Seat, Station, targets};

type P = (i32, i32);

/// Turns a point of the south army a quarter counter-clockwise `k` times.
fn turn(p: P, k: usize) -> P {
    let mut p = p;
    for _ in 0..k {
        p = (p.1, 16 - p.0);
    }
    p
}

/// The direction towards the centre for army `k` (south moves up the grid).
fn forward(k: usize) -> P {
    let f = turn((8, 15), k);
    let b = turn((8, 16), k);
    (f.0 - b.0, f.1 - b.1)
}

struct Board {
    /// Point → (army or 4 for the centre, camp, headquarters, railway).
    points: HashMap<P, (usize, bool, bool, bool)>,
}

impl Board {
    fn new() -> Board {
        let mut points = HashMap::new();
        for k in 0..4 {
            for x in 6..=10 {
                for y in 11..=16 {
                    let camp = matches!((x, y), (7 | 9, 12) | (8, 13) | (7 | 9, 14));
                    let hq = matches!((x, y), (7 | 9, 16));
                    let rail = y == 11 || y == 15 || ((x == 6 || x == 10) && y <= 15);
                    points.insert(turn((x, y), k), (k, camp, hq, rail));
                }
            }
        }
        for x in [6, 8, 10] {
            for y in [6, 8, 10] {
                points.insert((x, y), (4, false, false, true));
            }
        }
        Board { points }
    }

    fn is_rail(&self, p: P) -> bool {
        self.points.get(&p).is_some_and(|i| i.3)
    }

    /// The next railway station from `p` going `d` in a straight line: the next point,
    /// or across one empty grid point (between the central stations).
    fn straight_step(&self, p: P, d: P) -> Option<P> {
        let one = (p.0 + d.0, p.1 + d.1);
        if self.points.contains_key(&one) {
            return self.is_rail(one).then_some(one);
        }
        let two = (p.0 + 2 * d.0, p.1 + 2 * d.1);
        self.is_rail(two).then_some(two)
    }

    /// The arc from `p` moving `d`: to the diagonal railway point of the neighbouring
    /// army when `d` is `p`'s army's forward direction; the new direction is the other
    /// army's backward direction.
    fn arc(&self, p: P, d: P) -> Option<(P, P)> {
        let &(k, ..) = self.points.get(&p)?;
        if k == 4 || !self.is_rail(p) || d != forward(k) {
            return None;
        }
        for side in [-1, 1] {
            let q = (p.0 + d.0 + side * d.1.abs(), p.1 + d.1 + side * d.0.abs());
            if let Some(&(k2, ..)) = self.points.get(&q)
                && k2 != 4
                && k2 != k
                && self.is_rail(q)
            {
                let f = forward(k2);
                return Some((q, (-f.0, -f.1)));
            }
        }
        None
    }

    fn rail_neighbours(&self, p: P) -> Vec<P> {
        let mut out = Vec::new();
        if !self.is_rail(p) {
            return out;
        }
        for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            out.extend(self.straight_step(p, d));
            out.extend(self.arc(p, d).map(|a| a.0));
        }
        out
    }

    fn road_neighbours(&self, p: P) -> Vec<P> {
        let &(k, camp, ..) = &self.points[&p];
        let mut out = Vec::new();
        for dx in -1..=1 {
            for dy in -1..=1 {
                let q = (p.0 + dx, p.1 + dy);
                let Some(&(k2, camp2, ..)) = self.points.get(&q) else { continue };
                if q == p || k == 4 || k2 != k {
                    continue;
                }
                if dx == 0 || dy == 0 || camp || camp2 {
                    out.push(q);
                }
            }
        }
        out.extend(self.rail_neighbours(p));
        out
    }
}

fn station(p: P) -> Station {
    Station::at_grid(p.0 as u8, p.1 as u8).expect("a station")
}

fn expected(
    board: &Board,
    occ: &Occupancy,
    seat: Seat,
    from: P,
    engineer: bool,
) -> BTreeSet<Station> {
    let mut out = BTreeSet::new();
    let info = board.points[&from];
    if info.2 {
        return out;
    }
    let taken = |p: P| occ[station(p).index()];
    let enter = |p: P, out: &mut BTreeSet<Station>| match taken(p) {
        None => {
            out.insert(station(p));
        }
        Some(s) if s.index() % 2 != seat.index() % 2 && !board.points[&p].1 => {
            out.insert(station(p));
        }
        Some(_) => {}
    };
    for q in board.road_neighbours(from) {
        enter(q, &mut out);
    }
    if engineer {
        let mut seen = BTreeSet::from([from]);
        let mut stack = vec![from];
        while let Some(p) = stack.pop() {
            for q in board.rail_neighbours(p) {
                if seen.insert(q) {
                    enter(q, &mut out);
                    if taken(q).is_none() {
                        stack.push(q);
                    }
                }
            }
        }
    } else if board.is_rail(from) {
        let mut stack: Vec<(P, P)> =
            [(1, 0), (-1, 0), (0, 1), (0, -1)].into_iter().map(|d| (from, d)).collect();
        let mut seen = BTreeSet::new();
        while let Some((p, d)) = stack.pop() {
            if !seen.insert((p, d)) {
                continue;
            }
            let mut nexts: Vec<(P, P)> =
                board.straight_step(p, d).map(|q| (q, d)).into_iter().collect();
            nexts.extend(board.arc(p, d));
            for (q, d2) in nexts {
                if q == from {
                    continue;
                }
                enter(q, &mut out);
                if taken(q).is_none() {
                    stack.push((q, d2));
                }
            }
        }
    }
    out.remove(&station(from));
    out
}

fn check(board: &Board, occ: &Occupancy) -> usize {
    let mut checked = 0;
    for (&p, _) in board.points.iter() {
        let from = station(p);
        let seat = occ[from.index()].unwrap_or(Seat::South);
        for (engineer, mover) in [(false, Mover::Straight), (true, Mover::Engineer)] {
            let want = expected(board, occ, seat, p, engineer);
            let got: BTreeSet<Station> = targets(occ, seat, from, mover).into_iter().collect();
            assert_eq!(got, want, "{:?} from {} ({:?})", mover, from.code(), p);
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_board_has_129_stations_on_the_grid() {
    let board = Board::new();
    assert_eq!(board.points.len(), STATIONS);
    for s in Station::all() {
        let (x, y) = s.grid();
        assert!(board.points.contains_key(&(x as i32, y as i32)), "{} at {x},{y}", s.code());
        assert_eq!(Station::parse_code(&s.code()), Some(s));
        let info = board.points[&(x as i32, y as i32)];
        assert_eq!(s.is_camp(), info.1, "{}", s.code());
        assert_eq!(s.is_headquarters(), info.2, "{}", s.code());
        assert_eq!(s.is_on_railway(), info.3, "{}", s.code());
    }
}

#[test]
fn places_off_the_board_are_no_stations() {
    for (a, b) in [(3, 0), (0, 3), (200, 1), (255, 255)] {
        assert_eq!(Station::centre(a, b), None, "centre {a}, {b}");
    }
    for (line, column) in [(0, 1), (7, 1), (1, 0), (1, 6), (255, 255)] {
        assert_eq!(Station::army(Seat::West, line, column), None, "{line}, {column}");
    }
    assert_eq!(Station::parse_code("C9.9"), None);
    assert_eq!(Station::parse_code("C200.1"), None);
}

#[test]
fn every_move_from_every_station_on_an_empty_board() {
    let board = Board::new();
    let occ: Occupancy = [None; STATIONS];
    assert_eq!(check(&board, &occ), 2 * STATIONS);
}

#[test]
fn every_move_from_every_station_on_random_boards() {
    let board = Board::new();
    let mut rng = Rng::new(42);
    for _ in 0..300 {
        let density = 1 + rng.below(6);
        let occ: Occupancy = std::array::from_fn(|_| {
            (rng.below(10) < density).then(|| Seat::from_index(rng.index(4)))
        });
        check(&board, &occ);
    }
}

#[test]
fn some_moves_by_name() {
    let s = |c: &str| Station::parse_code(c).unwrap();
    let empty: Occupancy = [None; STATIONS];
    // A piece on the south army's left corner rides the arc into the west army.
    let from = s("S5.1");
    let got = targets(&empty, Seat::South, from, Mover::Straight);
    assert!(got.contains(&s("W5.5")), "through the arc");
    assert!(got.contains(&s("N5.5")), "straight through the centre");
    // No right-angle turn for a non-engineer: S1.1 to S1.3 is straight, S2.1 to S1.2 is not.
    assert!(!targets(&empty, Seat::South, s("S3.1"), Mover::Straight).contains(&s("S1.3")));
    assert!(targets(&empty, Seat::South, s("S3.1"), Mover::Engineer).contains(&s("S1.3")));
    // Headquarters: nothing.
    assert!(targets(&empty, Seat::South, s("S6.2"), Mover::Engineer).is_empty());
    // Names.
    assert_eq!(s("S1.2").chinese_name(), "南一线左眉毛");
    assert_eq!(s("C1.1").chinese_name(), "中宫");
    assert_eq!(s("E6.4").chinese_name(), "东底线右大本营");
}
