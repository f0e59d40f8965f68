//! Feedback that teaches: the opponent's answer to a wrong move, the engine's best
//! defence when the child leaves the scripted line, the reason behind a wrong answer,
//! and quiz choices in a per-pupil order.

use serde::{Deserialize, Serialize};

use super::schema::Text;
use crate::ai::Limits;
use crate::ai::xiangqi::Searcher;
use crate::xiangqi::{Kind, Move, Position};
use crate::{AnyGame, BoardView, MoveInput, Rng, Side};

/// Nodes for the opponent's answer inside a lesson: a few milliseconds, the same answer
/// on every machine.
pub const REPLY_NODES: u64 = 20_000;

/// A wrong move shown on the board: the child's move, then the opponent's answer that
/// punishes it. Both are taken back afterwards: the step's board is where it was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refutation {
    /// The child's wrong move.
    pub mv: MoveInput,
    /// The opponent's best answer, `None` when the wrong move left it no legal move.
    pub reply: Option<MoveInput>,
    /// What to show: the board after the wrong move, then (when there is a reply) the
    /// board after the reply, each with its move marked as the last move.
    pub boards: Vec<BoardView>,
    /// What the reply does, in words (it takes a piece, gives check or mate, or the
    /// general steps away); `None` without a reply.
    pub says: Option<Text>,
}

fn input(m: Move) -> MoveInput {
    MoveInput::step(m.from(), m.to())
}

/// The engine's best move for the side to move, searched with [`REPLY_NODES`] from a
/// fresh table; `None` when there is no legal move.
pub fn best_move(pos: &Position) -> Option<Move> {
    if !pos.has_legal_move() {
        return None;
    }
    let mut searcher = Searcher::new(1);
    let limits = Limits { nodes: Some(REPLY_NODES), depth: Some(12), ..Limits::default() };
    searcher.search(pos, &[], &limits).best
}

/// The opponent's best answer in a game of a lesson (xiangqi only; other games have
/// their own answers).
pub fn best_reply(game: &AnyGame) -> Option<MoveInput> {
    best_move(game.as_xiangqi()?.position()).map(input)
}

/// The refutation of the child's legal move `m` in a xiangqi position.
pub fn refute(game: &AnyGame, m: MoveInput) -> Option<Refutation> {
    let pos = game.as_xiangqi()?.position();
    let MoveInput::Step { from, to, .. } = m else { return None };
    let mv = Move::new(from, to).filter(|&mv| pos.is_legal(mv))?;
    let mut after = pos.clone();
    after.make(mv);
    let mut boards = vec![marked(&after, m)];
    let reply = best_move(&after);
    let says = reply.map(|r| {
        let mut then = after.clone();
        then.make(r);
        boards.push(marked(&then, input(r)));
        describe(&after, r, &then)
    });
    Some(Refutation { mv: m, reply: reply.map(input), boards, says })
}

/// The board of `pos` with `m` marked as the move just played.
fn marked(pos: &Position, m: MoveInput) -> BoardView {
    let mut view = pos.board_view();
    view.last_move = m.last_move();
    view
}

/// A piece's name for its side: red's 帅仕相兵, black's 将士象卒.
fn piece_name(side: Side, kind: Kind) -> Text {
    let red = side == Side::First;
    let (zh, en) = match kind {
        Kind::General => (if red { "帅" } else { "将" }, "general"),
        Kind::Advisor => (if red { "仕" } else { "士" }, "advisor"),
        Kind::Elephant => (if red { "相" } else { "象" }, "elephant"),
        Kind::Horse => ("马", "horse"),
        Kind::Chariot => ("车", "chariot"),
        Kind::Cannon => ("炮", "cannon"),
        Kind::Soldier => (if red { "兵" } else { "卒" }, "soldier"),
    };
    Text::new(zh, en)
}

/// The reply `r` (played in `before`, giving `after`) in a child's words.
fn describe(before: &Position, r: Move, after: &Position) -> Text {
    let Some((side, kind)) = before.piece_at(r.from()) else {
        return Text::new("看对方怎么走。", "See how the opponent answers.");
    };
    let p = piece_name(side, kind);
    let (zh, en) = match before.piece_at(r.to()) {
        Some((s2, k2)) => {
            let c = piece_name(s2, k2);
            (
                format!("看：对方的{}吃掉你的{}", p.zh, c.zh),
                format!("See: the {} takes your {}", p.en, c.en),
            )
        }
        None if kind == Kind::General && before.is_check() => {
            (format!("看：对方的{}躲开了", p.zh), format!("See: the {} steps away", p.en))
        }
        None => (
            format!("看：对方用{}应对", p.zh),
            format!("See: the opponent answers with the {}", p.en),
        ),
    };
    let (zh_end, en_end) = if !after.has_legal_move() {
        ("，将死了！", ", and it is mate!")
    } else if after.is_check() {
        ("，还将军！", ", with check!")
    } else {
        ("。", ".")
    };
    Text::new(&format!("{zh}{zh_end}"), &format!("{en}{en_end}"))
}

/// The author's explanation said after a wrong answer: a leading "right!" is dropped,
/// and "not quite" goes before the rest.
pub fn reason_from(explain: &Text) -> Text {
    fn drop_cheer<'a>(s: &'a str, cheers: &[&str]) -> &'a str {
        let t = s.trim_start();
        cheers.iter().find_map(|c| t.strip_prefix(c)).map_or(t, str::trim_start)
    }
    let zh = drop_cheer(
        &explain.zh,
        &["对！", "对了！", "对，", "没错，", "没错！", "正确！", "正确，"],
    );
    let en =
        drop_cheer(&explain.en, &["Right!", "Yes,", "Yes!", "Correct,", "Correct!", "Exactly!"]);
    Text::new(&format!("不对。{zh}"), &format!("Not quite. {en}"))
}

/// The order a pupil sees `n` choices in: `order[shown] = written`. Seed 0 keeps the
/// written order; any other seed gives the same order for the same step every time.
pub fn choice_order(seed: u64, step_id: &str, n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    if seed == 0 {
        return order;
    }
    // FNV-1a over the step id, mixed with the seed, then a Fisher–Yates shuffle driven
    // by the SplitMix64 stream of that hash.
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ seed;
    for b in step_id.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut rng = Rng::new(h);
    for i in (1..n).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_are_permutations_and_seed_zero_keeps_the_file_order() {
        assert_eq!(choice_order(0, "q", 4), vec![0, 1, 2, 3]);
        let mut moved = false;
        for seed in 1..40 {
            let o = choice_order(seed, "quiz-a", 4);
            let mut sorted = o.clone();
            sorted.sort();
            assert_eq!(sorted, vec![0, 1, 2, 3]);
            assert_eq!(o, choice_order(seed, "quiz-a", 4));
            moved |= o != vec![0, 1, 2, 3];
        }
        assert!(moved);
    }

    #[test]
    fn the_reason_drops_the_cheer() {
        let r = reason_from(&Text::new("对！竖线有 9 条。", "Right! There are 9 vertical lines."));
        assert_eq!(r.zh, "不对。竖线有 9 条。");
        assert_eq!(r.en, "Not quite. There are 9 vertical lines.");
    }

    #[test]
    fn the_refutation_takes_the_hanging_chariot() {
        let pos = Position::from_fen("3k5/9/9/6r2/9/9/2R6/9/9/4K4 w - - 0 1").unwrap();
        let game = AnyGame::Xiangqi(crate::xiangqi::Game::new(pos, Default::default()));
        let p = crate::xiangqi::notation::parse_point;
        // The chariot steps onto the black chariot's file, unprotected.
        let m = MoveInput::step(p("c3").unwrap(), p("g3").unwrap());
        let r = refute(&game, m).unwrap();
        assert_eq!(r.reply, Some(MoveInput::step(p("g6").unwrap(), p("g3").unwrap())));
        // Two boards: the chariot on g3, then the black chariot there instead.
        assert_eq!(r.boards.len(), 2);
        let g3 = p("g3").unwrap();
        assert_eq!(r.boards[0].piece_at(g3).map(|pc| pc.side), Some(Side::First));
        assert_eq!(r.boards[1].piece_at(g3).map(|pc| pc.side), Some(Side::Second));
        assert!(r.boards[1].piece_at(p("g6").unwrap()).is_none());
        assert_eq!(r.boards[1].last_move, r.reply.and_then(MoveInput::last_move));
        let says = r.says.unwrap();
        assert_eq!(says.zh, "看：对方的车吃掉你的车。");
        assert_eq!(says.en, "See: the chariot takes your chariot.");
    }
}
