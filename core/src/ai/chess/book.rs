//! The opening book: main lines as data (`book.txt`), each with a weight and its
//! Chinese and English name. A position's book moves are the next moves of every line
//! that passes through it, weighted by the sum of those lines' weights.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::Rng;
use crate::chess::{Move, Position};

const BUILTIN: &str = include_str!("book.txt");

/// One named line of the book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookLine {
    pub name_zh: String,
    pub name_en: String,
    pub weight: u32,
    pub moves: Vec<Move>,
}

/// A book row that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("line {line}: expected `weight | 中文名 | English name | moves`")]
    Shape { line: usize },
    #[error("line {line}: the weight {text:?} is not a whole number")]
    Weight { line: usize, text: String },
    #[error("line {line}: {text:?} is not a legal move there")]
    Move { line: usize, text: String },
}

#[derive(Debug, Default)]
pub struct Book {
    lines: Vec<BookLine>,
    /// Position key → (move, summed weight).
    moves: HashMap<u64, Vec<(Move, u32)>>,
}

impl Book {
    /// Reads a book in the format of `book.txt`.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let row = raw.trim();
            if row.is_empty() || row.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = row.split('|').map(str::trim).collect();
            let [weight, zh, en, moves] = fields[..] else {
                return Err(BookError::Shape { line });
            };
            let weight: u32 =
                weight.parse().map_err(|_| BookError::Weight { line, text: weight.to_owned() })?;
            let mut pos = Position::startpos();
            let mut played = Vec::new();
            for text in moves.split_whitespace() {
                let mv = pos
                    .parse_uci(text)
                    .map_err(|_| BookError::Move { line, text: text.to_owned() })?;
                let entry = book.moves.entry(pos.cozy().hash()).or_default();
                match entry.iter_mut().find(|(m, _)| *m == mv) {
                    Some((_, w)) => *w += weight,
                    None => entry.push((mv, weight)),
                }
                pos.play_unchecked(mv);
                played.push(mv);
            }
            if played.is_empty() {
                return Err(BookError::Shape { line });
            }
            book.lines.push(BookLine {
                name_zh: zh.to_owned(),
                name_en: en.to_owned(),
                weight,
                moves: played,
            });
        }
        Ok(book)
    }

    /// The book shipped with the engine.
    pub fn builtin() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| Book::parse(BUILTIN).unwrap_or_default())
    }

    pub fn lines(&self) -> &[BookLine] {
        &self.lines
    }

    /// The book moves of a position with their weights.
    pub fn moves(&self, pos: &Position) -> &[(Move, u32)] {
        self.moves.get(&pos.cozy().hash()).map_or(&[], Vec::as_slice)
    }

    /// A book move chosen at random by weight.
    pub fn pick(&self, pos: &Position, rng: &mut Rng) -> Option<Move> {
        let moves = self.moves(pos);
        let total: u64 = moves.iter().map(|(_, w)| u64::from(*w)).sum();
        let mut roll = rng.below(total);
        for (m, w) in moves {
            if roll < u64::from(*w) {
                return Some(*m);
            }
            roll -= u64::from(*w);
        }
        None
    }

    /// The name of the longest book line the game's moves follow from the start.
    pub fn name_of(&self, moves: &[Move]) -> Option<&BookLine> {
        self.lines
            .iter()
            .filter(|l| {
                let n = l.moves.len().min(moves.len());
                n > 0 && l.moves[..n] == moves[..n]
            })
            .max_by_key(|l| l.moves.len().min(moves.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_book_reads_and_has_the_main_first_moves() {
        let book = Book::parse(BUILTIN).unwrap();
        assert!(book.lines().len() >= 30);
        let first: Vec<String> =
            book.moves(&Position::startpos()).iter().map(|(m, _)| m.uci()).collect();
        for m in ["e2e4", "d2d4", "c2c4", "g1f3"] {
            assert!(first.contains(&m.to_owned()), "{m} missing from {first:?}");
        }
    }

    #[test]
    fn bad_rows_are_typed_errors() {
        let err = |t: &str| Book::parse(t).err();
        assert_eq!(err("x | a | b | e2e4"), Some(BookError::Weight { line: 1, text: "x".into() }));
        assert_eq!(err("1 | a | e2e4"), Some(BookError::Shape { line: 1 }));
        assert_eq!(
            err("# c\n1 | a | b | e2e4 e2e4"),
            Some(BookError::Move { line: 2, text: "e2e4".into() })
        );
    }
}
