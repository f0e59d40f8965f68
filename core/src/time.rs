//! Time as the records keep it: a [`Timestamp`] the caller supplies, so tests can
//! replay time and nothing depends on the clock of the device that reads a record.

use serde::{Deserialize, Serialize};

/// Milliseconds since the Unix epoch. The caller supplies it, so tests can replay time.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// The current wall-clock time (0 if the clock is before 1970).
    pub fn now() -> Timestamp {
        let ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
            .unwrap_or(0);
        Timestamp(ms)
    }

    /// Whole days from `self` to `later` (0 if `later` is not later).
    pub fn days_until(self, later: Timestamp) -> i64 {
        (later.0.saturating_sub(self.0) / 86_400_000).max(0)
    }
}
