//! The `sade` command line: parses arguments, calls the library, prints, sets the exit code.

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};

#[path = "main/calc.rs"]
mod calc;
#[path = "main/recovery.rs"]
mod recovery;

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
    /// Make a new bilingual site (a post with a table, an About page) in a new or empty folder.
    Init(InitArgs),
    /// Add a page in both languages: `sade new blog/first-post` (the folder names the section).
    New(NewArgs),
    /// Build the site into public/ (only changed files are rewritten; nothing is touched on error).
    Build(BuildArgs),
    /// Run every check of a build, and more, without writing anything.
    Check(CheckArgs),
    /// Compute a backoff schedule in the terminal.
    Calc(Box<calc::CalcArgs>),
    /// Preview the site: serve it from memory, rebuild on change, reload open pages.
    Serve(ServeArgs),
    /// Run as an mdBook preprocessor (expands sade's shortcodes in a book).
    Mdbook(MdbookArgs),
}

#[derive(Args)]
struct InitArgs {
    /// The folder to make the site in (made if missing; must be empty).
    #[arg(default_value = ".")]
    dir: PathBuf,
}

#[derive(Args)]
struct NewArgs {
    /// The page below content/, without the language: `blog/first-post` makes
    /// content/blog/first-post.tr.md and .en.md in the section whose path is `blog`; `about`
    /// makes a stand-alone page.
    path: String,
    /// Site root (the folder with sade.yaml).
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

#[derive(Args)]
struct MdbookArgs {
    #[command(subcommand)]
    command: Option<MdbookCommand>,
}

#[derive(Subcommand)]
enum MdbookCommand {
    /// Answer mdBook's question whether a renderer is supported (exit 0: yes).
    Supports {
        /// The renderer's name, e.g. html.
        renderer: String,
    },
}

#[derive(Args)]
struct ServeArgs {
    /// Site root (the folder with sade.yaml).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 1111)]
    port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Include pages marked `draft: true`.
    #[arg(long)]
    drafts: bool,
    /// Include pages published after today (or after SOURCE_DATE_EPOCH's day).
    #[arg(long)]
    future: bool,
    /// Serve the site as if at this URL instead of sade.yaml's `base_url` (under its path).
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// Open the site in the browser.
    #[arg(long)]
    open: bool,
}

#[derive(Args)]
struct SiteArgs {
    /// Site root (the folder with sade.yaml).
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Include pages marked `draft: true`.
    #[arg(long)]
    drafts: bool,
    /// Include pages published after today (or after SOURCE_DATE_EPOCH's day).
    #[arg(long)]
    future: bool,
    /// Build for this URL instead of sade.yaml's `base_url` (a preview deployment, say).
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
}

/// `--timings`, which `build` and `check` share.
#[derive(Args)]
struct TimingsArg {
    /// Print where the time went: each part of the work, each shortcode and each template.
    #[arg(long)]
    timings: bool,
}

impl SiteArgs {
    fn options(&self) -> sade::pipeline::Options {
        sade::pipeline::Options {
            drafts: self.drafts,
            future: self.future,
            base_url: self.base_url.clone(),
            ..sade::pipeline::Options::new(&self.root)
        }
    }

    /// The options, with a timings recorder when `--timings` was given.
    fn timed_options(&self, t: &TimingsArg) -> sade::pipeline::Options {
        sade::pipeline::Options {
            timings: t.timings.then(Default::default),
            ..self.options()
        }
    }
}

#[derive(Args)]
struct BuildArgs {
    #[command(flatten)]
    site: SiteArgs,
    /// Output folder (default: ROOT/public).
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    timings: TimingsArg,
}

/// `check` takes `build`'s flags but `--out`: it writes nothing (but for `--external`'s cache).
#[derive(Args)]
struct CheckArgs {
    #[command(flatten)]
    site: SiteArgs,
    #[command(flatten)]
    timings: TimingsArg,
    /// Also fetch every http(s) link of the site (HEAD, then GET; redirects, #fragments),
    /// remembering good ones in .sade/cache/external.json.
    #[arg(long)]
    external: bool,
    /// With --external: longest wait for a connection (e.g. 5s, 500ms).
    #[arg(long, value_name = "DURATION", value_parser = sade::external::parse_duration, default_value = "5s", requires = "external")]
    connect_timeout: std::time::Duration,
    /// With --external: longest wait for one request and its answer.
    #[arg(long, value_name = "DURATION", value_parser = sade::external::parse_duration, default_value = "15s", requires = "external")]
    timeout: std::time::Duration,
    /// With --external: how long a link found good is trusted without fetching it again (0: fetch
    /// every link).
    #[arg(long, value_name = "DURATION", value_parser = sade::external::parse_duration, default_value = "1d", requires = "external")]
    max_age: std::time::Duration,
}

/// Prints `--timings`' report, if it was asked for.
fn print_timings(options: &sade::pipeline::Options, started: Instant) {
    if let Some(t) = &options.timings {
        eprint!(
            "{}",
            t.report(started.elapsed(), rayon::current_num_threads())
        );
    }
}

fn build(args: BuildArgs) -> ExitCode {
    let started = Instant::now();
    let options = args.site.timed_options(&args.timings);
    let out = args.out.unwrap_or_else(|| args.site.root.join("public"));
    if let Some(why) = sade::build::unsafe_destination(&args.site.root, &out) {
        let refusal = sade::diagnostic::Diagnostic::error(format!("not building: {why}"))
            .with_help("build into a folder of its own, such as public/ (the default), with --out");
        eprint!("{}", refusal.render());
        return ExitCode::from(1);
    }
    // Said after a failure only if it is so: there may be no previous output.
    let had_output = sade::output::has_contents(&out);
    let report = sade::build::build_to_dir(&options, &sade::shortcode::Registry::builtin(), &out);
    let leftovers = &report.leftovers;
    if let Some(old) = &leftovers.restored {
        eprintln!(
            "put the previous output back from {}, where an interrupted build had moved it",
            old.display()
        );
    }
    if !leftovers.removed.is_empty() {
        let names: Vec<String> = leftovers
            .removed
            .iter()
            .map(|p| {
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        let n = names.len();
        eprintln!(
            "removed {n} folder{} left by interrupted builds: {}",
            if n == 1 { "" } else { "s" },
            names.join(", ")
        );
    }
    eprint!("{}", report.diagnostics.render());
    if report.diagnostics.has_errors() {
        if had_output {
            eprintln!("build failed; the previous output was left untouched");
        } else {
            eprintln!("build failed; nothing was written");
        }
        return ExitCode::from(1);
    }
    let pages = report.pipeline.as_ref().map_or(0, |p| p.site().pages.len());
    let updated = report.updated.as_ref().map_or(String::new(), |u| {
        format!(" ({} changed, {} removed)", u.changed, u.removed)
    });
    let cards = report
        .pipeline
        .as_ref()
        .and_then(|p| p.cards())
        .map_or(String::new(), |cache| {
            let c = cache.counts();
            format!("; cards: {} drawn, {} reused", c.drawn, c.reused)
        });
    eprintln!(
        "built {pages} pages, {} files{updated} into {} in {} ms{cards}",
        report.index.len(),
        out.display(),
        started.elapsed().as_millis()
    );
    print_timings(&options, started);
    // The process ends here: freeing a big site's pages one by one would only add to the wall
    // time (a profile at 10 000 pages put it at ~7 ms of ~0.85 s), and the system takes the
    // memory back at once.
    std::mem::forget(report);
    ExitCode::SUCCESS
}

fn check(args: CheckArgs) -> ExitCode {
    let started = Instant::now();
    let options = args.site.timed_options(&args.timings);
    let registry = sade::shortcode::Registry::builtin();
    let (mut report, summary) = if args.external {
        let settings = sade::external::Settings {
            connect_timeout: args.connect_timeout,
            timeout: args.timeout,
            max_age: args.max_age,
            ..Default::default()
        };
        sade::check::run_external(&options, &registry, &settings)
    } else {
        (sade::check::run(&options, &registry), None)
    };
    report.sort();
    eprint!("{}", report.render());
    if let Some(summary) = summary {
        let cache = std::path::Path::new(sade::external::CACHE_FILE);
        eprintln!("{}", sade::external::summary_line(&summary, cache));
    }
    if report.0.is_empty() {
        eprintln!("no problems found");
    }
    print_timings(&options, started);
    if report.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn init(args: InitArgs) -> ExitCode {
    match sade::scaffold::init(&args.dir, sade::i18n::Date::today()) {
        Ok(files) => {
            for f in &files {
                eprintln!("  {}", args.dir.join(f).display());
            }
            eprintln!(
                "made a new site in {}; build it with `sade build --root {0}`, or preview it with \
                 `sade serve --root {0}`",
                args.dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(d) => {
            eprint!("{}", d.render());
            ExitCode::from(1)
        }
    }
}

fn new(args: NewArgs) -> ExitCode {
    match sade::scaffold::new_page(&args.root, &args.path, sade::i18n::Date::today()) {
        Ok(files) => {
            for f in &files {
                eprintln!("  {}", args.root.join(f).display());
            }
            eprintln!("made a new page in both languages; write it, then build");
            ExitCode::SUCCESS
        }
        Err(d) => {
            eprint!("{}", d.render());
            ExitCode::from(1)
        }
    }
}

fn mdbook(args: MdbookArgs) -> ExitCode {
    if let Some(MdbookCommand::Supports { renderer }) = args.command {
        return if sade::mdbook::supports(&renderer) {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        };
    }
    let mut input = String::new();
    if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut input) {
        eprintln!("error: cannot read the book from standard input: {e}");
        return ExitCode::from(1);
    }
    match sade::mdbook::run(&input, &sade::shortcode::Registry::builtin()) {
        Ok(book) => {
            print!("{book}");
            ExitCode::SUCCESS
        }
        Err(report) => {
            eprint!("{}", report.render());
            ExitCode::from(1)
        }
    }
}

fn print_note(note: sade::serve::Note, open: bool) {
    use sade::serve::Note;
    match note {
        Note::Serving(addr, root) => {
            let url = format!("http://{addr}{root}");
            println!("serving {url}");
            let _ = std::io::stdout().flush();
            eprintln!("press Ctrl-C to stop");
            if open {
                let _ = std::process::Command::new("xdg-open")
                    .arg(&url)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .spawn();
            }
        }
        Note::NotLoopback(ip) => eprintln!(
            "warning: listening on {ip}, which is not a loopback address: \
             anyone on the network can read the preview"
        ),
        Note::Polling(why) => eprintln!("warning: watching files by polling ({why})"),
        Note::Built {
            generation,
            changed,
            full,
            steps,
            warnings,
        } => {
            eprint!("{warnings}");
            let total: f64 = steps.iter().map(|(_, d)| d.as_secs_f64() * 1e3).sum();
            let parts: Vec<String> = steps
                .iter()
                .map(|(name, d)| format!("{name} {:.1} ms", d.as_secs_f64() * 1e3))
                .collect();
            eprintln!(
                "{} rebuild in {total:.1} ms ({}): {changed} files changed, generation {generation}",
                if full { "full" } else { "incremental" },
                parts.join(", ")
            );
        }
        Note::Failed { report, serving } => {
            eprint!("{report}");
            if serving {
                eprintln!("build failed; still serving the last good build");
            } else {
                eprintln!(
                    "build failed; there is no good build to serve yet: pages show the error"
                );
            }
        }
    }
}

fn serve(args: ServeArgs) -> ExitCode {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)) {
        eprintln!("warning: cannot catch Ctrl-C: {e}");
    }
    let options = sade::serve::ServeOptions {
        root: args.root,
        bind: args.bind,
        port: args.port,
        drafts: args.drafts,
        future: args.future,
        base_url: args.base_url,
    };
    let server = match sade::serve::Server::bind(options) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot listen on {}:{}: {e}", args.bind, args.port);
            return ExitCode::from(1);
        }
    };
    let open = args.open;
    match server.run(&stop, Arc::new(move |note| print_note(note, open))) {
        Ok(()) => {
            eprintln!("stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// A command-line error as sade prints it: clap's first paragraph on one line (for a missing
/// argument that paragraph lists its name on the next lines), without the usage block, then
/// clap's "did you mean" (`sade biuld`, `--bsae`, `--draft`), as sade's own errors say it.
fn usage_error(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let text = e.to_string();
    let first: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let mut out = if first.is_empty() {
        "error: bad arguments".to_string()
    } else {
        first.join(" ")
    };
    out.push('\n');
    for kind in [
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
    ] {
        let names = match e.get(kind) {
            Some(ContextValue::String(s)) => vec![s.as_str()],
            Some(ContextValue::Strings(v)) => v.iter().map(String::as_str).collect(),
            _ => continue,
        };
        for name in names {
            out.push_str(&format!(" = help: did you mean `{name}`?\n"));
        }
    }
    out
}

/// jemalloc instead of the system allocator: a build makes many small, short-lived allocations on
/// every worker thread, where it is ~20 % faster than glibc's malloc for ~10 % more peak memory.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOC: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Bare `sade`: the help is the useful answer, not its first line.
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) if e.use_stderr() => {
            eprint!("{}", usage_error(&e));
            return ExitCode::from(2);
        }
        Err(e) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    match cli.command {
        Command::Init(args) => init(args),
        Command::New(args) => new(args),
        Command::Build(args) => build(args),
        Command::Mdbook(args) => mdbook(args),
        Command::Check(args) => check(args),
        Command::Serve(args) => serve(args),
        Command::Calc(args) => match calc::run(*args) {
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
