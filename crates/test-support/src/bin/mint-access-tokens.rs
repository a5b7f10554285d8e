//! Mints our own access tokens for load and fault scripts (`just bench`, `just faults`), which create accounts
//! straight in SQL and so have no Firebase sign-in to open a session with.
//!
//! Reads `SESSION_SECRET` (the same value the server under test was given) from the environment and one line per
//! token from stdin: `<account uuid> [session generation]` (generation 0 when left out). Prints one token per line,
//! in order. Tokens are signed by the server's own `AccessTokens`, so they are exactly what a sign-in would issue;
//! they live an hour.

use std::io::{BufRead as _, Write as _};
use std::process::ExitCode;

use puronoboi_app::tokens::{AccessTokens, SessionSecret};
use puronoboi_domain::AccountId;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mint-access-tokens: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> anyhow::Result<()> {
    let secret = std::env::var("SESSION_SECRET").map_err(|_| anyhow::anyhow!("SESSION_SECRET is not set"))?;
    let secret = SessionSecret::parse(&secret)?;
    let tokens = AccessTokens::new(&secret, AccessTokens::MAX_TTL)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for (number, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line?;
        let mut fields = line.split_whitespace();
        let Some(id) = fields.next() else { continue };
        let account: uuid::Uuid = id.parse().map_err(|e| anyhow::anyhow!("line {}: {id:?} is not an account id: {e}", number + 1))?;
        let generation = match fields.next() {
            Some(g) => g.parse().map_err(|e| anyhow::anyhow!("line {}: {g:?} is not a generation: {e}", number + 1))?,
            None => 0,
        };
        writeln!(out, "{}", tokens.issue(AccountId::from_uuid(account), generation)?.token)?;
    }
    out.flush()?;
    Ok(())
}
