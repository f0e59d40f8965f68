//! The pupil's side of class sync: looking for the teacher's open collections on the
//! network while the screen is open, and sending a report on a thread of its own so the
//! screen never waits (it shows "waiting for the teacher" while the teacher decides).

use std::net::SocketAddr;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use bevy::prelude::*;
use qike_core::progress::{ClassFileError, ClassId, ImportOutcome, JoinCode};
use qike_core::sync::{
    ClientOptions, Finder, FoundCollection, RefusalKind, Retry, SendOutcome, SyncError,
    send_observed,
};

/// Where a send stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendState {
    Sending,
    /// The teacher's device holds the report until the teacher accepts this pupil.
    WaitingForTeacher,
    /// The teacher's store saved it ("已送达"); whether homework came back with it.
    Delivered {
        outcome: ImportOutcome,
        homework: bool,
    },
    Failed(String),
}

/// What the send thread tells the screen.
enum Heard {
    Try(SendState),
    Done(Result<SendOutcome, SyncError>),
}

/// The network side of the pupil's class screen.
#[derive(Resource, Default)]
pub struct Outbox {
    finder: Option<Mutex<Finder>>,
    /// Why the teacher's collections cannot be looked for here.
    pub no_discovery: Option<String>,
    /// The open collections of any class, as last seen.
    pub found: Vec<FoundCollection>,
    sending: Option<(ClassId, Mutex<Receiver<Heard>>)>,
    /// The class of the last send, and where it stands.
    pub state: Option<(ClassId, SendState)>,
}

impl std::fmt::Debug for Outbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outbox").field("found", &self.found).field("state", &self.state).finish()
    }
}

/// How long a pupil's device keeps trying while the teacher decides: about a minute.
const PATIENCE: Retry =
    Retry { tries: 30, first_wait: Duration::from_millis(500), max_wait: Duration::from_secs(2) };

impl Outbox {
    /// Starts looking for collections.
    pub fn look(&mut self) {
        match Finder::new() {
            Ok(f) => self.finder = Some(Mutex::new(f)),
            Err(e) => self.no_discovery = Some(e.to_string()),
        }
    }

    /// Stops looking and lets a send in progress finish on its own.
    pub fn close(&mut self) {
        *self = Outbox::default();
    }

    /// The open collection of `class`, if one is seen.
    pub fn collection_of(&self, class: ClassId) -> Option<&FoundCollection> {
        self.found.iter().find(|f| f.class == class)
    }

    /// Sends `report` to `to` on a thread; [`Outbox::poll`] hears how it went.
    pub fn send(&mut self, class: ClassId, join: JoinCode, report: Vec<u8>, to: SocketAddr) {
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let observe = |e: &SyncError| tx.send(Heard::Try(waiting_or_sending(e))).is_ok();
            let options = ClientOptions::default();
            let result = send_observed(to, &join, &report, &options, &PATIENCE, observe);
            let _ = tx.send(Heard::Done(result));
        });
        self.sending = Some((class, Mutex::new(rx)));
        self.state = Some((class, SendState::Sending));
    }

    /// Takes in what the network and the send thread said; the class file that came
    /// back with a delivered report (or why it was refused), and whether anything
    /// changed.
    pub fn poll(&mut self) -> (Option<Result<String, ClassFileError>>, bool) {
        let mut changed = false;
        if let Some(finder) = &self.finder
            && let Ok(mut f) = finder.lock()
        {
            let found = f.poll();
            if found != self.found {
                self.found = found;
                changed = true;
            }
        }
        let mut class_file = None;
        let mut finished = false;
        if let Some((class, rx)) = &self.sending
            && let Ok(rx) = rx.lock()
        {
            for heard in rx.try_iter() {
                changed = true;
                let state = match heard {
                    Heard::Try(state) => state,
                    Heard::Done(Ok(sent)) => {
                        finished = true;
                        let homework = sent.class_file.is_some();
                        class_file = match (sent.class_file, sent.class_file_refused) {
                            (Some(text), _) => Some(Ok(text)),
                            (None, Some(e)) => Some(Err(e)),
                            (None, None) => None,
                        };
                        SendState::Delivered { outcome: sent.ack.outcome, homework }
                    }
                    Heard::Done(Err(e)) => {
                        finished = true;
                        SendState::Failed(e.to_string())
                    }
                };
                self.state = Some((*class, state));
            }
        }
        if finished {
            self.sending = None;
        }
        (class_file, changed)
    }
}

fn waiting_or_sending(e: &SyncError) -> SendState {
    match e {
        SyncError::Refused { kind: RefusalKind::AwaitingTeacher, .. } => {
            SendState::WaitingForTeacher
        }
        _ => SendState::Sending,
    }
}
