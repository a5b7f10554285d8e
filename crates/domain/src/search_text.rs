//! Search keys: the text stored for a work (title and author) and the text made of a query, so that one search box
//! finds a book typed in Bangla script, in romanized Bangla ("Banglish") or in English, whichever way it was listed.
//!
//! Why the keys look like this:
//!
//! - **Words.** The database matches keys with pg_trgm (word similarity over trigrams of words). pg_trgm ends a word
//!   at any character that is not a letter or digit, and the Bengali hasanta (U+09CD) and nukta (U+09BC) are neither:
//!   রবীন্দ্রনাথ would become four "words". So the native key drops them (and ZWJ/ZWNJ, which only choose a glyph
//!   shape). NFC makes it worse: য় ড় ঢ় are composition exclusions that NFC splits into letter + nukta, so they are
//!   put back together first. Words are split here, once, on anything but letters, digits and combining signs.
//! - **Native key.** Each word in its own script: Bengali without those signs, with long and short ি/ী and ু/ূ made
//!   one (they are mixed up all the time); Latin lower-cased without accents. Equal scripts match here, typos are
//!   left to trigram similarity.
//! - **Roman key.** Cross-script matching happens in Latin letters: Bengali is romanized the way people type
//!   Banglish (not a scholarly transliteration), and then one spelling fold is applied to that and to any Latin text,
//!   in titles and queries alike. The fold removes what Banglish spells at will: aspirate "h", o versus a for the
//!   inherent vowel, doubled letters, z/j, f/ph, v/b, glide y, an "n" before a consonant (chandrabindu, anusvara),
//!   and every "a" but a first letter (Bangla's inherent vowel is voiced in some places and not in others, and
//!   people type what they hear). The result is close to a consonant skeleton: পথের পাঁচালী, "Pather Panchali" and
//!   "pother pachali" all give "pter pcli". It is lossy on purpose; the native key keeps the exact spelling, so a
//!   search can rank native matches above roman ones.
//! - **Aliases.** Exonyms and short names (Tagore for রবীন্দ্রনাথ ঠাকুর) cannot be spelled into each other, so a work
//!   whose title or author names one member of a [`SearchAliases`] group also carries the group's other names.
//! - **Exact words.** Every key word is also stored as a word list for exact and prefix lookups, and a query says
//!   which forms each of its words may take there.
//! - **Near spellings**, word by word: a query word is matched against the catalogue's vocabulary of folded words
//!   ([`spelling`]), and words written together in one place and apart in the other (পদ্মানদীর, "padma nadir") meet
//!   through [`QueryKeys::joined`].
//!
//! Everything here is pure and cheap (one pass per text, reused buffers), because keys are made on every listing
//! write and every search.

mod aliases;
mod fold;
pub mod spelling;

pub use aliases::SearchAliases;

use aliases::PaddedField;
use fold::Folder;
use unicode_normalization::UnicodeNormalization;

/// Bump whenever any key below would come out differently for the same input: stored keys of another version are recomputed.
pub const SEARCH_KEY_VERSION: i32 = 1;

/// What is stored for one work (a title and its author) so that it can be found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkKeys {
    /// The same for two listings of one work however they were typed (letter case, spacing, Unicode normal form):
    /// NFC, lower-cased, runs of whitespace collapsed, title and author joined by '\n'.
    pub identity: String,
    /// Title and author (and the aliases they match) in their own scripts, folded, words separated by one space.
    /// Matched with pg_trgm word similarity against [`QueryKeys::native`].
    pub native: String,
    /// Title and author (and aliases) romanized and spelling-folded, words separated by one space.
    /// Matched with pg_trgm word similarity against [`QueryKeys::roman`].
    pub roman: String,
    /// Every distinct word of `native` and `roman`, for exact and prefix lookups (no empty strings; only letters and digits).
    pub words: Vec<String>,
}

/// The keys of one work: its title and author folded both ways, plus the aliases they name.
pub fn work_keys(title: &str, author: &str, aliases: &SearchAliases) -> WorkKeys {
    let mut folder = Folder::default();
    let title_keys = FoldedText::of(&mut folder, title);
    let author_keys = FoldedText::of(&mut folder, author);
    // Built with a space at either end, so that "these words are already there" is a substring test.
    let mut native = String::with_capacity(title_keys.native.len() + author_keys.native.len() + 64);
    let mut roman = String::with_capacity(title_keys.roman.len() + author_keys.roman.len() + 64);
    native.push(' ');
    roman.push(' ');
    for part in [&title_keys, &author_keys] {
        push_padded(&mut native, part.native.trim());
        push_padded(&mut roman, part.roman.trim());
    }
    let fields = [title_keys.as_field(), author_keys.as_field()];
    aliases.for_each_expansion(&fields, |name| {
        for (key, words) in [(&mut native, name.native()), (&mut roman, name.roman())] {
            if !contains_words(key, words) {
                push_padded(key, words);
            }
        }
    });
    let native = native.trim().to_owned();
    let roman = roman.trim().to_owned();
    let mut words: Vec<String> = Vec::new();
    for word in native.split(' ').chain(roman.split(' ')) {
        if !word.is_empty() && !words.iter().any(|known| known == word) {
            words.push(word.to_owned());
        }
    }
    WorkKeys { identity: identity(title, author), native, roman, words }
}

/// Appends space-separated `words` to a key that starts and ends with a space.
fn push_padded(padded_key: &mut String, words: &str) {
    if !words.is_empty() {
        padded_key.push_str(words);
        padded_key.push(' ');
    }
}

/// Whether `words` occur as whole words, in order, in a key that starts and ends with a space.
fn contains_words(padded_key: &str, words: &str) -> bool {
    padded_key.match_indices(words).any(|(at, _)| padded_key[..at].ends_with(' ') && padded_key[at + words.len()..].starts_with(' '))
}

/// What a query is matched with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryKeys {
    /// Folded like [`WorkKeys::native`].
    pub native: String,
    /// Folded like [`WorkKeys::roman`].
    pub roman: String,
    /// One entry per word of the query, in order: the forms that word may take in [`WorkKeys::words`] (its native fold
    /// and its roman fold, distinct, none empty). A work matches exactly when every entry has a form among its words,
    /// and by prefix when every entry has a form that starts one of its words. Empty when the query has no letters/digits.
    pub words: Vec<Vec<String>>,
    /// Letters and digits in the query (after folding native): 1 and 2 mean only exact and prefix matching applies.
    pub significant_chars: usize,
}

impl QueryKeys {
    /// For each pair of neighbouring query words, the forms the two take written as one word (native with native,
    /// roman with roman): Bangla compounds are written together by some and apart by others (পদ্মানদীর and
    /// "padma nadir", হাসিখুশি and "hasi khushi"). Entry `i` joins words `i` and `i + 1`.
    pub fn joined(&self) -> Vec<Vec<String>> {
        self.words
            .windows(2)
            .map(|pair| {
                let mut forms: Vec<String> = Vec::with_capacity(2);
                for (i, first) in pair[0].iter().enumerate() {
                    // Forms are [native, roman] (roman absent when equal): join like with like, by position.
                    if let Some(second) = pair[1].get(i).or_else(|| pair[1].first()) {
                        let joined = format!("{first}{second}");
                        if !forms.contains(&joined) {
                            forms.push(joined);
                        }
                    }
                }
                forms
            })
            .collect()
    }
}

/// The keys of a query typed into the search box.
pub fn query_keys(query: &str) -> QueryKeys {
    let mut native = String::new();
    let mut roman = String::new();
    let mut words = Vec::new();
    Folder::default().for_each_word(query, |native_word, roman_word| {
        push_words(&mut native, native_word);
        push_words(&mut roman, roman_word);
        let mut forms = Vec::with_capacity(2);
        if !native_word.is_empty() {
            forms.push(native_word.to_owned());
        }
        if !roman_word.is_empty() && roman_word != native_word {
            forms.push(roman_word.to_owned());
        }
        words.push(forms);
    });
    let significant_chars = native.chars().filter(|&c| c != ' ').count();
    QueryKeys { native, roman, words, significant_chars }
}

/// One text (a title or an author) folded both ways, each padded with a space on either side for alias matching.
struct FoldedText {
    native: String,
    roman: String,
}

impl FoldedText {
    fn of(folder: &mut Folder, text: &str) -> Self {
        let mut native = String::from(" ");
        let mut roman = String::from(" ");
        folder.for_each_word(text, |native_word, roman_word| {
            for (key, word) in [(&mut native, native_word), (&mut roman, roman_word)] {
                if !word.is_empty() {
                    key.push_str(word);
                    key.push(' ');
                }
            }
        });
        Self { native, roman }
    }

    fn as_field(&self) -> PaddedField<'_> {
        PaddedField { native: &self.native, roman: &self.roman }
    }
}

/// Appends space-separated `words` (possibly none) to `key`, keeping exactly one space between words.
fn push_words(key: &mut String, words: &str) {
    if words.is_empty() {
        return;
    }
    if !key.is_empty() {
        key.push(' ');
    }
    key.push_str(words);
}

fn identity(title: &str, author: &str) -> String {
    let mut identity = String::with_capacity(title.len() + author.len() + 1);
    push_identity_part(&mut identity, title);
    identity.push('\n');
    push_identity_part(&mut identity, author);
    identity
}

/// NFC, lower case, whitespace runs as one space, no space at either end.
fn push_identity_part(out: &mut String, text: &str) {
    let lowered: String = text.nfc().flat_map(char::to_lowercase).collect();
    let mut pending_space = false;
    let mut wrote_any = false;
    for c in lowered.nfc() {
        if c.is_whitespace() {
            pending_space = wrote_any;
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.push(c);
        wrote_any = true;
    }
}

#[cfg(test)]
mod tests;
