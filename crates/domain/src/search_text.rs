//! Search keys (placeholder until the folding lands): lower-cased words only.

pub const SEARCH_KEY_VERSION: i32 = 1;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchAliases {
    groups: Vec<Vec<String>>,
}

impl SearchAliases {
    pub fn new(groups: Vec<Vec<String>>) -> Self {
        Self { groups }
    }
    pub fn builtin() -> Self {
        Self::default()
    }
    pub fn fingerprint(&self) -> String {
        format!("{}", self.groups.len())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkKeys {
    pub identity: String,
    pub native: String,
    pub roman: String,
    pub words: Vec<String>,
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

pub fn work_keys(title: &str, author: &str, _aliases: &SearchAliases) -> WorkKeys {
    let mut all = words(title);
    all.extend(words(author));
    let native = all.join(" ");
    let mut distinct = all.clone();
    distinct.sort();
    distinct.dedup();
    WorkKeys { identity: format!("{}\n{}", title.to_lowercase(), author.to_lowercase()), roman: native.clone(), native, words: distinct }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryKeys {
    pub native: String,
    pub roman: String,
    pub words: Vec<Vec<String>>,
    pub significant_chars: usize,
}

pub fn query_keys(query: &str) -> QueryKeys {
    let all = words(query);
    let native = all.join(" ");
    QueryKeys {
        significant_chars: all.iter().map(|w| w.chars().count()).sum(),
        roman: native.clone(),
        native,
        words: all.into_iter().map(|w| vec![w]).collect(),
    }
}
