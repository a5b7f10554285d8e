//! How common each word of the works is, from PostgreSQL's own statistics, so that search can choose how to read the
//! candidates of its tiers.
//!
//! A tier wants the newest few hundred works matching a tsquery. It reads them from the newest works first (the
//! search adapter's `NEWEST_WORKS`, flagged, with a GIN index of their own), and from every work through GIN only
//! when those held too few. The newest works can be read two ways: walk down `listed_at` and test each work (cheap
//! when a good part of them match: the walk ends soon), or through their GIN index (cheap otherwise). Measured at a
//! million listings, the walk costs 0.6 ms for a word a third of the works have, against 2.8 ms through the index;
//! for a word a thirtieth have, 4 ms against 1.
//!
//! Which is which is decided here: the walk when the estimated share of works matching is at least
//! [`WALK_FROM_SHARE`]. Groups are taken as independent (the shares multiplied), as the planner takes them; a walk
//! of two common words that seldom meet would read every one of the newest works.
//!
//! The shares come from `pg_stats.most_common_elems` of `search_works.terms`: ANALYZE (autovacuum runs it) keeps the
//! lexemes found in more than about one work in a thousand, each with the share of works that have it. A lexeme not
//! among them is rarer than the rarest that is.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use diesel::QueryableByName;
use diesel::sql_types::{Array, Float4, Nullable, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl as _};

/// A tier walks the newest works only when at least this share of the works is estimated to match: the walk then
/// ends after about a thousand works, where the newest works' GIN index would fetch as many and sort them (for a
/// word a third of the works have, 0.6 ms walking against 2.8 ms through that index, at a million listings).
pub(crate) const WALK_FROM_SHARE: f64 = 0.10;
/// How often the statistics are read again: ANALYZE itself runs far less often.
const REFRESH_EVERY: Duration = Duration::from_secs(300);

/// One lexeme of a tsquery group: a word, matched exactly or as a prefix.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lexeme<'a> {
    pub(crate) word: &'a str,
    pub(crate) prefix: bool,
}

/// The shares of the common lexemes, as last read.
#[derive(Debug, Default)]
pub(crate) struct Shares {
    common: HashMap<String, f64>,
    /// The share of the rarest common lexeme: what any other lexeme is taken to have at most.
    rarest: f64,
}

impl Shares {
    pub(crate) fn new(lexemes: Vec<String>, shares: &[f32]) -> Self {
        let common: HashMap<String, f64> = lexemes.into_iter().zip(shares.iter().map(|&s| f64::from(s))).collect();
        let rarest = common.values().copied().fold(f64::INFINITY, f64::min);
        Self { common, rarest: if rarest.is_finite() { rarest } else { 0.0 } }
    }

    /// The estimated share of works that have one of `group`'s lexemes (sums, at most 1). A lexeme another prefix
    /// of the group already starts adds nothing: a word's corrections often begin with the word as typed ("meg" and
    /// "megh"), and counting them twice made a word look twice as common as it is.
    pub(crate) fn group(&self, group: &[Lexeme<'_>]) -> f64 {
        let covered = |i: usize| {
            let lexeme = &group[i];
            group.iter().enumerate().any(|(j, other)| {
                let starts = other.prefix && j != i && lexeme.word.starts_with(other.word);
                // Of two equal prefixes, the first counts.
                let same_prefix = lexeme.prefix && lexeme.word == other.word;
                starts && (!same_prefix || j < i)
            })
        };
        let mut share = 0.0;
        for (i, lexeme) in group.iter().enumerate() {
            if covered(i) {
                continue;
            }
            share += match lexeme.prefix {
                false => self.common.get(lexeme.word).copied().unwrap_or(self.rarest),
                true => {
                    self.rarest + self.common.iter().filter(|(word, _)| word.starts_with(lexeme.word)).map(|(_, share)| share).sum::<f64>()
                }
            };
        }
        share.min(1.0)
    }

    /// The share of works that have a lexeme of every group: the groups' shares multiplied, as independent words'
    /// would be. Groups that share a lexeme are not independent (a word typed twice, two slips of one word corrected
    /// to it): such a cluster counts once, with its smallest share, which bounds it.
    pub(crate) fn all(&self, groups: &[Vec<Lexeme<'_>>]) -> f64 {
        let shares: Vec<f64> = groups.iter().map(|g| self.group(g)).collect();
        // cluster[i]: the first group of group i's cluster.
        let mut cluster: Vec<usize> = (0..groups.len()).collect();
        for i in 0..groups.len() {
            for j in 0..i {
                let shared = groups[i].iter().any(|a| groups[j].iter().any(|b| a.word == b.word && a.prefix == b.prefix));
                if shared {
                    let (from, to) = (cluster[i], cluster[j]);
                    for c in &mut cluster {
                        if *c == from {
                            *c = to;
                        }
                    }
                }
            }
        }
        let mut product = 1.0;
        for (i, &first) in cluster.iter().enumerate() {
            if first == i {
                product *= cluster.iter().zip(&shares).filter(|(c, _)| **c == i).map(|(_, &s)| s).fold(1.0, f64::min);
            }
        }
        product
    }

    /// Works that have a lexeme of some group: the groups' shares added, at most 1.
    pub(crate) fn any(&self, groups: &[Vec<Lexeme<'_>>]) -> f64 {
        groups.iter().map(|g| self.group(g)).sum::<f64>().min(1.0)
    }
}

/// The statistics, read when first needed and again every [`REFRESH_EVERY`]. Shared by the clones of a store.
#[derive(Default)]
pub(crate) struct WordShares {
    read: RwLock<Option<(Instant, Arc<Shares>)>>,
}

impl WordShares {
    /// The shares as last read, reading them first when they are missing or old. A failed read is no failure of the
    /// search: it is logged and the old (or empty) shares serve, which only make the walk rarer.
    pub(crate) async fn current(&self, conn: &mut AsyncPgConnection) -> Arc<Shares> {
        if let Ok(read) = self.read.read()
            && let Some((at, shares)) = read.as_ref()
            && at.elapsed() < REFRESH_EVERY
        {
            return shares.clone();
        }
        let shares = match read_shares(conn).await {
            Ok(shares) => Arc::new(shares),
            Err(e) => {
                tracing::warn!(error = %e, "reading the search words' statistics failed");
                self.read.read().ok().and_then(|r| r.as_ref().map(|(_, s)| s.clone())).unwrap_or_default()
            }
        };
        if let Ok(mut read) = self.read.write() {
            *read = Some((Instant::now(), shares.clone()));
        }
        shares
    }
}

async fn read_shares(conn: &mut AsyncPgConnection) -> diesel::QueryResult<Shares> {
    #[derive(QueryableByName)]
    struct Stats {
        #[diesel(sql_type = Nullable<Array<Text>>)]
        lexemes: Option<Vec<String>>,
        #[diesel(sql_type = Nullable<Array<Float4>>)]
        shares: Option<Vec<f32>>,
    }
    // most_common_elem_freqs holds one share per lexeme, then three more (the least and greatest of them, and the
    // share of empty values), which zip leaves out.
    let stats: Option<Stats> = diesel::sql_query(
        "SELECT most_common_elems::text::text[] AS lexemes, most_common_elem_freqs AS shares FROM pg_stats
         WHERE schemaname = current_schema() AND tablename = 'search_works' AND attname = 'terms'",
    )
    .get_result(conn)
    .await
    .map(Some)
    .or_else(|e| if e == diesel::result::Error::NotFound { Ok(None) } else { Err(e) })?;
    Ok(match stats {
        Some(Stats { lexemes: Some(lexemes), shares: Some(shares) }) => Shares::new(lexemes, &shares),
        _ => Shares::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shares() -> Shares {
        Shares::new(
            vec!["ndi".into(), "nodi".into(), "nadi".into(), "akash".into(), "zebra".into()],
            &[0.3, 0.2, 0.1, 0.02, 0.002, 0.002, 0.3, 0.0],
        )
    }

    fn exact(word: &str) -> Lexeme<'_> {
        Lexeme { word, prefix: false }
    }

    #[test]
    fn a_common_word_is_as_common_as_the_statistics_say_and_others_at_most_the_rarest() {
        let s = shares();
        assert!((s.group(&[exact("nodi")]) - 0.2).abs() < 1e-6);
        assert!((s.group(&[exact("unheard")]) - 0.002).abs() < 1e-6, "rarer than the rarest common one");
        assert!((s.group(&[exact("ndi"), exact("nodi"), exact("nadi")]) - 0.6).abs() < 1e-6);
    }

    #[test]
    fn a_prefix_counts_every_common_word_it_starts() {
        let s = shares();
        assert!((s.group(&[Lexeme { word: "n", prefix: true }]) - (0.6 + 0.002)).abs() < 1e-6);
    }

    #[test]
    fn a_word_a_prefix_of_the_group_starts_is_counted_once() {
        let s = shares();
        let nodi = Lexeme { word: "nodi", prefix: true };
        let alone = s.group(&[nodi]);
        assert!((s.group(&[nodi, exact("nodi"), exact("nodir"), nodi, Lexeme { word: "nodir", prefix: true }]) - alone).abs() < 1e-6);
        assert!((s.group(&[exact("nodi"), nodi]) - alone).abs() < 1e-6, "whichever comes first");
        assert!((s.group(&[nodi, exact("nadi")]) - (alone + 0.1)).abs() < 1e-6, "a word it does not start still counts");
    }

    #[test]
    fn every_group_multiplies_and_any_group_adds() {
        let s = shares();
        let groups = vec![vec![exact("nodi")], vec![exact("akash")]];
        assert!((s.all(&groups) - 0.2 * 0.02).abs() < 1e-6);
        assert!(s.all(&groups) < WALK_FROM_SHARE, "two words that seldom meet: not walked");
        assert!(s.all(&[vec![exact("ndi")]]) >= WALK_FROM_SHARE, "one common word: walked");
        let twice = vec![vec![exact("ndi")], vec![exact("ndi")]];
        assert!((s.all(&twice) - 0.3).abs() < 1e-6, "a word typed twice is as common as once");
        let slips = vec![vec![exact("aksh"), exact("akash")], vec![exact("akash"), exact("aash")], vec![exact("nodi")]];
        assert!((s.all(&slips) - 0.022 * 0.2).abs() < 1e-6, "two slips of one word are one word");
        assert!((s.any(&groups) - 0.22).abs() < 1e-6);
        assert!(s.all(&[vec![exact("unheard")], vec![exact("nodi")]]) < WALK_FROM_SHARE, "a rare word: not walked");
        assert!(s.any(&[vec![exact("ndi")], vec![exact("nodi")], vec![exact("nadi")], vec![exact("nodi")]]) <= 1.0);
    }

    #[test]
    fn without_statistics_every_word_is_rare() {
        let s = Shares::default();
        assert_eq!(s.group(&[exact("nodi"), Lexeme { word: "a", prefix: true }]), 0.0);
    }
}
