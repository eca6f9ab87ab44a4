//! How results are written and typed: OpenGotha's notation for lists and
//! crosstables, and the short codes of the fast result-entry page.

use super::ids::BoardNo;
use super::round::{GameResult, Method, ResultOrigin};
use super::units::HalfPoints;

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
/// On a Russian or Ukrainian keyboard the sides are written by their own
/// initials: `б` White (белые, білі), `ч` Black (чёрные, чорні), `н` jigo
/// (ничья, нічия).
pub fn parse_code(code: &str) -> Option<(GameResult, ResultOrigin)> {
    let code = code.trim().to_lowercase();
    let (body, origin) = match code.strip_suffix('!') {
        Some(body) => (body.trim(), ResultOrigin::ByDefault),
        None => (code.as_str(), ResultOrigin::Played),
    };
    let result = match body {
        "w" | "1-0" | "w+" | "б" | "б+" => GameResult::WhiteWins,
        "b" | "0-1" | "b+" | "ч" | "ч+" => GameResult::BlackWins,
        "=" | "j" | "½-½" | "1/2" | "н" => GameResult::Jigo,
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

/// Reads a code that may also say how the game ended, as a result sheet
/// writes it (RFG 11.3): `b+3.5` (counted, margin 3.5), `w+r` (resigned),
/// `w+t` (on time), `b+0` (a tie broken by the rule), besides every code of
/// [`parse_code`].
pub fn parse_entry_code(code: &str) -> Option<(GameResult, ResultOrigin, Option<Method>)> {
    let lower = code.trim().to_lowercase();
    if let Some((side, how)) = lower
        .split_once('+')
        .filter(|(_, how)| !how.trim().is_empty())
    {
        let result = match side.trim() {
            "w" | "б" => GameResult::WhiteWins,
            "b" | "ч" => GameResult::BlackWins,
            _ => return None,
        };
        // Resigned: сдача, здача; on time: время, час.
        let method = match how.trim() {
            "r" | "res" | "resign" | "с" | "з" => Method::Resignation,
            "t" | "time" | "в" | "ч" => Method::Time,
            margin
                if margin
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '.' || c == ',') =>
            {
                Method::Count(HalfPoints::parse_decimal(margin)?)
            }
            _ => return None,
        };
        return Some((result, ResultOrigin::Played, Some(method)));
    }
    parse_code(code).map(|(result, origin)| (result, origin, None))
}

/// The entries of the results page's quick entry field: "12 b, 7 w!" or
/// one per line (commas, semicolons and new lines separate them).
pub fn entry_items(text: &str) -> impl Iterator<Item = &str> {
    text.split([',', ';', '\n'])
        .map(str::trim)
        .filter(|e| !e.is_empty())
}

/// Reads one quick entry: a board number, then a code ("12 b", "7w!",
/// "3 b+4.5"). `Err(None)` when unreadable, `Err(Some(n))` for board 0.
pub fn parse_entry(
    entry: &str,
) -> Result<(BoardNo, GameResult, ResultOrigin, Option<Method>), Option<u32>> {
    let digits = entry
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(entry.len());
    let (board, code) = entry.split_at(digits);
    let board: u32 = board.parse().map_err(|_| None)?;
    let (result, origin, method) = parse_entry_code(code)
        .filter(|_| !code.trim().is_empty())
        .ok_or(None)?;
    let board = BoardNo::new(board).ok_or(Some(board))?;
    Ok((board, result, origin, method))
}

/// A game's result as lists print it: the notation, then how the game
/// ended when the sheet said so (`0-1 B+3.5`).
pub fn game_notation(game: &super::round::Game) -> String {
    let notation = notation(game.result, game.origin);
    match method_text(game.result, game.method) {
        Some(how) => format!("{notation} {how}"),
        None => notation,
    }
}

/// The code [`parse_entry_code`] reads back as this result and method.
pub fn entry_code(result: GameResult, origin: ResultOrigin, method: Option<Method>) -> String {
    match (method_text(result, method), origin) {
        (Some(text), ResultOrigin::Played) => text.to_lowercase(),
        _ => code(result, origin),
    }
}

/// How a game won on the board ended, as the result sheet writes it:
/// `B+3.5`, `W+R`, `W+T`; `None` without a method or a winner.
pub fn method_text(result: GameResult, method: Option<Method>) -> Option<String> {
    let side = match result {
        GameResult::WhiteWins => "W",
        GameResult::BlackWins => "B",
        _ => return None,
    };
    let how = match method? {
        Method::Resignation => "R".to_string(),
        Method::Time => "T".to_string(),
        Method::Count(margin) => margin.to_string(),
    };
    Some(format!("{side}+{how}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_sheet_code_carries_how_the_game_ended() {
        let half = HalfPoints::HALF;
        assert_eq!(
            parse_entry_code("B+0.5"),
            Some((
                GameResult::BlackWins,
                ResultOrigin::Played,
                Some(Method::Count(half))
            ))
        );
        assert_eq!(
            parse_entry_code("w+R"),
            Some((
                GameResult::WhiteWins,
                ResultOrigin::Played,
                Some(Method::Resignation)
            ))
        );
        assert_eq!(
            parse_entry_code("w+t"),
            Some((
                GameResult::WhiteWins,
                ResultOrigin::Played,
                Some(Method::Time)
            ))
        );
        assert_eq!(
            parse_entry_code("b"),
            Some((GameResult::BlackWins, ResultOrigin::Played, None))
        );
        assert_eq!(parse_entry_code("b+0.3"), None);
        assert_eq!(parse_entry_code("x+3"), None);
        assert_eq!(parse_entry_code("b+-2"), None);
        for method in [
            Method::Resignation,
            Method::Time,
            Method::Count(half),
            Method::Count(HalfPoints::from_halves(25)),
        ] {
            let code = entry_code(GameResult::WhiteWins, ResultOrigin::Played, Some(method));
            assert_eq!(
                parse_entry_code(&code),
                Some((GameResult::WhiteWins, ResultOrigin::Played, Some(method))),
                "{code}"
            );
        }
        assert_eq!(
            method_text(GameResult::BlackWins, Some(Method::Count(half))).as_deref(),
            Some("B+0.5")
        );
    }

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

    #[test]
    fn a_quick_entry_line_reads_board_by_board_and_names_board_zero() {
        let read: Vec<_> = entry_items("12 b, 7w!;\n 3 b+4.5,,")
            .map(parse_entry)
            .collect();
        let board = |n| BoardNo::new(n).unwrap();
        assert_eq!(
            read,
            [
                Ok((board(12), GameResult::BlackWins, ResultOrigin::Played, None)),
                Ok((
                    board(7),
                    GameResult::WhiteWins,
                    ResultOrigin::ByDefault,
                    None
                )),
                Ok((
                    board(3),
                    GameResult::BlackWins,
                    ResultOrigin::Played,
                    Some(Method::Count(HalfPoints::from_halves(9)))
                )),
            ]
        );
        assert_eq!(parse_entry("0 w"), Err(Some(0)));
        assert_eq!(
            parse_entry("99999999999 w"),
            Err(None),
            "no such board number"
        );
        assert_eq!(parse_entry("12"), Err(None), "a board without a result");
        assert_eq!(parse_entry("w"), Err(None), "a result without a board");
        // Issue 31: typed on a Russian or Ukrainian keyboard.
        let read = |e: &str| parse_entry(e).map(|(b, r, o, m)| (b.get(), r, o, m));
        assert_eq!(
            read("3 б"),
            Ok((3, GameResult::WhiteWins, ResultOrigin::Played, None))
        );
        assert_eq!(
            read("4ч!"),
            Ok((4, GameResult::BlackWins, ResultOrigin::ByDefault, None))
        );
        assert_eq!(
            read("5 Н"),
            Ok((5, GameResult::Jigo, ResultOrigin::Played, None))
        );
        assert_eq!(
            read("6 ч+3,5"),
            Ok((
                6,
                GameResult::BlackWins,
                ResultOrigin::Played,
                Some(Method::Count(HalfPoints::from_halves(7)))
            ))
        );
        assert_eq!(
            read("7 б+с"),
            Ok((
                7,
                GameResult::WhiteWins,
                ResultOrigin::Played,
                Some(Method::Resignation)
            ))
        );
    }

    proptest::proptest! {
        /// What the table writes back (board and entry code) reads as the
        /// same result; any other text is read or refused, never a panic.
        #[test]
        fn an_entry_code_reads_back_and_no_line_panics(
            board in 1u32..10_000,
            result in 0usize..6,
            by_default in proptest::bool::ANY,
            margin in proptest::option::of(0i32..200),
            noise in "\\PC{0,40}",
        ) {
            let results = [
                GameResult::WhiteWins,
                GameResult::BlackWins,
                GameResult::Jigo,
                GameResult::BothLose,
                GameResult::BothWin,
                GameResult::Unknown,
            ];
            let result = results[result];
            let wins = matches!(result, GameResult::WhiteWins | GameResult::BlackWins);
            let (origin, method) = match (by_default, margin) {
                (true, _) if result != GameResult::Unknown => (ResultOrigin::ByDefault, None),
                (_, Some(m)) if wins => {
                    (ResultOrigin::Played, Some(Method::Count(HalfPoints::from_halves(m))))
                }
                _ => (ResultOrigin::Played, None),
            };
            let line = format!("{board} {}", entry_code(result, origin, method));
            let board = BoardNo::new(board).unwrap();
            proptest::prop_assert_eq!(parse_entry(&line), Ok((board, result, origin, method)));
            for item in entry_items(&noise) {
                let _ = parse_entry(item);
            }
        }
    }
}
