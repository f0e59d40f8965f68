//! The numbers a Go text states about the board: "5颗黑子" / "five black stones",
//! "两口气" / "two liberties". The check compares each with the step's data, which the
//! validator proves on the board, so a text cannot say 6 stones where there are 5.

/// What a stated number counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Unit {
    /// 颗 / stones.
    Stones,
    /// 口气 / liberties.
    Liberties,
}

impl Unit {
    pub(super) fn name(self) -> &'static str {
        match self {
            Unit::Stones => "stones",
            Unit::Liberties => "liberties",
        }
    }

    fn zh(self) -> &'static [&'static str] {
        match self {
            Unit::Stones => &["颗"],
            Unit::Liberties => &["口气", "气"],
        }
    }

    fn en(self) -> &'static [&'static str] {
        match self {
            Unit::Stones => &["stone", "stones"],
            Unit::Liberties => &["liberty", "liberties"],
        }
    }
}

/// The value of a Chinese numeral of up to two digits (一 … 九十九), or of digits.
fn zh_value(s: &str) -> Option<u32> {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()) {
        return s.parse().ok();
    }
    let digit = |c: char| "零一二三四五六七八九".chars().position(|d| d == c).map(|d| d as u32);
    let cs: Vec<char> = s.chars().map(|c| if c == '两' { '二' } else { c }).collect();
    match cs.as_slice() {
        ['十'] => Some(10),
        [d] => digit(*d),
        ['十', d] => Some(10 + digit(*d)?),
        [t, '十'] => Some(10 * digit(*t)?),
        [t, '十', d] => Some(10 * digit(*t)? + digit(*d)?),
        _ => None,
    }
}

fn is_zh_numeral(c: char) -> bool {
    c.is_ascii_digit() || "零一二两三四五六七八九十".contains(c)
}

/// The numbers the Chinese text states right before one of the unit's words
/// ("5颗", "两口气"), in order.
fn stated_zh(text: &str, unit: Unit) -> Vec<u32> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !is_zh_numeral(chars[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && is_zh_numeral(chars[i]) {
            i += 1;
        }
        let rest: String = chars[i..].iter().collect();
        // "一颗一颗" counts one by one; "一颗" alone is "a stone" (每一颗, 这一颗), not a
        // count; "一口气" is one liberty.
        if unit.zh().iter().any(|u| rest.starts_with(u)) {
            let n: String = chars[start..i].iter().collect();
            let repeated = rest.starts_with(&format!("{}{n}", unit.zh()[0]));
            let article = unit == Unit::Stones && n == "一";
            if let Some(v) = zh_value(&n).filter(|_| !repeated && !article) {
                out.push(v);
            }
        }
    }
    out
}

fn en_value(word: &str) -> Option<u32> {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    let w = word.to_ascii_lowercase();
    WORDS.iter().position(|&x| x == w).map(|v| v as u32).or_else(|| w.parse().ok())
}

/// The numbers the English text states before one of the unit's words, with at most
/// a colour between ("five black stones", "2 liberties"), in order.
fn stated_en(text: &str, unit: Unit) -> Vec<u32> {
    let words: Vec<&str> =
        text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let Some(v) = en_value(w) else { continue };
        let mut j = i + 1;
        if words.get(j).is_some_and(|c| matches!(*c, "black" | "white")) {
            j += 1;
        }
        if words.get(j).is_some_and(|u| unit.en().contains(&u.to_ascii_lowercase().as_str())) {
            out.push(v);
        }
    }
    out
}

/// Words that say what becomes of a fight's stones: a text using one states an outcome
/// the check must prove, so it needs a claim.
const OUTCOME_ZH: [&str; 11] =
    ["逃", "跑掉", "吃掉", "吃不掉", "提掉", "做活", "活棋", "死棋", "净死", "征子不成", "征不成"];
const OUTCOME_EN: [&str; 13] = [
    "escape",
    "escapes",
    "ladder fails",
    "gets away",
    "runs away",
    "captured",
    "captures",
    "take it",
    "takes it",
    "taken",
    "lives",
    "dies",
    "dead",
];

/// The first word of the text that states what becomes of the stones, if any.
pub(super) fn outcome_word(text: &crate::curriculum::schema::Text) -> Option<&'static str> {
    let en = format!(
        " {} ",
        text.en.to_ascii_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), " ")
    );
    OUTCOME_ZH
        .into_iter()
        .find(|w| text.zh.contains(w))
        .or_else(|| OUTCOME_EN.into_iter().find(|w| en.contains(&format!(" {w} "))))
}

/// Every number the text states in the unit, Chinese and English, in order.
pub(super) fn stated(text: &crate::curriculum::schema::Text, unit: Unit) -> Vec<u32> {
    let mut out = stated_zh(&text.zh, unit);
    out.extend(stated_en(&text.en, unit));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_numbers_before_the_unit_are_read() {
        assert_eq!(stated_zh("角上这6颗黑子围住了几个空点？", Unit::Stones), vec![6]);
        assert_eq!(stated_zh("三颗黑子连成一排，有几口气？", Unit::Stones), vec![3]);
        assert_eq!(stated_zh("白子往上长，有两口气。", Unit::Liberties), vec![2]);
        assert_eq!(stated_zh("十二颗子，二十口气", Unit::Stones), vec![12]);
        assert_eq!(stated_zh("十二颗子，二十口气", Unit::Liberties), vec![20]);
        // Counting one by one, a step, a question: no stated number.
        assert!(stated_zh("一颗一颗点着数，一步提掉，几颗？点出每一颗子", Unit::Stones).is_empty());
        assert_eq!(stated_zh("只剩一口气", Unit::Liberties), vec![1]);
        assert!(stated_zh("气多了", Unit::Liberties).is_empty());
    }

    #[test]
    fn english_numbers_before_the_unit_are_read() {
        assert_eq!(stated_en("Five black stones hold the corner.", Unit::Stones), vec![5]);
        assert_eq!(stated_en("white has 3 liberties, not two", Unit::Liberties), vec![3]);
        assert_eq!(stated_en("with two liberties", Unit::Liberties), vec![2]);
        assert!(stated_en("a stone with one more liberty", Unit::Liberties).is_empty());
        assert!(stated_en("How many stones?", Unit::Stones).is_empty());
    }
}
