//! Typed errors of class sync: each says what went wrong in words a teacher (through
//! the app) or a developer can act on, and whether trying again can help.

use std::net::SocketAddr;

use thiserror::Error;

use crate::progress::{ClassId, StoreError};

use super::short_code::ShortCodeError;

/// Why a teacher's device refused a report it received and opened: the kind, for a
/// program, and the teacher store's own words, for a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefusalKind {
    /// The report is for another class than the one served.
    WrongClass,
    /// The report was changed after it was signed, or signed with another class's key.
    Tampered,
    /// The report was signed by another key than the pupil's earlier ones.
    ForeignPupilKey,
    /// The class is archived and takes no more reports.
    Archived,
    /// The report's bytes are not a valid report (cut short, a future format, bad
    /// contents, too large).
    BadReport,
    /// The teacher's store could not save it (full, damaged, closed): try later.
    TeacherStore,
    /// The message was not a report (the protocol was not followed).
    Protocol,
    /// The pupil is not on the class roster and the teacher's device is not taking
    /// new pupils now.
    NewPupil,
    /// The report is signed by a key the teacher has not accepted yet: a pupil's first
    /// report, or a new device of a known pupil. It is taken once the teacher accepts
    /// it on the collection page; sending again then succeeds.
    AwaitingTeacher,
}

impl RefusalKind {
    pub(crate) fn code(self) -> u8 {
        match self {
            RefusalKind::WrongClass => 1,
            RefusalKind::Tampered => 2,
            RefusalKind::ForeignPupilKey => 3,
            RefusalKind::Archived => 4,
            RefusalKind::BadReport => 5,
            RefusalKind::TeacherStore => 6,
            RefusalKind::Protocol => 7,
            RefusalKind::NewPupil => 8,
            RefusalKind::AwaitingTeacher => 9,
        }
    }

    pub(crate) fn from_code(code: u8) -> RefusalKind {
        match code {
            1 => RefusalKind::WrongClass,
            2 => RefusalKind::Tampered,
            3 => RefusalKind::ForeignPupilKey,
            4 => RefusalKind::Archived,
            5 => RefusalKind::BadReport,
            6 => RefusalKind::TeacherStore,
            8 => RefusalKind::NewPupil,
            9 => RefusalKind::AwaitingTeacher,
            // A kind a newer teacher app knows: its text still says why.
            _ => RefusalKind::Protocol,
        }
    }

    /// The kind of an import's error.
    pub fn of(e: &StoreError) -> RefusalKind {
        use crate::progress::ReportError as R;
        match e {
            StoreError::Report(R::WrongClass { .. } | R::UnknownClass(_)) => {
                RefusalKind::WrongClass
            }
            StoreError::Report(R::Tampered) => RefusalKind::Tampered,
            StoreError::Report(R::ForeignPupilKey { .. } | R::UnsignedForPinnedPupil { .. }) => {
                RefusalKind::ForeignPupilKey
            }
            StoreError::Report(R::ArchivedClass(_)) | StoreError::Archived(_) => {
                RefusalKind::Archived
            }
            StoreError::Report(_) | StoreError::Invalid { .. } => RefusalKind::BadReport,
            _ => RefusalKind::TeacherStore,
        }
    }
}

/// Anything that can go wrong in class sync, on either side.
#[derive(Debug, Error)]
pub enum SyncError {
    /// The network failed (no route, connection refused or reset).
    #[error("network error: {0}")]
    Io(#[from] std::io::Error),
    /// The other device sent nothing for the read timeout, or took longer than the
    /// connection's whole time allowance.
    #[error("the other device did not answer in time")]
    TimedOut,
    /// The other side closed the connection before the exchange was finished.
    #[error("the connection closed before the exchange was finished")]
    ConnectionClosed,
    /// A frame announced more bytes than a frame may carry; the connection is closed.
    #[error("a frame of {len} bytes was announced; at most {max} are allowed")]
    FrameTooLarge { len: usize, max: usize },
    /// A message announced more bytes than any message may carry.
    #[error("a message of {len} bytes was announced; at most {max} are allowed")]
    MessageTooLarge { len: usize, max: usize },
    /// The first bytes were not a Qike class sync hello.
    #[error("the other side does not speak Qike class sync")]
    NotQikeSync,
    /// The two sides speak different protocol versions.
    #[error(
        "class sync protocol version {theirs} is not supported; this app speaks version {ours}"
    )]
    VersionNotSupported { theirs: u8, ours: u8 },
    /// The teacher's device does not serve the class asked for.
    #[error("the teacher's device does not take reports for class {0} here")]
    UnknownClass(ClassId),
    /// The encrypted channel could not be set up: the two devices do not hold the same
    /// class key (a wrong or old join code), or the handshake was tampered with.
    #[error(
        "the secure handshake failed: the two devices do not hold the same class key (wrong join code?)"
    )]
    HandshakeFailed,
    /// An encrypted message did not decrypt: it was changed on the way.
    #[error("an encrypted message was changed on the way")]
    Decrypt,
    /// The teacher's device is serving as many connections as it takes; try again.
    #[error("the teacher's device is busy; try again in a moment")]
    Busy,
    /// A message did not follow the protocol.
    #[error("the other side broke the protocol: {0}")]
    Malformed(String),
    /// The teacher's device opened the report and refused it.
    #[error("the teacher's device refused the report: {text}")]
    Refused { kind: RefusalKind, text: String },
    /// This device's own store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A short code could not be read.
    #[error(transparent)]
    ShortCode(#[from] ShortCodeError),
    /// No address to connect to (a name that does not resolve).
    #[error("no address to connect to: {0}")]
    NoAddress(String),
    /// Announcing or finding collections on the network failed (no multicast, no
    /// interface); the short code still works.
    #[error("cannot look for class collections on this network: {0}")]
    Discovery(String),
    /// The server could not listen on the address.
    #[error("cannot listen on {addr}: {source}")]
    Listen { addr: SocketAddr, source: std::io::Error },
}

impl SyncError {
    /// Whether sending again later may succeed: the network failed, the other side went
    /// away or was busy. Refusals, a wrong key and version mismatches will not change.
    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            SyncError::Io(_)
                | SyncError::TimedOut
                | SyncError::ConnectionClosed
                | SyncError::Busy
                | SyncError::Refused {
                    kind: RefusalKind::TeacherStore | RefusalKind::AwaitingTeacher,
                    ..
                }
        )
    }

    /// Sorts an I/O error of a socket: timeouts and closes get their own kinds.
    pub(crate) fn from_socket(e: std::io::Error) -> SyncError {
        use std::io::ErrorKind as K;
        match e.kind() {
            K::WouldBlock | K::TimedOut => SyncError::TimedOut,
            K::UnexpectedEof | K::ConnectionReset | K::ConnectionAborted | K::BrokenPipe => {
                SyncError::ConnectionClosed
            }
            _ => SyncError::Io(e),
        }
    }
}
