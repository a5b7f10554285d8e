//! Near spellings, one word at a time: which words of the catalogue a mistyped query word may have been meant as.
//!
//! The catalogue's vocabulary is every folded word of every work (both folds). Finding the words a few edits away
//! from a query word is done by symmetric deletion (the SymSpell idea): every vocabulary word is stored under itself
//! and under each form of it with letters deleted; a query word looks up itself and its own deletions; whatever is
//! found is then measured with the optimal string alignment distance (insertions, deletions, substitutions and swaps
//! of two neighbouring letters, each one edit). Every lookup is an exact match in a B-tree, so its cost depends on
//! the length of the word, not on how many works contain it, which a trigram comparison of whole titles did.
//!
//! How far a word may be from the word meant grows with its length. One and two letters are never corrected. Three
//! letters have too many neighbours one edit away (in the roman fold most short words are already skeletons), so a
//! three-letter word is corrected only for a letter left out (আগন for আগুন, "agn" for "agun"), the commonest slip.
//! From [`ONE_EDIT_FROM_CHARS`] letters any one edit, from [`TWO_EDITS_FROM_CHARS`] two.

/// Query words with fewer letters than this are never corrected: they match as typed, or as a prefix.
pub const CORRECT_FROM_CHARS: usize = 3;
/// Query words with at least this many letters may be any one edit away from the word meant; shorter ones only a
/// letter short of it.
pub const ONE_EDIT_FROM_CHARS: usize = 4;
/// Query words with at least this many letters may be two edits away from the word meant.
pub const TWO_EDITS_FROM_CHARS: usize = 8;
/// The most corrections one query word gets: the nearest ones. More would only widen a search with a common word.
pub const MAX_CORRECTIONS: usize = 6;

/// How many edits a query word may be away from the word meant (0: it is not corrected).
pub fn allowed_edits(word: &str) -> usize {
    match word.chars().count() {
        n if n < CORRECT_FROM_CHARS => 0,
        n if n < TWO_EDITS_FROM_CHARS => 1,
        _ => 2,
    }
}

/// How many letters a query word's lookups delete: a three-letter word looks up only itself (it is found under the
/// one-letter deletions of the four-letter words it is a letter short of).
fn lookup_depth(length: usize) -> usize {
    match length {
        n if n < ONE_EDIT_FROM_CHARS => 0,
        n if n < TWO_EDITS_FROM_CHARS => 1,
        _ => 2,
    }
}

/// The keys a vocabulary word is stored under: itself, each deletion of one letter, and for long words each deletion
/// of two (what a query word of [`TWO_EDITS_FROM_CHARS`] letters two substitutions away shares with it). Distinct;
/// empty for words too short to be reached by any correction.
pub fn vocabulary_variants(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    if chars.len() < CORRECT_FROM_CHARS {
        return Vec::new();
    }
    deletions(&chars, lookup_depth(chars.len()))
}

/// The keys a query word looks up in the vocabulary: itself and its deletions of up to [`allowed_edits`] letters.
/// Empty when the word is not corrected.
pub fn lookup_variants(word: &str) -> Vec<String> {
    if allowed_edits(word) == 0 {
        return Vec::new();
    }
    let chars: Vec<char> = word.chars().collect();
    deletions(&chars, lookup_depth(chars.len()))
}

/// `chars` itself and every string made of it by deleting up to `depth` letters, distinct, none empty.
fn deletions(chars: &[char], depth: usize) -> Vec<String> {
    let mut out: Vec<String> = vec![chars.iter().collect()];
    let mut level: Vec<Vec<char>> = vec![chars.to_vec()];
    for _ in 0..depth {
        let mut next: Vec<Vec<char>> = Vec::new();
        for word in &level {
            if word.len() <= 1 {
                continue;
            }
            for skip in 0..word.len() {
                let shorter: Vec<char> = word.iter().enumerate().filter(|(i, _)| *i != skip).map(|(_, c)| *c).collect();
                if !next.contains(&shorter) {
                    next.push(shorter);
                }
            }
        }
        for word in &next {
            let text: String = word.iter().collect();
            if !out.contains(&text) {
                out.push(text);
            }
        }
        level = next;
    }
    out
}

/// The optimal string alignment distance, by letters (chars): insertions, deletions, substitutions and swaps of two
/// neighbouring letters, each one edit, no letter edited twice.
pub fn osa_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let width = b.len() + 1;
    // Three rows: two back (for swaps), the previous one and the current one.
    let mut before: Vec<usize> = vec![0; width];
    let mut previous: Vec<usize> = (0..width).collect();
    let mut current: Vec<usize> = vec![0; width];
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1).min(current[j - 1] + 1).min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// Of the vocabulary words found under a query word's [`lookup_variants`], those within its [`allowed_edits`] (the
/// word itself excluded: it is matched as typed anyway; for a word of three letters, only words a letter longer),
/// nearest first, then closest in length, then alphabetical; at most [`MAX_CORRECTIONS`].
pub fn corrections<'a>(word: &str, found: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let edits = allowed_edits(word);
    if edits == 0 {
        return Vec::new();
    }
    let length = word.chars().count();
    let mut near: Vec<(usize, usize, &str)> = Vec::new();
    for candidate in found {
        if candidate == word || near.iter().any(|(_, _, known)| *known == candidate) {
            continue;
        }
        if length < ONE_EDIT_FROM_CHARS && candidate.chars().count() != length + 1 {
            continue;
        }
        let distance = osa_distance(word, candidate);
        if distance <= edits {
            near.push((distance, candidate.chars().count().abs_diff(length), candidate));
        }
    }
    near.sort_unstable();
    near.into_iter().take(MAX_CORRECTIONS).map(|(_, _, candidate)| candidate.to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What the database does: every vocabulary word stored under its variants, looked up by the query's.
    fn correct(word: &str, vocabulary: &[&str]) -> Vec<String> {
        let keys = lookup_variants(word);
        let found = vocabulary.iter().copied().filter(|v| vocabulary_variants(v).iter().any(|variant| keys.contains(variant)));
        corrections(word, found)
    }

    #[test]
    fn one_slip_in_a_word_of_four_to_seven_letters_is_corrected() {
        let vocabulary = ["sapiens", "majhi", "little", "orwell", "hawking", "great", "নদির"];
        assert_eq!(correct("sapeins", &vocabulary), ["sapiens"], "two neighbours swapped");
        assert_eq!(correct("mahji", &vocabulary), ["majhi"]);
        assert_eq!(correct("littel", &vocabulary), ["little"]);
        assert_eq!(correct("orwel", &vocabulary), ["orwell"], "a letter missing");
        assert_eq!(correct("hawkins", &vocabulary), ["hawking"], "a letter wrong");
        assert_eq!(correct("greatt", &vocabulary), ["great"], "a letter too many");
        assert_eq!(correct("নিদর", &vocabulary), ["নদির"], "Bengali letters count as letters");
    }

    #[test]
    fn two_slips_are_corrected_only_in_long_words() {
        let vocabulary = ["expectations", "prejudice", "river"];
        assert_eq!(correct("expectatoins", &vocabulary), ["expectations"]);
        assert_eq!(correct("prejudise", &vocabulary), ["prejudice"]);
        assert_eq!(correct("prijudise", &vocabulary), ["prejudice"], "two substitutions");
        assert_eq!(correct("predjudice", &vocabulary), ["prejudice"]);
        assert_eq!(correct("rover", &vocabulary), ["river"]);
        assert!(correct("rovar", &vocabulary).is_empty(), "two slips in a five-letter word are another word");
    }

    #[test]
    fn short_words_are_corrected_only_for_a_letter_left_out() {
        assert_eq!(allowed_edits("ab"), 0);
        assert!(lookup_variants("ab").is_empty());
        assert!(correct("teh", &["the", "tea", "then"]).is_empty(), "no swap or substitution in three letters");
        assert_eq!(correct("agn", &["agun", "ag", "agni", "bagn"]), ["agni", "agun", "bagn"]);
        assert_eq!(correct("আগন", &["আগুন", "আগ"]), ["আগুন"]);
        assert_eq!(vocabulary_variants("ab"), Vec::<String>::new(), "too short to be reached");
        assert_eq!(vocabulary_variants("abc"), ["abc"], "reached only as itself, from a four-letter query");
    }

    #[test]
    fn corrections_are_nearest_first_and_bounded() {
        let vocabulary = ["river", "rivers", "liver", "giver", "diver", "fiver", "hiver", "wiver", "rive"];
        assert_eq!(correct("riverr", &vocabulary), ["rivers", "river"], "equally near: the one of the same length first");
        let many = correct("xiver", &vocabulary);
        assert_eq!(many.len(), MAX_CORRECTIONS, "{many:?}");
        assert!(!many.contains(&"rivers".to_owned()), "two edits from a five-letter word: not a correction");
        assert!(!correct("river", &vocabulary).contains(&"river".to_owned()), "the word itself is matched as typed");
    }

    #[test]
    fn the_distance_counts_a_swap_as_one_edit() {
        assert_eq!(osa_distance("ab", "ba"), 1);
        assert_eq!(osa_distance("", "abc"), 3);
        assert_eq!(osa_distance("kitten", "sitting"), 3);
        assert_eq!(osa_distance("ca", "abc"), 3, "optimal string alignment edits no letter twice");
        assert_eq!(osa_distance("পথের", "পথর"), 1);
    }

    #[test]
    fn variants_are_distinct_and_include_the_word() {
        let variants = vocabulary_variants("aabb");
        assert_eq!(variants, ["aabb", "abb", "aab"]);
        let long = vocabulary_variants("expectations");
        assert_eq!(long.first().map(String::as_str), Some("expectations"));
        assert!(long.iter().all(|v| (10..=12).contains(&v.chars().count())), "up to two letters deleted from a long word");
        assert!(long.contains(&"xpectation".to_owned()) && long.contains(&"expectatons".to_owned()));
        let mut distinct = long.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), long.len());
    }

    proptest! {
        /// Every word within the allowed edits is found by the lookups alone: the variant tables miss nothing.
        #[test]
        fn every_word_within_reach_shares_a_variant(word in "[a-e]{3,10}", other in "[a-e]{3,11}") {
            let distance = osa_distance(&word, &other);
            let short = word.chars().count() < ONE_EDIT_FROM_CHARS;
            if distance <= allowed_edits(&word) && (!short || other.chars().count() == word.chars().count() + 1) {
                let keys = lookup_variants(&word);
                prop_assert!(vocabulary_variants(&other).iter().any(|v| keys.contains(v)), "{word} -> {other} ({distance})");
            }
        }

        #[test]
        fn the_distance_is_symmetric_and_zero_only_for_equal_words(a in "[a-c]{0,7}", b in "[a-c]{0,7}") {
            prop_assert_eq!(osa_distance(&a, &b), osa_distance(&b, &a));
            prop_assert_eq!(osa_distance(&a, &b) == 0, a == b);
        }
    }
}
