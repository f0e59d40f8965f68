//! A small weighted opening book, kept as text data (`book.txt`) and read once.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::xiangqi::{Move, Position, notation::parse_iccs};

use crate::Rng;

/// A line of the book data that does not describe legal moves.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("opening book line {line}: {reason}")]
pub struct BookError {
    pub line: usize,
    pub reason: String,
}

/// Book positions (by Zobrist key) with their weighted replies.
#[derive(Debug, Default)]
pub struct Book {
    entries: HashMap<u64, Vec<(Move, u32)>>,
}

const DATA: &str = include_str!("book.txt");

impl Book {
    /// Reads book text: `moves so far: reply weight, reply weight` per line.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (i, raw) in text.lines().enumerate() {
            let err = |reason: String| BookError { line: i + 1, reason };
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (path, replies) =
                line.split_once(':').ok_or_else(|| err("missing ':'".to_owned()))?;
            let mut pos = Position::startpos();
            for t in path.split_whitespace() {
                let m = parse_iccs(&pos, t).map_err(|e| err(e.to_string()))?;
                pos.play(m).map_err(|e| err(e.to_string()))?;
            }
            let entry = book.entries.entry(pos.key()).or_default();
            for r in replies.split(',') {
                let mut words = r.split_whitespace();
                let (Some(t), Some(w), None) = (words.next(), words.next(), words.next()) else {
                    return Err(err(format!("'{}' is not 'move weight'", r.trim())));
                };
                let m = parse_iccs(&pos, t).map_err(|e| err(e.to_string()))?;
                let w = w.parse().map_err(|_| err(format!("weight '{w}' is not a number")))?;
                entry.push((m, w));
            }
        }
        Ok(book)
    }

    /// The built-in book.
    pub fn builtin() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| Book::parse(DATA).unwrap_or_default())
    }

    /// The weighted replies for `pos`, if it is a book position.
    pub fn replies(&self, pos: &Position) -> &[(Move, u32)] {
        self.entries.get(&pos.key()).map_or(&[], Vec::as_slice)
    }

    /// A book move for `pos` chosen by weight, if any (checked legal).
    pub fn pick(&self, pos: &Position, rng: &mut Rng) -> Option<Move> {
        let replies: Vec<_> = self.replies(pos).iter().filter(|(m, _)| pos.is_legal(*m)).collect();
        let total: u64 = replies.iter().map(|(_, w)| *w as u64).sum();
        let mut x = rng.below(total);
        for &&(m, w) in &replies {
            if x < w as u64 {
                return Some(m);
            }
            x -= w as u64;
        }
        None
    }

    /// How many positions the book knows.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_book_is_legal_and_covers_the_course_openings() {
        let book = Book::parse(DATA).unwrap();
        assert!(book.len() >= 20);
        let start = Position::startpos();
        let names: Vec<String> = book.replies(&start).iter().map(|(m, _)| m.to_string()).collect();
        for m in ["h2e2", "c0e2", "g3g4", "c3c4"] {
            assert!(names.contains(&m.to_owned()), "{m} missing");
        }
        // 顺手炮 and 列手炮 answers to the central cannon.
        let mut p = start.clone();
        p.play(parse_iccs(&p, "h2e2").unwrap()).unwrap();
        let replies: Vec<String> = book.replies(&p).iter().map(|(m, _)| m.to_string()).collect();
        assert!(replies.contains(&"h7e7".to_owned()) && replies.contains(&"b7e7".to_owned()));
    }

    #[test]
    fn picks_follow_the_seed_and_vary() {
        let book = Book::builtin();
        let start = Position::startpos();
        let a: Vec<_> = (0..20).map(|s| book.pick(&start, &mut Rng::new(s))).collect();
        let b: Vec<_> = (0..20).map(|s| book.pick(&start, &mut Rng::new(s))).collect();
        assert_eq!(a, b);
        assert!(a.iter().all(|m| m.is_some_and(|m| start.is_legal(m))));
        assert!(a.iter().collect::<std::collections::HashSet<_>>().len() > 2);
    }

    #[test]
    fn bad_lines_are_reported() {
        assert_eq!(Book::parse("h2e2 h9g7").unwrap_err().line, 1);
        assert!(Book::parse("# c\n: h2h8 3").is_err());
        assert!(Book::parse(": h2e2 x").unwrap_err().reason.contains("weight"));
    }
}
