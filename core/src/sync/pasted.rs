//! What a pupil typed, pasted or scanned into the one field of their class screen:
//! the teacher's join code (typed, or the QR text), the short code of an open
//! collection, or a class file sent by chat. Sorting it here keeps the screen to one
//! field and one button.

use std::net::SocketAddrV4;

use crate::progress::{CLASS_FILE_PREFIX, JoinCode, JoinCodeError};

use super::short_code::{ShortCodeError, parse_short_code};

/// The kinds of text the pupil's class field takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PupilText {
    /// Nothing but spaces.
    Empty,
    /// A join code, typed or as the QR text (`QIKE:JOIN:…`).
    Join(JoinCode),
    /// The short code of a teacher's open collection: where to send.
    Collection(SocketAddrV4),
    /// A class file (homework, roster), as the teacher shares it.
    ClassFile(String),
}

/// Why the text is none of the kinds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PupilTextError {
    /// Ten symbols (with or without the dash): read as a short code, and it is wrong.
    #[error(transparent)]
    ShortCode(#[from] ShortCodeError),
    /// Anything else: read as a join code, and it is wrong.
    #[error(transparent)]
    JoinCode(#[from] JoinCodeError),
}

/// Sorts the text: a class file by its first word, a short code by its length (ten
/// symbols, which no join code has), else a join code.
pub fn read_pupil_text(text: &str) -> Result<PupilText, PupilTextError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(PupilText::Empty);
    }
    if t.get(..CLASS_FILE_PREFIX.len()).is_some_and(|p| p.eq_ignore_ascii_case(CLASS_FILE_PREFIX)) {
        return Ok(PupilText::ClassFile(t.to_owned()));
    }
    let symbols = t.chars().filter(|c| *c != '-' && !c.is_whitespace()).count();
    if symbols == 10 && !t.contains(':') {
        return Ok(PupilText::Collection(parse_short_code(t)?));
    }
    Ok(PupilText::Join(JoinCode::parse_any(t)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::{ClassId, ClassKey};
    use crate::sync::encode_short_code;

    #[test]
    fn each_kind_of_text_is_told_apart() {
        let code = JoinCode { class: ClassId(12345), key: ClassKey([7; 10]), teacher: None };
        let teacher = crate::progress::TeacherKey::from_seed([3; 32]).public();
        let signed = JoinCode {
            teacher: Some(crate::progress::TeacherKeyPin::Key(teacher)),
            ..code.clone()
        };
        assert_eq!(read_pupil_text(&signed.qr_payload()).unwrap(), PupilText::Join(signed.clone()));
        assert!(
            matches!(read_pupil_text(&signed.to_text()).unwrap(), PupilText::Join(j) if j.class == code.class)
        );
        assert_eq!(read_pupil_text("  ").unwrap(), PupilText::Empty);
        assert_eq!(read_pupil_text(&code.to_text()).unwrap(), PupilText::Join(code.clone()));
        let lower = code.qr_payload().to_ascii_lowercase();
        assert_eq!(read_pupil_text(&lower).unwrap(), PupilText::Join(code.clone()));
        let addr: SocketAddrV4 = "192.168.1.23:7373".parse().unwrap();
        let short = encode_short_code(addr);
        assert_eq!(read_pupil_text(&short).unwrap(), PupilText::Collection(addr));
        assert_eq!(
            read_pupil_text(&short.replace('-', " ").to_lowercase()).unwrap(),
            PupilText::Collection(addr)
        );
        let file = format!("{CLASS_FILE_PREFIX} abc");
        assert_eq!(read_pupil_text(&file).unwrap(), PupilText::ClassFile(file.clone()));
    }

    #[test]
    fn a_mistyped_code_says_which_kind_it_was_read_as() {
        let addr: SocketAddrV4 = "10.0.0.5:40000".parse().unwrap();
        let mut short: Vec<char> = encode_short_code(addr).chars().collect();
        short[1] = if short[1] == 'A' { 'B' } else { 'A' };
        let typo: String = short.into_iter().collect();
        assert!(matches!(read_pupil_text(&typo), Err(PupilTextError::ShortCode(_))));
        assert!(matches!(read_pupil_text("ABCDEFG"), Err(PupilTextError::JoinCode(_))));
        assert!(matches!(read_pupil_text("https://x.y/z"), Err(PupilTextError::JoinCode(_))));
    }
}
