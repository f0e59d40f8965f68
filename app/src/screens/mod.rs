//! One plugin per screen. Each owns its buttons' action type, reacts to its
//! [`crate::ui::Pressed`] (and board taps) in `UiSet::Logic` and draws itself in
//! `UiSet::Draw` when [`crate::ui::Redraw`] is set. Screens hand each other data only
//! through [`crate::flow`] and share drawing through [`crate::widgets`].

pub mod course;
pub mod home;
pub mod junqi;
pub mod lesson;
pub mod my_class;
pub mod play;
pub mod play_setup;
pub mod practice;
pub mod profiles;
pub mod progress;
pub mod result;
pub mod settings;
pub mod store_error;
pub mod teacher;
pub mod tournament;
