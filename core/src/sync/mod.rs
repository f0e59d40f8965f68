//! Class sync over the classroom's local network: a pupil's device sends its signed
//! report straight to the teacher's device and gets the class file (homework) back on
//! the same connection. Reports and class files are the same bytes and text as the file
//! exchange (`progress`); this module only carries them. It uses `progress` and the
//! layers below it; `progress` never names it.
//!
//! # Wire protocol, version 1
//!
//! TCP. Everything travels in **frames**: a length (u32 big-endian) and that many
//! bytes, at most [`MAX_FRAME_BYTES`] (65,535, one Noise message). A larger announced
//! length is an error ([`SyncError::FrameTooLarge`]) and the connection is closed
//! before anything more is read.
//!
//! 1. **Hello** (plaintext). The pupil's device sends `"QIKESYNC" | version u8 |
//!    class id u32 BE`. The teacher's device answers `"QIKESYNC" | version u8 |
//!    status u8`: 0 go on, 1 version not supported, 2 class not served here,
//!    3 handshake failed, 4 busy (too many connections), 5 not a hello. Anything but
//!    0 ends the connection. A client of a future version is refused with status 1
//!    and the server's version, so it can say [`SyncError::VersionNotSupported`].
//! 2. **Handshake**: [`NOISE_PATTERN`] (`Noise_NNpsk0_25519_ChaChaPoly_BLAKE2s`, by the
//!    `snow` crate). The pre-shared key is HMAC-SHA-256 keyed with the class key (from
//!    the join code) over `"qike sync v1" | class id`. The prologue is both hellos, so
//!    a hello changed on the way fails the handshake. A device without the class key
//!    fails at the first handshake message; the server then sends the status-3 hello
//!    in the clear and closes.
//! 3. **Messages**, encrypted and authenticated. A message is split into frames; the
//!    first frame's plaintext starts with the message's length (u32 BE, at most
//!    [`MAX_MESSAGE_BYTES`]). A message is a tag byte and its fields:
//!    `1 Report | report bytes` (pupil → teacher), `2 Ack | outcome u8 | student id
//!    (16) | seq u64 BE`, `3 Refused | kind u8 | reason text (UTF-8)`, `4 ClassFile |
//!    class file text`, `5 Bye`.
//! 4. **Exchange**: one report per connection. The pupil sends `Report`; the teacher's
//!    device imports it with [`ProgressStore::import_report`](crate::progress::ProgressStore::import_report)
//!    (class, signature, pinned pupil key, replay and bounds are checked there) and
//!    answers `Ack` only once the import is saved, then `ClassFile` (the class's newest
//!    class file, signed with the teacher's key) and `Bye`; or `Refused` and `Bye`. Sending the same
//!    report again is harmless: it is acknowledged as already imported.
//!
//! Each read waits at most the read timeout and a connection lives at most its time
//! allowance; the server serves a capped number of connections at once.
//!
//! The teacher's store pins a pupil's key on their first signed report, over the
//! network as from a file. [`ServerOptions::accept_new`] says whether the server takes
//! such a report by itself (for scripts). When it is off, as in the app, a report
//! signed by a key the store has not pinned for that pupil — their first report, or a
//! reinstalled phone's — is refused with [`RefusalKind::AwaitingTeacher`] and told to
//! the caller ([`SyncEvent::Waiting`]); once the teacher accepts it
//! ([`SyncServer::accept_pupil`]) the pupil's next try is imported and pins the new
//! key (a new device's key replaces the old one only then). So whoever reports first
//! under a pupil's name cannot take the name over without the teacher seeing it.
//!
//! With the `discovery` feature, an open collection is announced by DNS-SD over
//! multicast DNS (`_qike._tcp`, see [`announce`] and [`Finder`]).
//!
//! The [short code](encode_short_code) (`XXXXX-XXXXX`) is what a child types to reach
//! the teacher's device: its IPv4 address and port with two check bits. It holds no
//! secret.
//!
//! # What an attacker on the same network can and cannot do
//!
//! They can see that two devices talk Qike sync (the hello is plaintext and names the
//! class id), when and how much; they can connect and be refused; they can try to
//! flood the server, which serves a capped number of connections, each with a frame
//! cap and timeouts. Without the class key they cannot read or forge reports or class
//! files, nor learn anything from the handshake. A classmate who holds the class key
//! can open a channel, but still cannot forge another pupil's report: reports are
//! signed with each pupil's own key, which the teacher's store pins. The class key is
//! 80 bits; the channel is as strong as that key. Such a classmate can also run a
//! false collection: it can acknowledge and drop reports and send a class file of its
//! own, which [`send_report`] checks against the teacher key of the join code
//! ([`SendOutcome::class_file_refused`]): a pupil who joined with the teacher's key
//! refuses it; one who joined with an older code takes it, marked as trusting the
//! class key only.
//!
//! ```no_run
//! use std::sync::Arc;
//! use qike_core::progress::{ProgressStore, Timestamp};
//! use qike_core::sync::{ClientOptions, ServerOptions, send_report, serve};
//!
//! let teacher = Arc::new(ProgressStore::open("teacher")?);
//! let class = teacher.classes(false)?[0].clone();
//! let server = serve(teacher.clone(), class.id, "0.0.0.0:0".parse()?,
//!                    ServerOptions::default(), |event| println!("{event:?}"))?;
//! // On the pupil's device, with the join code and a report:
//! # let report: Vec<u8> = Vec::new();
//! let sent = send_report(server.addr(), &class.join_code(), &report, &ClientOptions::default())?;
//! println!("{:?}", sent.ack.outcome);
//! server.stop();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod client;
#[cfg(feature = "discovery")]
mod discovery;
mod error;
#[cfg(test)]
mod forged_collection;
mod pasted;
mod server;
mod short_code;
mod wire;

pub use client::{
    ClientOptions, Retry, SendOutcome, parse_target, send_observed, send_report, send_with_retries,
};
#[cfg(feature = "discovery")]
pub use discovery::{Announcement, Finder, FoundCollection, SERVICE_TYPE, announce, local_ipv4};
pub use error::{RefusalKind, SyncError};
pub use pasted::{PupilText, PupilTextError, read_pupil_text};
pub use server::{ServeTally, ServerOptions, SyncEvent, SyncServer, serve};
pub use short_code::{SHORT_CODE_SYMBOLS, ShortCodeError, encode_short_code, parse_short_code};
/// How many announcements and finders are open in this process.
static MULTICAST_USERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Whether class sync is announcing or looking on the network now: an Android shell
/// holds its Wi-Fi multicast lock exactly while this is true (Android drops multicast
/// packets to save power otherwise).
pub fn multicast_in_use() -> bool {
    MULTICAST_USERS.load(std::sync::atomic::Ordering::SeqCst) > 0
}

/// Counts one user of multicast for as long as it lives.
#[cfg_attr(not(feature = "discovery"), allow(dead_code))]
#[derive(Debug)]
pub(crate) struct MulticastUse(());

#[cfg_attr(not(feature = "discovery"), allow(dead_code))]
impl MulticastUse {
    pub(crate) fn begin() -> MulticastUse {
        MULTICAST_USERS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        MulticastUse(())
    }
}

impl Drop for MulticastUse {
    fn drop(&mut self) {
        MULTICAST_USERS.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

pub use wire::{
    Ack, MAGIC, MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, Message, NOISE_PATTERN, PROTOCOL_VERSION,
};
