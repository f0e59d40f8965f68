//! The teacher's tournaments: an event from a class roster or a typed list of names, the
//! system and the scoring; each round's tables (table number, who has the first side);
//! results tapped per table, with undo; standings with tie-breaks, the crosstable, and
//! exports as CSV and TRF into the data folder. Every rule lives in the core's
//! [`Director`]; this screen only shows it and passes on taps.

use std::path::{Path, PathBuf};

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::window::Ime;
use qike_core::progress::{ClassId, StoreError};
use qike_core::tournament::{Director, GameResult, Mark, Scoring, Standing, System};

use crate::AppState;
use crate::data::{DataDir, Store};
use crate::flow::OpenTournament;
use crate::i18n::{Lang, Msg};
use crate::ui::{
    AddActions, BAD, CARD, Canvas, Column, GOOD, INK, Look, MUTED, Nav, Painter, Pressed, Redraw,
    add_screen, split,
};
use crate::widgets::{export_dir, header, type_into};

/// The pages of the tournament screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TourPage {
    #[default]
    Setup,
    Pairings,
    Standings,
    Crosstable,
    /// Late entries and withdrawals (a Swiss event).
    Players,
}

/// The systems offered, in the order of their buttons.
pub const SYSTEMS: [(Msg, System); 5] = [
    (Msg::TourRoundRobin, System::RoundRobin),
    (Msg::TourDoubleRoundRobin, System::DoubleRoundRobin),
    (Msg::TourSwiss, System::Swiss { rounds: 5 }),
    (Msg::TourKnockout, System::Knockout),
    (Msg::TourDoubleElimination, System::DoubleElimination),
];

/// The scorings offered: win, draw, loss.
pub const SCORINGS: [(&str, Scoring); 3] = [
    ("1 · ½ · 0", Scoring::CLASSIC),
    ("2 · 1 · 0", Scoring::TWO_ONE_ZERO),
    ("3 · 1 · 0", Scoring::THREE_ONE_ZERO),
];

/// What the tournament buttons do.
#[derive(Debug, Clone, PartialEq)]
pub enum TourAction {
    /// Picks a system from [`SYSTEMS`].
    System(usize),
    /// Picks a scoring from [`SCORINGS`].
    Scoring(usize),
    /// More or fewer Swiss rounds.
    Rounds(i32),
    /// Creates the event and pairs round 1.
    Create,
    Page(TourPage),
    /// Shows another round (by how many to move).
    Round(i32),
    PairNext,
    /// The result of a table of the round shown.
    Result {
        table: usize,
        result: GameResult,
    },
    Undo,
    Export,
    /// Back to the set-up for another event.
    NewEvent,
    /// Enters the name typed on the players page before the next round is paired.
    LateEntry,
    /// Withdraws a player (by start number) from the next round on.
    Withdraw(u32),
}

/// The tournament screen's state.
#[derive(Resource, Debug, Clone)]
pub struct TourScreen {
    pub page: TourPage,
    /// The players, typed: separated by commas, 、 or new lines.
    pub names: String,
    /// The event's name.
    pub title: String,
    /// Index into [`SYSTEMS`].
    pub system: usize,
    /// Index into [`SCORINGS`].
    pub scoring: usize,
    pub swiss_rounds: u32,
    pub director: Option<Director>,
    /// The round shown on the pairings page.
    pub round: u32,
    /// Where the last export went: the CSV and the TRF file.
    pub exported: Option<(PathBuf, PathBuf)>,
    pub problem: Option<String>,
    /// The class whose event this is: it is saved in the store after every change and
    /// opened again from the class page.
    pub class: Option<ClassId>,
    /// The name typed for a late entry.
    pub late_name: String,
}

impl Default for TourScreen {
    fn default() -> TourScreen {
        TourScreen {
            page: TourPage::Setup,
            names: String::new(),
            title: String::new(),
            system: 2,
            scoring: 0,
            swiss_rounds: 5,
            director: None,
            round: 0,
            exported: None,
            problem: None,
            class: None,
            late_name: String::new(),
        }
    }
}

impl TourScreen {
    /// The names typed, one player each, in order.
    pub fn players(&self) -> Vec<(String, u16)> {
        self.names
            .split([',', '，', '、', ';', '；', '\n'])
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| (n.to_owned(), 0))
            .collect()
    }

    /// The system picked, with the Swiss rounds filled in.
    pub fn chosen_system(&self) -> System {
        match SYSTEMS[self.system.min(SYSTEMS.len() - 1)].1 {
            System::Swiss { .. } => System::Swiss { rounds: self.swiss_rounds },
            other => other,
        }
    }
}

#[derive(Debug)]
pub struct TournamentPlugin;

impl Plugin for TournamentPlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<TourAction>()
            .init_resource::<TourScreen>()
            .add_systems(OnEnter(AppState::Tournament), open);
        add_screen(app, AppState::Tournament, (typing, react).chain(), draw);
    }
}

/// Opens the event the teacher asked for: a class's (its pupils as the players, or its
/// saved event going on where it was left), or the one under way.
fn open(
    mut commands: Commands,
    asked: Option<Res<OpenTournament>>,
    mut t: ResMut<TourScreen>,
    store: Option<Res<Store>>,
    lang: Res<Lang>,
) {
    t.problem = None;
    let Some(asked) = asked else { return };
    commands.remove_resource::<OpenTournament>();
    let Some(id) = asked.0 else {
        // The event under way, or a new one.
        t.page = if t.director.is_some() { TourPage::Pairings } else { TourPage::Setup };
        return;
    };
    let Some(store) = &store else { return };
    let roster = store.0.roster(id).unwrap_or_default();
    let names: Vec<&str> = roster.iter().map(|e| e.shown_name()).collect();
    t.names = names.join(", ");
    t.title = store.0.class(id).map_or_else(
        |_| lang.get(Msg::TourDefaultName).to_owned(),
        |c| format!("{} {}", c.name, lang.get(Msg::TourDefaultName)),
    );
    t.page = TourPage::Setup;
    t.director = None;
    t.exported = None;
    t.class = Some(id);
    // The class's last saved event goes on where it was left.
    let saved = store.0.events(id).ok().and_then(|names| names.last().cloned());
    if let Some(d) = saved.and_then(|name| store.0.event(id, &name).ok().flatten()) {
        t.round = d.rounds().max(1);
        t.director = Some(d);
        t.page = TourPage::Pairings;
    }
}

fn typing(
    mut keys: MessageReader<KeyboardInput>,
    mut ime: MessageReader<Ime>,
    mut t: ResMut<TourScreen>,
    mut redraw: ResMut<Redraw>,
) {
    let (field, limit) = match t.page {
        TourPage::Setup => (&mut t.names, 4000),
        TourPage::Players => (&mut t.late_name, 60),
        _ => {
            keys.clear();
            ime.clear();
            return;
        }
    };
    if type_into(field, limit, &mut keys, &mut ime) {
        redraw.0 = true;
    }
}

fn react(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<TourAction>>,
    mut t: ResMut<TourScreen>,
    data: Res<DataDir>,
    store: Option<Res<Store>>,
    lang: Res<Lang>,
    mut next: ResMut<NextState<AppState>>,
    mut redraw: ResMut<Redraw>,
) {
    for Pressed(action) in nav.read() {
        if *action == Nav::Back {
            match t.page {
                TourPage::Setup | TourPage::Pairings => next.set(AppState::Teacher),
                TourPage::Standings | TourPage::Crosstable | TourPage::Players => {
                    t.page = TourPage::Pairings
                }
            }
            redraw.0 = true;
        }
    }
    for Pressed(a) in pressed.read() {
        t.problem = None;
        let outcome = act(&mut t, a.clone(), &data.0, *lang);
        if let Err(problem) = outcome {
            t.problem = Some(problem);
        }
        if let (Some(store), Some(class), Some(d)) = (&store, t.class, &t.director)
            && let Err(e) = store.0.save_event(class, d)
        {
            t.problem = Some(e.to_string());
        }
        redraw.0 = true;
    }
}

/// Does one button's work; a refusal comes back as the text to show.
fn act(t: &mut TourScreen, a: TourAction, data: &Path, lang: Lang) -> Result<(), String> {
    match a {
        TourAction::System(i) => t.system = i.min(SYSTEMS.len() - 1),
        TourAction::Scoring(i) => t.scoring = i.min(SCORINGS.len() - 1),
        TourAction::Rounds(step) => {
            t.swiss_rounds = (t.swiss_rounds as i32 + step).clamp(1, 15) as u32;
        }
        TourAction::Create => {
            let title = if t.title.trim().is_empty() {
                lang.get(Msg::TourDefaultName).to_owned()
            } else {
                t.title.clone()
            };
            let scoring = SCORINGS[t.scoring.min(SCORINGS.len() - 1)].1;
            let mut d = Director::new(&title, scoring, t.chosen_system(), &t.players())
                .map_err(|e| e.to_string())?;
            t.round = d.pair_next().map_err(|e| e.to_string())?;
            t.director = Some(d);
            t.exported = None;
            t.page = TourPage::Pairings;
        }
        TourAction::Page(p) => t.page = p,
        TourAction::Round(step) => {
            let last = t.director.as_ref().map_or(0, Director::rounds);
            t.round = (t.round as i32 + step).clamp(1, last.max(1) as i32) as u32;
        }
        TourAction::PairNext => {
            let d = t.director.as_mut().ok_or_else(String::new)?;
            t.round = d.pair_next().map_err(|e| e.to_string())?;
        }
        TourAction::Result { table, result } => {
            let round = t.round;
            let d = t.director.as_mut().ok_or_else(String::new)?;
            d.set_result(round, table, result).map_err(|e| e.to_string())?;
        }
        TourAction::Undo => {
            let d = t.director.as_mut().ok_or_else(String::new)?;
            d.undo();
            t.round = t.round.min(d.rounds()).max(1);
        }
        TourAction::Export => {
            let d = t.director.as_ref().ok_or_else(String::new)?;
            t.exported = Some(export(d, data).map_err(|e| e.to_string())?);
        }
        TourAction::NewEvent => {
            t.director = None;
            t.exported = None;
            t.page = TourPage::Setup;
        }
        TourAction::LateEntry => {
            let d = t.director.as_mut().ok_or_else(String::new)?;
            d.add_late_entry(&t.late_name, 0).map_err(|e| e.to_string())?;
            t.late_name.clear();
        }
        TourAction::Withdraw(id) => {
            let d = t.director.as_mut().ok_or_else(String::new)?;
            d.withdraw(id).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Writes the event's standings as CSV and the whole event as TRF into the exports
/// folder beside the store; returns both paths.
pub fn export(d: &Director, data: &Path) -> Result<(PathBuf, PathBuf), StoreError> {
    let dir = export_dir(data);
    std::fs::create_dir_all(&dir)?;
    let stem: String =
        d.event.name.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).take(40).collect();
    let stem = format!("tournament-{stem}");
    let csv = dir.join(format!("{stem}.csv"));
    let trf = dir.join(format!("{stem}.trf"));
    std::fs::write(&csv, d.csv().as_bytes())?;
    std::fs::write(&trf, d.trf().as_bytes())?;
    Ok((csv, trf))
}

fn draw(mut canvas: Canvas, t: Res<TourScreen>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let title = match (&t.director, t.page) {
        (
            Some(d),
            TourPage::Pairings | TourPage::Standings | TourPage::Crosstable | TourPage::Players,
        ) => d.event.name.clone(),
        _ => lang.get(Msg::TourTitle).to_owned(),
    };
    let mut col = header(&mut p, &frame, lang, &title, Some(Nav::Back));
    let u = frame.unit;
    if let Some(problem) = &t.problem {
        let r = col.next(2.0 * u);
        p.text(r, problem.clone(), 0.8, BAD);
    }
    match (&t.director, t.page) {
        (Some(d), TourPage::Pairings) => pairings(&mut p, &mut col, u, lang, d, t.round),
        (Some(d), TourPage::Standings) => standings(&mut p, &mut col, u, lang, d, &t),
        (Some(d), TourPage::Crosstable) => crosstable(&mut p, &mut col, u, lang, d),
        (Some(d), TourPage::Players) => players(&mut p, &mut col, u, lang, d, &t),
        _ => setup(&mut p, &mut col, u, lang, &t),
    }
}

fn setup(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, t: &TourScreen) {
    let players = t.players();
    let r = col.next(1.4 * u);
    p.text(r, lang.fill(Msg::TourPlayersTyped, &[("n", &players.len().to_string())]), 0.9, INK);
    let field = col.next(6.0 * u);
    p.panel(field, CARD, 0.5);
    let inner =
        Rect::new(field.min.x + 0.5 * u, field.min.y + 0.4 * u, field.max.x - 0.5 * u, field.max.y);
    let shown: String = t.names.chars().take(300).collect();
    p.text(inner, format!("{shown}|"), 0.8, INK);
    let r = col.next(2.2 * u);
    p.text(r, lang.get(Msg::TourNamesHow), 0.7, MUTED);

    let r = col.next(1.4 * u);
    p.text(r, lang.get(Msg::TourSystem), 0.9, INK);
    for chunk in [0..3, 3..5] {
        let row = col.row(chunk.len(), 2.6 * u);
        for (r, i) in row.into_iter().zip(chunk) {
            let look = if i == t.system { Look::Selected } else { Look::Secondary };
            p.button(r, lang.get(SYSTEMS[i].0), TourAction::System(i), look);
        }
    }
    if matches!(t.chosen_system(), System::Swiss { .. }) {
        let row = col.row(3, 2.6 * u);
        p.button(row[0], "−", TourAction::Rounds(-1), Look::Secondary);
        let rounds = lang.fill(Msg::TourRounds, &[("n", &t.swiss_rounds.to_string())]);
        p.text_aligned(row[1], rounds, 1.0, INK, Justify::Center);
        p.button(row[2], "+", TourAction::Rounds(1), Look::Secondary);
    }
    let r = col.next(1.4 * u);
    p.text(r, lang.get(Msg::TourScoring), 0.9, INK);
    let row = col.row(SCORINGS.len(), 2.6 * u);
    for (i, r) in row.into_iter().enumerate() {
        let look = if i == t.scoring { Look::Selected } else { Look::Secondary };
        p.button(r, SCORINGS[i].0, TourAction::Scoring(i), look);
    }
    col.next(0.4 * u);
    let r = col.next(3.0 * u);
    let look = if players.len() >= 2 { Look::Primary } else { Look::Disabled };
    p.button(r, lang.get(Msg::TourCreate), TourAction::Create, look);
}

/// The name of a player by start number.
fn name(d: &Director, id: u32) -> String {
    d.event.player(id).map_or_else(|_| id.to_string(), |p| p.name.clone())
}

fn pairings(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, d: &Director, round: u32) {
    let row = col.row(3, 2.6 * u);
    p.button(row[0], "◀", TourAction::Round(-1), Look::Secondary);
    let label = lang.fill(
        Msg::TourRoundOf,
        &[("n", &round.to_string()), ("of", &d.event.planned_rounds.to_string())],
    );
    p.text_aligned(row[1], label, 1.0, INK, Justify::Center);
    p.button(row[2], "▶", TourAction::Round(1), Look::Secondary);
    let r = col.next(1.2 * u);
    p.text(r, lang.get(Msg::TourTableHead), 0.7, MUTED);
    let tables = d.tables(round);
    // Rows shrink for big fields so every table fits.
    let room = (p.unit * 46.0 - col.y).max(3.0 * u);
    let row_h = (room / tables.len().max(1) as f32).clamp(2.6 * u, 4.4 * u);
    let latest = round == d.rounds();
    for (i, table) in tables.iter().enumerate() {
        let r = col.next(row_h - col.gap);
        p.panel(r, CARD, 0.4);
        let number = Rect::new(r.min.x, r.min.y, r.min.x + 2.0 * u, r.max.y);
        p.text_aligned(number, format!("{}", i + 1), 1.1, MUTED, Justify::Center);
        let names_w = r.width() * 0.46;
        let names = Rect::new(number.max.x, r.min.y, number.max.x + names_w, r.max.y);
        let Some(second) = table.second else {
            let text = format!("{}  —  {}", name(d, table.first), lang.get(Msg::TourBye));
            let line = Rect::new(names.min.x, r.min.y + 0.5 * u, r.max.x, r.max.y);
            p.text(line, text, 0.9, INK);
            continue;
        };
        let half = names.height() / 2.0;
        let top = Rect::new(names.min.x, names.min.y + 0.15 * u, names.max.x, names.min.y + half);
        let bottom = Rect::new(names.min.x, names.min.y + half, names.max.x, names.max.y);
        p.text(top, format!("{} {}", lang.get(Msg::TourFirst), name(d, table.first)), 0.8, INK);
        p.text(bottom, format!("{} {}", lang.get(Msg::TourSecond), name(d, second)), 0.8, INK);
        let buttons =
            Rect::new(names.max.x, r.min.y + 0.15 * u, r.max.x - 0.2 * u, r.max.y - 0.15 * u);
        let entered = d.result(round, i);
        let choices = [
            ("1 : 0", GameResult::FirstWins),
            ("½", GameResult::Draw),
            ("0 : 1", GameResult::SecondWins),
        ];
        for (b, (label, result)) in split(buttons, 3, 0.2 * u).into_iter().zip(choices) {
            let look = match entered {
                Some(e) if e == result => Look::Selected,
                _ if latest => Look::Secondary,
                _ => Look::Disabled,
            };
            p.button(b, label, TourAction::Result { table: i, result }, look);
        }
    }
    let row = col.row(3, 2.8 * u);
    let undo = if d.can_undo() { Look::Secondary } else { Look::Disabled };
    p.button(row[0], lang.get(Msg::TourUndo), TourAction::Undo, undo);
    let ready = latest && d.round_finished(round) && !d.is_finished();
    let next = if ready { Look::Primary } else { Look::Disabled };
    p.button(row[1], lang.get(Msg::TourPairNext), TourAction::PairNext, next);
    p.button(
        row[2],
        lang.get(Msg::TourStandings),
        TourAction::Page(TourPage::Standings),
        Look::Secondary,
    );
    if matches!(d.system, System::Swiss { .. }) && !d.is_finished() {
        let r = col.next(2.8 * u);
        let r = Rect::new(r.min.x, r.min.y, r.min.x + r.width() * 0.5, r.max.y);
        let action = TourAction::Page(TourPage::Players);
        p.button(r, lang.get(Msg::TourPlayers), action, Look::Secondary);
    }
    if d.is_finished() {
        let r = col.next(1.6 * u);
        let text = match d.champion() {
            Some(c) => lang.fill(Msg::TourChampion, &[("name", &name(d, c))]),
            None => lang.get(Msg::TourOver).to_owned(),
        };
        p.text(r, text, 0.9, GOOD);
    }
}

fn points(v: f64) -> String {
    if v.fract() == 0.0 { format!("{v:.0}") } else { format!("{v:.1}") }
}

fn standings(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, d: &Director, t: &TourScreen) {
    let tiebreaks = d.system.tiebreaks();
    let rows: Vec<Standing> = d.standings();
    let rank_w = 2.0 * u;
    let name_w = 6.5 * u;
    let rest = col.width - rank_w - name_w;
    let value_w = rest / (tiebreaks.len() + 1) as f32;
    let cells = |r: Rect| -> Vec<Rect> {
        let mut out = vec![
            Rect::new(r.min.x, r.min.y, r.min.x + rank_w, r.max.y),
            Rect::new(r.min.x + rank_w, r.min.y, r.min.x + rank_w + name_w, r.max.y),
        ];
        for k in 0..=tiebreaks.len() {
            let x = r.min.x + rank_w + name_w + k as f32 * value_w;
            out.push(Rect::new(x, r.min.y, x + value_w, r.max.y));
        }
        out
    };
    let head = col.next(1.6 * u);
    let mut labels = vec![
        lang.get(Msg::TourRank).to_owned(),
        lang.get(Msg::TourName).to_owned(),
        lang.get(Msg::TourPoints).to_owned(),
    ];
    labels.extend(tiebreaks.iter().map(|tb| match lang {
        Lang::Zh => tb.chinese().to_owned(),
        Lang::En => tb.label().to_owned(),
    }));
    for (r, label) in cells(head).into_iter().zip(labels) {
        p.text_aligned(r, label, 0.65, MUTED, Justify::Center);
    }
    let row_h = ((p.unit * 40.0 - col.y) / rows.len().max(1) as f32).clamp(1.1 * u, 1.8 * u);
    for (k, s) in rows.iter().enumerate() {
        let r = col.next(row_h - col.gap);
        if k % 2 == 0 {
            p.panel(r, CARD, 0.2);
        }
        let mut values = vec![s.rank.to_string(), name(d, s.player), points(s.score)];
        values.extend(s.tiebreaks.iter().map(|&v| points(v)));
        for (i, (c, v)) in cells(r).into_iter().zip(values).enumerate() {
            let justify = if i == 1 { Justify::Left } else { Justify::Center };
            p.text_aligned(c, v, 0.8, INK, justify);
        }
    }
    col.next(0.4 * u);
    let row = col.row(3, 2.8 * u);
    p.button(
        row[0],
        lang.get(Msg::TourPairings),
        TourAction::Page(TourPage::Pairings),
        Look::Secondary,
    );
    p.button(
        row[1],
        lang.get(Msg::TourCrosstable),
        TourAction::Page(TourPage::Crosstable),
        Look::Secondary,
    );
    p.button(row[2], lang.get(Msg::TourExport), TourAction::Export, Look::Primary);
    if let Some((csv, trf)) = &t.exported {
        let r = col.next(3.2 * u);
        let text = format!(
            "{}{}\n{}{}",
            lang.get(Msg::SavedTo),
            csv.display(),
            lang.get(Msg::SavedTo),
            trf.display()
        );
        p.text(r, text, 0.65, GOOD);
    }
    let r = col.next(2.6 * u);
    let r = Rect::new(r.min.x, r.min.y, r.min.x + r.width() * 0.5, r.max.y);
    p.button(r, lang.get(Msg::TourNew), TourAction::NewEvent, Look::Secondary);
}

/// Late entries and withdrawals: a name typed and entered before the next round is
/// paired; each player still in the event with a button that withdraws them from the
/// next round on. The core decides what is allowed and says why not.
fn players(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, d: &Director, t: &TourScreen) {
    let r = col.next(1.4 * u);
    p.text(r, lang.get(Msg::TourLateEntry), 0.9, INK);
    let row = col.row(2, 2.8 * u);
    let field = Rect::new(row[0].min.x, row[0].min.y, row[1].min.x - 0.3 * u, row[0].max.y);
    p.panel(field, CARD, 0.5);
    let inner = Rect::new(field.min.x + 0.5 * u, field.min.y + 0.7 * u, field.max.x, field.max.y);
    p.text(inner, format!("{}|", t.late_name), 0.9, INK);
    let look = if t.late_name.trim().is_empty() { Look::Disabled } else { Look::Primary };
    p.button(row[1], lang.get(Msg::TourAdd), TourAction::LateEntry, look);
    let r = col.next(1.4 * u);
    p.text(r, lang.get(Msg::TourWithdrawHow), 0.7, MUTED);
    let available = d.event.available();
    let between = d.rounds() == 0 || d.round_finished(d.rounds());
    let room = (p.unit * 42.0 - col.y).max(3.0 * u);
    let row_h = (room / d.event.players.len().max(1) as f32).clamp(2.8 * u, 3.4 * u);
    for player in &d.event.players {
        let r = col.next(row_h - col.gap);
        p.panel(r, CARD, 0.3);
        let score = d.event.score(player.id).halves() as f64 / 2.0;
        let label =
            Rect::new(r.min.x + 0.5 * u, r.min.y + 0.6 * u, r.min.x + r.width() * 0.6, r.max.y);
        p.text(label, format!("{} {}  ·  {}", player.id, player.name, points(score)), 0.85, INK);
        let button = Rect::new(r.min.x + r.width() * 0.6, r.min.y, r.max.x, r.max.y);
        if available.contains(&player.id) {
            let look = if between { Look::Secondary } else { Look::Disabled };
            let action = TourAction::Withdraw(player.id);
            p.button(button, lang.get(Msg::TourWithdraw), action, look);
        } else {
            p.text_aligned(button, lang.get(Msg::TourWithdrawn), 0.8, MUTED, Justify::Center);
        }
    }
    col.next(0.4 * u);
    let r = col.next(2.8 * u);
    let r = Rect::new(r.min.x, r.min.y, r.min.x + r.width() * 0.5, r.max.y);
    let action = TourAction::Page(TourPage::Pairings);
    p.button(r, lang.get(Msg::TourPairings), action, Look::Secondary);
}

/// A result as a crosstable shows it.
fn mark_text(mark: Mark) -> &'static str {
    match mark {
        Mark::Win | Mark::FullBye | Mark::PairingBye => "1",
        Mark::Draw | Mark::HalfBye => "½",
        Mark::Loss | Mark::ZeroBye => "0",
        Mark::ForfeitWin => "+",
        Mark::ForfeitLoss => "−",
        Mark::Pending => "·",
    }
}

fn crosstable(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, d: &Director) {
    let n = d.event.players.len();
    let grid = matches!(d.system, System::RoundRobin | System::DoubleRoundRobin);
    let name_w = 5.0 * u;
    let columns = if grid { n } else { d.rounds() as usize };
    let cell_w = ((col.width - name_w - 2.0 * u) / columns.max(1) as f32).min(3.0 * u);
    let row_h = ((p.unit * 44.0 - col.y) / (n + 1) as f32).clamp(0.9 * u, 1.6 * u);
    let size = (cell_w / u * 0.4).clamp(0.45, 0.75);
    let head = col.next(row_h - col.gap);
    for c in 0..columns {
        let x = head.min.x + name_w + c as f32 * cell_w;
        let r = Rect::new(x, head.min.y, x + cell_w, head.max.y);
        let label = if grid { (c + 1).to_string() } else { format!("R{}", c + 1) };
        p.text_aligned(r, label, size, MUTED, Justify::Center);
    }
    let total = Rect::new(head.max.x - 2.0 * u, head.min.y, head.max.x, head.max.y);
    p.text_aligned(total, lang.get(Msg::TourPoints), size, MUTED, Justify::Center);
    for player in &d.event.players {
        let r = col.next(row_h - col.gap);
        if player.id % 2 == 1 {
            p.panel(r, CARD, 0.2);
        }
        let label = Rect::new(r.min.x, r.min.y, r.min.x + name_w, r.max.y);
        p.text(label, format!("{} {}", player.id, player.name), 0.7, INK);
        for c in 0..columns {
            let x = r.min.x + name_w + c as f32 * cell_w;
            let cell = Rect::new(x, r.min.y, x + cell_w, r.max.y);
            let text = if grid {
                let other = c as u32 + 1;
                if other == player.id {
                    "×".to_owned()
                } else {
                    d.between(player.id, other).into_iter().map(mark_text).collect::<String>()
                }
            } else {
                match player.entries.get(c) {
                    Some(e) => match (e.opponent, e.side) {
                        (Some(o), Some(side)) => {
                            let tag = if side == qike_core::Side::First {
                                lang.get(Msg::TourFirst)
                            } else {
                                lang.get(Msg::TourSecond)
                            };
                            format!("{o}{tag}{}", mark_text(e.mark))
                        }
                        _ if e.mark == Mark::ZeroBye => "—".to_owned(),
                        _ => format!("{}{}", lang.get(Msg::TourBye), mark_text(e.mark)),
                    },
                    None => String::new(),
                }
            };
            p.text_aligned(cell, text, size, INK, Justify::Center);
        }
        let total = Rect::new(r.max.x - 2.0 * u, r.min.y, r.max.x, r.max.y);
        let score = d.event.score(player.id).halves() as f64 / 2.0;
        p.text_aligned(total, points(score), 0.75, INK, Justify::Center);
    }
    col.next(0.4 * u);
    let r = col.next(2.8 * u);
    let r = Rect::new(r.min.x, r.min.y, r.min.x + r.width() * 0.5, r.max.y);
    p.button(
        r,
        lang.get(Msg::TourStandings),
        TourAction::Page(TourPage::Standings),
        Look::Secondary,
    );
}
