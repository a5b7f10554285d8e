//! Names that mean the same work or person (an exonym, a short name, the full name in either script).

use std::collections::HashMap;
use std::sync::LazyLock;

use super::fold::Folder;

/// Groups of names that mean the same (an exonym, a short name, the full name in either script), e.g.
/// ["রবীন্দ্রনাথ ঠাকুর", "Rabindranath Tagore", "Tagore", "Robi Thakur"].
///
/// A listing whose title or author contains one name of a group (as whole words, in the native or the roman fold)
/// is also found under every other name of the group. A one-word name must be the whole title or the whole author:
/// inside a longer name it may be someone else's (Abanindranath Tagore is not Rabindranath).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchAliases {
    groups: Vec<AliasGroup>,
    /// (group, name) positions by the first word of the name's native fold, and of its roman fold where it may match
    /// by roman: a title is looked up word by word instead of testing every name against it.
    by_first_native_word: HashMap<String, Vec<(usize, usize)>>,
    by_first_roman_word: HashMap<String, Vec<(usize, usize)>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct AliasGroup {
    names: Vec<AliasName>,
}

/// One name, folded once when the aliases are built. The folds are kept padded with a space on each side so that a
/// whole-word sequence test is a substring test against an equally padded title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct AliasName {
    typed: String,
    padded_native: String,
    padded_roman: String,
    /// Short roman skeletons ("tgre" for Tagore) would match unrelated words, so they only match natively.
    matches_by_roman: bool,
    /// A one-word name names the group only as the whole title or author.
    whole_field_only: bool,
}

/// A roman fold shorter than this (in letters, one word) is too unspecific to recognise a name by.
const MIN_ROMAN_MATCH_LETTERS: usize = 5;

impl AliasName {
    pub(super) fn native(&self) -> &str {
        self.padded_native.trim()
    }

    pub(super) fn roman(&self) -> &str {
        self.padded_roman.trim()
    }
}

/// The folded title or author a name is looked for in, padded with a space on each side.
pub(super) struct PaddedField<'a> {
    pub(super) native: &'a str,
    pub(super) roman: &'a str,
}

impl SearchAliases {
    pub fn new(groups: Vec<Vec<String>>) -> Self {
        let mut folder = Folder::default();
        let groups: Vec<AliasGroup> = groups
            .into_iter()
            .map(|names| AliasGroup { names: names.into_iter().filter_map(|typed| fold_name(&mut folder, typed)).collect() })
            .filter(|group| !group.names.is_empty())
            .collect();
        let mut by_first_native_word: HashMap<String, Vec<(usize, usize)>> = HashMap::new();
        let mut by_first_roman_word: HashMap<String, Vec<(usize, usize)>> = HashMap::new();
        for (group_at, group) in groups.iter().enumerate() {
            for (name_at, name) in group.names.iter().enumerate() {
                if let Some(first) = name.native().split(' ').next() {
                    by_first_native_word.entry(first.to_owned()).or_default().push((group_at, name_at));
                }
                if let Some(first) = name.roman().split(' ').next().filter(|first| name.matches_by_roman && !first.is_empty()) {
                    by_first_roman_word.entry(first.to_owned()).or_default().push((group_at, name_at));
                }
            }
        }
        Self { groups, by_first_native_word, by_first_roman_word }
    }

    /// The aliases the product starts with: well-known Bangla authors and works, each with its Bengali-script name,
    /// the usual English spelling and the common short names and exonyms.
    pub fn builtin() -> Self {
        static BUILTIN: LazyLock<SearchAliases> = LazyLock::new(|| {
            SearchAliases::new(BUILTIN_GROUPS.iter().map(|names| names.iter().map(|&name| name.to_owned()).collect()).collect())
        });
        BUILTIN.clone()
    }

    /// A stable short fingerprint of the groups (hex of a 64-bit FNV-1a hash of the names as given, in order),
    /// stored next to keys so that a change to the groups re-keys them.
    pub fn fingerprint(&self) -> String {
        const GROUP_SEPARATOR: u8 = 0x1D;
        const NAME_SEPARATOR: u8 = 0x1E;
        let mut hash = Fnv1a::default();
        for group in &self.groups {
            for name in &group.names {
                hash.write(name.typed.as_bytes());
                hash.write(&[NAME_SEPARATOR]);
            }
            hash.write(&[GROUP_SEPARATOR]);
        }
        format!("{:016x}", hash.0)
    }

    /// Calls `add` with every name of every group that one of `fields` names, the naming one included (the caller
    /// skips the words it already has). Groups come in their order, names in theirs.
    pub(super) fn for_each_expansion(&self, fields: &[PaddedField<'_>], mut add: impl FnMut(&AliasName)) {
        let mut named_groups: Vec<usize> = Vec::new();
        for field in fields {
            for (padded_text, index, roman) in
                [(field.native, &self.by_first_native_word, false), (field.roman, &self.by_first_roman_word, true)]
            {
                for word in padded_text.split(' ') {
                    for &(group_at, name_at) in index.get(word).into_iter().flatten() {
                        let name = &self.groups[group_at].names[name_at];
                        let padded_name = if roman { &name.padded_roman } else { &name.padded_native };
                        let names_it =
                            if name.whole_field_only { padded_text == padded_name } else { padded_text.contains(padded_name.as_str()) };
                        if names_it {
                            named_groups.push(group_at);
                        }
                    }
                }
            }
        }
        named_groups.sort_unstable();
        named_groups.dedup();
        for group_at in named_groups {
            self.groups[group_at].names.iter().for_each(&mut add);
        }
    }
}

fn fold_name(folder: &mut Folder, typed: String) -> Option<AliasName> {
    let mut padded_native = String::from(" ");
    let mut padded_roman = String::from(" ");
    let mut roman_words = 0;
    let mut native_words = 0;
    folder.for_each_word(&typed, |native, roman| {
        if !native.is_empty() {
            native_words += 1;
            padded_native.push_str(native);
            padded_native.push(' ');
        }
        if !roman.is_empty() {
            padded_roman.push_str(roman);
            padded_roman.push(' ');
            roman_words += 1;
        }
    });
    if padded_native.trim().is_empty() {
        return None;
    }
    let roman_letters = padded_roman.trim().len();
    let matches_by_roman = roman_words >= 2 || roman_letters >= MIN_ROMAN_MATCH_LETTERS;
    Some(AliasName { typed, padded_native, padded_roman, matches_by_roman, whole_field_only: native_words == 1 })
}

/// FNV-1a, 64 bits: tiny, and its output is fixed by its definition (std's hashers may change between releases).
struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Names are distinctive on purpose: a group is added to any listing that contains one of its names, so a common
/// word or first name ("The Rebel", "Gora", "Nazrul", "Satyajit") would tag unrelated books. A name that is part of
/// another one of its group ("Nazrul" in "Kazi Nazrul Islam") adds nothing for search anyway.
const BUILTIN_GROUPS: &[&[&str]] = &[
    // Authors.
    &["রবীন্দ্রনাথ ঠাকুর", "Rabindranath Tagore", "Tagore", "Robi Thakur", "রবি ঠাকুর", "Rabindranath Thakur", "Kobiguru", "কবিগুরু"],
    &["কাজী নজরুল ইসলাম", "Kazi Nazrul Islam", "Kazi Nazrul", "কাজী নজরুল", "Bidrohi Kobi", "বিদ্রোহী কবি"],
    &[
        "শরৎচন্দ্র চট্টোপাধ্যায়",
        "Sarat Chandra Chattopadhyay",
        "Sarat Chandra Chatterjee",
        "Saratchandra Chattopadhyay",
        "Sharatchandra Chattopadhyay",
    ],
    &[
        "বঙ্কিমচন্দ্র চট্টোপাধ্যায়",
        "Bankim Chandra Chattopadhyay",
        "Bankim Chandra Chatterjee",
        "Bankimchandra Chattopadhyay",
        "Bankimchandra",
        "Bankim Chandra",
        "বঙ্কিমচন্দ্র",
    ],
    &["হুমায়ূন আহমেদ", "Humayun Ahmed", "Humayun Ahmad"],
    &["জীবনানন্দ দাশ", "Jibanananda Das", "Jibananda Das", "Jibanananda", "জীবনানন্দ"],
    &["বিভূতিভূষণ বন্দ্যোপাধ্যায়", "Bibhutibhushan Bandyopadhyay", "Bibhutibhushan Bandopadhyay", "Bibhutibhushan Banerjee"],
    &["মানিক বন্দ্যোপাধ্যায়", "Manik Bandyopadhyay", "Manik Bandopadhyay", "Manik Banerjee"],
    &["তারাশঙ্কর বন্দ্যোপাধ্যায়", "Tarashankar Bandyopadhyay", "Tarashankar Banerjee"],
    &["সুনীল গঙ্গোপাধ্যায়", "Sunil Gangopadhyay", "Sunil Ganguly", "Sunil Gangopadhyaya"],
    &["সত্যজিৎ রায়", "Satyajit Ray", "Satyajit Roy"],
    &["সুকুমার রায়", "Sukumar Ray", "Sukumar Roy"],
    &["মুহম্মদ জাফর ইকবাল", "Muhammed Zafar Iqbal", "Muhammad Zafar Iqbal", "Md Zafar Iqbal", "Zafar Iqbal", "জাফর ইকবাল"],
    &["শেখ মুজিবুর রহমান", "Sheikh Mujibur Rahman", "Bangabandhu", "বঙ্গবন্ধু", "Sheikh Mujib", "শেখ মুজিব", "Bangabandhu Sheikh Mujibur Rahman"],
    &["বেগম রোকেয়া", "Begum Rokeya", "Rokeya Sakhawat Hossain", "রোকেয়া সাখাওয়াত হোসেন", "Roquia Sakhawat Hussain"],
    &["সৈয়দ ওয়ালীউল্লাহ", "Syed Waliullah", "Sayed Waliullah"],
    &["মাইকেল মধুসূদন দত্ত", "Michael Madhusudan Dutt", "Michael Madhusudan Dutta", "Madhusudan Dutt", "মধুসূদন দত্ত"],
    &["ঈশ্বরচন্দ্র বিদ্যাসাগর", "Ishwar Chandra Vidyasagar", "Iswar Chandra Bidyasagar", "Vidyasagar", "বিদ্যাসাগর"],
    &["সেলিনা হোসেন", "Selina Hossain", "Selina Hosen"],
    &["আখতারুজ্জামান ইলিয়াস", "Akhtaruzzaman Elias", "Akhteruzzaman Elias", "Akhtaruzzaman Ilias"],
    &["শামসুর রাহমান", "Shamsur Rahman", "Shamsur Rahaman"],
    &["সৈয়দ মুজতবা আলী", "Syed Mujtaba Ali", "Mujtaba Ali", "মুজতবা আলী"],
    &["আহমদ ছফা", "Ahmed Sofa", "Ahmad Chhafa", "Ahmed Chhofa"],
    &["সমরেশ মজুমদার", "Samaresh Majumdar", "Samoresh Mojumdar"],
    &["শীর্ষেন্দু মুখোপাধ্যায়", "Shirshendu Mukhopadhyay", "Shirshendu Mukherjee"],
    &["আনিসুল হক", "Anisul Hoque", "Anisul Haque", "Anisul Hoq"],
    &["জসীমউদ্দীন", "Jasimuddin", "Jasim Uddin", "Palli Kabi Jasimuddin", "পল্লীকবি জসীমউদ্দীন"],
    &["লালন ফকির", "Lalon Fakir", "Lalon Shah", "লালন শাহ", "Lalon Sai", "লালন সাঁই"],
    &["সুকান্ত ভট্টাচার্য", "Sukanta Bhattacharya", "Sukanta Bhattacharjee"],
    &["সৈয়দ শামসুল হক", "Syed Shamsul Haque", "Syed Shamsul Hoque", "Syed Shamsul Huq"],
    // Works.
    &["পথের পাঁচালী", "Pather Panchali", "Song of the Little Road", "Song of the Road"],
    &["গীতাঞ্জলি", "Gitanjali", "Song Offerings"],
    &["দেবদাস", "Devdas", "Debdas"],
    &["লালসালু", "Lalsalu", "Lal Shalu", "Tree Without Roots"],
    &["আরণ্যক", "Aranyak", "Aranyaka"],
    &["পদ্মা নদীর মাঝি", "Padma Nadir Majhi", "Boatman of the Padma"],
    &["অগ্নিবীণা", "Agnibina", "Agniveena", "Agni Beena"],
    &["অসমাপ্ত আত্মজীবনী", "Oshomapto Attojiboni", "Asamapta Atmajibani", "The Unfinished Memoirs"],
    &["সুলতানার স্বপ্ন", "Sultana's Dream", "Sultanar Swapna", "Sultanar Shopno"],
    &["আবোল তাবোল", "Abol Tabol"],
    &["শেষের কবিতা", "Shesher Kobita", "Shesher Kabita", "Farewell Song"],
    &["চোখের বালি", "Chokher Bali", "Chokher Baali"],
    &["রূপসী বাংলা", "Ruposhi Bangla", "Rupasi Bangla", "Rupashi Bangla"],
    &["কপালকুণ্ডলা", "Kapalkundala", "Kopalkundola"],
    &["আনন্দমঠ", "Anandamath", "Anandamatha", "Ananda Math"],
];

#[cfg(test)]
mod tests {
    use super::*;

    fn names(groups: &[&[&str]]) -> SearchAliases {
        SearchAliases::new(groups.iter().map(|group| group.iter().map(|&name| name.to_owned()).collect()).collect())
    }

    #[test]
    fn the_builtin_groups_are_many_and_every_name_folds() {
        assert!(BUILTIN_GROUPS.len() >= 25);
        let builtin = SearchAliases::builtin();
        assert_eq!(builtin.groups.len(), BUILTIN_GROUPS.len());
        for (group, typed) in builtin.groups.iter().zip(BUILTIN_GROUPS) {
            assert_eq!(group.names.len(), typed.len(), "a name of {typed:?} folds to nothing");
        }
    }

    #[test]
    fn every_builtin_group_has_a_bengali_and_a_latin_name() {
        for group in BUILTIN_GROUPS {
            assert!(group.iter().any(|name| name.chars().any(|c| ('\u{0980}'..='\u{09FF}').contains(&c))), "{group:?}");
            assert!(group.iter().any(|name| name.is_ascii()), "{group:?}");
        }
    }

    #[test]
    fn the_fingerprint_is_stable_and_follows_the_groups() {
        let tagore = names(&[&["Tagore", "রবীন্দ্রনাথ ঠাকুর"]]);
        assert_eq!(tagore.fingerprint(), names(&[&["Tagore", "রবীন্দ্রনাথ ঠাকুর"]]).fingerprint());
        assert_eq!(tagore.fingerprint().len(), 16);
        assert_ne!(tagore.fingerprint(), names(&[&["Tagore"], &["রবীন্দ্রনাথ ঠাকুর"]]).fingerprint());
        assert_ne!(tagore.fingerprint(), names(&[&["Tagore", "রবীন্দ্রনাথ ঠাকুর", "Robi Thakur"]]).fingerprint());
        assert_ne!(tagore.fingerprint(), SearchAliases::default().fingerprint());
        // Pinned: keys stored by one build are recognised by the next.
        assert_eq!(SearchAliases::default().fingerprint(), "cbf29ce484222325");
    }

    #[test]
    fn no_builtin_name_belongs_to_two_groups() {
        let builtin = SearchAliases::builtin();
        let mut seen: Vec<(&str, usize)> = Vec::new();
        for (group_at, group) in builtin.groups.iter().enumerate() {
            for name in &group.names {
                if let Some((_, other)) = seen.iter().find(|(native, _)| *native == name.native()) {
                    assert_eq!(*other, group_at, "{} is in two groups", name.typed);
                }
                seen.push((name.native(), group_at));
            }
        }
    }

    #[test]
    fn names_that_fold_to_nothing_are_ignored() {
        assert_eq!(names(&[&["!!!", " "]]), SearchAliases::default());
    }
}
