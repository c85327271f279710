//! The `sade` command line: parses arguments, calls the library, prints, sets the exit code.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use sade::backoff::{Delay, Params, Schedule, Strategy};
use sade::i18n::Lang;

#[derive(Parser)]
#[command(
    name = "sade",
    version,
    about = "Static sites for bilingual engineering notebooks"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compute a backoff schedule in the terminal.
    Calc(CalcArgs),
}

#[derive(Args)]
struct CalcArgs {
    /// First wait, with a unit: 100ms, 1.5s, 2m, 1h.
    #[arg(long, value_parser = parse_delay)]
    base: Delay,
    /// Growth per attempt (≥ 1).
    #[arg(long, default_value_t = 2.0)]
    factor: f64,
    /// Upper bound of one wait, or `none`.
    #[arg(long, value_parser = parse_cap, default_value = "none")]
    cap: Cap,
    /// Number of waits (1..=100).
    #[arg(long)]
    attempts: u32,
    /// Strategies: `all`, or a comma list of none, full, equal, decorrelated.
    #[arg(long, value_parser = parse_jitter, default_value = "all")]
    jitter: Jitter,
    /// Seed of the jitter.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Clients in the fleet simulation (1..=100000).
    #[arg(long, default_value_t = 1000)]
    clients: u32,
    /// Language of the table: tr or en.
    #[arg(long, default_value = "en")]
    lang: Lang,
    /// Print JSON (numbers in milliseconds) instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Clone)]
struct Cap(Option<Delay>);

#[derive(Clone)]
struct Jitter(Vec<Strategy>);

fn parse_delay(text: &str) -> Result<Delay, String> {
    Delay::parse(text).map_err(|e| e.to_string())
}

fn parse_cap(text: &str) -> Result<Cap, String> {
    if text == "none" {
        return Ok(Cap(None));
    }
    parse_delay(text).map(|d| Cap(Some(d)))
}

fn parse_jitter(text: &str) -> Result<Jitter, String> {
    if text == "all" {
        return Ok(Jitter(Strategy::ALL.to_vec()));
    }
    text.split(',')
        .map(|name| {
            let name = name.trim();
            Strategy::from_name(name).ok_or_else(|| {
                let hint = sade::backoff::suggest_strategy(name)
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                format!(
                    "unknown strategy `{name}`{hint}; use all, or none, full, equal, decorrelated"
                )
            })
        })
        .collect::<Result<_, _>>()
        .map(Jitter)
}

fn calc(args: CalcArgs) -> Result<String, String> {
    let params = Params::builder(args.base)
        .factor(args.factor)
        .cap(args.cap.0)
        .attempts(args.attempts)
        .strategies(args.jitter.0)
        .seed(args.seed)
        .clients(args.clients)
        .build()
        .map_err(|e| e.to_string())?;
    let schedule = Schedule::compute(&params);
    Ok(if args.json {
        let mut s = sade::report::render_json(&schedule).to_string();
        s.push('\n');
        s
    } else {
        sade::report::render_text(&schedule, args.lang)
    })
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Bare `sade`: the help is the useful answer, not its first line.
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) if e.use_stderr() => {
            // One clear line: clap's first paragraph joined (for a missing argument that
            // paragraph lists its name on the next lines), without the usage block.
            let text = e.to_string();
            let first: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty())
                .collect();
            if first.is_empty() {
                eprintln!("error: bad arguments");
            } else {
                eprintln!("{}", first.join(" "));
            }
            return ExitCode::from(2);
        }
        Err(e) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    match cli.command {
        Command::Calc(args) => match calc(args) {
            Ok(out) => {
                print!("{out}");
                ExitCode::SUCCESS
            }
            Err(msg) => {
                eprintln!("error: {msg}");
                ExitCode::from(2)
            }
        },
    }
}
