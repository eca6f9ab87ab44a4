//! The reload storm (not a test): thousands of phones hold a live page open,
//! one result is entered, every phone is told and reloads, as `live.js`
//! does. Run by `.ci/bench-storm`, which starts the release server on its
//! own database with egc2013 imported; alone it needs a server at
//! `STORM_BASE` and an API token in `STORM_TOKEN`.
//!
//! Each phone is a connection of its own holding the page's event stream;
//! when told, it waits a moment of its own (0–500 ms, as `live.js`),
//! fetches the page on a new connection and opens the stream again.
//! Prints: phones, streams open, told (and how fast), reloads answered 200,
//! errors of any kind, and the slowest reload counted from the change.

use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::Barrier;

struct Setup {
    host: String,
    page: String,
    events: String,
    phones: usize,
}

/// What one phone saw, in milliseconds from the change.
#[derive(Default)]
struct Phone {
    opened: bool,
    told_ms: Option<f64>,
    reload_status: Option<u16>,
    reloaded_ms: Option<f64>,
    reopened: bool,
}

/// A whole response on its own connection: status and body.
async fn get(host: &str, path: &str) -> std::io::Result<(u16, Vec<u8>)> {
    get_as(host, path, "").await
}

/// [`get`] with more header lines (each ending in CRLF).
async fn get_as(host: &str, path: &str, headers: &str) -> std::io::Result<(u16, Vec<u8>)> {
    let mut stream = TcpStream::connect(host).await?;
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n{headers}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    Ok((status(&response), response))
}

fn status(response: &[u8]) -> u16 {
    std::str::from_utf8(&response[..response.len().min(16)])
        .ok()
        .and_then(|line| line.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .unwrap_or(0)
}

/// Opens the page's event stream: the reader after its headers, if 200.
async fn open_stream(host: &str, path: &str) -> std::io::Result<Option<BufReader<TcpStream>>> {
    let mut stream = TcpStream::connect(host).await?;
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).await?;
    if status(line.as_bytes()) != 200 {
        return Ok(None);
    }
    loop {
        line.clear();
        if reader.read_line(&mut line).await? == 0 || line == "\r\n" {
            break;
        }
    }
    Ok(Some(reader))
}

async fn phone(
    setup: &Setup,
    opened: &Barrier,
    changed: &tokio::sync::watch::Receiver<Option<Instant>>,
) -> Phone {
    let mut seen = Phone::default();
    let stream = open_stream(&setup.host, &setup.events).await.ok().flatten();
    seen.opened = stream.is_some();
    opened.wait().await;
    let Some(mut stream) = stream else {
        return seen;
    };
    let mut line = String::new();
    loop {
        line.clear();
        match tokio::time::timeout(Duration::from_secs(30), stream.read_line(&mut line)).await {
            Ok(Ok(n)) if n > 0 => {
                if line.starts_with("event: changed") {
                    break;
                }
            }
            _ => return seen,
        }
    }
    let Some(change) = *changed.borrow() else {
        return seen;
    };
    seen.told_ms = Some(change.elapsed().as_secs_f64() * 1000.0);
    drop(stream);
    tokio::time::sleep(Duration::from_millis(rand::random::<u64>() % 500)).await;
    if let Ok((code, _)) = get(&setup.host, &setup.page).await {
        seen.reload_status = Some(code);
        seen.reloaded_ms = Some(change.elapsed().as_secs_f64() * 1000.0);
    }
    seen.reopened = open_stream(&setup.host, &setup.events)
        .await
        .ok()
        .flatten()
        .is_some();
    seen
}

/// The page's event stream, as its `data-live` attribute names it (with
/// the version the page shows).
fn since(page: &str) -> String {
    let attribute = "data-live=\"";
    let start = page.find(attribute).expect("a live page") + attribute.len();
    page[start..]
        .split('"')
        .next()
        .expect("the attribute ends")
        .replace("&amp;", "&")
}

/// Enters one result through the API, as a referee's program would, and
/// answers its HTTP status. The result must differ from the board's: the
/// same result entered again changes nothing, so no page is told (egc2013's
/// boards have results already). White's win is tried first and, where the
/// board had it (the version did not move), Black's.
async fn enter_result(host: &str, token: &str, result_path: &str) -> u16 {
    let tournament = format!("/api/v1/tournaments/{}", short_of(result_path));
    let (_, page) = get_as(
        host,
        &tournament,
        &format!("Authorization: Bearer {token}\r\n"),
    )
    .await
    .expect("read the tournament");
    let version = version_in(&page).expect("the tournament's version");
    let mut code = 0;
    for result in ["w", "b"] {
        let (status, answer) = put_result(host, token, result_path, version, result).await;
        code = status;
        if status != 200 || version_in(&answer) != Some(version) {
            break;
        }
    }
    code
}

/// The `"version"` of a JSON answer.
fn version_in(response: &[u8]) -> Option<i64> {
    String::from_utf8_lossy(response)
        .split("\"version\":")
        .nth(1)
        .and_then(|rest| rest.split([',', '}']).next())
        .and_then(|v| v.trim().parse().ok())
}

/// `PUT`s one result based on `version`: the status and the whole answer.
async fn put_result(
    host: &str,
    token: &str,
    result_path: &str,
    version: i64,
    result: &str,
) -> (u16, Vec<u8>) {
    let json = format!("{{\"version\":{version},\"result\":\"{result}\"}}");
    let mut stream = TcpStream::connect(host).await.expect("connect");
    let request = format!(
        "PUT {result_path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{json}",
        json.len()
    );
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.expect("answer");
    (status(&response), response)
}

fn short_of(result_path: &str) -> &str {
    result_path
        .trim_start_matches("/api/v1/tournaments/")
        .split('/')
        .next()
        .unwrap_or("")
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let (Ok(base), Ok(token)) = (std::env::var("STORM_BASE"), std::env::var("STORM_TOKEN")) else {
        println!("skipped: run .ci/bench-storm (it sets STORM_BASE and STORM_TOKEN)");
        return;
    };
    let host = base
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let phones: usize = std::env::var("STORM_PHONES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5000);
    let page = std::env::var("STORM_PAGE").unwrap_or_else(|_| "/t/egc2013/rounds/10".into());
    let result = std::env::var("STORM_RESULT")
        .unwrap_or_else(|_| "/api/v1/tournaments/egc2013/rounds/10/boards/1/result".into());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async move {
        let (code, body) = get(&host, &page).await.expect("the page answers");
        assert_eq!(code, 200, "the page {page} answers 200");
        let events = since(&String::from_utf8_lossy(&body));
        let setup = std::sync::Arc::new(Setup {
            host: host.clone(),
            page,
            events,
            phones,
        });
        let opened = std::sync::Arc::new(Barrier::new(phones + 1));
        let (tell, changed) = tokio::sync::watch::channel(None);
        let mut all = Vec::with_capacity(phones);
        for _ in 0..phones {
            let (setup, opened, changed) = (setup.clone(), opened.clone(), changed.clone());
            all.push(tokio::spawn(async move {
                phone(&setup, &opened, &changed).await
            }));
            // Phones arrive over a moment, not in one SYN burst.
            tokio::task::yield_now().await;
        }
        opened.wait().await;
        // Every stream is subscribed once its headers have come.
        tokio::time::sleep(Duration::from_millis(500)).await;
        tell.send_replace(Some(Instant::now()));
        let entered = enter_result(&host, &token, &result).await;
        let mut seen = Vec::with_capacity(phones);
        for phone in all {
            seen.push(phone.await.expect("a phone"));
        }
        report(&setup, entered, &seen);
    });
}

fn report(setup: &Setup, entered: u16, seen: &[Phone]) {
    let opened = seen.iter().filter(|p| p.opened).count();
    let mut told: Vec<f64> = seen.iter().filter_map(|p| p.told_ms).collect();
    told.sort_by(f64::total_cmp);
    let ok = seen.iter().filter(|p| p.reload_status == Some(200)).count();
    let mut reloaded: Vec<f64> = seen
        .iter()
        .filter(|p| p.reload_status == Some(200))
        .filter_map(|p| p.reloaded_ms)
        .collect();
    reloaded.sort_by(f64::total_cmp);
    let errors = seen
        .iter()
        .filter(|p| !p.opened || p.told_ms.is_none() || p.reload_status != Some(200) || !p.reopened)
        .count();
    let reopened = seen.iter().filter(|p| p.reopened).count();
    println!("phones: {}", setup.phones);
    println!("result entered: HTTP {entered}");
    println!("streams open before the change: {opened}");
    println!(
        "told: {} (p50 {:.0} ms, slowest {:.0} ms)",
        told.len(),
        percentile(&told, 0.5),
        percentile(&told, 1.0)
    );
    println!(
        "reloaded with 200: {ok} (p50 {:.0} ms, slowest {:.0} ms after the change)",
        percentile(&reloaded, 0.5),
        percentile(&reloaded, 1.0)
    );
    println!("streams open again: {reopened}");
    println!("phones with any error: {errors}");
}
