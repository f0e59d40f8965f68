//! The wire format of class sync: frames, the plaintext hellos, the Noise channel and
//! the messages inside it. The protocol as a whole is described in the module docs
//! (`sync/mod.rs`) and the README's "Class sync wire protocol".

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::error::{RefusalKind, SyncError};
use crate::progress::{ClassId, ClassKey, ImportOutcome, ProfileId};

/// What every hello starts with.
pub const MAGIC: &[u8; 8] = b"QIKESYNC";
/// The protocol version this app speaks (and the only one it takes).
pub const PROTOCOL_VERSION: u8 = 1;
/// The largest frame: one Noise message (65,535 bytes). A larger announced length is
/// refused before anything is read and the connection is closed.
pub const MAX_FRAME_BYTES: usize = 65_535;
/// The largest message inside the channel: a report at its largest
/// ([`crate::progress::MAX_REPORT_BYTES`]) with room to spare.
pub const MAX_MESSAGE_BYTES: usize = crate::progress::MAX_REPORT_BYTES + 64 * 1024;
/// The Noise pattern: no static keys, both sides prove they hold the pre-shared key.
pub const NOISE_PATTERN: &str = "Noise_NNpsk0_25519_ChaChaPoly_BLAKE2s";
const TAG_LEN: usize = 16;
/// Plaintext bytes that fit one frame.
const CHUNK: usize = MAX_FRAME_BYTES - TAG_LEN;

/// Server hello statuses.
pub(crate) const STATUS_OK: u8 = 0;
pub(crate) const STATUS_VERSION: u8 = 1;
pub(crate) const STATUS_UNKNOWN_CLASS: u8 = 2;
pub(crate) const STATUS_HANDSHAKE_FAILED: u8 = 3;
pub(crate) const STATUS_BUSY: u8 = 4;
pub(crate) const STATUS_NOT_SYNC: u8 = 5;
/// A server hello: magic, version, status.
pub(crate) const SERVER_HELLO_LEN: usize = 8 + 1 + 1;
/// A version-1 client hello: magic, version, class id.
pub(crate) const CLIENT_HELLO_LEN: usize = 8 + 1 + 4;

/// A socket with a deadline for the whole exchange on top of each read's timeout.
#[derive(Debug)]
pub(crate) struct Conn {
    pub stream: TcpStream,
    io_timeout: Duration,
    deadline: Instant,
}

impl Conn {
    pub fn new(stream: TcpStream, io_timeout: Duration, whole: Duration) -> Conn {
        Conn { stream, io_timeout, deadline: Instant::now() + whole }
    }

    fn timeout(&self) -> Result<Duration, SyncError> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(SyncError::TimedOut);
        }
        Ok(left.min(self.io_timeout).max(Duration::from_millis(1)))
    }

    fn read_exact(&mut self, buf: &mut [u8]) -> Result<(), SyncError> {
        let mut got = 0;
        while got < buf.len() {
            self.stream.set_read_timeout(Some(self.timeout()?))?;
            match self.stream.read(&mut buf[got..]) {
                Ok(0) => return Err(SyncError::ConnectionClosed),
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(SyncError::from_socket(e)),
            }
        }
        Ok(())
    }

    /// Writes one frame: its length (u32 big-endian) and its bytes.
    pub fn write_frame(&mut self, body: &[u8]) -> Result<(), SyncError> {
        if body.len() > MAX_FRAME_BYTES {
            return Err(SyncError::FrameTooLarge { len: body.len(), max: MAX_FRAME_BYTES });
        }
        self.stream.set_write_timeout(Some(self.timeout()?))?;
        let mut out = Vec::with_capacity(4 + body.len());
        out.extend_from_slice(&(body.len() as u32).to_be_bytes());
        out.extend_from_slice(body);
        self.stream.write_all(&out).map_err(SyncError::from_socket)
    }

    /// Reads one frame, refusing an announced length over the cap before reading it.
    pub fn read_frame(&mut self) -> Result<Vec<u8>, SyncError> {
        let mut len = [0u8; 4];
        self.read_exact(&mut len)?;
        let len = u32::from_be_bytes(len) as usize;
        if len > MAX_FRAME_BYTES {
            return Err(SyncError::FrameTooLarge { len, max: MAX_FRAME_BYTES });
        }
        let mut body = vec![0u8; len];
        self.read_exact(&mut body)?;
        Ok(body)
    }
}

/// The client's hello: magic, its version, the class it reports to.
pub(crate) fn client_hello(class: ClassId) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.push(PROTOCOL_VERSION);
    out.extend_from_slice(&class.0.to_be_bytes());
    out
}

/// What a client hello asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ClientHello {
    V1(ClassId),
    /// A version this app does not speak.
    Other(u8),
}

pub(crate) fn parse_client_hello(frame: &[u8]) -> Result<ClientHello, SyncError> {
    if frame.len() < MAGIC.len() + 1 || &frame[..MAGIC.len()] != MAGIC {
        return Err(SyncError::NotQikeSync);
    }
    let version = frame[MAGIC.len()];
    if version != PROTOCOL_VERSION {
        return Ok(ClientHello::Other(version));
    }
    let id: [u8; 4] = frame
        .get(MAGIC.len() + 1..CLIENT_HELLO_LEN)
        .and_then(|b| b.try_into().ok())
        .filter(|_| frame.len() == CLIENT_HELLO_LEN)
        .ok_or(SyncError::NotQikeSync)?;
    Ok(ClientHello::V1(ClassId(u32::from_be_bytes(id))))
}

pub(crate) fn server_hello(status: u8) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.push(PROTOCOL_VERSION);
    out.push(status);
    out
}

/// The version and status of a server hello, if `frame` is one.
pub(crate) fn parse_server_hello(frame: &[u8]) -> Option<(u8, u8)> {
    (frame.len() == SERVER_HELLO_LEN && &frame[..MAGIC.len()] == MAGIC)
        .then(|| (frame[MAGIC.len()], frame[MAGIC.len() + 1]))
}

/// The Noise pre-shared key of a class: HMAC-SHA-256 keyed with the class key over a
/// label and the class id, so the key on the wire is never the class key itself.
pub(crate) fn channel_psk(class: ClassId, key: &ClassKey) -> [u8; 32] {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&key.0)
        .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
    mac.update(b"qike sync v1");
    mac.update(&class.0.to_be_bytes());
    mac.finalize().into_bytes().into()
}

/// The prologue both sides feed the handshake: the two hellos, so a hello changed
/// on the way makes the handshake fail.
pub(crate) fn prologue(client: &[u8], server: &[u8]) -> Vec<u8> {
    [b"qike sync v1 prologue".as_slice(), client, server].concat()
}

fn noise_error(_: snow::Error) -> SyncError {
    SyncError::HandshakeFailed
}

/// A fresh handshake of [`NOISE_PATTERN`] keyed by `psk` over `prologue`, for the side
/// that writes first (`initiator`) or the one that answers.
fn handshake_state(
    psk: &[u8; 32],
    prologue: &[u8],
    initiator: bool,
) -> Result<snow::HandshakeState, SyncError> {
    let params = NOISE_PATTERN.parse().map_err(noise_error)?;
    let builder = snow::Builder::new(params)
        .psk(0, psk)
        .and_then(|b| b.prologue(prologue))
        .map_err(noise_error)?;
    if initiator { builder.build_initiator() } else { builder.build_responder() }
        .map_err(noise_error)
}

/// Runs the initiator's side of the handshake; a server hello in place of the
/// second handshake message says the server refused it.
pub(crate) fn handshake_initiator(
    conn: &mut Conn,
    psk: &[u8; 32],
    prologue: &[u8],
) -> Result<snow::TransportState, SyncError> {
    let mut hs = handshake_state(psk, prologue, true)?;
    let mut buf = vec![0u8; MAX_FRAME_BYTES];
    let n = hs.write_message(&[], &mut buf).map_err(noise_error)?;
    conn.write_frame(&buf[..n])?;
    let reply = conn.read_frame()?;
    if parse_server_hello(&reply).is_some() {
        return Err(SyncError::HandshakeFailed);
    }
    hs.read_message(&reply, &mut buf).map_err(noise_error)?;
    hs.into_transport_mode().map_err(noise_error)
}

/// Runs the responder's side. On a failed handshake (another class key) it tells
/// the client in the clear, which reveals nothing the failure itself does not.
pub(crate) fn handshake_responder(
    conn: &mut Conn,
    psk: &[u8; 32],
    prologue: &[u8],
) -> Result<snow::TransportState, SyncError> {
    let mut hs = handshake_state(psk, prologue, false)?;
    let first = conn.read_frame()?;
    let mut buf = vec![0u8; MAX_FRAME_BYTES];
    if hs.read_message(&first, &mut buf).is_err() {
        let _ = conn.write_frame(&server_hello(STATUS_HANDSHAKE_FAILED));
        return Err(SyncError::HandshakeFailed);
    }
    let n = hs.write_message(&[], &mut buf).map_err(noise_error)?;
    conn.write_frame(&buf[..n])?;
    hs.into_transport_mode().map_err(noise_error)
}

/// One message of the encrypted channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// Pupil → teacher: a signed report, as `export_report` makes it.
    Report { bytes: Vec<u8> },
    /// Teacher → pupil: the report is imported and saved.
    Ack(Ack),
    /// Teacher → pupil: the report was refused.
    Refused { kind: RefusalKind, text: String },
    /// Teacher → pupil: the class's newest teacher-signed class file (homework).
    ClassFile { text: String },
    /// Either side: nothing more.
    Bye,
}

/// The teacher's answer to a report it saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ack {
    pub student: ProfileId,
    pub seq: u64,
    pub outcome: ImportOutcome,
}

const TAG_REPORT: u8 = 1;
const TAG_ACK: u8 = 2;
const TAG_REFUSED: u8 = 3;
const TAG_CLASS_FILE: u8 = 4;
const TAG_BYE: u8 = 5;

fn outcome_code(o: ImportOutcome) -> u8 {
    match o {
        ImportOutcome::NewStudent => 0,
        ImportOutcome::Updated => 1,
        ImportOutcome::AlreadyImported => 2,
    }
}

impl Message {
    /// The message's name, for errors (without its contents, which may be large).
    pub fn name(&self) -> &'static str {
        match self {
            Message::Report { .. } => "Report",
            Message::Ack(_) => "Ack",
            Message::Refused { .. } => "Refused",
            Message::ClassFile { .. } => "ClassFile",
            Message::Bye => "Bye",
        }
    }

    /// The message's bytes: a tag and its fields.
    pub fn encode(&self) -> Vec<u8> {
        match self {
            Message::Report { bytes } => [&[TAG_REPORT][..], bytes].concat(),
            Message::Ack(a) => {
                let mut out = vec![TAG_ACK, outcome_code(a.outcome)];
                out.extend_from_slice(&a.student.to_bytes());
                out.extend_from_slice(&a.seq.to_be_bytes());
                out
            }
            Message::Refused { kind, text } => {
                [&[TAG_REFUSED, kind.code()][..], text.as_bytes()].concat()
            }
            Message::ClassFile { text } => [&[TAG_CLASS_FILE][..], text.as_bytes()].concat(),
            Message::Bye => vec![TAG_BYE],
        }
    }

    pub fn decode(bytes: &[u8]) -> Result<Message, SyncError> {
        let bad = |what: &str| SyncError::Malformed(what.to_owned());
        let text =
            |b: &[u8]| String::from_utf8(b.to_vec()).map_err(|_| bad("a text field is not UTF-8"));
        let (&tag, rest) = bytes.split_first().ok_or_else(|| bad("an empty message"))?;
        match tag {
            TAG_REPORT => Ok(Message::Report { bytes: rest.to_vec() }),
            TAG_ACK => {
                if rest.len() != 1 + 16 + 8 {
                    return Err(bad("an acknowledgement of the wrong length"));
                }
                let outcome = match rest[0] {
                    0 => ImportOutcome::NewStudent,
                    1 => ImportOutcome::Updated,
                    2 => ImportOutcome::AlreadyImported,
                    _ => return Err(bad("an acknowledgement with an unknown outcome")),
                };
                let id: [u8; 16] = rest[1..17].try_into().map_err(|_| bad("a short id"))?;
                let seq: [u8; 8] = rest[17..25].try_into().map_err(|_| bad("a short number"))?;
                Ok(Message::Ack(Ack {
                    student: ProfileId(u128::from_be_bytes(id)),
                    seq: u64::from_be_bytes(seq),
                    outcome,
                }))
            }
            TAG_REFUSED => {
                let (&kind, why) =
                    rest.split_first().ok_or_else(|| bad("a refusal without kind"))?;
                Ok(Message::Refused { kind: RefusalKind::from_code(kind), text: text(why)? })
            }
            TAG_CLASS_FILE => Ok(Message::ClassFile { text: text(rest)? }),
            TAG_BYE if rest.is_empty() => Ok(Message::Bye),
            _ => Err(bad(&format!("an unknown message (tag {tag})"))),
        }
    }
}

/// The encrypted channel after the handshake: whole messages in and out, split
/// into frames of at most [`MAX_FRAME_BYTES`]. The first frame of a message starts
/// with the message's length (u32 big-endian).
#[derive(Debug)]
pub(crate) struct Channel {
    pub conn: Conn,
    noise: snow::TransportState,
}

impl Channel {
    pub fn new(conn: Conn, noise: snow::TransportState) -> Channel {
        Channel { conn, noise }
    }

    pub fn send(&mut self, msg: &Message) -> Result<(), SyncError> {
        let body = msg.encode();
        if body.len() > MAX_MESSAGE_BYTES {
            return Err(SyncError::MessageTooLarge { len: body.len(), max: MAX_MESSAGE_BYTES });
        }
        let plain = [&(body.len() as u32).to_be_bytes()[..], &body].concat();
        let mut buf = vec![0u8; MAX_FRAME_BYTES];
        for chunk in plain.chunks(CHUNK) {
            let n = self.noise.write_message(chunk, &mut buf).map_err(|_| SyncError::Decrypt)?;
            self.conn.write_frame(&buf[..n])?;
        }
        Ok(())
    }

    pub fn receive(&mut self) -> Result<Message, SyncError> {
        let mut buf = vec![0u8; MAX_FRAME_BYTES];
        let mut plain = Vec::new();
        let mut want: Option<usize> = None;
        loop {
            let frame = self.conn.read_frame()?;
            let n = self.noise.read_message(&frame, &mut buf).map_err(|_| SyncError::Decrypt)?;
            plain.extend_from_slice(&buf[..n]);
            if want.is_none() && plain.len() >= 4 {
                let len = u32::from_be_bytes([plain[0], plain[1], plain[2], plain[3]]) as usize;
                if len > MAX_MESSAGE_BYTES {
                    return Err(SyncError::MessageTooLarge { len, max: MAX_MESSAGE_BYTES });
                }
                want = Some(len + 4);
            }
            match want {
                Some(w) if plain.len() == w => return Message::decode(&plain[4..]),
                Some(w) if plain.len() > w => {
                    return Err(SyncError::Malformed("a message longer than it said".into()));
                }
                _ if n == 0 => return Err(SyncError::Malformed("an empty frame".into())),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        let all = [
            Message::Report { bytes: vec![1, 2, 3] },
            Message::Ack(Ack {
                student: ProfileId(u128::from_be_bytes([7; 16])),
                seq: 42,
                outcome: ImportOutcome::AlreadyImported,
            }),
            Message::Refused { kind: RefusalKind::Tampered, text: "changed".into() },
            Message::ClassFile { text: "QIKE:CLASS:ABC".into() },
            Message::Bye,
        ];
        for m in all {
            assert_eq!(Message::decode(&m.encode()).unwrap(), m);
        }
        assert!(matches!(Message::decode(&[]), Err(SyncError::Malformed(_))));
        assert!(matches!(Message::decode(&[99]), Err(SyncError::Malformed(_))));
        assert!(matches!(Message::decode(&[TAG_ACK, 0]), Err(SyncError::Malformed(_))));
    }

    #[test]
    fn hellos_are_told_apart() {
        let h = client_hello(ClassId(5));
        assert_eq!(parse_client_hello(&h).unwrap(), ClientHello::V1(ClassId(5)));
        let mut future = h.clone();
        future[8] = 9;
        assert_eq!(parse_client_hello(&future).unwrap(), ClientHello::Other(9));
        assert!(matches!(parse_client_hello(b"GET / HTTP/1.1"), Err(SyncError::NotQikeSync)));
        assert_eq!(parse_server_hello(&server_hello(STATUS_BUSY)), Some((1, STATUS_BUSY)));
        assert_eq!(parse_server_hello(&h), None);
    }
}
