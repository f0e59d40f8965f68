//! The home screen: the app's title and a xiangqi board to touch.

use bevy::prelude::*;
use qike_core::xiangqi::{Game, Position, Rules};
use qike_core::{Outcome, Side, Tap};

use crate::AppState;
use crate::board::{ActiveBoard, BoardRoot};
use crate::fonts::UiFonts;
use crate::layout::BoardLayout;

const BACKGROUND: Color = Color::srgb(0.98, 0.96, 0.91);
const TITLE: Color = Color::srgb(0.35, 0.12, 0.05);

/// Marks everything the home screen spawned.
#[derive(Component, Debug)]
pub struct HomeScreen;

#[derive(Debug)]
pub struct HomePlugin;

impl Plugin for HomePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ClearColor(BACKGROUND))
            .add_systems(OnEnter(AppState::Home), enter)
            .add_systems(OnExit(AppState::Home), exit)
            .add_systems(Update, (place_title, update_status).run_if(in_state(AppState::Home)));
    }
}

fn enter(mut commands: Commands, fonts: Res<UiFonts>) {
    commands
        .insert_resource(ActiveBoard::xiangqi(Game::new(Position::startpos(), Rules::default())));
    commands.spawn((
        HomeScreen,
        DespawnOnExit(AppState::Home),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100.0),
            height: px(80.0),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        children![(
            Text::new("棋课 · 中国象棋"),
            TextFont {
                font: fonts.regular.clone().into(),
                font_size: FontSize::Px(32.0),
                ..default()
            },
            TextColor(TITLE),
        )],
    ));
}

/// The line under the board: whose turn it is, the result, or why a tap was refused.
#[derive(Component, Debug)]
pub struct StatusLine;

/// What the status line says for a board.
pub fn status_text(board: &ActiveBoard) -> String {
    if let Some(outcome) = board.game().outcome() {
        return match outcome {
            Outcome::Win { winner: Side::First, .. } => "红方胜 Red wins".to_owned(),
            Outcome::Win { winner: Side::Second, .. } => "黑方胜 Black wins".to_owned(),
            Outcome::Draw { .. } => "和棋 Draw".to_owned(),
        };
    }
    if let Some(Tap::Refused { reason, .. }) = &board.last_tap {
        return reason.clone();
    }
    match board.view.side_to_move {
        Side::First => "红方走棋 Red to move".to_owned(),
        Side::Second => "黑方走棋 Black to move".to_owned(),
    }
}

fn update_status(
    mut commands: Commands,
    board: Option<Res<ActiveBoard>>,
    layout: Option<Res<BoardLayout>>,
    fonts: Res<UiFonts>,
    mut lines: Query<(&mut Node, &mut Text), With<StatusLine>>,
) {
    let (Some(board), Some(layout)) = (board, layout) else { return };
    if !board.is_changed() && !layout.is_changed() && !lines.is_empty() {
        return;
    }
    let top = layout.origin.y + layout.lines_size().y + layout.cell * 0.55;
    let text = status_text(&board);
    if let Some((mut node, mut line)) = lines.iter_mut().next() {
        node.top = px(top);
        line.0 = text;
        return;
    }
    commands.spawn((
        StatusLine,
        DespawnOnExit(AppState::Home),
        Node {
            position_type: PositionType::Absolute,
            top: px(top),
            width: percent(100.0),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Text::new(text),
        TextFont { font: fonts.regular.clone().into(), font_size: FontSize::Px(20.0), ..default() },
        TextColor(TITLE),
        TextLayout::justify(Justify::Center),
    ));
}

/// Keeps the title inside the band the board layout leaves above the board.
fn place_title(
    layout: Option<Res<BoardLayout>>,
    mut titles: Query<(&mut Node, &Children), With<HomeScreen>>,
    mut fonts: Query<&mut TextFont>,
) {
    let Some(layout) = layout.filter(|l| l.is_changed()) else { return };
    for (mut node, children) in &mut titles {
        node.height = px(layout.header);
        for child in children.iter() {
            if let Ok(mut font) = fonts.get_mut(child) {
                font.font_size = FontSize::Px(layout.header * 0.4);
            }
        }
    }
}

fn exit(mut commands: Commands, boards: Query<Entity, With<BoardRoot>>) {
    commands.remove_resource::<ActiveBoard>();
    for board in &boards {
        commands.entity(board).despawn();
    }
}
