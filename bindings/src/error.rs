//! The one public error type of the bindings: every core error is mapped here to a
//! variant whose message a user (or a developer reading a log) can act on.

use qike_core::xiangqi::FenError;

/// An error returned through the FFI. Kotlin and Swift see it as a thrown exception,
/// Python as a raised `QikeError`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
pub enum QikeError {
    /// A position string (FEN, SGF…) could not be read.
    #[error("invalid position: {reason}")]
    InvalidPosition { reason: String },
    /// A point outside the board was given.
    #[error("point ({file}, {rank}) is not on the board")]
    OffBoard { file: u8, rank: u8 },
}

impl From<FenError> for QikeError {
    fn from(e: FenError) -> Self {
        QikeError::InvalidPosition { reason: e.to_string() }
    }
}
