//! 收进度: while this page is open, the teacher's device takes the class's reports over
//! the classroom's network. It listens on a port, announces the class by DNS-SD, and
//! shows who has sent (names ticking in), who is missing, pupils waiting to be
//! accepted, refusals with their reasons, and the short code (with its QR) for
//! networks that block the announcement. Leaving the page or stopping closes the port.

use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use qike_core::progress::{ClassId, ProfileId, ProgressStore};
use qike_core::sync::{
    Announcement, ServerOptions, SyncEvent, SyncServer, announce, encode_short_code, local_ipv4,
    serve,
};

use super::{Teacher, TeacherAction, TeacherPage, page_header};
use crate::data::Store;
use crate::i18n::{Lang, Msg};
use crate::ui::{BAD, CARD, Canvas, Column, GOOD, INK, Look, MUTED, Painter, Redraw, SECONDARY};
use crate::widgets::{TAP, qr};

/// The buttons of the page.
#[derive(Debug, Clone, PartialEq)]
pub enum CollectAction {
    /// Accepts a waiting pupil's key.
    Accept(ProfileId),
    /// Stops the collection, or starts it again.
    StartStop,
}

/// A pupil whose report waits for the teacher.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitingPupil {
    pub student: ProfileId,
    pub name: String,
    /// A known pupil sending from another device (another key).
    pub new_device: bool,
    /// The teacher accepted; the pupil's device sends again by itself.
    pub accepted: bool,
}

/// The collection of the open class: the running server and what it has heard.
#[derive(Resource, Default)]
pub struct Collection {
    live: Option<Live>,
    pub class: Option<ClassId>,
    /// Pupils whose report arrived in this collection, in order, with their names.
    pub received: Vec<(ProfileId, String)>,
    pub waiting: Vec<WaitingPupil>,
    /// The latest refusals' reasons, newest last (a few).
    pub refused: Vec<String>,
    /// The short codes of this device's addresses, with the port.
    pub codes: Vec<String>,
    /// Why the class is not announced on the network (the short code still works).
    pub not_announced: Option<String>,
    /// Why the collection could not start.
    pub problem: Option<String>,
}

struct Live {
    server: SyncServer,
    _announcement: Option<Announcement>,
    events: Mutex<Receiver<SyncEvent>>,
}

impl std::fmt::Debug for Collection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Collection")
            .field("running", &self.is_running())
            .field("received", &self.received.len())
            .finish_non_exhaustive()
    }
}

/// How many refusal reasons the page keeps.
const REFUSALS_SHOWN: usize = 3;

impl Collection {
    pub fn is_running(&self) -> bool {
        self.live.is_some()
    }

    /// Where the server listens, while it runs.
    pub fn addr(&self) -> Option<SocketAddr> {
        self.live.as_ref().map(|l| l.server.addr())
    }

    /// Starts collecting `class`'s reports on every interface, announced by DNS-SD.
    pub fn start(&mut self, store: &Arc<ProgressStore>, class: ClassId) {
        self.stop();
        *self = Collection { class: Some(class), ..Collection::default() };
        let c = match store.class(class) {
            Ok(c) => c,
            Err(e) => {
                self.problem = Some(e.to_string());
                return;
            }
        };
        let (tx, rx) = channel();
        let tx = Mutex::new(tx);
        let options = ServerOptions { accept_new: false, ..ServerOptions::default() };
        let listen = SocketAddr::from((Ipv4Addr::UNSPECIFIED, 0));
        let served = serve(store.clone(), class, listen, options, move |e| {
            let _ = tx.lock().map(|tx| tx.send(e));
        });
        let server = match served {
            Ok(s) => s,
            Err(e) => {
                self.problem = Some(e.to_string());
                return;
            }
        };
        let port = server.addr().port();
        let mut ips = local_ipv4();
        if ips.is_empty() {
            // No network: this device alone (another app on it, or a test).
            ips.push(Ipv4Addr::LOCALHOST);
        }
        self.codes =
            ips.into_iter().map(|ip| encode_short_code(SocketAddrV4::new(ip, port))).collect();
        let announcement = match announce(class, &c.name, &c.teacher, port) {
            Ok(a) => Some(a),
            Err(e) => {
                self.not_announced = Some(e.to_string());
                None
            }
        };
        self.live = Some(Live { server, _announcement: announcement, events: Mutex::new(rx) });
    }

    /// Withdraws the announcement and closes the port; what arrived stays listed.
    pub fn stop(&mut self) {
        self.live = None;
    }

    /// The teacher accepts a waiting pupil: their device's next try is taken.
    pub fn accept(&mut self, student: ProfileId) {
        if let Some(live) = &self.live {
            live.server.accept_pupil(student);
        }
        for w in self.waiting.iter_mut().filter(|w| w.student == student) {
            w.accepted = true;
        }
    }

    /// Takes in what the server heard since the last call; whether anything changed.
    pub fn poll(&mut self, store: &ProgressStore) -> bool {
        let events: Vec<SyncEvent> = match &self.live {
            Some(live) => match live.events.lock() {
                Ok(rx) => rx.try_iter().collect(),
                Err(_) => Vec::new(),
            },
            None => Vec::new(),
        };
        let changed = !events.is_empty();
        for e in events {
            self.take(store, e);
        }
        changed
    }

    /// Notes one event of the server.
    pub fn take(&mut self, store: &ProgressStore, event: SyncEvent) {
        match event {
            SyncEvent::Received { peer, student, seq, outcome } => {
                info!("class sync: report {seq} of {student} from {peer}: {outcome:?}");
                self.waiting.retain(|w| w.student != student);
                if !self.received.iter().any(|(id, _)| *id == student) {
                    let name = self
                        .class
                        .and_then(|c| store.roster_entry(c, student).ok())
                        .map(|e| e.shown_name().to_owned())
                        .unwrap_or_else(|| student.to_string());
                    self.received.push((student, name));
                }
            }
            SyncEvent::Waiting { peer, student, name, new_device } => {
                info!("class sync: {name} ({student}) from {peer} waits to be accepted");
                if !self.waiting.iter().any(|w| w.student == student) {
                    let accepted = false;
                    self.waiting.push(WaitingPupil { student, name, new_device, accepted });
                }
            }
            SyncEvent::Refused { peer, reason } => {
                warn!("class sync: refused {peer}: {reason}");
                self.refused.push(reason.to_string());
                let extra = self.refused.len().saturating_sub(REFUSALS_SHOWN);
                self.refused.drain(..extra);
            }
        }
    }
}

/// Keeps the page up to date with the server's events.
pub(super) fn poll(
    mut c: ResMut<Collection>,
    store: Option<Res<Store>>,
    mut redraw: ResMut<Redraw>,
) {
    if let Some(store) = store
        && c.is_running()
        && c.poll(&store.0)
    {
        redraw.0 = true;
    }
}

/// Does a button of the page.
pub(super) fn act(c: &mut Collection, store: &Arc<ProgressStore>, t: &Teacher, a: &CollectAction) {
    match a {
        CollectAction::Accept(id) => c.accept(*id),
        CollectAction::StartStop if c.is_running() => c.stop(),
        CollectAction::StartStop => {
            if let Some(class) = t.class {
                c.start(store, class);
            }
        }
    }
}

pub(super) fn draw(
    mut canvas: Canvas,
    t: Res<Teacher>,
    c: Res<Collection>,
    store: Option<Res<Store>>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    let mut col = page_header(&mut p, &frame, lang, TeacherPage::Collect, &t);
    page(&mut p, &mut col, frame.unit, lang, &store.0, &c);
}

fn page(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, s: &ProgressStore, c: &Collection) {
    let Some(Ok(class)) = c.class.map(|id| s.class(id)) else { return };
    let roster = s.roster(class.id).unwrap_or_default();
    let r = col.next(2.0 * u);
    p.text(r, format!("{} · {}", class.teacher, class.name), 1.0, MUTED);
    if let Some(problem) = &c.problem {
        let r = col.next(2.4 * u);
        p.text(r, problem.clone(), 0.8, BAD);
    }
    // The count, large, and who is missing.
    let total = roster.len().max(c.received.len());
    let got = c.received.len();
    let r = col.next(3.6 * u);
    let count =
        lang.fill(Msg::CollectCount, &[("got", &got.to_string()), ("all", &total.to_string())]);
    p.text_aligned(
        r,
        count,
        2.0,
        if got == total && total > 0 { GOOD } else { INK },
        Justify::Center,
    );
    let r = col.next(1.8 * u);
    let state = if c.is_running() {
        lang.fill(Msg::CollectMissing, &[("n", &(total - got).to_string())])
    } else {
        lang.get(Msg::CollectStopped).to_owned()
    };
    p.text_aligned(r, state, 0.9, MUTED, Justify::Center);

    // Pupils to accept.
    for w in c.waiting.iter().take(4) {
        let r = col.next(TAP * u);
        p.panel(r, CARD, 0.5);
        let msg = if w.new_device { Msg::CollectNewDevice } else { Msg::CollectNewPupil };
        let label = Rect::new(r.min.x + 0.6 * u, r.min.y + 0.7 * u, r.max.x - 9.0 * u, r.max.y);
        p.text(label, lang.fill(msg, &[("name", &w.name)]), 0.95, INK);
        let b =
            Rect::new(r.max.x - 8.4 * u, r.min.y + 0.3 * u, r.max.x - 0.4 * u, r.max.y - 0.3 * u);
        if w.accepted {
            p.text_aligned(b, lang.get(Msg::CollectAccepted), 0.85, GOOD, Justify::Center);
        } else {
            let action = TeacherAction::Collect(CollectAction::Accept(w.student));
            p.button(b, lang.get(Msg::CollectAccept), action, Look::Primary);
        }
    }

    // Every pupil of the roster as a chip: green with a tick once their report is in.
    names(p, col, u, &roster_names(&roster, c));

    for why in &c.refused {
        let r = col.next(1.6 * u);
        p.text(r, lang.fill(Msg::CollectRefused, &[("why", why)]), 0.7, BAD);
    }

    // The short code and its QR, for networks without the announcement.
    if c.is_running() {
        let r = col.next(1.6 * u);
        p.text(r, lang.get(Msg::CollectCodeHint), 0.8, MUTED);
        let side = (col.width * 0.34).min(10.0 * u);
        let area = col.next(side);
        let code_area = Rect::new(area.min.x, area.min.y, area.max.x - side - u, area.max.y);
        let first = c.codes.first().cloned().unwrap_or_default();
        p.text_aligned(code_area, first.clone(), 1.9, INK, Justify::Center);
        let square = Rect::new(area.max.x - side, area.min.y, area.max.x, area.max.y);
        qr(p, square, &first);
        if let Some(why) = &c.not_announced {
            let r = col.next(1.6 * u);
            p.text(r, lang.fill(Msg::CollectNotAnnounced, &[("why", why)]), 0.65, MUTED);
        }
    }
    let r = col.next(TAP * u);
    let (label, look) = if c.is_running() {
        (Msg::CollectStop, Look::Secondary)
    } else {
        (Msg::CollectStart, Look::Primary)
    };
    p.button(r, lang.get(label), TeacherAction::Collect(CollectAction::StartStop), look);
}

/// The roster's names with whether each sent in this collection; pupils new to the
/// class (not yet on the roster when drawn) come from the received list.
fn roster_names(
    roster: &[qike_core::progress::RosterEntry],
    c: &Collection,
) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = roster
        .iter()
        .map(|e| {
            let sent = c.received.iter().any(|(id, _)| *id == e.student);
            (e.shown_name().to_owned(), sent)
        })
        .collect();
    for (id, name) in &c.received {
        if !roster.iter().any(|e| e.student == *id) {
            out.push((name.clone(), true));
        }
    }
    // Those in first, so the teacher sees the ticks fill up.
    out.sort_by_key(|(_, sent)| !*sent);
    out
}

/// The name chips, five to a row.
fn names(p: &mut Painter, col: &mut Column, u: f32, names: &[(String, bool)]) {
    const PER_ROW: usize = 5;
    for chunk in names.chunks(PER_ROW) {
        let row = col.row(PER_ROW, 2.4 * u);
        for (r, (name, sent)) in row.iter().zip(chunk) {
            let (fill, ink) = if *sent { (GOOD, Color::WHITE) } else { (SECONDARY, MUTED) };
            p.panel(*r, fill, 0.4);
            let shown = if *sent { format!("✓{name}") } else { name.clone() };
            let text = Rect::new(r.min.x, r.min.y + 0.7 * u, r.max.x, r.max.y);
            p.text_aligned(text, shown, 0.75, ink, Justify::Center);
        }
    }
}
