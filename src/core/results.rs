//! How results are written and typed: OpenGotha's notation for lists and
//! crosstables, and the short codes of the fast result-entry page.

use super::round::{GameResult, ResultOrigin};

/// The result as OpenGotha prints it, White's score first: `1-0`, `0-1`,
/// `½-½`, `0-0`, `1-1`, `?`; a `!` marks a result by default (forfeit).
pub fn notation(result: GameResult, origin: ResultOrigin) -> String {
    let text = match result {
        GameResult::WhiteWins => "1-0",
        GameResult::BlackWins => "0-1",
        GameResult::Jigo => "½-½",
        GameResult::BothLose => "0-0",
        GameResult::BothWin => "1-1",
        GameResult::Unknown => return "?".into(),
    };
    match origin {
        ResultOrigin::ByDefault => format!("{text}!"),
        ResultOrigin::Played | ResultOrigin::RefereeDecision => text.into(),
    }
}

/// Reads a result code as typed at the entry page: `w` or `1-0` White wins,
/// `b` or `0-1` Black wins, `=` or `j` jigo, `0` or `0-0` both lose, `1` or
/// `1-1` both win, `?` or `-` no result; a trailing `!` means by default.
pub fn parse_code(code: &str) -> Option<(GameResult, ResultOrigin)> {
    let code = code.trim().to_lowercase();
    let (body, origin) = match code.strip_suffix('!') {
        Some(body) => (body.trim(), ResultOrigin::ByDefault),
        None => (code.as_str(), ResultOrigin::Played),
    };
    let result = match body {
        "w" | "1-0" | "w+" => GameResult::WhiteWins,
        "b" | "0-1" | "b+" => GameResult::BlackWins,
        "=" | "j" | "½-½" | "1/2" => GameResult::Jigo,
        "0" | "0-0" => GameResult::BothLose,
        "1" | "1-1" => GameResult::BothWin,
        "?" | "-" | "" => GameResult::Unknown,
        _ => return None,
    };
    if result == GameResult::Unknown && origin == ResultOrigin::ByDefault {
        return None;
    }
    Some((result, origin))
}

/// The entry code that [`parse_code`] reads back as this result.
pub fn code(result: GameResult, origin: ResultOrigin) -> String {
    let text = match result {
        GameResult::WhiteWins => "w",
        GameResult::BlackWins => "b",
        GameResult::Jigo => "=",
        GameResult::BothLose => "0",
        GameResult::BothWin => "1",
        GameResult::Unknown => return "?".into(),
    };
    match origin {
        ResultOrigin::ByDefault => format!("{text}!"),
        ResultOrigin::Played | ResultOrigin::RefereeDecision => text.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_reads_back_from_its_code() {
        let results = [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Jigo,
            GameResult::BothLose,
            GameResult::BothWin,
        ];
        for result in results {
            for origin in [ResultOrigin::Played, ResultOrigin::ByDefault] {
                assert_eq!(parse_code(&code(result, origin)), Some((result, origin)));
            }
        }
        assert_eq!(
            parse_code("?"),
            Some((GameResult::Unknown, ResultOrigin::Played))
        );
    }

    #[test]
    fn the_notation_marks_forfeits() {
        assert_eq!(
            notation(GameResult::WhiteWins, ResultOrigin::ByDefault),
            "1-0!"
        );
        assert_eq!(notation(GameResult::Jigo, ResultOrigin::Played), "½-½");
        assert_eq!(notation(GameResult::Unknown, ResultOrigin::Played), "?");
    }

    #[test]
    fn codes_are_forgiving_about_case_and_spaces() {
        assert_eq!(
            parse_code(" W "),
            Some((GameResult::WhiteWins, ResultOrigin::Played))
        );
        assert_eq!(
            parse_code("0-1 !"),
            Some((GameResult::BlackWins, ResultOrigin::ByDefault))
        );
        assert_eq!(parse_code("x"), None);
        assert_eq!(parse_code("?!"), None);
    }
}
