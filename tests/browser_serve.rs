//! `sade serve` in a real browser: headless Chromium driven over the DevTools protocol. The test
//! only opens the page once and then reads it; every change it sees comes from the live-reload
//! script.

mod common;

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::{has_file_line_col, Serve, TIMEOUT};
use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

const CHROMIUM: &str = "/usr/bin/chromium";
const PAGE: &str = "content/blog/hello.en.md";

/// A headless Chromium; killed when dropped.
struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    next_id: u64,
}

impl Browser {
    fn start() -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(CHROMIUM)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start chromium");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                }
            }
        });
        let url = match rx.recv_timeout(TIMEOUT) {
            Ok(url) => url,
            Err(_) => {
                let _ = child.kill();
                panic!("chromium did not print its DevTools address");
            }
        };
        let (ws, _) = tungstenite::connect(url.as_str()).expect("DevTools websocket");
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(TIMEOUT)).unwrap();
        }
        Browser {
            child,
            _profile: profile,
            ws,
            next_id: 0,
        }
    }

    /// Sends one command and waits for its result, which must not be an error.
    fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        let reply = self.send(session, method, params);
        assert!(reply.get("error").is_none(), "{method}: {reply}");
        reply["result"].clone()
    }

    /// Sends one command (to a page session when `session` is given) and waits for its reply.
    fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.ws.send(Message::Text(msg.to_string().into())).unwrap();
        loop {
            let reply = self.ws.read().expect("DevTools reply");
            let Message::Text(text) = reply else { continue };
            let value: Value = serde_json::from_str(text.as_str()).unwrap();
            if value["id"] == json!(id) {
                return value;
            }
        }
    }

    /// Opens `url` in a new tab and returns the tab's session.
    fn open(&mut self, url: &str) -> String {
        let target = self.call(None, "Target.createTarget", json!({"url": url}));
        let target_id = target["targetId"].as_str().unwrap().to_string();
        let attached = self.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        attached["sessionId"].as_str().unwrap().to_string()
    }

    /// The value of a JavaScript expression in the tab (empty on failure, e.g. mid-reload).
    fn eval(&mut self, session: &str, expression: &str) -> String {
        let reply = self.send(
            Some(session),
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        reply["result"]["result"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Polls `expression` until `done` holds, or panics after the timeout.
    fn wait_until(
        &mut self,
        session: &str,
        expression: &str,
        what: &str,
        done: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + TIMEOUT;
        let mut last = String::new();
        while Instant::now() < deadline {
            last = self.eval(session, expression);
            if done(&last) {
                return last;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("{what} did not happen within {TIMEOUT:?}; the page shows:\n{last}");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const BODY: &str = "document.body ? document.body.innerText : ''";
const OVERLAY: &str = "(function () { var o = document.querySelector('.error-overlay'); \
                       return o ? o.innerText : ''; })()";

fn main() {
    let missing = if Path::new(CHROMIUM).exists() {
        vec![]
    } else {
        vec![CHROMIUM.to_string()]
    };
    common::run_trials(vec![common::needing(
        "live_reload_and_error_overlay_in_chromium",
        missing,
        live_reload_and_error_overlay_in_chromium,
    )]);
}

fn live_reload_and_error_overlay_in_chromium() {
    let mut browser = Browser::start();
    let site = common::fixture_copy();
    let serve = Serve::start(site.path());
    let original = serve.read(PAGE);

    let tab = browser.open(&serve.url("/en/blog/hello/"));
    browser.wait_until(&tab, BODY, "the page loading", |t| {
        t.contains("Hello from the fixture site.")
    });
    // Let the page's event stream connect before editing.
    browser.wait_until(
        &tab,
        "document.readyState",
        "the page finishing loading",
        |s| s == "complete",
    );
    std::thread::sleep(Duration::from_millis(300));

    serve.write(
        PAGE,
        &original.replace(
            "Hello from the fixture site.",
            "Edited while the tab was open.",
        ),
    );
    browser.wait_until(&tab, BODY, "the edit showing", |t| {
        t.contains("Edited while the tab was open.")
    });

    serve.write(
        PAGE,
        &format!("{original}\n<< backoff_table(base=100) >>\n"),
    );
    let overlay = browser.wait_until(&tab, OVERLAY, "the error overlay", |t| {
        has_file_line_col(t, PAGE)
    });
    assert!(overlay.contains("duration"), "{overlay}");

    serve.write(PAGE, &original);
    browser.wait_until(&tab, BODY, "the page returning", |t| {
        t.contains("Hello from the fixture site.")
    });
    assert_eq!(browser.eval(&tab, OVERLAY), "");
}
