//! The pupil's side: send one report to the teacher's device and bring back the
//! acknowledgement and the class file.

use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::time::Duration;

use super::error::SyncError;
use super::short_code::parse_short_code;
use super::wire::{
    Ack, Channel, Conn, Message, PROTOCOL_VERSION, STATUS_BUSY, STATUS_HANDSHAKE_FAILED,
    STATUS_NOT_SYNC, STATUS_OK, STATUS_UNKNOWN_CLASS, STATUS_VERSION, channel_psk, client_hello,
    handshake_initiator, parse_server_hello, prologue,
};
use crate::progress::{ClassFileError, JoinCode, open_class_file};

/// How long the client waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientOptions {
    pub connect_timeout: Duration,
    /// How long one read or write may wait.
    pub io_timeout: Duration,
    /// How long the whole exchange may take.
    pub exchange_time: Duration,
}

impl Default for ClientOptions {
    fn default() -> ClientOptions {
        ClientOptions {
            connect_timeout: Duration::from_secs(5),
            io_timeout: Duration::from_secs(10),
            exchange_time: Duration::from_secs(60),
        }
    }
}

/// What a sent report brought back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendOutcome {
    /// The teacher's device saved the report.
    pub ack: Ack,
    /// The class's newest class file (homework), if the teacher's device sent one
    /// and it passed the checks of [`open_class_file`] with the join code's class key
    /// and teacher key. The store checks it again when it takes it in.
    pub class_file: Option<String>,
    /// Why the class file that came back was refused (another teacher's key, no
    /// teacher's signature for a class joined with one, changed on the way).
    pub class_file_refused: Option<ClassFileError>,
}

/// How often and how patiently [`send_with_retries`] tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retry {
    /// Tries in all (at least one).
    pub tries: u32,
    /// The wait after the first failure; it doubles after each further one.
    pub first_wait: Duration,
    /// The longest wait between tries.
    pub max_wait: Duration,
}

impl Default for Retry {
    fn default() -> Retry {
        Retry { tries: 5, first_wait: Duration::from_millis(200), max_wait: Duration::from_secs(5) }
    }
}

/// Where to send: `ADDR:PORT` (or `HOST:PORT`) or a short code.
pub fn parse_target(text: &str) -> Result<SocketAddr, SyncError> {
    let t = text.trim();
    if let Ok(a) = t.parse::<SocketAddr>() {
        return Ok(a);
    }
    if t.contains(':') {
        return t
            .to_socket_addrs()
            .map_err(|e| SyncError::NoAddress(format!("{t}: {e}")))?
            .next()
            .ok_or_else(|| SyncError::NoAddress(t.to_owned()));
    }
    Ok(SocketAddr::V4(parse_short_code(t)?))
}

/// Sends one report (as `export_report` made it) to the teacher's device for the
/// class of `join`. Returns `Ok` only once the teacher's device has saved it and said
/// so; any other end is an error, and [`SyncError::is_retryable`] says whether sending
/// again may help (sending the same report twice is harmless).
pub fn send_report(
    addr: SocketAddr,
    join: &JoinCode,
    report: &[u8],
    options: &ClientOptions,
) -> Result<SendOutcome, SyncError> {
    let stream = TcpStream::connect_timeout(&addr, options.connect_timeout)
        .map_err(SyncError::from_socket)?;
    let _ = stream.set_nodelay(true);
    let mut conn = Conn::new(stream, options.io_timeout, options.exchange_time);
    let hello = client_hello(join.class);
    conn.write_frame(&hello)?;
    let reply = conn.read_frame()?;
    let (version, status) = parse_server_hello(&reply).ok_or(SyncError::NotQikeSync)?;
    match status {
        STATUS_OK if version == PROTOCOL_VERSION => {}
        STATUS_OK | STATUS_VERSION => {
            return Err(SyncError::VersionNotSupported { theirs: version, ours: PROTOCOL_VERSION });
        }
        STATUS_UNKNOWN_CLASS => return Err(SyncError::UnknownClass(join.class)),
        STATUS_BUSY => return Err(SyncError::Busy),
        STATUS_HANDSHAKE_FAILED => return Err(SyncError::HandshakeFailed),
        STATUS_NOT_SYNC => {
            return Err(SyncError::Malformed("the teacher's device did not take our hello".into()));
        }
        other => return Err(SyncError::Malformed(format!("unknown hello status {other}"))),
    }
    let psk = channel_psk(join.class, &join.key);
    let noise = handshake_initiator(&mut conn, &psk, &prologue(&hello, &reply))?;
    let mut ch = Channel::new(conn, noise);
    ch.send(&Message::Report { bytes: report.to_vec() })?;
    let ack = match ch.receive()? {
        Message::Ack(a) => a,
        Message::Refused { kind, text } => return Err(SyncError::Refused { kind, text }),
        other => {
            return Err(SyncError::Malformed(format!(
                "expected an acknowledgement, got {other:?}"
            )));
        }
    };
    // The report is saved. What follows is a bonus: a lost class file comes next time.
    let class_file = match ch.receive() {
        Ok(Message::ClassFile { text }) => {
            let _ = ch.receive();
            Some(text)
        }
        _ => None,
    };
    // Whoever holds the class key can run a collection: the class file must be the
    // teacher's own (when the join code carried the teacher's key) and for this class.
    let checked = class_file.map(|text| {
        let opened = open_class_file(&text, &join.key, join.teacher.as_ref())?;
        if opened.file.class != join.class {
            return Err(ClassFileError::Malformed("it is for another class".into()));
        }
        Ok(text)
    });
    let (class_file, class_file_refused) = match checked {
        Some(Ok(text)) => (Some(text), None),
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    };
    Ok(SendOutcome { ack, class_file, class_file_refused })
}

/// [`send_report`], tried again after a retryable failure (network, timeout, a busy
/// or restarting teacher's device, a teacher who has not accepted the pupil yet),
/// waiting longer each time. Returns the last error when every try failed or the
/// failure cannot change by trying again.
pub fn send_with_retries(
    addr: SocketAddr,
    join: &JoinCode,
    report: &[u8],
    options: &ClientOptions,
    retry: &Retry,
) -> Result<SendOutcome, SyncError> {
    send_observed(addr, join, report, options, retry, |_| true)
}

/// [`send_with_retries`] that tells `observe` each failed try before waiting for the
/// next (a screen shows "waiting for the teacher"); `observe` returning `false` gives
/// up with that error (the pupil left the screen).
pub fn send_observed(
    addr: SocketAddr,
    join: &JoinCode,
    report: &[u8],
    options: &ClientOptions,
    retry: &Retry,
    mut observe: impl FnMut(&SyncError) -> bool,
) -> Result<SendOutcome, SyncError> {
    let mut wait = retry.first_wait;
    let mut tries = 0;
    loop {
        tries += 1;
        match send_report(addr, join, report, options) {
            Ok(o) => return Ok(o),
            Err(e) if !e.is_retryable() || tries >= retry.tries.max(1) => return Err(e),
            Err(e) if !observe(&e) => return Err(e),
            Err(_) => {
                std::thread::sleep(wait);
                wait = (wait * 2).min(retry.max_wait);
            }
        }
    }
}
