//! The lock on teacher mode: on first entry the teacher sets a PIN (twice) and is shown
//! a recovery code once; afterwards the PIN opens the area. "忘记密码" takes the
//! recovery code (typed) and a new PIN. The hashing and checks are core's.

use bevy::prelude::*;
use bevy::text::Justify;
use qike_core::progress::{PIN_DIGITS, PinCheck, ProgressStore, StoreError, Timestamp};

use super::{Teacher, TeacherAction, TeacherPage, page_header};
use crate::data::Store;
use crate::i18n::{Lang, Msg};
use crate::ui::{CARD, Canvas, INK, Look, MUTED};
use crate::widgets::TAP;

/// What the keypad and the lock's buttons do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LockAction {
    Digit(u8),
    Erase,
    /// The PIN typed so far is done.
    Enter,
    /// Forgot the PIN: type the recovery code.
    Forgot,
    /// The recovery code was written down: into the area.
    Noted,
}

/// The lock's part of the teacher area's state.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lock {
    pub unlocked: bool,
    /// The digits typed.
    pub pin: String,
    /// Setting the first PIN: the one typed first, to be typed again.
    pub first: Option<String>,
    /// Typing the recovery code (into the teacher's text field).
    pub recovering: bool,
    /// The recovery code to show once.
    pub code: Option<String>,
}

/// Carries out a lock button; `Ok(true)` when the area opens.
pub(super) fn act(
    s: &ProgressStore,
    t: &mut Teacher,
    a: &LockAction,
    lang: Lang,
) -> Result<bool, StoreError> {
    let lock = &mut t.lock;
    match a {
        LockAction::Digit(d) => {
            if lock.pin.len() < PIN_DIGITS.1 {
                lock.pin.push(char::from(b'0' + d % 10));
            }
        }
        LockAction::Erase => {
            lock.pin.pop();
        }
        LockAction::Forgot => {
            lock.recovering = true;
            lock.pin.clear();
            t.field.clear();
        }
        LockAction::Noted => {
            lock.code = None;
            lock.unlocked = true;
            return Ok(true);
        }
        LockAction::Enter => {
            let pin = std::mem::take(&mut lock.pin);
            if lock.recovering {
                match s.reset_teacher_pin(&t.field, &pin)? {
                    Some(code) => {
                        lock.recovering = false;
                        lock.code = Some(code);
                        t.field.clear();
                    }
                    None => t.problem = Some(lang.get(Msg::WrongRecoveryCode).to_owned()),
                }
            } else if !s.has_teacher_pin()? {
                match lock.first.take() {
                    None if pin.len() >= PIN_DIGITS.0 => lock.first = Some(pin),
                    None => t.problem = Some(lang.get(Msg::PinTooShort).to_owned()),
                    Some(first) if first == pin => lock.code = Some(s.set_teacher_pin(&pin)?),
                    Some(_) => t.problem = Some(lang.get(Msg::PinsDiffer).to_owned()),
                }
            } else {
                let now = Timestamp::now();
                let wait = |until: Timestamp| {
                    let seconds = ((until.0 - now.0).max(0) + 999) / 1000;
                    lang.fill(Msg::PinWait, &[("seconds", &seconds.to_string())])
                };
                t.problem = Some(match s.check_teacher_pin(&pin, now)? {
                    PinCheck::Open => {
                        lock.unlocked = true;
                        return Ok(true);
                    }
                    PinCheck::Wrong { wait_until: Some(until), .. } | PinCheck::Wait { until } => {
                        wait(until)
                    }
                    PinCheck::Wrong { free_tries_left, wait_until: None } => {
                        let n = free_tries_left.to_string();
                        lang.fill(Msg::WrongPinTriesLeft, &[("n", &n)])
                    }
                });
            }
        }
    }
    Ok(false)
}

pub(super) fn draw(mut canvas: Canvas, t: Res<Teacher>, store: Option<Res<Store>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    let mut col = page_header(&mut p, &frame, lang, TeacherPage::Lock, &t);
    let lock = &t.lock;
    if let Some(code) = &lock.code {
        p.text(col.next(2.4 * u), lang.get(Msg::RecoveryCodeIntro), 0.9, INK);
        let r = col.next(3.4 * u);
        p.panel(r, CARD, 0.6);
        p.text_aligned(r, code.clone(), 1.4, INK, Justify::Center);
        p.text(col.next(2.4 * u), lang.get(Msg::RecoveryCodeKeep), 0.8, MUTED);
        let r = col.next(TAP * u);
        p.button(
            r,
            lang.get(Msg::RecoveryCodeNoted),
            TeacherAction::Lock(LockAction::Noted),
            Look::Primary,
        );
        return;
    }
    let has_pin = store.0.has_teacher_pin().unwrap_or(false);
    let prompt = if lock.recovering {
        Msg::TypeRecoveryCode
    } else if !has_pin && lock.first.is_some() {
        Msg::PinAgain
    } else if !has_pin {
        Msg::SetPin
    } else {
        Msg::EnterPin
    };
    p.text(col.next(2.0 * u), lang.get(prompt), 1.0, INK);
    if lock.recovering {
        let r = col.next(2.6 * u);
        p.panel(r, CARD, 0.4);
        p.text_aligned(r, format!("{}|", t.field), 1.1, INK, Justify::Center);
        p.text(col.next(1.6 * u), lang.get(Msg::NewPinBelow), 0.8, MUTED);
    }
    // The digits typed, as dots.
    let r = col.next(2.6 * u);
    p.panel(r, CARD, 0.4);
    let dots = vec!["●"; lock.pin.len()].join(" ");
    p.text_aligned(r, dots, 1.2, INK, Justify::Center);
    let key = |d: u8| TeacherAction::Lock(LockAction::Digit(d));
    for line in [[1u8, 2, 3], [4, 5, 6], [7, 8, 9]] {
        let row = col.row(3, TAP * u);
        for (r, d) in row.iter().zip(line) {
            p.button(*r, d.to_string(), key(d), Look::Secondary);
        }
    }
    let row = col.row(3, TAP * u);
    p.button(row[0], "⌫", TeacherAction::Lock(LockAction::Erase), Look::Secondary);
    p.button(row[1], "0", key(0), Look::Secondary);
    p.button(row[2], lang.get(Msg::Confirm), TeacherAction::Lock(LockAction::Enter), Look::Primary);
    if has_pin && !lock.recovering {
        col.next(u);
        let r = col.next(TAP * u);
        p.button(
            r,
            lang.get(Msg::ForgotPin),
            TeacherAction::Lock(LockAction::Forgot),
            Look::Secondary,
        );
    }
    if t.problem.is_some() {
        return;
    }
    p.text(col.next(1.4 * u), lang.get(Msg::PinDigits), 0.7, MUTED);
}
