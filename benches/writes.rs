//! The cost of a write (not a test): results entered through the API into
//! tournaments of 100, 760 and 5,000 players, one after another on one
//! connection, then twenty referees entering a 760-player round at once,
//! then every board of it entered twice at once. Run by `.ci/bench-writes`,
//! which first asks this program for the tournaments (`WRITES_MAKE=DIR`
//! writes OpenGotha files), imports them, starts the release server on its
//! own database and runs this program again with `WRITES_BASE` and
//! `WRITES_TOKEN`.
//!
//! Each tournament has six rounds: five played, the sixth paired without
//! results, as a congress is while its referees enter the last round.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Barrier};
use std::time::Instant;

use tengen::core::formats::opengotha;
use tengen::core::{
    BoardNo, Game, GameResult, HalfPoints, Player, PlayerId, Rank, ResultOrigin, RoundNo, Settings,
    Tournament,
};

/// Sizes of the tournaments written to, in players (an even number: every
/// player has a game in every round).
const SIZES: [usize; 3] = [100, 760, 5000];
const ROUNDS: u32 = 6;
const WRITES: usize = 300;
const REFEREES: usize = 20;

fn short_name(players: usize) -> String {
    format!("w{players}")
}

/// A tournament of `players` players, rounds 1–5 played, round 6 paired.
fn tournament(players: usize) -> Tournament {
    let mut settings = Settings::default();
    settings.general.name = format!("Write bench {players}");
    settings.general.short_name = short_name(players);
    settings.number_of_rounds = ROUNDS;
    let mut t = Tournament::new(settings);
    let ids: Vec<PlayerId> = (0..players)
        .map(|i| {
            let rank = Rank::Kyu((i % 30) as u8 + 1);
            let name = format!("Player{i:05}");
            t.register(Player::new(PlayerId(0), &name, "Bench", rank))
        })
        .collect();
    let half = players / 2;
    for round in 1..=ROUNDS {
        // Player k meets player half + (k + round) mod half: a new opponent
        // each round, every player on a board.
        for k in 0..half {
            let opponent = half + (k + round as usize) % half;
            let result = match (round == ROUNDS, k % 2) {
                (true, _) => GameResult::Unknown,
                (false, 0) => GameResult::WhiteWins,
                (false, _) => GameResult::BlackWins,
            };
            t.add_game(Game {
                round: RoundNo::new(round).expect("a round"),
                board: BoardNo::new(k as u32 + 1).expect("a board"),
                white: ids[k],
                black: ids[opponent],
                handicap: 0,
                komi: HalfPoints::from_halves(13),
                result,
                origin: ResultOrigin::Played,
                colours_known: true,
                method: None,
            })
            .expect("a consistent bench tournament");
        }
    }
    t
}

/// One keep-alive connection speaking just enough HTTP/1.1.
struct Client {
    reader: BufReader<TcpStream>,
    host: String,
    token: String,
}

impl Client {
    fn new(host: &str, token: &str) -> Client {
        let stream = TcpStream::connect(host).expect("connect to the server");
        stream.set_nodelay(true).expect("nodelay");
        Client {
            reader: BufReader::new(stream),
            host: host.to_string(),
            token: token.to_string(),
        }
    }

    fn call(&mut self, method: &str, path: &str, body: &str) -> (u16, String) {
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.host,
            self.token,
            body.len()
        );
        self.reader
            .get_mut()
            .write_all(request.as_bytes())
            .expect("send");
        let mut line = String::new();
        self.reader.read_line(&mut line).expect("status line");
        let status = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let mut length = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line).expect("header");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).expect("body");
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    fn version(&mut self, short: &str) -> i64 {
        let (_, body) = self.call("GET", &format!("/api/v1/tournaments/{short}"), "");
        version_in(&body).expect("the tournament's version")
    }

    fn enter(&mut self, short: &str, board: usize, version: i64, result: &str) -> (u16, String) {
        let path = format!("/api/v1/tournaments/{short}/rounds/{ROUNDS}/boards/{board}/result");
        let body = format!("{{\"version\":{version},\"result\":\"{result}\"}}");
        self.call("PUT", &path, &body)
    }
}

fn version_in(body: &str) -> Option<i64> {
    body.split("\"version\":")
        .nth(1)?
        .split([',', '}'])
        .next()?
        .trim()
        .parse()
        .ok()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// One client entering results one after another, each on the version the
/// previous write returned.
fn sequential(host: &str, token: &str, players: usize) {
    let short = short_name(players);
    let mut client = Client::new(host, token);
    let mut version = client.version(&short);
    let boards = players / 2;
    let mut took = Vec::with_capacity(WRITES);
    for i in 0..WRITES {
        let result = if (i / boards).is_multiple_of(2) {
            "w"
        } else {
            "b"
        };
        let start = Instant::now();
        let (status, body) = client.enter(&short, i % boards + 1, version, result);
        took.push(start.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(status, 200, "a write was refused: {body}");
        version = version_in(&body).expect("the new version");
    }
    took.sort_by(f64::total_cmp);
    println!(
        "one client, {players} players: {WRITES} results, p50 {:.2} ms, p99 {:.2} ms, slowest {:.2} ms",
        percentile(&took, 0.5),
        percentile(&took, 0.99),
        took[took.len() - 1]
    );
}

/// Every referee enters `boards[r]` at once, each write based on the
/// version read before the wave; returns the statuses per board.
fn wave(
    host: &str,
    token: &str,
    short: &str,
    boards: Vec<Vec<usize>>,
    result: &str,
) -> Vec<(usize, u16)> {
    let version = Client::new(host, token).version(short);
    let start = Arc::new(Barrier::new(boards.len()));
    let threads: Vec<_> = boards
        .into_iter()
        .map(|mine| {
            let (host, token, short, start) = (
                host.to_string(),
                token.to_string(),
                short.to_string(),
                start.clone(),
            );
            let result = result.to_string();
            std::thread::spawn(move || {
                let mut client = Client::new(&host, &token);
                start.wait();
                mine.into_iter()
                    .map(|board| (board, client.enter(&short, board, version, &result).0))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    threads
        .into_iter()
        .flat_map(|t| t.join().expect("a referee"))
        .collect()
}

fn waves(host: &str, token: &str) {
    let players = 760;
    let short = short_name(players);
    let boards: Vec<usize> = (1..=players / 2).collect();
    let split: Vec<Vec<usize>> = (0..REFEREES)
        .map(|r| boards.iter().copied().skip(r).step_by(REFEREES).collect())
        .collect();
    let start = Instant::now();
    let first = wave(host, token, &short, split.clone(), "b");
    let took = start.elapsed().as_secs_f64();
    let stored = first.iter().filter(|(_, s)| *s == 200).count();
    let conflicts = first.iter().filter(|(_, s)| *s == 409).count();
    let other = first.len() - stored - conflicts;
    println!(
        "wave: {REFEREES} referees, {} boards of a {players}-player round: {stored} stored, \
         {conflicts} conflicts, {other} other answers, {took:.2} s",
        boards.len()
    );
    // Twice at once: the same boards given to two referees each.
    let doubled: Vec<Vec<usize>> = split.iter().chain(split.iter()).cloned().collect();
    let second = wave(host, token, &short, doubled, "w");
    let right = boards
        .iter()
        .filter(|b| {
            let mut s: Vec<u16> = second
                .iter()
                .filter(|(x, _)| x == *b)
                .map(|(_, s)| *s)
                .collect();
            s.sort();
            s == [200, 409]
        })
        .count();
    println!(
        "twice at once: {right} of {} boards stored once and refused once (409)",
        boards.len()
    );
}

fn main() {
    if let Ok(dir) = std::env::var("WRITES_MAKE") {
        for players in SIZES {
            let path = std::path::Path::new(&dir).join(format!("{}.xml", short_name(players)));
            std::fs::write(&path, opengotha::export(&tournament(players))).expect("write a file");
            println!("{}", path.display());
        }
        return;
    }
    let (Ok(base), Ok(token)) = (std::env::var("WRITES_BASE"), std::env::var("WRITES_TOKEN"))
    else {
        println!("skipped: run .ci/bench-writes (it sets WRITES_BASE and WRITES_TOKEN)");
        return;
    };
    let host = base.trim_start_matches("http://").trim_end_matches('/');
    for players in SIZES {
        sequential(host, &token, players);
    }
    waves(host, &token);
}
