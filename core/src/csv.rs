//! CSV for spreadsheet programs, as the class dashboard and the tournament standings
//! write it.
//!
//! UTF-8 with a byte-order mark (Excel otherwise guesses a legacy code page and shows
//! Chinese names as garbage), CRLF line ends and RFC 4180 quoting. Any cell that
//! starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a
//! child's display name can never run as a formula on the teacher's computer.

/// The byte-order mark a CSV file starts with.
pub(crate) const BOM: &str = "\u{feff}";

/// One cell, neutralised and quoted as needed.
pub fn csv_cell(text: &str) -> String {
    let risky = matches!(text.chars().next(), Some('=' | '+' | '-' | '@' | '\t' | '\r'));
    let text = if risky { format!("'{text}") } else { text.to_owned() };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// Appends one row of cells, each neutralised and quoted, ended by CRLF.
pub(crate) fn push_row(out: &mut String, cells: impl IntoIterator<Item = String>) {
    let row: Vec<String> = cells.into_iter().map(|c| csv_cell(&c)).collect();
    out.push_str(&row.join(","));
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised_and_quotes_escaped() {
        assert_eq!(csv_cell("=1+1"), "'=1+1");
        assert_eq!(csv_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_cell("-2"), "'-2");
        assert_eq!(csv_cell("+x"), "'+x");
        assert_eq!(csv_cell("\tx"), "'\tx");
        assert_eq!(csv_cell("\rx"), "\"'\rx\"");
        assert_eq!(csv_cell("a,b"), "\"a,b\"");
        assert_eq!(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell("小明"), "小明");
    }
}
