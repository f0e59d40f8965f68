//! The home screen: the app's title and a xiangqi board to touch.

use bevy::prelude::*;
use qike_core::xiangqi::Position;

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
            .add_systems(Update, place_title.run_if(in_state(AppState::Home)));
    }
}

fn enter(mut commands: Commands, fonts: Res<UiFonts>) {
    commands.insert_resource(ActiveBoard::new(Position::startpos().board_view()));
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
