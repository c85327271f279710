//! The libraries sade models (SPEC §6's table): ids, names for people, the package and version
//! each model was read from, and the group the pickers show it in.

use std::fmt;

use super::{
    aws_sdk, axios_retry, backon, cenkalti, exponential_backoff, go_retryablehttp, google_api_core,
    got, grpc, grpc_core, p_retry, polly, python_backoff, resilience4j, stamina, tenacity, urllib3,
};

/// A retry library sade models. The discriminant is the index `i` of SPEC §6's table, which
/// picks the sample stream `(16 + i) × 2³² + client`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Library {
    /// gRPC's retry policy (gRFC A6), as grpc-go implements it.
    Grpc = 0,
    /// The AWS SDKs' standard retry mode, as botocore implements it.
    AwsSdk = 1,
    /// Python tenacity, `wait_random_exponential`.
    Tenacity = 2,
    /// Python backoff, `expo` with `full_jitter`.
    PythonBackoff = 3,
    /// Go cenkalti/backoff, `ExponentialBackOff`.
    Cenkalti = 4,
    /// Node p-retry with `randomize`.
    PRetry = 5,
    /// Node exponential-backoff with `jitter: "full"`.
    ExponentialBackoff = 6,
    /// Rust backon, `ExponentialBuilder` with jitter.
    Backon = 7,
    /// .NET Polly v8, exponential backoff with jitter.
    Polly = 8,
    /// Java resilience4j, `IntervalFunction.ofExponentialRandomBackoff`.
    Resilience4j = 9,
    /// Python urllib3's `Retry` (what `requests` retries through).
    Urllib3 = 10,
    /// Google's Python cloud clients, `google.api_core.retry.Retry`.
    GoogleApiCore = 11,
    /// Python stamina, `stamina.retry`.
    Stamina = 12,
    /// Node got's built-in retry.
    Got = 13,
    /// Node axios-retry with `exponentialDelay`.
    AxiosRetry = 14,
    /// Go hashicorp/go-retryablehttp, `DefaultBackoff`.
    GoRetryablehttp = 15,
    /// gRPC's C core (grpcio, gRPC C++, Ruby, PHP), its retry filter.
    GrpcCore = 16,
}

/// Where a picker lists a library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// HTTP clients that retry by themselves.
    HttpClients,
    /// Cloud providers' SDKs.
    CloudSdks,
    /// RPC frameworks.
    Rpc,
    /// Retry libraries a program wraps its own calls in.
    GeneralPurpose,
}

impl Group {
    /// Every group, in the pickers' order.
    pub const ALL: [Group; 4] = [
        Group::HttpClients,
        Group::CloudSdks,
        Group::Rpc,
        Group::GeneralPurpose,
    ];

    /// Its id in markup and scripts (`http`, `cloud`, `rpc`, `general`).
    pub fn id(self) -> &'static str {
        match self {
            Group::HttpClients => "http",
            Group::CloudSdks => "cloud",
            Group::Rpc => "rpc",
            Group::GeneralPurpose => "general",
        }
    }

    /// The libraries in this group, in SPEC §6's order.
    pub fn libraries(self) -> impl Iterator<Item = Library> {
        Library::ALL.into_iter().filter(move |l| l.group() == self)
    }
}

/// What is known of each library, in [`Library::ALL`]'s order: id, label, package, group.
const TABLE: [(&str, &str, &str, Group); 17] = [
    ("grpc", "gRPC", "grpc-go", Group::Rpc),
    ("aws-sdk", "AWS SDKs", "botocore", Group::CloudSdks),
    ("tenacity", "tenacity", "tenacity", Group::GeneralPurpose),
    (
        "python-backoff",
        "backoff (Python)",
        "backoff",
        Group::GeneralPurpose,
    ),
    (
        "cenkalti",
        "cenkalti/backoff",
        "github.com/cenkalti/backoff/v4",
        Group::GeneralPurpose,
    ),
    ("p-retry", "p-retry", "p-retry", Group::GeneralPurpose),
    (
        "exponential-backoff",
        "exponential-backoff",
        "exponential-backoff",
        Group::GeneralPurpose,
    ),
    ("backon", "backon", "backon", Group::GeneralPurpose),
    ("polly", "Polly", "Polly.Core", Group::GeneralPurpose),
    (
        "resilience4j",
        "resilience4j",
        "resilience4j-core",
        Group::GeneralPurpose,
    ),
    (
        "urllib3",
        "urllib3 (requests)",
        "urllib3",
        Group::HttpClients,
    ),
    (
        "google-api-core",
        "Google Cloud (Python)",
        "google-api-core",
        Group::CloudSdks,
    ),
    ("stamina", "stamina", "stamina", Group::GeneralPurpose),
    ("got", "got", "got", Group::HttpClients),
    (
        "axios-retry",
        "axios-retry",
        "axios-retry",
        Group::HttpClients,
    ),
    (
        "go-retryablehttp",
        "go-retryablehttp",
        "github.com/hashicorp/go-retryablehttp",
        Group::HttpClients,
    ),
    ("grpc-core", "gRPC C-core", "grpcio", Group::Rpc),
];

impl Library {
    /// Every library, in SPEC §6's order.
    pub const ALL: [Library; 17] = [
        Library::Grpc,
        Library::AwsSdk,
        Library::Tenacity,
        Library::PythonBackoff,
        Library::Cenkalti,
        Library::PRetry,
        Library::ExponentialBackoff,
        Library::Backon,
        Library::Polly,
        Library::Resilience4j,
        Library::Urllib3,
        Library::GoogleApiCore,
        Library::Stamina,
        Library::Got,
        Library::AxiosRetry,
        Library::GoRetryablehttp,
        Library::GrpcCore,
    ];

    /// The id used in flags, shortcodes and JSON (`grpc`, `aws-sdk`, ...).
    pub fn id(self) -> &'static str {
        TABLE[self as usize].0
    }

    /// The library with this id, if any.
    pub fn from_id(id: &str) -> Option<Library> {
        Library::ALL.into_iter().find(|l| l.id() == id)
    }

    /// Its name for people (`gRPC`, `AWS SDKs`, `cenkalti/backoff`, ...).
    pub fn label(self) -> &'static str {
        TABLE[self as usize].1
    }

    /// The group the pickers list it in.
    pub fn group(self) -> Group {
        TABLE[self as usize].3
    }

    /// The package whose code was read and the version it was checked against
    /// (`grpc-go 1.83.1`, `botocore 1.44.8`, ...).
    pub fn package(self) -> (&'static str, &'static str) {
        (TABLE[self as usize].2, self.source().0)
    }

    /// The pinned version and the formula's file at that tag.
    pub fn source(self) -> (&'static str, &'static str) {
        match self {
            Library::Grpc => (grpc::VERSION, grpc::SOURCE),
            Library::AwsSdk => (aws_sdk::VERSION, aws_sdk::SOURCE),
            Library::Tenacity => (tenacity::VERSION, tenacity::SOURCE),
            Library::PythonBackoff => (python_backoff::VERSION, python_backoff::SOURCE),
            Library::Cenkalti => (cenkalti::VERSION, cenkalti::SOURCE),
            Library::PRetry => (p_retry::VERSION, p_retry::SOURCE),
            Library::ExponentialBackoff => {
                (exponential_backoff::VERSION, exponential_backoff::SOURCE)
            }
            Library::Backon => (backon::VERSION, backon::SOURCE),
            Library::Polly => (polly::VERSION, polly::SOURCE),
            Library::Resilience4j => (resilience4j::VERSION, resilience4j::SOURCE),
            Library::Urllib3 => (urllib3::VERSION, urllib3::SOURCE),
            Library::GoogleApiCore => (google_api_core::VERSION, google_api_core::SOURCE),
            Library::Stamina => (stamina::VERSION, stamina::SOURCE),
            Library::Got => (got::VERSION, got::SOURCE),
            Library::AxiosRetry => (axios_retry::VERSION, axios_retry::SOURCE),
            Library::GoRetryablehttp => (go_retryablehttp::VERSION, go_retryablehttp::SOURCE),
            Library::GrpcCore => (grpc_core::VERSION, grpc_core::SOURCE),
        }
    }

    /// The ChaCha stream of `client` for this library: `(16 + i) × 2³² + client`.
    pub fn stream(self, client: u32) -> u64 {
        ((16 + self as u64) << 32) + u64::from(client)
    }

    /// Every id, comma-separated (for messages).
    pub fn ids() -> String {
        Library::ALL.map(Library::id).join(", ")
    }
}

impl fmt::Display for Library {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown library id, with the closest known one if it looks like a typo.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("unknown library `{id}`{}; use all, or a comma list of {}", .suggestion.map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default(), Library::ids())]
pub struct UnknownLibrary {
    /// What was written.
    pub id: String,
    /// The closest id, if close enough.
    pub suggestion: Option<&'static str>,
}

impl UnknownLibrary {
    /// The error for `id`, with a "did you mean" when one is close.
    pub fn new(id: &str) -> UnknownLibrary {
        UnknownLibrary {
            id: id.to_string(),
            suggestion: crate::diagnostic::closest(id, Library::ALL.map(Library::id)),
        }
    }
}

/// Parses `all` or `ID[,ID…]`, in the order written, without repeats.
pub fn parse_list(text: &str) -> Result<Vec<Library>, UnknownLibrary> {
    if text.trim() == "all" {
        return Ok(Library::ALL.to_vec());
    }
    let mut out = Vec::new();
    for id in text.split(',') {
        let id = id.trim();
        let library = Library::from_id(id).ok_or_else(|| UnknownLibrary::new(id))?;
        if !out.contains(&library) {
            out.push(library);
        }
    }
    Ok(out)
}
