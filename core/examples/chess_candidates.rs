//! Finds candidate positions for chess lesson puzzles and prints them as lesson steps
//! (TOML), every one already checked by the solvers the course validation uses:
//!
//! - `q1`, `r1`, `br1`: mate in one with a queen, a rook, on the back rank;
//! - `rr2`, `br2`, `q2`: mate in two (two rooks, back rank, queen and king);
//! - `stale`: a queen mate in one where a tempting queen move only stalemates;
//! - `kpk-win`, `kpk-run`, `kpk-draw`: king and pawn against king by the exact table;
//! - `fork`, `qfork`, `pfork`, `pin`, `skewer`, `disc`, `double`: a move that wins
//!   material by the engine's search, of that pattern, and the only such move.
//!
//! `cargo run --release -p qike-core --example chess_candidates -- KIND COUNT SEED [ID]`
//!
//! A person still reads every position before it goes into a lesson.

use qike_core::Point;
use qike_core::Rng;
use qike_core::Side;
use qike_core::ai::chess::tactic::{self, TACTIC_DEPTH, TACTIC_MARGIN};
use qike_core::chess::{Move, Position, Role, Setup, attacks, kpk, mate_search, square_name};

const W: Side = Side::First;
const B: Side = Side::Second;

fn sq(i: u64) -> Point {
    Point::new((i % 8) as u8, (i / 8) as u8)
}

fn dist(a: Point, b: Point) -> u8 {
    a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank))
}

/// A random square from `pick` that is still empty.
fn place(
    s: &mut Setup,
    rng: &mut Rng,
    side: Side,
    role: Role,
    pick: &dyn Fn(Point) -> bool,
) -> bool {
    for _ in 0..200 {
        let p = sq(rng.below(64));
        if s.piece_at(p).is_none() && pick(p) {
            s.set(p, Some((side, role)));
            return true;
        }
    }
    false
}

fn any(_: Point) -> bool {
    true
}

fn edge(p: Point) -> bool {
    p.rank == 7 || p.file == 0 || p.file == 7
}

type Spec = Vec<(Side, Role, fn(Point) -> bool)>;

fn build(rng: &mut Rng, fixed: &[(&str, Side, Role)], spec: &Spec) -> Option<Position> {
    let mut s = Setup::empty();
    for &(at, side, role) in fixed {
        s.set(qike_core::chess::parse_square(at)?, Some((side, role)));
    }
    for &(side, role, pick) in spec {
        if !place(&mut s, rng, side, role, &pick) {
            return None;
        }
    }
    s.turn = W;
    let pos = Position::from_setup(&s).ok()?;
    (!pos.is_check() && pos.outcome().is_none()).then_some(pos)
}

fn q(s: &str) -> String {
    format!("\"{s}\"")
}

fn list(moves: &[Move]) -> String {
    moves.iter().map(|m| q(&m.uci())).collect::<Vec<_>>().join(", ")
}

struct Out {
    id: String,
    n: usize,
}

impl Out {
    /// `words`: the step's text, hint and praise.
    fn make_move(
        &mut self,
        pos: &Position,
        accept: &[Move],
        proof: &str,
        wrong: Option<(Move, &str, &str)>,
        words: [(&str, &str); 3],
    ) {
        self.n += 1;
        let [text, hint, praise] = words;
        println!("[[steps]]\nkind = \"make_move\"\nid = \"{}{}\"", self.id, self.n);
        println!("text = {{ zh = \"{}\", en = \"{}\" }}", text.0, text.1);
        println!("fen = \"{}\"", pos.fen());
        println!("accept = [{}]\nproof = \"{proof}\"", list(accept));
        if let Some((m, zh, en)) = wrong {
            println!(
                "wrong = [{{ move = \"{}\", says = {{ zh = \"{zh}\", en = \"{en}\" }} }}]",
                m.uci()
            );
        }
        println!("praise = {{ zh = \"{}\", en = \"{}\" }}", praise.0, praise.1);
        println!("hint = {{ zh = \"{}\", en = \"{}\" }}\n", hint.0, hint.1);
    }

    fn puzzle(
        &mut self,
        pos: &Position,
        line: &[Move],
        n: u8,
        text: (&str, &str),
        hint: (&str, &str),
    ) {
        self.n += 1;
        println!("[[steps]]\nkind = \"puzzle\"\nid = \"{}{}\"", self.id, self.n);
        println!("text = {{ zh = \"{}\", en = \"{}\" }}", text.0, text.1);
        println!("fen = \"{}\"\ngoal = \"mate\"\nmate_in = {n}", pos.fen());
        println!("lines = [[{}]]", list(line));
        println!(
            "praise = {{ zh = \"将死了！每一种防守都被你破解了。\", en = \"Checkmate! You had an answer to every defence.\" }}"
        );
        println!("hint = {{ zh = \"{}\", en = \"{}\" }}\n", hint.0, hint.1);
    }
}

fn mate_line(pos: &Position, n: u8) -> Option<Vec<Move>> {
    let mut p = pos.clone();
    let mut line = Vec::new();
    for left in (1..=n).rev() {
        let m = *mate_search::mating_moves(&p, left).first()?;
        line.push(m);
        p.play_unchecked(m);
        if p.is_checkmate() {
            return Some(line);
        }
        let d = mate_search::best_defence(&p, left - 1)?;
        line.push(d);
        p.play_unchecked(d);
    }
    None
}

/// The one move that wins material by the tactic check, if exactly one does.
fn only_winner(pos: &Position) -> Option<(Move, Option<Move>)> {
    let mut winners = Vec::new();
    let mut best_other: Option<(i32, Move)> = None;
    for m in pos.legal_moves() {
        let g = tactic::gain(pos, m, TACTIC_DEPTH)?;
        if g >= TACTIC_MARGIN {
            winners.push(m);
            if winners.len() > 1 {
                return None;
            }
        } else if (pos.is_capture(m) || pos.after(m).is_some_and(|p| p.is_check()))
            && best_other.is_none_or(|(b, _)| g > b)
        {
            best_other = Some((g, m));
        }
    }
    (winners.len() == 1).then(|| (winners[0], best_other.map(|(_, m)| m)))
}

fn gives_check(pos: &Position, m: Move) -> bool {
    pos.after(m).is_some_and(|p| p.is_check())
}

fn value_attacked(pos: &Position, m: Move) -> Vec<Role> {
    let Some(next) = pos.after(m) else { return Vec::new() };
    next.pieces()
        .into_iter()
        .filter(|&(at, side, role)| {
            side == B && role != Role::Pawn && attacks::attackers(&next, at, W).contains(&m.to)
        })
        .map(|(_, _, r)| r)
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map(String::as_str).unwrap_or("q1").to_owned();
    let count: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let id = args.get(4).cloned().unwrap_or_else(|| kind.replace('-', "_"));
    let mut rng = Rng::new(seed);
    let mut out = Out { id, n: 0 };
    let mut seen = std::collections::BTreeSet::new();
    let mut tries = 0u64;
    while out.n < count && tries < 3_000_000 {
        tries += 1;
        let k = kind.as_str();
        let pos = match k {
            "q1" | "stale" => build(
                &mut rng,
                &[],
                &vec![(B, Role::King, edge), (W, Role::King, any), (W, Role::Queen, any)],
            ),
            "r1" => build(
                &mut rng,
                &[],
                &vec![(B, Role::King, edge), (W, Role::King, any), (W, Role::Rook, any)],
            ),
            "rr2" => build(
                &mut rng,
                &[],
                &vec![
                    (B, Role::King, edge),
                    (W, Role::King, any),
                    (W, Role::Rook, any),
                    (W, Role::Rook, any),
                ],
            ),
            "q2" => build(
                &mut rng,
                &[],
                &vec![
                    (B, Role::King, |p| p.rank >= 5),
                    (W, Role::King, |p| p.rank >= 3),
                    (W, Role::Queen, any),
                ],
            ),
            "br1" | "br2" => build(
                &mut rng,
                &[
                    ("g8", B, Role::King),
                    ("f7", B, Role::Pawn),
                    ("g7", B, Role::Pawn),
                    ("h7", B, Role::Pawn),
                    ("g1", W, Role::King),
                    ("f2", W, Role::Pawn),
                    ("g2", W, Role::Pawn),
                    ("h2", W, Role::Pawn),
                ],
                &if k == "br1" {
                    vec![
                        (W, Role::Rook, |p: Point| p.rank <= 3),
                        (B, Role::Rook, |p: Point| p.rank >= 4 && p.rank <= 6),
                        (B, Role::Knight, |p: Point| p.rank >= 3),
                    ]
                } else {
                    vec![
                        (W, Role::Rook, |p: Point| p.rank <= 2),
                        (W, Role::Queen, |p: Point| p.rank <= 4),
                        (B, Role::Rook, |p: Point| p.rank == 7),
                        (B, Role::Queen, |p: Point| p.rank >= 3 && p.rank <= 5),
                    ]
                },
            ),
            "kpk-win" | "kpk-draw" => build(
                &mut rng,
                &[],
                &vec![
                    (W, Role::Pawn, |p| (1..=4).contains(&p.rank) && (1..=6).contains(&p.file)),
                    (W, Role::King, any),
                    (B, Role::King, any),
                ],
            ),
            "kpk-run" => build(
                &mut rng,
                &[],
                &vec![
                    (W, Role::Pawn, |p| (2..=4).contains(&p.rank)),
                    (W, Role::King, |p| p.rank <= 2),
                    (B, Role::King, |p| p.rank >= 3),
                ],
            ),
            "fork" => build(
                &mut rng,
                &[],
                &vec![
                    (B, Role::King, |p| p.rank >= 4),
                    (B, Role::Rook, |p| p.rank >= 3),
                    (B, Role::Pawn, |p| p.rank >= 4 && p.rank <= 6),
                    (W, Role::King, |p| p.rank <= 2),
                    (W, Role::Knight, |p| p.rank >= 2 && p.rank <= 5),
                ],
            ),
            "qfork" => build(
                &mut rng,
                &[],
                &vec![
                    (B, Role::King, |p| p.rank >= 5),
                    (B, Role::Rook, any),
                    (B, Role::Pawn, |p| p.rank >= 4 && p.rank <= 6),
                    (W, Role::King, |p| p.rank <= 1),
                    (W, Role::Queen, |p| p.rank <= 3),
                ],
            ),
            "pfork" => build(
                &mut rng,
                &[],
                &vec![
                    (B, Role::King, |p| p.rank >= 6),
                    (B, Role::Knight, |p| p.rank >= 3 && p.rank <= 5),
                    (B, Role::Bishop, |p| p.rank >= 3 && p.rank <= 5),
                    (W, Role::King, |p| p.rank <= 1),
                    (W, Role::Pawn, |p| p.rank >= 1 && p.rank <= 3),
                    (W, Role::Knight, |p| p.rank <= 2),
                ],
            ),
            "pin" => build(
                &mut rng,
                &[],
                &vec![
                    (B, Role::King, |p| p.rank >= 5),
                    (B, Role::Queen, |p| p.rank >= 3),
                    (B, Role::Pawn, |p| p.rank == 6),
                    (W, Role::King, |p| p.rank <= 1),
                    (W, Role::Bishop, |p| p.rank <= 3),
                    (W, Role::Rook, |p| p.rank <= 1),
                ],
            ),
            "skewer" => build(
                &mut rng,
                &[],
                &vec![
                    (B, Role::King, |p| p.rank >= 3),
                    (B, Role::Queen, any),
                    (W, Role::King, |p| p.rank <= 1),
                    (W, Role::Rook, any),
                    (W, Role::Bishop, any),
                ],
            ),
            "disc" | "double" => build(
                &mut rng,
                &[],
                &vec![
                    (B, Role::King, |p| p.rank >= 5),
                    (B, Role::Queen, |p| p.rank >= 2),
                    (B, Role::Rook, |p| p.rank >= 5),
                    (W, Role::King, |p| p.rank <= 1),
                    (W, Role::Rook, any),
                    (W, Role::Knight, any),
                    (W, Role::Bishop, any),
                ],
            ),
            _ => {
                eprintln!("unknown kind {k}");
                return;
            }
        };
        let Some(pos) = pos else { continue };
        let key = pos.fen().split(' ').next().unwrap_or("").to_owned();
        if seen.contains(&key) {
            continue;
        }
        let done = match k {
            "q1" | "r1" | "br1" => {
                let mates = mate_search::mating_moves(&pos, 1);
                let near = dist(pos.king(W), pos.king(B)) <= 2 || k == "br1";
                if mates.len() == 1 && near && (k != "br1" || mates[0].to.rank == 7) {
                    let (text, hint) = match k {
                        "q1" => (
                            ("白先，一步将死黑王。", "White to move: checkmate in one."),
                            (
                                "后要贴近黑王，并且有白王保护。",
                                "Bring the queen next to the king where your king guards her.",
                            ),
                        ),
                        "r1" => (
                            ("白先，用车一步将死。", "White to move: mate with the rook in one."),
                            (
                                "白王已经挡住了黑王，车去边线将军。",
                                "Your king already blocks the other king; check along the edge.",
                            ),
                        ),
                        _ => (
                            ("白先，一步底线杀。", "White to move: a back-rank mate in one."),
                            (
                                "黑王被自己的兵关在底线上。",
                                "The black king is shut in by its own pawns.",
                            ),
                        ),
                    };
                    out.make_move(
                        &pos,
                        &mates,
                        "mate",
                        None,
                        [text, hint, ("将死！", "Checkmate!")],
                    );
                    true
                } else {
                    false
                }
            }
            "stale" => {
                let mates = mate_search::mating_moves(&pos, 1);
                let stale = pos.legal_moves().into_iter().find(|&m| {
                    matches!(pos.piece_at(m.from), Some((_, Role::Queen)))
                        && pos.after(m).is_some_and(|p| p.is_stalemate())
                });
                if mates.len() == 1
                    && dist(pos.king(W), pos.king(B)) <= 2
                    && let Some(st) = stale
                {
                    out.make_move(&pos, &mates, "mate", Some((
                            st,
                            "这样黑王没有将军却无路可走，是逼和！",
                            "Now the king is not in check but cannot move: stalemate, a draw!",
                        )), [(
                            "白先，一步将死，小心不要逼和。",
                            "White to move: mate in one, and beware of stalemate.",
                        ), (
                            "将死要将军；只围住不将军就是逼和。",
                            "Mate needs a check; boxing the king in without check is stalemate.",
                        ), ("将死，不是逼和！", "Checkmate, not stalemate!")]);
                    true
                } else {
                    false
                }
            }
            "rr2" | "br2" | "q2" => {
                let firsts = mate_search::mating_moves(&pos, 2);
                let ok = mate_search::shortest_mate(&pos, 2) == Some(2) && firsts.len() <= 2;
                let ok = ok && (k != "q2" || dist(pos.king(W), pos.king(B)) <= 3);
                match ok.then(|| mate_line(&pos, 2)).flatten() {
                    Some(line) if line.len() == 3 => {
                        let (text, hint) = match k {
                            "rr2" => (
                                (
                                    "白先，两步将死：两个车轮流上。",
                                    "White to move: mate in two, the rooks taking turns.",
                                ),
                                (
                                    "一个车守住一条线，另一个车去下一条线将军。",
                                    "One rook holds a line while the other checks on the next.",
                                ),
                            ),
                            "br2" => (
                                (
                                    "白先，两步将死：打开黑方的底线。",
                                    "White to move: mate in two by breaking the back rank.",
                                ),
                                (
                                    "先把守底线的棋子引开或换掉。",
                                    "First lure away or trade off the piece that guards the back rank.",
                                ),
                            ),
                            _ => (
                                ("白先，两步将死。", "White to move: mate in two."),
                                (
                                    "先把黑王逼到边上，再用后将死。",
                                    "First push the king to the edge, then mate with the queen.",
                                ),
                            ),
                        };
                        out.puzzle(&pos, &line, 2, text, hint);
                        true
                    }
                    _ => false,
                }
            }
            "kpk-win" | "kpk-run" => {
                let near_pawn = |p: Point| {
                    dist(
                        p,
                        pos.pieces().iter().find(|x| x.2 == Role::Pawn).map(|x| x.0).unwrap_or(p),
                    )
                };
                let shape = if k == "kpk-run" {
                    near_pawn(pos.king(W)) >= 4
                } else {
                    near_pawn(pos.king(W)) <= 2 && near_pawn(pos.king(B)) <= 3
                };
                if !shape || kpk::probe(&pos) != Some(kpk::KpkValue::Win) {
                    false
                } else {
                    let moves = pos.legal_moves();
                    let (win, draw): (Vec<Move>, Vec<Move>) = moves
                        .iter()
                        .partition(|&&m| kpk::value_after(&pos, m) == Some(kpk::KpkValue::Win));
                    let pawn_draw = draw
                        .iter()
                        .find(|m| matches!(pos.piece_at(m.from), Some((_, Role::Pawn))))
                        .copied();
                    let wrong = pawn_draw.or_else(|| draw.first().copied());
                    let good = if k == "kpk-run" {
                        win.len() == 1 && matches!(pos.piece_at(win[0].from), Some((_, Role::Pawn)))
                    } else {
                        (1..=2).contains(&win.len())
                    };
                    match (good, wrong) {
                        (true, Some(w)) => {
                            let (text, hint) = if k == "kpk-run" {
                                (
                                    (
                                        "白先，用“兵的正方形”判断：怎样走才能赢？",
                                        "White to move: use the pawn's square. How do you win?",
                                    ),
                                    (
                                        "黑王在兵的正方形外面吗？",
                                        "Is the black king outside the pawn's square?",
                                    ),
                                )
                            } else {
                                (
                                    (
                                        "白先，王单兵对王：找出能赢的一步。",
                                        "White to move, king and pawn against king: find the winning move.",
                                    ),
                                    (
                                        "王走在兵的前面，抢占对面（对王）。",
                                        "Lead with the king and take the opposition.",
                                    ),
                                )
                            };
                            out.make_move(
                                &pos,
                                &win,
                                "kpk_win",
                                Some((
                                    w,
                                    "这样黑王能守住，只能和棋。",
                                    "Now the black king holds: only a draw.",
                                )),
                                [text, hint, ("对了，这样能赢！", "Right, this wins!")],
                            );
                            true
                        }
                        _ => false,
                    }
                }
            }
            "kpk-draw" => {
                // The defender to move: mirror the turn.
                let mut s = pos.to_setup();
                s.turn = B;
                let Ok(p) = Position::from_setup(&s) else { continue };
                let pawn = p
                    .pieces()
                    .iter()
                    .find(|x| x.2 == Role::Pawn)
                    .map(|x| x.0)
                    .unwrap_or(Point::new(0, 0));
                if p.is_check()
                    || dist(p.king(B), pawn) > 2
                    || dist(p.king(W), pawn) > 2
                    || kpk::probe(&p) != Some(kpk::KpkValue::Draw)
                {
                    false
                } else {
                    let moves = p.legal_moves();
                    let (hold, lose): (Vec<Move>, Vec<Move>) = moves
                        .iter()
                        .partition(|&&m| kpk::value_after(&p, m) == Some(kpk::KpkValue::Draw));
                    if (1..=2).contains(&hold.len())
                        && !lose.is_empty()
                        && hold.iter().all(|m| !p.is_capture(*m))
                    {
                        out.make_move(
                            &p,
                            &hold,
                            "kpk_draw",
                            Some((
                                lose[0],
                                "这样白王能抢到关键格，白方就赢了。",
                                "Now the white king reaches a key square and White wins.",
                            )),
                            [
                                (
                                    "黑先，守和：黑王该走哪里？",
                                    "Black to move and draw: where does the king go?",
                                ),
                                (
                                    "挡在兵的前面，和白王对面。",
                                    "Stay in front of the pawn, facing the white king.",
                                ),
                                ("守住了，和棋！", "Held: a draw!"),
                            ],
                        );
                        true
                    } else {
                        false
                    }
                }
            }
            _ => {
                let pre = pos.legal_moves().into_iter().any(|m| {
                    let role = pos.piece_at(m.from).map(|x| x.1);
                    let hit = value_attacked(&pos, m);
                    match k {
                        "fork" => {
                            role == Some(Role::Knight)
                                && gives_check(&pos, m)
                                && hit.iter().any(|r| matches!(r, Role::Rook | Role::Queen))
                        }
                        "qfork" => {
                            role == Some(Role::Queen) && gives_check(&pos, m) && hit.len() >= 2
                        }
                        "pfork" => role == Some(Role::Pawn) && hit.len() >= 2,
                        "pin" => {
                            matches!(role, Some(Role::Bishop | Role::Rook))
                                && !gives_check(&pos, m)
                                && hit.contains(&Role::Queen)
                        }
                        "skewer" => {
                            matches!(role, Some(Role::Bishop | Role::Rook)) && gives_check(&pos, m)
                        }
                        "disc" => pos.after(m).is_some_and(|p| {
                            p.is_check() && !attacks::attackers(&p, p.king(B), W).contains(&m.to)
                        }),
                        _ => pos
                            .after(m)
                            .is_some_and(|p| attacks::attackers(&p, p.king(B), W).len() == 2),
                    }
                });
                if !pre {
                    false
                } else if let Some((m, wrong)) = only_winner(&pos) {
                    let role = pos.piece_at(m.from).map(|x| x.1);
                    let next = pos.after(m).unwrap();
                    let checkers = attacks::attackers(&next, next.king(B), W);
                    let fits = match k {
                        "fork" => role == Some(Role::Knight) && checkers.contains(&m.to),
                        "qfork" => role == Some(Role::Queen) && checkers.contains(&m.to),
                        "pfork" => role == Some(Role::Pawn) && value_attacked(&pos, m).len() >= 2,
                        "pin" => {
                            matches!(role, Some(Role::Bishop | Role::Rook))
                                && checkers.is_empty()
                                && value_attacked(&pos, m).contains(&Role::Queen)
                        }
                        "skewer" => {
                            matches!(role, Some(Role::Bishop | Role::Rook))
                                && checkers == vec![m.to]
                        }
                        "disc" => !checkers.is_empty() && !checkers.contains(&m.to),
                        _ => checkers.len() == 2,
                    };
                    // A plain capture of a loose piece is not the pattern being taught.
                    let fits = fits && (matches!(k, "disc" | "double") || !pos.is_capture(m));
                    if fits {
                        let (text, hint) = match k {
                            "fork" => (
                                (
                                    "白先，用马捉双，赢子。",
                                    "White to move: fork with the knight and win material.",
                                ),
                                (
                                    "找一个格子，马在那里同时攻击王和另一个大子。",
                                    "Find a square where the knight attacks the king and a big piece at once.",
                                ),
                            ),
                            "qfork" => (
                                (
                                    "白先，用后捉双，赢子。",
                                    "White to move: fork with the queen and win material.",
                                ),
                                (
                                    "后将军的同时还攻击一个没有保护的棋子。",
                                    "Check with the queen while also hitting an unguarded piece.",
                                ),
                            ),
                            "pfork" => (
                                ("白先，用兵捉双！", "White to move: fork with a pawn!"),
                                (
                                    "小兵往前一步，斜着攻击两个子。",
                                    "One step forward and the pawn attacks two pieces diagonally.",
                                ),
                            ),
                            "pin" => (
                                ("白先，用牵制赢子。", "White to move: win material with a pin."),
                                (
                                    "让黑后挡在黑王前面，它就不能逃走。",
                                    "Catch the queen in front of its king so it cannot run away.",
                                ),
                            ),
                            "skewer" => (
                                (
                                    "白先，用串击赢子。",
                                    "White to move: win material with a skewer.",
                                ),
                                (
                                    "先将军，黑王走开后，吃掉它身后的棋子。",
                                    "Check first; when the king steps aside, take what stood behind it.",
                                ),
                            ),
                            "disc" => (
                                (
                                    "白先，用闪击赢子。",
                                    "White to move: win material with a discovered attack.",
                                ),
                                (
                                    "走开前面的棋子，让后面的棋子将军。",
                                    "Move the front piece away so the one behind gives check.",
                                ),
                            ),
                            _ => (
                                ("白先，用双将赢子或将死。", "White to move: use a double check."),
                                (
                                    "两个棋子同时将军，黑王只能走。",
                                    "Two pieces check at once, so the king must move.",
                                ),
                            ),
                        };
                        let w = wrong.filter(|w| *w != m).map(|w| {
                            (
                                w,
                                "这步没有赢到子，对方能保住棋子。",
                                "This wins nothing: the other side keeps its pieces safe.",
                            )
                        });
                        out.make_move(
                            &pos,
                            &[m],
                            "wins_material",
                            w,
                            [text, hint, ("赢子成功！", "Material won!")],
                        );
                        true
                    } else {
                        false
                    }
                } else {
                    false
                }
            }
        };
        if done {
            seen.insert(key);
        }
    }
    eprintln!("{kind}: {} found in {tries} tries", out.n);
    let _ = square_name;
}
