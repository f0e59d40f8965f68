//! The teacher's side: a TCP server that takes pupils' reports for one class, imports
//! each into the store, acknowledges it once saved and answers with the class file.

use std::collections::BTreeSet;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use super::error::{RefusalKind, SyncError};
use super::wire::{
    Ack, Channel, ClientHello, Conn, Message, PROTOCOL_VERSION, STATUS_BUSY, STATUS_NOT_SYNC,
    STATUS_OK, STATUS_UNKNOWN_CLASS, STATUS_VERSION, channel_psk, handshake_responder,
    parse_client_hello, prologue, server_hello,
};
use crate::progress::{
    ClassId, ClassKey, ImportOutcome, ProfileId, ProgressStore, StoreError, Timestamp,
    open_signed_report,
};

/// How the server treats its connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerOptions {
    /// Most connections served at once; one more is told "busy" and closed.
    pub max_connections: usize,
    /// How long one read or write may wait before the connection is dropped.
    pub io_timeout: Duration,
    /// How long one connection may take in all, however it trickles.
    pub connection_time: Duration,
    /// Whether a report signed by a key the store has not pinned for its pupil (their
    /// first report) is taken by itself, pinning the key, as a file import does. When
    /// `false` (the app), such a report waits for the teacher: it is refused with
    /// [`RefusalKind::AwaitingTeacher`] and told as [`SyncEvent::Waiting`] until
    /// [`SyncServer::accept_pupil`]; so is a known pupil's report from a new device.
    pub accept_new: bool,
}

impl Default for ServerOptions {
    fn default() -> ServerOptions {
        ServerOptions {
            max_connections: 64,
            io_timeout: Duration::from_secs(10),
            connection_time: Duration::from_secs(60),
            accept_new: true,
        }
    }
}

/// What happened on one connection, as the server tells its caller.
#[derive(Debug)]
pub enum SyncEvent {
    /// A report was imported and saved (and its acknowledgement sent, unless the
    /// pupil's device went away in between).
    Received { peer: SocketAddr, student: ProfileId, seq: u64, outcome: ImportOutcome },
    /// A connection ended without an import: a refused report, a wrong class key, a
    /// silent or garbled peer, too many connections. Never a panic.
    Refused { peer: SocketAddr, reason: SyncError },
    /// A pupil's report waits for the teacher to accept its key: a pupil the store has
    /// no key for yet, or (`new_device`) a known pupil whose report is signed by
    /// another key than the pinned one (a reinstalled phone, or someone else).
    Waiting { peer: SocketAddr, student: ProfileId, name: String, new_device: bool },
}

/// What a server took in so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ServeTally {
    pub new_students: usize,
    pub updated: usize,
    pub already_had: usize,
    pub refused: usize,
    /// Reports that wait for the teacher to accept the pupil's key.
    pub waiting: usize,
}

type EventSink = Arc<dyn Fn(SyncEvent) + Send + Sync>;
/// The pupils whose new key the teacher accepted while the server runs.
type Accepted = Arc<Mutex<BTreeSet<ProfileId>>>;

/// A running server. [`SyncServer::stop`] (or dropping it) closes the port and waits
/// for the connections in progress to end (each within its time allowance).
pub struct SyncServer {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    tally: Arc<Mutex<ServeTally>>,
    accepted: Accepted,
    accept: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for SyncServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SyncServer").field("addr", &self.addr).finish_non_exhaustive()
    }
}

impl SyncServer {
    /// The address the server listens on (with the port chosen for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The teacher accepts `student`'s key: their next report is imported and pins it,
    /// replacing an older key of theirs (a reinstalled phone).
    pub fn accept_pupil(&self, student: ProfileId) {
        self.accepted.lock().unwrap_or_else(|e| e.into_inner()).insert(student);
    }

    /// What the server took in so far.
    pub fn tally(&self) -> ServeTally {
        *self.tally.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Closes the port, waits for the connections in progress, returns the tally.
    pub fn stop(mut self) -> ServeTally {
        self.shutdown();
        self.tally()
    }

    fn shutdown(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let Some(accept) = self.accept.take() else { return };
        // Wake the blocking accept with a connection of our own.
        let wake = match self.addr {
            SocketAddr::V4(a) if a.ip().is_unspecified() => {
                SocketAddr::from((std::net::Ipv4Addr::LOCALHOST, a.port()))
            }
            SocketAddr::V6(a) if a.ip().is_unspecified() => {
                SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, a.port()))
            }
            a => a,
        };
        let _ = TcpStream::connect_timeout(&wake, Duration::from_secs(2));
        let _ = accept.join();
    }
}

impl Drop for SyncServer {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Serves `class` of `store` on `listen` (port 0 picks a free port). Every connection
/// runs on its own thread; `on_event` hears of every report received or refused.
pub fn serve(
    store: Arc<ProgressStore>,
    class: ClassId,
    listen: SocketAddr,
    options: ServerOptions,
    on_event: impl Fn(SyncEvent) + Send + Sync + 'static,
) -> Result<SyncServer, SyncError> {
    let key = store.class(class)?.key;
    let psk = channel_psk(class, &key);
    let listener =
        TcpListener::bind(listen).map_err(|source| SyncError::Listen { addr: listen, source })?;
    let addr = listener.local_addr()?;
    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Mutex::new(ServeTally::default()));
    let sink: EventSink = Arc::new(on_event);
    let accepted = Accepted::default();
    let shared = Shared {
        store,
        class,
        key,
        psk,
        options,
        tally: tally.clone(),
        sink,
        accepted: accepted.clone(),
    };
    let stop_flag = stop.clone();
    let accept = std::thread::Builder::new()
        .name("qike-sync-accept".into())
        .spawn(move || accept_loop(listener, stop_flag, shared))?;
    Ok(SyncServer { addr, stop, tally, accepted, accept: Some(accept) })
}

#[derive(Clone)]
struct Shared {
    store: Arc<ProgressStore>,
    class: ClassId,
    key: ClassKey,
    psk: [u8; 32],
    options: ServerOptions,
    tally: Arc<Mutex<ServeTally>>,
    sink: EventSink,
    accepted: Accepted,
}

impl Shared {
    fn tell(&self, event: SyncEvent) {
        {
            let mut t = self.tally.lock().unwrap_or_else(|e| e.into_inner());
            match &event {
                SyncEvent::Received { outcome: ImportOutcome::NewStudent, .. } => {
                    t.new_students += 1;
                }
                SyncEvent::Received { outcome: ImportOutcome::Updated, .. } => t.updated += 1,
                SyncEvent::Received { outcome: ImportOutcome::AlreadyImported, .. } => {
                    t.already_had += 1;
                }
                SyncEvent::Refused { .. } => t.refused += 1,
                SyncEvent::Waiting { .. } => t.waiting += 1,
            }
        }
        // A caller's callback that panics must not take the server down.
        let sink = self.sink.clone();
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || sink(event)));
    }
}

/// Counts a connection in progress for as long as it lives.
struct Active(Arc<AtomicUsize>);

impl Drop for Active {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

fn accept_loop(listener: TcpListener, stop: Arc<AtomicBool>, shared: Shared) {
    let active = Arc::new(AtomicUsize::new(0));
    let mut workers: Vec<JoinHandle<()>> = Vec::new();
    loop {
        let accepted = listener.accept();
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(_) => {
                // Out of file descriptors or a connection reset before accept: wait a
                // moment rather than spin.
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
        };
        let (done, running): (Vec<_>, Vec<_>) = workers.drain(..).partition(|h| h.is_finished());
        workers = running;
        for h in done {
            let _ = h.join();
        }
        if active.load(Ordering::SeqCst) >= shared.options.max_connections {
            let mut conn = Conn::new(stream, Duration::from_secs(1), Duration::from_secs(1));
            let _ = conn.write_frame(&server_hello(STATUS_BUSY));
            shared.tell(SyncEvent::Refused { peer, reason: SyncError::Busy });
            continue;
        }
        active.fetch_add(1, Ordering::SeqCst);
        let guard = Active(active.clone());
        let s = shared.clone();
        let spawned = std::thread::Builder::new().name("qike-sync-conn".into()).spawn(move || {
            let _guard = guard;
            if let Err(reason) = handle(stream, peer, &s) {
                s.tell(SyncEvent::Refused { peer, reason });
            }
        });
        match spawned {
            Ok(h) => workers.push(h),
            Err(e) => shared.tell(SyncEvent::Refused { peer, reason: SyncError::Io(e) }),
        }
    }
    drop(listener);
    for h in workers {
        let _ = h.join();
    }
}

/// One connection: hello, handshake, one report, the answer. An `Err` is the reason
/// the connection ended without an import; a received report is told in here.
fn handle(stream: TcpStream, peer: SocketAddr, s: &Shared) -> Result<(), SyncError> {
    let _ = stream.set_nodelay(true);
    let mut conn = Conn::new(stream, s.options.io_timeout, s.options.connection_time);
    let hello = conn.read_frame()?;
    let refuse = |conn: &mut Conn, status: u8, e: SyncError| {
        let _ = conn.write_frame(&server_hello(status));
        Err(e)
    };
    match parse_client_hello(&hello) {
        Err(e) => return refuse(&mut conn, STATUS_NOT_SYNC, e),
        Ok(ClientHello::Other(v)) => {
            let e = SyncError::VersionNotSupported { theirs: v, ours: PROTOCOL_VERSION };
            return refuse(&mut conn, STATUS_VERSION, e);
        }
        Ok(ClientHello::V1(c)) if c != s.class => {
            return refuse(&mut conn, STATUS_UNKNOWN_CLASS, SyncError::UnknownClass(c));
        }
        Ok(ClientHello::V1(_)) => {}
    }
    let reply = server_hello(STATUS_OK);
    conn.write_frame(&reply)?;
    let noise = handshake_responder(&mut conn, &s.psk, &prologue(&hello, &reply))?;
    let mut ch = Channel::new(conn, noise);
    let bytes = match ch.receive()? {
        Message::Report { bytes } => bytes,
        other => {
            let text = "the first message was not a report".to_owned();
            let _ = ch.send(&Message::Refused { kind: RefusalKind::Protocol, text: text.clone() });
            return Err(SyncError::Malformed(format!("{text} ({})", other.name())));
        }
    };
    let now = Timestamp::now();
    // The store's import is durable when it returns: only then is the report acked.
    let imported = match gate(s, &bytes) {
        Gate::Import => s.store.import_report(s.class, &bytes, now),
        Gate::Wait { student, name, new_device } => {
            let text = if new_device {
                format!("{name} is sending from a new device; the teacher has not accepted it yet")
            } else {
                format!("the teacher has not accepted {name} into the class yet")
            };
            let kind = RefusalKind::AwaitingTeacher;
            let _ = ch.send(&Message::Refused { kind, text });
            let _ = ch.send(&Message::Bye);
            s.tell(SyncEvent::Waiting { peer, student, name, new_device });
            return Ok(());
        }
    };
    match imported {
        Ok(sum) => {
            s.tell(SyncEvent::Received {
                peer,
                student: sum.student,
                seq: sum.seq,
                outcome: sum.outcome,
            });
            let ack = Ack { student: sum.student, seq: sum.seq, outcome: sum.outcome };
            // The report is saved; a pupil who goes away now will send it again and
            // hear "already imported".
            if ch.send(&Message::Ack(ack)).is_ok() {
                if let Ok(text) = s.store.export_class_file(s.class, now) {
                    let _ = ch.send(&Message::ClassFile { text });
                }
                let _ = ch.send(&Message::Bye);
            }
            Ok(())
        }
        Err(e) => {
            let kind = RefusalKind::of(&e);
            let text = match kind {
                // The teacher's paths and system errors stay on the teacher's device.
                RefusalKind::TeacherStore => {
                    "the teacher's device could not save the report; try again later".to_owned()
                }
                _ => e.to_string(),
            };
            let _ = ch.send(&Message::Refused { kind, text: text.clone() });
            let _ = ch.send(&Message::Bye);
            Err(SyncError::Refused { kind, text: format!("{e}") })
        }
    }
}

/// Whether a report may be imported now or waits for the teacher.
enum Gate {
    Import,
    Wait { student: ProfileId, name: String, new_device: bool },
}

/// A report is imported when new keys are taken by themselves, when it is signed by
/// the key pinned for its pupil, when it is an older unsigned report of a pupil the
/// store knows without a key, or when the teacher accepted the pupil (a new device's
/// key then replaces the pinned one). A report that does not open is imported too:
/// the import says why it is refused.
fn gate(s: &Shared, bytes: &[u8]) -> Gate {
    if s.options.accept_new {
        return Gate::Import;
    }
    let Ok(opened) = open_signed_report(bytes, s.class, &s.key) else { return Gate::Import };
    let student = opened.body.student;
    let pinned = match s.store.pinned_pupil_key(s.class, student) {
        Ok(pinned) => pinned,
        Err(_) => return Gate::Import,
    };
    let known =
        !matches!(s.store.roster_entry(s.class, student), Err(StoreError::NoSuchStudent { .. }));
    let new_device = match (pinned, opened.signer) {
        (Some(p), Some(k)) if p == k => return Gate::Import,
        (None, None) if known => return Gate::Import,
        // Refused by the import with its reason.
        (Some(_), None) => return Gate::Import,
        (Some(_), Some(_)) => true,
        (None, _) => false,
    };
    // An acceptance is used once: a later key change needs the teacher again.
    let accepted = s.accepted.lock().unwrap_or_else(|e| e.into_inner()).remove(&student);
    if !accepted {
        return Gate::Wait { student, name: opened.body.display_name, new_device };
    }
    if new_device {
        // The teacher accepted the new device: its key is pinned by this import.
        let _ = s.store.forget_pupil_key(s.class, student);
    }
    Gate::Import
}
