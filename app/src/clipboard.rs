//! The system clipboard, where the platform lets the app read it from Rust: the
//! desktop. On phones the text field takes the system's own paste through the
//! keyboard (IME), so there is no paste button.

/// Whether this build has a paste button.
pub const HAS_CLIPBOARD: bool = cfg!(not(any(target_os = "android", target_os = "ios")));

/// The clipboard's text, if it holds any.
#[cfg(not(any(target_os = "android", target_os = "ios")))]
pub fn text() -> Option<String> {
    let text = arboard::Clipboard::new().ok()?.get_text().ok()?;
    (!text.trim().is_empty()).then_some(text)
}

/// The clipboard's text: none from Rust on this platform.
#[cfg(any(target_os = "android", target_os = "ios"))]
pub fn text() -> Option<String> {
    None
}
