//! Move notations: ICCS coordinates (`h2e2`), WXF (`C2.5`, `H8+7`, `R+.3`) and Chinese
//! (`炮二平五`, `马8进7`, `前车平四`). WXF and Chinese share one model ([`relative`]):
//! a piece named by its file or its place in a tandem, a direction, and a number.

mod chinese;
mod iccs;
mod relative;
mod wxf;

pub use chinese::{format_chinese, parse_chinese};
pub use iccs::{format_iccs, parse_iccs, parse_move, parse_point, point_name};
pub use wxf::{format_wxf, parse_wxf};

use super::PlayError;

/// Why a move text could not be read in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("the move text is empty")]
    Empty,
    #[error("cannot read '{text}': {reason}")]
    Syntax { text: String, reason: &'static str },
    #[error("'{0}' describes no legal move in this position")]
    NoSuchMove(String),
    #[error("'{text}' could mean {count} different legal moves")]
    Ambiguous { text: String, count: usize },
    #[error("'{text}' is not legal: {reason}")]
    Illegal { text: String, reason: PlayError },
}

pub(crate) fn syntax(text: &str, reason: &'static str) -> NotationError {
    NotationError::Syntax { text: text.to_owned(), reason }
}
