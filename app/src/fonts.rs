//! The bundled fonts (CJK text, and the chess figures). Embedded in the binary so that Android, iOS and the desktop
//! need no asset paths; Bevy's built-in font covers ASCII only.

use bevy::prelude::*;

/// Font handles every screen uses.
#[derive(Resource, Debug, Clone, Default)]
pub struct UiFonts {
    /// For all UI and lesson text.
    pub regular: Handle<Font>,
    /// For the characters on pieces and the board.
    pub bold: Handle<Font>,
    /// The twelve chess figures (♔…♟), for chess pieces.
    pub chess: Handle<Font>,
}

/// Loads the bundled fonts into [`UiFonts`] before anything is drawn.
#[derive(Debug)]
pub struct FontsPlugin;

impl Plugin for FontsPlugin {
    fn build(&self, app: &mut App) {
        let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
        let regular = fonts.add(Font::from_bytes(
            include_bytes!("../assets/fonts/NotoSansSC-Regular-subset.otf").to_vec(),
        ));
        let bold = fonts.add(Font::from_bytes(
            include_bytes!("../assets/fonts/NotoSansSC-Bold-subset.otf").to_vec(),
        ));
        let chess = fonts.add(Font::from_bytes(
            include_bytes!("../assets/fonts/NotoSansSymbols2-chess-subset.ttf").to_vec(),
        ));
        app.insert_resource(UiFonts { regular, bold, chess });
    }
}
